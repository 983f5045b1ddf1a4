// finding_text.h: the words a finding is told in, shared by the findings view (view_findings.cc) and the
// HTML report (exports/html_report.cc).
#ifndef CCSIM_ANNOTATE_FINDING_TEXT_H
#define CCSIM_ANNOTATE_FINDING_TEXT_H

#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// {1, 2, 3, 5} -> "threads 1-3,5"; {2} -> "thread 2".
std::string threads_text(const std::vector<ThreadId>& threads);

// "199,242 invalidations: 199,237 false (100.0%), 5 true (0.0%); 199,235 in-region, 7 across regions; 0 by
// writers holding a lock"
std::string split_text(const InvalidationSplit& split);

}  // namespace ccsim::annotate

#endif
