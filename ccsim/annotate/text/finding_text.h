// finding_text.h: the words a finding is told in, shared by the findings view (view_findings.cc) and the
// HTML report (exports/html_report.cc).
#ifndef CCSIM_ANNOTATE_FINDING_TEXT_H
#define CCSIM_ANNOTATE_FINDING_TEXT_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// {1, 2, 3, 5} -> "threads 1-3,5"; {2} -> "thread 2".
std::string threads_text(const std::vector<ThreadId>& threads);

// "199,242 invalidations: 199,237 false (100.0%), 5 true (0.0%); 199,235 in-region, 7 across regions; 0 by
// writers holding a lock"
std::string split_text(const InvalidationSplit& split);

// The sentence on the runtime's objects left out of the findings, naming each part with its share of the
// memory time, e.g. "(runtime): 2 objects of the runtime with coherence traffic, about 40% of the memory
// time (OpenMP runtime about 38%, libc about 1.9%), left out (--runtime=show includes them)."; empty when
// none has coherence cost.
std::string runtime_findings_sentence(const Findings& findings);
// The same for the program allocator's own memory, "(allocator): ..."; empty when it has no coherence cost.
std::string allocator_findings_sentence(const Findings& findings);

}  // namespace ccsim::annotate

#endif
