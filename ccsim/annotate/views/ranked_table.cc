// ranked_table.cc: ranking and printing the rows of the lines, functions and objects views.
#include "ccsim/annotate/views/ranked_table.h"

#include <algorithm>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/analysis/runtime_parts.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"

namespace ccsim::annotate {

void rank_table_rows(const ViewContext& context, const std::string& noun, const std::vector<LabelledCounts>& rows,
                     RankedRows& result) {
  const Profile& profile = context.profile();
  result.totals.assign(profile.events.size(), 0);
  result.runtime.assign(profile.events.size(), 0);
  result.allocator.assign(profile.events.size(), 0);
  result.rows.clear();
  std::size_t runtime_rows = 0;
  std::size_t allocator_rows = 0;
  PartAccesses parts;  // the runtime row's accesses per part
  const std::size_t first_sort_event = context.columns.sort.front();
  result.items = rows.size();
  result.items_with_sort_event = 0;
  for (const LabelledCounts& row : rows) {
    add_counts(result.totals, *row.counts);
    if ((*row.counts)[first_sort_event] > 0) ++result.items_with_sort_event;
    if (row.runtime && !context.options.show_runtime) {
      add_counts(row.allocator ? result.allocator : result.runtime, *row.counts);
      ++(row.allocator ? allocator_rows : runtime_rows);
      if (!row.allocator) parts[row.part] = checked_sum(parts[row.part], accesses_of(profile, *row.counts));
    } else {
      result.rows.push_back(row);
    }
  }
  auto count_of = [&](std::size_t count) {  // "1 line", "2 lines"
    return with_commas(count) + " " + (count == 1 ? noun.substr(0, noun.size() - 1) : noun);
  };
  if (runtime_rows > 0) {
    std::vector<std::string> shares;
    for (const auto& [part, accesses] : largest_first(parts))
      shares.push_back(runtime_part_name(part) + " " + percent(accesses, accesses_of(profile, result.runtime)));
    result.rows.push_back({"(runtime: " + count_of(runtime_rows) + ", of their accesses " + joined(shares) +
                               "; --runtime=show lists them)",
                           &result.runtime});
  }
  if (allocator_rows > 0) {
    result.rows.push_back({"(allocator: " + count_of(allocator_rows) +
                               " of the program's allocator: headers, free lists, arenas; --runtime=show lists them)",
                           &result.allocator});
  }
  std::vector<const Counts*> counts;
  for (const LabelledCounts& row : result.rows) counts.push_back(row.counts);
  result.ranked = rank_rows(counts, result.totals, context.ranking());
}

namespace {

// One ratio column of the ranked tables: its heading (also its JSON key), the events it divides (the
// denominator is one event, or the sum of two), whether the denominator counts lines to be turned into
// bytes (x line size), and what it is in words. A column is shown when the profile has all its events.
struct RowRatio {
  const char* heading;
  const char* numerator;
  const char* denominator;
  const char* denominator_plus;  // a second event added to the denominator; nullptr: none
  bool per_line_byte;
  const char* meaning;
};
constexpr RowRatio kRowRatios[] = {
    {"L1_miss_ratio", "L1_misses", "accesses", nullptr, false, "L1 misses / accesses"},
    {"coherence_share", "coherence_misses", "L1_misses", nullptr, false, "coherence misses / L1 misses"},
    {"temporal_ratio", "L1_hit_temporal", "L1_hit_temporal", "L1_hit_spatial", false,
     "L1 hits on bytes touched before / all L1 hits"},
    {"spatial_use", "L1_evicted_bytes_used", "L1_evictions", nullptr, true,
     "bytes of the evicted L1 lines that were used / their bytes"},
};

// The events a ratio needs.
std::vector<std::string> denominator_of(const RowRatio& ratio) {
  std::vector<std::string> events = {ratio.denominator};
  if (ratio.denominator_plus != nullptr) events.push_back(ratio.denominator_plus);
  return events;
}

}  // namespace

bool has_moves_column(const std::vector<LabelledCounts>& rows) {
  for (const LabelledCounts& row : rows) {
    if (row.moves) return true;
  }
  return false;
}

std::string moves_cell(const LabelledCounts& row) { return row.moves ? moved_text(*row.moves) : ""; }

bool shows_cycles(const Profile& profile, const EventColumns& columns) {
  auto cycles = profile.event_index("cycles");
  return cycles && std::find(columns.shown.begin(), columns.shown.end(), *cycles) != columns.shown.end();
}

CountColumns row_ratio_columns(const Profile& profile, bool memory_time) {
  CountColumns columns(profile);
  if (memory_time) add_memory_time_column(profile, columns);
  for (const RowRatio& ratio : kRowRatios) {
    columns.add_ratio(ratio.heading, {ratio.numerator}, denominator_of(ratio),
                      ratio.per_line_byte ? profile.header.line_size : 1);
  }
  return columns;
}

void add_memory_time_column(const Profile& profile, CountColumns& columns) {
  if (auto cycles = profile.event_index("cycles")) columns.add_share(kMemoryTimeHeading, "cycles", profile.summary[*cycles]);
}

std::vector<std::uint64_t> running_sums(const ViewContext& context, const std::vector<LabelledCounts>& printed) {
  const std::size_t event = context.columns.sort.front();
  std::vector<std::uint64_t> sums;
  std::uint64_t sum = 0;
  for (const LabelledCounts& row : printed) {
    sum = checked_sum(sum, (*row.counts)[event]);
    sums.push_back(sum);
  }
  return sums;
}

std::string ratio_note(const ViewContext& context, const std::string& noun, const RankedRows& ranked) {
  const Profile& profile = context.profile();
  const std::string& event = profile.events[context.columns.sort.front()];
  std::string note = with_commas(ranked.items_with_sort_event) + " of " + with_commas(ranked.items) + " " + noun +
                     (ranked.items_with_sort_event == 1 ? " has" : " have") + " any " + event +
                     "; cumulative = their share in a row and the rows above it.";
  std::vector<std::string> definitions;  // of the ratio columns the profile has events for
  for (const RowRatio& ratio : kRowRatios) {
    bool has_events = profile.event_index(ratio.numerator).has_value();
    for (const std::string& event : denominator_of(ratio)) has_events = has_events && profile.event_index(event);
    if (has_events) definitions.push_back(std::string(ratio.heading) + " = " + ratio.meaning);
  }
  if (shows_cycles(profile, context.columns)) definitions.insert(definitions.begin(), kMemoryTimeMeaning);
  return definitions.empty() ? note : note + "\n" + joined(definitions, "; ") + ".";
}

void print_table_rows(const ViewContext& context, const std::string& noun, const std::string& label_heading,
                      const RankedRows& ranked, const std::vector<LabelledCounts>& printed) {
  const Profile& profile = context.profile();
  const EventColumns& columns = context.columns;
  const std::vector<std::size_t>& shown = columns.shown;
  const Counts& totals = ranked.totals;
  TextTable table;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    table.add_column(columns.headings.empty() ? profile.events[shown[i]] : columns.headings[i],
                     TextTable::Align::right);
  }
  const CountColumns ratios = row_ratio_columns(profile, shows_cycles(profile, columns));
  for (const std::string& heading : ratios.headings()) table.add_column(heading, TextTable::Align::right);
  table.add_column("cumulative", TextTable::Align::right);
  const bool moves = has_moves_column(printed);
  if (moves) table.add_column("moved between threads", TextTable::Align::right);
  table.add_column(label_heading, TextTable::Align::left);
  auto add_row = [&](const Counts& row, const std::string& label, bool with_percents, const std::string& cumulative,
                     const std::string& moved) {
    std::vector<std::string> cells;
    for (std::size_t column : shown) {
      std::string cell = with_commas(row[column]);
      if (with_percents && row[column] > 0) cell += " (" + percent(row[column], totals[column]) + ")";
      cells.push_back(cell);
    }
    for (std::string& cell : ratios.cells(row)) cells.push_back(std::move(cell));
    cells.push_back(cumulative);
    if (moves) cells.push_back(moved);
    cells.push_back(label);
    table.add_row(std::move(cells));
  };
  add_row(totals, "(all " + noun + ")", false, "", "");
  const std::vector<std::uint64_t> sums = running_sums(context, printed);
  const std::uint64_t whole = totals[columns.sort.front()];
  for (std::size_t row = 0; row < printed.size(); ++row)
    add_row(*printed[row].counts, printed[row].label, columns.percents, percent(sums[row], whole),
            moves_cell(printed[row]));
  table.print(context.out);
}

void print_ranked_table(const ViewContext& context, const std::string& title, const std::string& noun,
                        const std::string& label_heading, const std::vector<LabelledCounts>& rows) {
  print_section_title(context.out, title);
  RankedRows ranked_table;
  rank_table_rows(context, noun, rows, ranked_table);
  std::vector<LabelledCounts> printed;
  for (std::size_t row : ranked_table.ranked) printed.push_back(ranked_table.rows[row]);
  print_table_rows(context, noun, label_heading, ranked_table, printed);
  context.out << "(" << ranked_table.ranked.size() << " of " << ranked_table.rows.size() << " " << noun
              << " shown: at most " << context.options.top << ", each with at least "
              << percentage_option(context.options.threshold_percent) << " of a sort event's total)\n"
              << ratio_note(context, noun, ranked_table) << '\n';
}

}  // namespace ccsim::annotate
