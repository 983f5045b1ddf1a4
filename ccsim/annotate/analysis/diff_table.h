// diff_table.h: one table of --diff, whatever its rows are (lines, objects, threads, barriers, edges): rows
// matched between the profiles by a key, their counts side by side, ranked by the size of their change.
#ifndef CCSIM_ANNOTATE_DIFF_TABLE_H
#define CCSIM_ANNOTATE_DIFF_TABLE_H

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// One table of changes: per line, data object, thread, barrier, invalidator edge or evictor edge.
struct DiffTable {
  std::string title;                // "Change per line"
  std::string primary_event;        // what the before and after columns count (the first sort event)
  // What the columns after change % are, for the sentence above the table: "event columns" (the
  // profile's events), "count columns" (an edge's split); empty when there are none.
  std::string change_columns;
  // How the rows are ranked, for the same sentence, when it is not plainly by the change of the first sort
  // count (a table with a split, DiffColumns::split): "ranked by the larger of the sum of the rises and
  // the sum of the falls of true_in_region, ..."; empty otherwise.
  std::string ranking;
  // before, after (or #1 ... #N for more than two profiles), change % of the primary event from the first
  // to the last, the change columns (their change from the first to the last), the row's label.
  std::vector<std::string> headings;
  std::vector<std::vector<std::string>> rows;  // the total row first, then the shown rows, biggest change first
  std::size_t shown = 0;            // rows shown, of
  std::size_t rows_in_all = 0;      // all rows of either profile
  std::string noun;                 // "lines", "objects", "threads", "barriers", "invalidator edges", ...
  std::string id;                   // the HTML report's anchor: "change-lines", "change-invalidator-edges", ...
  // When no profile has a row of this kind (no edge records): the one sentence printed instead of the
  // table, which then has no rows. Empty otherwise.
  std::string nothing_to_compare;
};

// One matched row: its label and its counts in each profile (zeros where a profile lacks the row).
struct DiffRow {
  std::string label;
  std::vector<Counts> sides;  // one per profile, in the order given
};

// A table's counts: their names (the profile's events, or an edge's total and split), the one the before
// and after columns give, the ones shown as changes, and the ones the rows are ranked by, primary first.
struct DiffColumns {
  std::vector<std::string> names;
  std::size_t primary = 0;
  std::vector<std::size_t> shown;
  std::vector<std::size_t> sort;
  std::string change_columns;  // DiffTable::change_columns: "event columns", "count columns", or ""
  // Counts that split the primary one into classes, each of its counts in exactly one (an invalidator
  // edge's true_in_region, false_in_region, true_across_regions, false_across_regions); empty when the
  // table has no split. With a split, a row's change as the ranking and --threshold see it is the larger
  // of the sum of the split's rises and the sum of its falls (last - first of each split count that grew,
  // first - last of each that shrank): the change of the primary count plus what moved between classes.
  // An edge whose 100 false in-region invalidations became 100 true ones changed by 100, though its total
  // stayed; a row whose split only rose (or only fell) keeps its total's change.
  std::vector<std::size_t> split;
};

// Adds `counts` under `key` into `matched`, on profile `side`'s column of `sides`; a row first seen is
// labelled `label` and has zeros in every other profile's column.
template <class Key>
void add_side(std::map<Key, DiffRow>& matched, const Key& key, const std::string& label, const Counts& counts,
              std::size_t side, std::size_t sides) {
  DiffRow& row = matched[key];
  if (row.label.empty()) {
    row.label = label;
    row.sides.assign(sides, Counts(counts.size(), 0));
  }
  add_counts(row.sides[side], counts);
}

// The matched rows, in key order (which breaks ties of the ranking).
template <class Key>
std::vector<DiffRow> rows_of(std::map<Key, DiffRow>& matched) {
  std::vector<DiffRow> rows;
  for (auto& [key, row] : matched) rows.push_back(std::move(row));
  return rows;
}

// The table of `rows` (each with `sides` profiles' counts in `columns`' order): a total row "(all
// <noun>)", then the rows ranked by |last - first| of the sort counts in turn (of the primary count, with
// a split, as DiffColumns::split says); --threshold keeps rows whose change reaches that share of a sort
// count's largest total over the profiles, --top cuts.
DiffTable diff_table(const std::string& title, const std::string& noun, const std::string& label_heading,
                     const std::vector<DiffRow>& rows, std::size_t sides, const DiffColumns& columns,
                     const Options& options);

}  // namespace ccsim::annotate

#endif
