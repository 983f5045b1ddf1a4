// view_thread_columns.cc: --view=object-threads and --view=line-threads, the data objects or source lines
// with one column per thread for the first sort event (analysis/thread_columns.h): who suffers or causes each
// row's count, without adding up per-thread records. A row's total is its count in the objects or lines view.
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/thread_columns.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {
namespace {

// Prints `table` for `event_name`, each row labelled by `label(item)` in a last column headed `noun`
// (`plural` in the note under it).
template <class Label>
void print_thread_columns(const ViewContext& context, const std::string& event_name, const ThreadColumns& table,
                          const std::string& noun, const std::string& plural, Label label) {
  const Profile& profile = context.profile();
  if (table.rows.empty()) {
    context.out << "No " << noun << " of the program has any " << event_name << ".\n";
    return;
  }
  TextTable text;
  text.add_column(event_name, TextTable::Align::right);
  for (ThreadId thread : table.threads) text.add_column("thread " + std::to_string(thread), TextTable::Align::right);
  if (table.other_threads > 0)
    text.add_column(std::to_string(table.other_threads) + " other threads", TextTable::Align::right);
  text.add_column(noun, TextTable::Align::left);
  for (const ThreadColumnsRow& row : table.rows) {
    std::vector<std::string> cells = {with_commas(row.total)};
    for (std::uint64_t count : row.per_column)
      cells.push_back(count == 0 ? std::string(".") : with_commas(count) + " (" + percent(count, row.total) + ")");
    cells.push_back(label(row.item));
    text.add_row(std::move(cells));
  }
  text.print(context.out);
  std::vector<std::string> names;
  for (ThreadId thread : table.threads) names.push_back(profile.thread_name(thread));
  context.out << "(" << table.rows.size() << " of " << table.items_with_event << " " << plural << " with any "
              << event_name << " shown, heaviest first; each thread's count with its share of the row, '.' for none; "
              << joined(names) << (table.other_threads > 0 ? "; the other threads summed" : "")
              << (context.options.show_runtime ? "" : "; --runtime=show adds the runtime's") << ")\n";
}

}  // namespace

void print_object_threads_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Data objects by thread");
  if (profile.objects.empty()) {
    context.out << "This profile has no data objects: the run recorded no object: records.\n";
    return;
  }
  if (context.columns.sort.empty()) return;
  const std::size_t event = context.columns.sort.front();
  print_thread_columns(context, profile.events[event],
                       object_threads(context.analysis, event, context.options.show_runtime, context.options.top),
                       "object", "objects",
                       [&](std::size_t object) { return object_description(profile.objects[object]); });
}

void print_line_threads_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Lines by thread");
  if (context.columns.sort.empty()) return;
  const std::size_t event = context.columns.sort.front();
  print_thread_columns(context, profile.events[event],
                       line_threads(context.analysis, event, context.options.show_runtime, context.options.top),
                       "line (function)", "lines",
                       [&](std::size_t line) { return site_label(context.analysis.lines[line].site, FileNames::full); });
}

}  // namespace ccsim::annotate
