// drill_down_export.cc: the drill-downs as JSON and as HTML tables.
#include "ccsim/annotate/exports/drill_down_export.h"

#include <cmath>

#include "ccsim/annotate/analysis/drill_down.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/exports/json_export.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/tables/culprit_tables.h"
#include "ccsim/annotate/tables/ranked_rows.h"
#include "ccsim/annotate/tables/table_columns.h"
#include "ccsim/annotate/tables/view_context.h"

namespace ccsim::annotate {

namespace {

using Json = nlohmann::ordered_json;

Json rows_json(const Profile& profile, const std::vector<DrillDownRow>& rows) {
  const auto cycles = profile.event_index("cycles");
  Json json = Json::array();
  for (const DrillDownRow& row : rows) {
    Json item = {{"label", row.label}, {"counts", counts_json(profile, row.counts)}};
    if (cycles && profile.summary[*cycles] > 0)
      item["memory_time"] = static_cast<double>(row.counts[*cycles]) / static_cast<double>(profile.summary[*cycles]);
    json.push_back(item);
  }
  return json;
}

// One drill-down's rows as a sortable table, a total row first.
void write_rows(std::ostream& out, const Profile& profile, const std::string& label_heading,
                const std::vector<DrillDownRow>& rows, std::size_t top) {
  const CountColumns columns = drill_down_columns(profile);
  const auto cycles = profile.event_index("cycles");
  const std::uint64_t run_cycles = cycles ? profile.summary[*cycles] : 0;
  std::vector<std::string> headings = columns.headings();
  headings.push_back(label_heading);
  std::vector<bool> numeric(headings.size(), true);
  numeric.back() = false;
  HtmlTable table(headings, numeric);
  auto add = [&](const Counts& counts, const std::string& label, bool total) {
    std::vector<std::string> cells = columns.cells(counts);
    // Whole numbers to sort by: a count itself, memory_time by its cycles (the same order).
    std::vector<std::uint64_t> values;
    const std::vector<std::optional<double>> numbers = columns.values(counts);
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      const double scale = columns.headings()[i] == kMemoryTimeHeading ? static_cast<double>(run_cycles) : 1.0;
      values.push_back(static_cast<std::uint64_t>(std::llround(numbers[i].value_or(0) * scale)));
    }
    cells.push_back(label);
    values.push_back(0);
    table.add_row(cells, values, total);
  };
  Counts total(profile.events.size(), 0);
  for (const DrillDownRow& row : rows) add_counts(total, row.counts);
  add(total, "(all)", true);
  for (std::size_t i = 0; i < rows.size() && i < top; ++i) add(rows[i].counts, rows[i].label, false);
  table.write(out);
}

// Whose accesses evicted the subject's lines: [{"<culprit_key>": name, "level", "evictions"}], most first.
Json evicted_by_json(const std::vector<Evictor>& evicted_by, const std::string& culprit_key) {
  Json json = Json::array();
  for (const Evictor& evictor : evicted_by)
    json.push_back({{culprit_key, evictor.culprit}, {"level", evictor.level}, {"evictions", evictor.evictions}});
  return json;
}

// Every row of a culprit table (tables/culprit_tables.h), sortable, the share by its count.
void write_culprits(std::ostream& out, const CulpritTable& culprits) {
  HtmlTable table(culprits.headings, culprits.numeric);
  for (std::size_t row = 0; row < culprits.rows.size(); ++row) table.add_row(culprits.rows[row], culprits.values[row]);
  table.write(out);
}

// The evicting objects or functions (`culprit_heading`) with their shares, every one, sortable; `none`
// instead when there are none.
void write_evicted_by(std::ostream& out, const std::vector<Evictor>& evicted_by, const std::string& culprit_heading,
                      const std::string& none) {
  out << "<h3>Evicted by</h3>\n";
  if (evicted_by.empty()) {
    out << "<p>" << html_escaped(none) << "</p>\n";
    return;
  }
  write_culprits(out, evicted_by_table(evicted_by, culprit_heading));
}

// The invalidating functions with their shares and the split of their invalidations, every one, sortable.
void write_invalidated_by(std::ostream& out, const std::vector<Invalidator>& invalidated_by) {
  out << "<h3>Invalidated by</h3>\n";
  if (invalidated_by.empty()) {
    out << "<p>" << html_escaped(kNoFunctionInvalidation) << "</p>\n";
    return;
  }
  write_culprits(out, invalidated_by_table(invalidated_by));
}

}  // namespace

Json drill_downs_json(const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  Json json = Json::object();
  if (!options.object_detail.empty()) {
    const DrillDown drill_down = object_drill_down(analysis, options.object_detail);
    json["object_detail"] = {{"name", options.object_detail},
                             {"subject", drill_down.subject},
                             {"totals", counts_json(profile, drill_down.totals)},
                             {"functions", rows_json(profile, drill_down.functions)},
                             {"lines", rows_json(profile, drill_down.lines)},
                             {"evicted_by", evicted_by_json(drill_down.evicted_by, "object")}};
  }
  if (!options.function_detail.empty()) {
    const DrillDown drill_down = function_drill_down(analysis, options.function_detail);
    Json invalidated_by = Json::array();
    for (const Invalidator& invalidator : drill_down.invalidated_by)
      invalidated_by.push_back({{"function", invalidator.function}, {"invalidations", split_json(invalidator.split)}});
    json["function_detail"] = {{"name", options.function_detail},
                               {"subject", drill_down.subject},
                               {"totals", counts_json(profile, drill_down.totals)},
                               {"objects", rows_json(profile, drill_down.objects)},
                               {"evicted_by", evicted_by_json(drill_down.evicted_by, "function")},
                               {"invalidated_by", invalidated_by}};
  }
  return json;
}

void write_html_drill_downs(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  if (!options.object_detail.empty()) {
    const DrillDown drill_down = object_drill_down(analysis, options.object_detail);
    out << "<h2 id=\"object-detail\">Data object " << html_escaped(drill_down.subject) << "</h2>\n<p>"
        << html_escaped(drill_down_note(profile)) << "</p>\n<h3>By function</h3>\n";
    write_rows(out, profile, "file:function", drill_down.functions, options.top);
    out << "<h3>By line</h3>\n";
    write_rows(out, profile, "line (function)", drill_down.lines, options.top);
    write_evicted_by(out, drill_down.evicted_by, "evicting object", no_object_eviction(profile));
  }
  if (!options.function_detail.empty()) {
    const DrillDown drill_down = function_drill_down(analysis, options.function_detail);
    out << "<h2 id=\"function-detail\">Function " << html_escaped(drill_down.subject) << "</h2>\n<p>"
        << html_escaped(drill_down_note(profile)) << "</p>\n<h3>By data object</h3>\n";
    write_rows(out, profile, "object", drill_down.objects, options.top);
    write_evicted_by(out, drill_down.evicted_by, "evicting function", kNoFunctionEviction);
    write_invalidated_by(out, drill_down.invalidated_by);
  }
}

}  // namespace ccsim::annotate
