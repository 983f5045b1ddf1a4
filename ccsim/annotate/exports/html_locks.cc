// html_locks.cc: see html_locks.h.
#include "ccsim/annotate/exports/html_locks.h"

#include <algorithm>

#include "ccsim/annotate/analysis/lock_findings.h"
#include "ccsim/annotate/analysis/lock_usage.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

void write_html_locks(std::ostream& out, const Profile& profile, std::size_t top) {
  out << "<h2 id=\"locks\">Locks</h2>\n";
  const std::vector<LockUsage> usages = lock_usages(profile);
  if (usages.empty() && profile.unlocked_writes.empty()) {
    out << "<p>This profile has no lock: records (the program took no lock, or ccsim predates them).</p>\n";
    return;
  }
  const std::vector<std::string> findings = lock_findings(profile);
  if (!findings.empty()) {
    out << "<ul>\n";
    for (const std::string& finding : findings) out << "<li>" << html_escaped(finding) << "</li>\n";
    out << "</ul>\n";
  }
  HtmlTable locks({"lock", "acquisitions", "hand-offs", "contended", "waited (accesses)", "invalidations inside",
                   "coherence misses inside", "transfers inside"},
                  {false, true, true, true, true, true, true, true});
  HtmlTable lines({"lock", "object", "line", "threads", "invalidations", "true in-region", "coherence misses",
                   "transfers"},
                  {false, false, false, false, true, true, true, true});
  for (std::size_t i = 0; i < std::min(usages.size(), top); ++i) {
    const LockUsage& usage = usages[i];
    const std::string name = lock_text(profile.locks[usage.lock]);
    locks.add_row({name, with_commas(usage.total.acquisitions), with_commas(usage.total.hand_offs),
                   with_commas(usage.total.contended), with_commas(usage.total.waited_accesses),
                   with_commas(usage.invalidations.total()), with_commas(usage.coherence_misses),
                   with_commas(usage.transfers)},
                  {0, usage.total.acquisitions, usage.total.hand_offs, usage.total.contended,
                   usage.total.waited_accesses, usage.invalidations.total(), usage.coherence_misses, usage.transfers});
    for (std::size_t k = 0; k < std::min(usage.lines.size(), top); ++k) {
      const LockSectionLine& line = usage.lines[k];
      lines.add_row({name, object_description(profile.objects[line.object]), site_label(line.site, FileNames::base),
                     profile.thread_names(line.threads), with_commas(line.invalidations.total()),
                     with_commas(line.invalidations.true_in_region), with_commas(line.coherence_misses),
                     with_commas(line.transfers)},
                    {0, 0, 0, 0, line.invalidations.total(), line.invalidations.true_in_region,
                     line.coherence_misses, line.transfers});
    }
  }
  out << "<p>Per lock: acquisitions, hand-offs (taken by another thread than the previous acquisition), "
         "acquisitions that found it held in the replay and the accesses replayed while they waited "
         "(docs/synchronization.md).</p>\n";
  locks.write(out);
  if (std::any_of(usages.begin(), usages.end(), [](const LockUsage& usage) { return !usage.lines.empty(); })) {
    out << "<p>Inside the critical sections: the stores that invalidated other threads' copies and the "
           "coherence misses, by object and line.</p>\n";
    lines.write(out);
  }
  const std::vector<UnlockedWriteLine> unlocked = unlocked_write_lines(profile);
  if (unlocked.empty()) return;
  out << "<p>Unlocked shared writes: stores, with no lock held, to bytes another thread wrote in the same "
         "region (docs/model.md).</p>\n";
  HtmlTable writes({"object", "line", "threads", "stores"}, {false, false, false, true});
  for (std::size_t i = 0; i < std::min(unlocked.size(), top); ++i) {
    writes.add_row({object_description(profile.objects[unlocked[i].object]),
                    site_label(unlocked[i].site, FileNames::base), profile.thread_names(unlocked[i].threads),
                    with_commas(unlocked[i].stores)},
                   {0, 0, 0, unlocked[i].stores});
  }
  writes.write(out);
}

}  // namespace ccsim::annotate
