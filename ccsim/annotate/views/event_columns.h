// event_columns.h: which events a view shows and sorts by (--show, --sort, --level), resolved against
// the profile's events.
#ifndef CCSIM_ANNOTATE_EVENT_COLUMNS_H
#define CCSIM_ANNOTATE_EVENT_COLUMNS_H

#include <cstddef>
#include <vector>

#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Columns of Profile::events.
struct EventColumns {
  std::vector<std::size_t> shown;  // the --show events, then any --sort event not among them
  std::vector<std::size_t> sort;   // primary sort event first
};

// Defaults: show reads, writes, <level>_misses, coherence_misses, invalidations_received and
// invalidations_caused; sort by invalidations_received, then <level>_misses (each when the profile has
// it). Throws OptionError when --level names a level the profile does not simulate, or --show/--sort an
// event it does not have.
EventColumns choose_event_columns(const Profile& profile, const Options& options);

}  // namespace ccsim::annotate

#endif
