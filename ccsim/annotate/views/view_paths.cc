// view_paths.cc: --view=paths, DProf's path traces, exact: for each followed heap site (`path-site:`), its
// lives followed and their block lifetime, then each path (the lives that took the same runs of (function,
// thread) from allocation to free), most lives first, as a table of its runs with what each run's
// accesses did per life and where its misses were served; `=>` marks a run where the data changed thread.
// Sites with the most memory time first.
#include <algorithm>
#include <cstdio>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/object_paths.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// `total` over `lives` lives: "2", "0.5", "1,234.5".
std::string per_life(std::uint64_t total, std::uint64_t lives) {
  if (lives == 0 || total % lives == 0) return with_commas(lives == 0 ? total : total / lives);
  char tenths[32];
  std::snprintf(tenths, sizeof tenths, ".%01llu",
                static_cast<unsigned long long>((total % lives) * 10 / lives));
  return with_commas(total / lives) + tenths;
}

std::string lives_text(std::uint64_t lives) { return with_commas(lives) + (lives == 1 ? " life" : " lives"); }

std::uint64_t site_cycles(const PathSite& site, const LatencyTable& table) {
  std::uint64_t cycles = 0;
  for (const ObjectPath& path : site.paths) {
    for (const PathRun& run : path.runs) cycles += run_cycles(run, table);
  }
  return cycles;
}

void print_path(const ViewContext& context, const ObjectPath& path, std::size_t number, std::uint64_t site_lives) {
  const Profile& profile = context.profile();
  std::ostream& out = context.out;
  out << "path " << number << ": " << lives_text(path.lives) << " (" << percent(path.lives, site_lives) << "), "
      << (path.freed ? "freed" : "still allocated at exit") << ", " << thread_changes(path)
      << (thread_changes(path) == 1 ? " change" : " changes") << " of thread: " << path_text(path) << '\n';
  TextTable table;
  table.add_column("run", TextTable::Align::right);
  table.add_column("function", TextTable::Align::left);
  table.add_column("thread", TextTable::Align::left);
  for (const char* heading : {"reads", "writes", "bytes", "offsets", "L1 misses", "own L2", "LLC", "other core",
                              "memory", "cycles"}) {
    table.add_column(heading, TextTable::Align::right);
  }
  for (std::size_t i = 0; i < path.runs.size(); ++i) {
    const PathRun& run = path.runs[i];
    const std::uint64_t lives = path.lives;
    table.add_row({(run.changed ? "=> " : "") + std::to_string(i + 1),
                   run.function.empty() ? "(unknown)" : run.function, profile.thread_name(run.thread),
                   per_life(run.reads, lives), per_life(run.writes, lives), per_life(run.bytes, lives),
                   run.touched ? std::to_string(run.first_offset) + "-" + std::to_string(run.last_offset) : "-",
                   per_life(run.misses(), lives), per_life(run.own_l2, lives), per_life(run.llc, lives),
                   per_life(run.transfer, lives), per_life(run.memory, lives),
                   per_life(run_cycles(run, context.options.latencies), lives)});
  }
  table.print(out);
  if (path.cut) out << "(its lives had more runs than the tool keeps; the last run holds the rest)\n";
}

void print_site(const ViewContext& context, const PathSite& site) {
  const Profile& profile = context.profile();
  std::ostream& out = context.out;
  const Lifetime lifetime = site_lifetime(site);
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.1f", lifetime.mean);
  out << '\n' << object_description(profile.objects[site.object]) << ": " << lives_text(site.lives_stored)
      << " followed (" << (site.named ? "named with --paths" : "touched by a second thread") << "), "
      << site.paths.size() << (site.paths.size() == 1 ? " path" : " paths") << "; block lifetime " << mean
      << " allocations on average (" << lifetime.shortest << "-" << lifetime.longest << ")\n";
  if (site.lives_unstored + site.lives_unfollowed != 0) {
    out << "also " << lives_text(site.lives_unstored) << " of paths past the tool's cap (counted, not stored) and "
        << lives_text(site.lives_unfollowed) << " not followed (the tool's caps on lives and block size)\n";
  }
  const std::size_t shown = std::min(site.paths.size(), context.options.top);
  for (std::size_t p = 0; p < shown; ++p) print_path(context, site.paths[p], p + 1, site.lives_stored);
  if (shown < site.paths.size()) out << "(" << site.paths.size() - shown << " more paths; --top shows more)\n";
}

}  // namespace

void print_paths_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Object paths: each heap block's life from allocation to free, as runs of "
                                   "(function, thread), per life");
  if (profile.path_sites.empty()) {
    context.out << (profile.header.version < 2
                        ? "This profile has no object paths: it was written before ccsim followed them (version 1).\n"
                        : "No heap site was followed: ccsim follows the sites --paths names and the first "
                          "--path-sites (4) whose data a second thread touches.\n");
    return;
  }
  std::vector<const PathSite*> sites;
  for (const PathSite& site : profile.path_sites) sites.push_back(&site);
  std::stable_sort(sites.begin(), sites.end(), [&](const PathSite* a, const PathSite* b) {
    return site_cycles(*a, context.options.latencies) > site_cycles(*b, context.options.latencies);
  });
  for (const PathSite* site : sites) print_site(context, *site);
  context.out << "\n=> : the data changed thread at this run. Counts are per life; cycles: the --latency table's.\n";
}

}  // namespace ccsim::annotate
