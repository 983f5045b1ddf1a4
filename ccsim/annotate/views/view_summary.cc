// view_summary.cc: --view=summary, per thread and in total: accesses, misses per level by cause,
// invalidations received and caused (true/false x in/across regions, critical), coherence misses.
// The per-level tables are the thesis' Fig. 3.4 (breakdown of misses per processor) as text.
#include "ccsim/annotate/text/run_text.h"
#include "ccsim/annotate/views/count_columns.h"
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

#include <map>

namespace ccsim::annotate {

namespace {

// One row per selected thread, then the total. A thread is named by its number and, when the profile
// labels threads (`thread:` records), by its label beside it: "3  worker" reads as thread 3 (worker).
void print_thread_table(const ViewContext& context, const std::string& title, const CountColumns& columns) {
  if (columns.empty()) return;
  print_section_title(context.out, title);
  const std::map<ThreadId, std::string>& labels = context.profile().header.thread_labels;
  TextTable table;
  table.add_column("thread", TextTable::Align::right);
  if (!labels.empty()) table.add_column("name", TextTable::Align::left);
  for (const std::string& heading : columns.headings()) table.add_column(heading, TextTable::Align::right);
  auto add_row = [&](const std::string& thread, const std::string& label, const Counts& counts) {
    std::vector<std::string> cells = {thread};
    if (!labels.empty()) cells.push_back(label);
    for (std::string& cell : columns.cells(counts)) cells.push_back(std::move(cell));
    table.add_row(std::move(cells));
  };
  for (const ThreadRow& row : context.analysis.threads) {
    auto label = labels.find(row.thread);
    add_row(std::to_string(row.thread), label != labels.end() ? label->second : "", row.counts);
  }
  add_row("total", "", context.analysis.totals);
  table.print(context.out);
}

void print_level_table(const ViewContext& context, const CacheLevel& cache) {
  const std::string& level = cache.name;
  CountColumns columns(context.profile());
  if (level == "L1") {
    columns.add_event("reads", "reads");
    columns.add_event("writes", "writes");
  }
  columns.add_event("misses", level + "_misses");
  columns.add_ratio("of accesses", {level + "_misses"}, {"accesses"});
  columns.add_event("compulsory", level + "_miss_compulsory");
  columns.add_event("transfer", level + "_miss_transfer");
  columns.add_event("coherence", level + "_miss_coherence");
  columns.add_event("replacement", level + "_miss_replacement");
  columns.add_event("capacity", level + "_miss_capacity");
  columns.add_event("conflict", level + "_miss_conflict");
  columns.add_event("temporal hits", level + "_hit_temporal");
  columns.add_event("spatial hits", level + "_hit_spatial");
  columns.add_event("evictions", level + "_evictions");
  columns.add_ratio("spatial use", {level + "_evicted_bytes_used"}, {level + "_evictions"},
                    context.profile().header.line_size);
  print_thread_table(context,
                     level + " misses by cause (" + std::to_string(cache.size) + " B, " +
                         std::to_string(cache.associativity) + "-way, " + std::to_string(cache.line_size) +
                         " B lines; \"of accesses\" is misses / (reads + writes))",
                     columns);
}

// Version 2 profiles: where each thread's L1 misses were served, and the downgrades.
void print_served_table(const ViewContext& context) {
  CountColumns columns(context.profile());
  columns.add_event("own L2", "served_by_own_L2");
  columns.add_event("from Modified", "served_by_transfer_from_modified");
  columns.add_event("from Exclusive", "served_by_transfer_from_exclusive");
  columns.add_event("from Shared", "served_by_transfer_from_shared");
  columns.add_event("transfers", "transfers");
  columns.add_event("LLC", "served_by_LLC");
  columns.add_event("memory", "served_by_memory");
  columns.add_event("downgrades caused", "downgrades_caused");
  columns.add_event("downgrades received", "downgrades_received");
  print_thread_table(context,
                     "Where L1 misses were served (transfers: another thread's copy, by the state it was in; "
                     "a downgrade turns another thread's M/E copy into S)",
                     columns);
}

// The simulated memory time of each thread (the `cycles` event, --latency) and its share of the run's.
void print_cycles_table(const ViewContext& context) {
  CountColumns columns(context.profile());
  columns.add_event("cycles", "cycles");
  add_memory_time_column(context.profile(), columns);
  print_thread_table(context,
                     "Memory time (cycles: each access charged where it was served, each invalidation caused as an "
                     "upgrade; --latency=" + latency_text(context.options.latencies) + ")",
                     columns);
}

void print_invalidation_table(const ViewContext& context, const std::string& direction,
                              const std::string& title) {
  const std::string prefix = "invalidations_" + direction + "_";
  CountColumns columns(context.profile());
  columns.add_event("true in-region", prefix + "true_in_region");
  columns.add_event("of which critical", prefix + "true_in_region_critical");
  columns.add_event("false in-region", prefix + "false_in_region");
  columns.add_event("true across regions", prefix + "true_across_regions");
  columns.add_event("false across regions", prefix + "false_across_regions");
  columns.add_event("total", "invalidations_" + direction);
  print_thread_table(context, title, columns);
}

}  // namespace

void print_summary_view(const ViewContext& context) {
  for (const CacheLevel& cache : context.profile().header.caches) {
    if (cache.present) print_level_table(context, cache);
  }
  print_served_table(context);
  print_cycles_table(context);
  print_invalidation_table(context, "received",
                           "Invalidations received (charged to the thread whose copy was removed)");
  print_invalidation_table(context, "caused",
                           "Invalidations caused (charged to the thread whose write removed "
                           "other copies)");
  CountColumns coherence(context.profile());
  coherence.add_event("true sharing", "coherence_miss_true");
  coherence.add_event("false sharing", "coherence_miss_false");
  coherence.add_event("total", "coherence_misses");
  coherence.add_ratio("of invalidations received", {"coherence_misses"}, {"invalidations_received"});
  print_thread_table(context, "Coherence misses (misses on lines lost to another thread's write)", coherence);
  context.out << coherence_traffic_sentence(context.analysis, context.options.latencies) << '\n';
}

}  // namespace ccsim::annotate
