// view_matrix.cc: --view=matrix, MemSpy's code x data view: for the primary sort event, how much each
// source line (rows) did to each data object (columns). Columns are the heaviest objects; the rest are
// added up in one "other objects" column so the table stays readable.
#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

constexpr std::size_t kMaxObjectColumns = 8;  // wider tables no longer fit a terminal

}  // namespace

void print_matrix_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  const std::size_t event = context.columns.sort.front();
  const std::string& event_name = profile.events[event];
  print_section_title(context.out,
                      "Code x data: " + event_name + " per line (rows) and data object (columns)");
  // cells[site][object] = count of the event; object_totals[object] = column total.
  std::map<CodeSite, std::map<std::size_t, std::uint64_t>> cells;
  std::vector<std::uint64_t> object_totals(profile.objects.size(), 0);
  for (const ObjectReferenceCounts& record : profile.object_references) {
    std::uint64_t count = record.counts[event];
    if (count == 0) continue;
    cells[site_of(profile.references[record.reference])][record.object] += count;
    object_totals[record.object] += count;
  }
  if (cells.empty()) {
    context.out << "No object-ref: record has a non-zero " << event_name
                << "; the matrix is empty (choose another event with --sort).\n";
    return;
  }

  std::vector<std::size_t> objects;
  for (std::size_t object = 0; object < object_totals.size(); ++object) {
    if (object_totals[object] > 0) objects.push_back(object);
  }
  std::stable_sort(objects.begin(), objects.end(),
                   [&](std::size_t a, std::size_t b) { return object_totals[a] > object_totals[b]; });
  bool has_other = objects.size() > kMaxObjectColumns;
  if (has_other) objects.resize(kMaxObjectColumns);

  // Rows: the heaviest lines by their total over all objects.
  std::vector<std::pair<CodeSite, std::uint64_t>> rows;
  for (const auto& [site, per_object] : cells) {
    std::uint64_t total = 0;
    for (const auto& [object, count] : per_object) total += count;
    rows.emplace_back(site, total);
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::size_t shown_rows = std::min(rows.size(), context.options.top);

  TextTable table;
  for (std::size_t object : objects)
    table.add_column(object_name(profile.objects[object]), TextTable::Align::right);
  if (has_other) table.add_column("other objects", TextTable::Align::right);
  table.add_column("line (function)", TextTable::Align::left);
  for (std::size_t row = 0; row < shown_rows; ++row) {
    const auto& per_object = cells[rows[row].first];
    std::vector<std::string> line;
    std::uint64_t other = rows[row].second;
    for (std::size_t object : objects) {
      auto cell = per_object.find(object);
      std::uint64_t count = cell == per_object.end() ? 0 : cell->second;
      other -= count;
      line.push_back(count == 0 ? "." : with_commas(count));
    }
    if (has_other) line.push_back(other == 0 ? "." : with_commas(other));
    line.push_back(site_label(rows[row].first, FileNames::full));
    table.add_row(std::move(line));
  }
  table.print(context.out);
  context.out << "(" << shown_rows << " of " << rows.size() << " lines shown, heaviest first; '.' is 0)\n";
}

}  // namespace ccsim::annotate
