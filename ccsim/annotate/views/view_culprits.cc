// view_culprits.cc: --view=invalidators and --view=evictors, per victim reference the culprits with
// their thread and share, one sentence per victim, heaviest victim first.
#include "ccsim/annotate/analysis/culprit_edges.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// "counters written at counters.c:12 on thread 2 (worker)"
std::string victim_text(const Analysis& analysis, const Endpoint& victim) {
  std::string object = victim.object.empty() ? "data" : victim.object;
  return object + " " + analysis.access_of(victim.site) + " at " + site_location(victim.site, FileNames::base) +
         " on " + analysis.profile->thread_name(victim.thread);
}

// "(1,000 false sharing; 12 across regions)"
std::string split_text(const InvalidationSplit& split) {
  std::string text;
  if (split.true_sharing() > 0) text += with_commas(split.true_sharing()) + " true sharing";
  if (split.false_sharing() > 0)
    text += (text.empty() ? "" : ", ") + with_commas(split.false_sharing()) + " false sharing";
  std::uint64_t across = split.true_across_regions + split.false_across_regions;
  if (across > 0) text += "; " + with_commas(across) + " across regions";
  if (split.true_in_region_critical > 0) {
    text += "; " + with_commas(split.true_in_region_critical) + " by writes in critical sections";
  }
  return "(" + text + ")";
}

// ": 50.0% by atoms.c:235 on thread 1, 50.0% by ..."; after kCulpritsPerVictim culprits, the rest in one
// clause ("and 37 more, 12.3% together") so that a sentence stays readable.
constexpr std::size_t kCulpritsPerVictim = 5;

// "histogram.c:32 on thread 2 (worker)"; the object is added when another culprit of the victim would read the
// same without it, so that a list never repeats one text.
std::string culprit_text(const Profile& profile, const VictimCulprits& victim, const CulpritEdge& edge) {
  auto plain = [&](const CulpritEdge& e) {
    return site_location(e.culprit.site, FileNames::base) + " on " + profile.thread_name(e.culprit.thread);
  };
  std::string text = plain(edge);
  for (const CulpritEdge* other : victim.culprits) {
    if (other != &edge && plain(*other) == text && !edge.culprit.object.empty())
      return text + " (" + edge.culprit.object + ")";
  }
  return text;
}

std::string culprits_text(const Profile& profile, const VictimCulprits& victim) {
  std::string text;
  std::uint64_t rest = victim.count;
  for (std::size_t i = 0; i < victim.culprits.size() && i < kCulpritsPerVictim; ++i) {
    const CulpritEdge& edge = *victim.culprits[i];
    text += (i == 0 ? ": " : ", ") + percent(edge.count, victim.count) + " by " + culprit_text(profile, victim, edge);
    rest -= edge.count;
  }
  if (victim.culprits.size() > kCulpritsPerVictim) {
    text += ", and " + std::to_string(victim.culprits.size() - kCulpritsPerVictim) + " more, " +
            percent(rest, victim.count) + " together";
  }
  return text;
}

void print_victims(const ViewContext& context, const std::vector<VictimCulprits>& victims,
                   const std::string& what_happened, bool invalidations) {
  std::size_t shown = std::min(victims.size(), context.options.top);
  for (std::size_t i = 0; i < shown; ++i) {
    const VictimCulprits& victim = victims[i];
    context.out << "- " << victim_text(context.analysis, victim.victim) << " was " << what_happened << " "
                << with_commas(victim.count) << (victim.count == 1 ? " time" : " times");
    if (invalidations) context.out << " " << split_text(victim.split);
    context.out << culprits_text(context.profile(), victim) << ".\n";
  }
  context.out << "(" << shown << " of " << victims.size() << " victims shown, most affected first; edges under "
              << percentage_option(context.options.threshold_percent) << " of the total"
              << (context.options.show_runtime ? "" : " and the runtime's (--runtime=show)") << " left out)\n";
}

}  // namespace

void print_invalidators_view(const ViewContext& context) {
  print_section_title(context.out, "Invalidators: whose writes removed each reference's copies");
  std::vector<CulpritEdge> edges = edges_to_show(invalidation_edges(context.analysis),
                                                 context.options.show_runtime, context.options.threshold_percent);
  if (edges.empty()) {
    context.out << "No write removed another thread's copy" << (context.options.show_runtime ? "" : " of the program's data")
                << " often enough to show (--threshold).\n";
    return;
  }
  print_victims(context, group_by_victim(edges), "invalidated", true);
}

void print_evictors_view(const ViewContext& context) {
  const std::string& level = context.options.level;
  print_section_title(context.out, "Evictors: whose accesses evicted each reference's lines from " + level);
  std::vector<CulpritEdge> edges = edges_to_show(eviction_edges(context.analysis, level),
                                                 context.options.show_runtime, context.options.threshold_percent);
  if (edges.empty()) {
    context.out << "No access evicted another's line from " << level << " often enough to show (--threshold; "
                << "choose another level with --level).\n";
    return;
  }
  print_victims(context, group_by_victim(edges), "evicted from " + level, false);
}

}  // namespace ccsim::annotate
