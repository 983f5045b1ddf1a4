// lock_findings.cc: see lock_findings.h.
#include "ccsim/annotate/analysis/lock_findings.h"

#include <algorithm>

#include "ccsim/annotate/analysis/lock_usage.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string hand_off_finding(const Profile& profile, const LockUsage& usage) {
  std::string sentence = capitalized(lock_text(profile.locks[usage.lock])) + " passed between threads on " +
                         percent(usage.total.hand_offs, usage.total.acquisitions) + " of " +
                         with_commas(usage.total.acquisitions) + " acquisitions";
  if (usage.invalidations.total() > 0) {
    sentence += " (" + with_commas(usage.invalidations.total()) + " invalidations inside its critical sections)";
  }
  return sentence +
         ": each hand-off moves the lock's line and the data it protects to another core; accumulate privately "
         "and take it once per thread, or split the data it protects.";
}

std::string unlocked_write_finding(const Profile& profile, const UnlockedWriteLine& line) {
  return capitalized(profile.thread_names(line.threads)) + " wrote bytes of " +
         object_description(profile.objects[line.object]) + " at " + site_location(line.site, FileNames::base) +
         " that another thread also wrote in the same region, with no lock held (" + with_commas(line.stores) +
         " stores): a race, or a reduction without its lock; take a lock around the update, make it atomic, or give "
         "each thread its own copy and combine them after the region.";
}

}  // namespace

std::vector<std::string> lock_findings(const Profile& profile) {
  std::vector<std::string> findings;
  std::vector<LockUsage> usages = lock_usages(profile);
  std::stable_sort(usages.begin(), usages.end(),
                   [](const LockUsage& a, const LockUsage& b) { return a.total.hand_offs > b.total.hand_offs; });
  for (const LockUsage& usage : usages) {
    if (usage.total.acquisitions < kLockFindingAcquisitions) continue;
    if (static_cast<double>(usage.total.hand_offs) < kHandOffShare * static_cast<double>(usage.total.acquisitions)) {
      continue;
    }
    findings.push_back(hand_off_finding(profile, usage));
  }
  for (const UnlockedWriteLine& line : unlocked_write_lines(profile)) {
    const std::string& origin = profile.objects[line.object].origin;
    if (origin == "runtime" || origin == "allocator") continue;
    findings.push_back(unlocked_write_finding(profile, line));
  }
  return findings;
}

}  // namespace ccsim::annotate
