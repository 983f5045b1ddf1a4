// view_locks.cc: --view=locks, per lock: its name and first acquiring line, acquisitions per thread,
// hand-offs between threads, contended acquisitions and simulated waiting, and the invalidations and
// coherence misses inside its critical sections by object and line; then the unlocked shared writes and
// the lock findings. Most acquisitions first.
#include <algorithm>

#include "ccsim/annotate/analysis/lock_findings.h"
#include "ccsim/annotate/analysis/lock_usage.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

std::vector<std::string> thread_cells(const std::string& who, const LockThreadTotals& counts) {
  return {with_commas(counts.acquisitions), with_commas(counts.hand_offs), with_commas(counts.contended),
          with_commas(counts.waited_accesses), who};
}

void print_lock(const ViewContext& context, const LockUsage& usage) {
  const Profile& profile = context.profile();
  std::ostream& out = context.out;
  out << '\n' << lock_text(profile.locks[usage.lock]) << ": " << with_commas(usage.total.acquisitions)
      << " acquisitions, " << percent(usage.total.hand_offs, usage.total.acquisitions) << " hand-offs\n";
  TextTable threads;
  for (const char* heading : {"acquisitions", "hand-offs", "contended", "waited (accesses)"}) {
    threads.add_column(heading, TextTable::Align::right);
  }
  threads.add_column("thread", TextTable::Align::left);
  for (const auto& [thread, counts] : usage.threads) threads.add_row(thread_cells(profile.thread_name(thread), counts));
  if (usage.threads.size() > 1) threads.add_row(thread_cells("total", usage.total));
  threads.print(out);
  if (usage.lines.empty()) {
    out << "No invalidation, coherence miss or transfer inside its critical sections.\n";
    return;
  }
  out << "Inside its critical sections: " << with_commas(usage.invalidations.total()) << " invalidations ("
      << with_commas(usage.invalidations.true_in_region) << " true in-region), "
      << with_commas(usage.coherence_misses) << " coherence misses";
  const bool transfers = profile.header.version >= 2;  // version 1 sections keep no transfers
  if (transfers) out << ", " << with_commas(usage.transfers) << " transfers (L1 misses another thread's copy served)";
  out << '\n';
  TextTable lines;
  for (const char* heading : {"true in", "false in", "true across", "false across", "coh. misses"}) {
    lines.add_column(heading, TextTable::Align::right);
  }
  if (transfers) lines.add_column("transfers", TextTable::Align::right);
  lines.add_column("object", TextTable::Align::left);
  lines.add_column("line (threads)", TextTable::Align::left);
  const std::size_t shown = std::min(usage.lines.size(), context.options.top);
  for (std::size_t i = 0; i < shown; ++i) {
    const LockSectionLine& line = usage.lines[i];
    std::vector<std::string> cells = {
        with_commas(line.invalidations.true_in_region), with_commas(line.invalidations.false_in_region),
        with_commas(line.invalidations.true_across_regions), with_commas(line.invalidations.false_across_regions),
        with_commas(line.coherence_misses)};
    if (transfers) cells.push_back(with_commas(line.transfers));
    cells.push_back(object_description(profile.objects[line.object]));
    cells.push_back(site_label(line.site, FileNames::full) + " (" + profile.thread_names(line.threads) + ")");
    lines.add_row(std::move(cells));
  }
  lines.print(out);
  if (shown < usage.lines.size()) out << "(" << shown << " of " << usage.lines.size() << " lines shown)\n";
}

void print_unlocked_writes(const ViewContext& context) {
  const Profile& profile = context.profile();
  const std::vector<UnlockedWriteLine> lines = unlocked_write_lines(profile);
  if (lines.empty()) return;
  context.out << "\nUnlocked shared writes (stores, with no lock held, to bytes another thread wrote in the same "
                 "region):\n";
  TextTable table;
  table.add_column("stores", TextTable::Align::right);
  table.add_column("object", TextTable::Align::left);
  table.add_column("line (threads)", TextTable::Align::left);
  for (std::size_t i = 0; i < std::min(lines.size(), context.options.top); ++i) {
    table.add_row({with_commas(lines[i].stores), object_description(profile.objects[lines[i].object]),
                   site_label(lines[i].site, FileNames::full) + " (" + profile.thread_names(lines[i].threads) + ")"});
  }
  table.print(context.out);
}

}  // namespace

void print_locks_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Locks: acquisitions, hand-offs between threads, and their critical sections");
  const std::vector<LockUsage> usages = lock_usages(profile);
  if (usages.empty() && profile.unlocked_writes.empty()) {
    context.out << "This profile has no lock: records (the program took no lock, or ccsim predates them).\n";
    return;
  }
  const std::size_t shown = std::min(usages.size(), context.options.top);
  for (std::size_t i = 0; i < shown; ++i) print_lock(context, usages[i]);
  if (shown < usages.size()) {
    context.out << "(" << shown << " of " << usages.size() << " locks shown, most acquisitions first)\n";
  }
  print_unlocked_writes(context);
  const std::vector<std::string> findings = lock_findings(profile);
  if (findings.empty()) return;
  context.out << '\n';
  for (const std::string& finding : findings) context.out << "- " << finding << '\n';
}

}  // namespace ccsim::annotate
