// html_locks.h: the HTML report's locks section, what --view=locks prints: each lock's acquisitions,
// hand-offs, contention and waiting, the lines its critical sections invalidated from, the unlocked shared
// writes and the lock findings.
#ifndef CCSIM_ANNOTATE_HTML_LOCKS_H
#define CCSIM_ANNOTATE_HTML_LOCKS_H

#include <cstddef>
#include <ostream>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The section, anchored "locks"; at most `top` rows per table.
void write_html_locks(std::ostream& out, const Profile& profile, std::size_t top);

}  // namespace ccsim::annotate

#endif
