// view_object_threads.cc: --view=object-threads, the data objects with one column per thread for the first
// sort event (analysis/object_threads.h): who suffers or causes each object's count, without adding up
// per-thread records. The row's total is the objects view's count.
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/object_threads.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

void print_object_threads_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Data objects by thread");
  if (profile.objects.empty()) {
    context.out << "This profile has no data objects: the run recorded no object: records.\n";
    return;
  }
  if (context.columns.sort.empty()) {
    context.out << "No sort event: give one with --sort.\n";
    return;
  }
  const std::size_t event = context.columns.sort.front();
  const std::string& event_name = profile.events[event];
  const ObjectThreads table_data = object_threads(context.analysis, event, context.options.show_runtime,
                                                  context.options.top);
  if (table_data.rows.empty()) {
    context.out << "No data object of the program has any " << event_name << ".\n";
    return;
  }
  TextTable table;
  table.add_column(event_name, TextTable::Align::right);
  for (ThreadId thread : table_data.threads) table.add_column("thread " + std::to_string(thread), TextTable::Align::right);
  if (table_data.other_threads > 0)
    table.add_column(std::to_string(table_data.other_threads) + " other threads", TextTable::Align::right);
  table.add_column("object", TextTable::Align::left);
  for (const ObjectThreadsRow& row : table_data.rows) {
    std::vector<std::string> cells = {with_commas(row.total)};
    for (std::uint64_t count : row.per_column)
      cells.push_back(count == 0 ? std::string(".") : with_commas(count) + " (" + percent(count, row.total) + ")");
    cells.push_back(object_description(profile.objects[row.object]));
    table.add_row(std::move(cells));
  }
  table.print(context.out);
  std::vector<std::string> names;
  for (ThreadId thread : table_data.threads) names.push_back(profile.thread_name(thread));
  context.out << "(" << table_data.rows.size() << " of " << table_data.objects_with_event << " objects with any "
              << event_name << " shown, heaviest first; each thread's count with its share of the row, '.' for none; "
              << joined(names) << (table_data.other_threads > 0 ? "; the other threads summed" : "")
              << (context.options.show_runtime ? "" : "; --runtime=show adds the runtime's objects") << ")\n";
}

}  // namespace ccsim::annotate
