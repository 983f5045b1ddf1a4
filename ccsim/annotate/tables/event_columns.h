// event_columns.h: which events a view shows and sorts by (--show, --sort, --level), resolved against
// the profile's events.
#ifndef CCSIM_ANNOTATE_EVENT_COLUMNS_H
#define CCSIM_ANNOTATE_EVENT_COLUMNS_H

#include <cstddef>
#include <string>
#include <vector>

#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Columns of Profile::events.
struct EventColumns {
  std::vector<std::size_t> shown;  // the --show events, then any --sort event not among them
  std::vector<std::size_t> sort;   // primary sort event first
  // Short headings, one per shown column, explained by `legend`; empty: the event names head them.
  std::vector<std::string> headings;
  std::string legend;
  bool percents = false;  // each ranked count followed by its share of the column's total, "(12.3%)"
};

// Defaults: show reads, writes, <level>_misses, coherence_misses, invalidations_received and
// invalidations_caused; sort by invalidations_received, then <level>_misses (each when the profile has
// it). Throws OptionError when --level names a level the profile does not simulate, or --show/--sort an
// event it does not have.
EventColumns choose_event_columns(const Profile& profile, const Options& options);

// The overview's tables, unless --show was given: the split that matters, in short headings with a
// legend, and percentages: accesses, <level> misses, coherence misses, invalidations received and caused
// (so that a line that writes shows beside those that lose copies), and the received ones' false/true x
// in-region/across split with the critical part; sorted as `chosen`.
EventColumns sharing_columns(const Profile& profile, const Options& options, const EventColumns& chosen);

}  // namespace ccsim::annotate

#endif
