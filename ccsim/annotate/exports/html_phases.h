// html_phases.h: the HTML report's phases: per parallel loop (barrier) its heaviest objects with their
// misses by cause, invalidations and transfers, and the timeline's busiest objects as an inline SVG chart.
#ifndef CCSIM_ANNOTATE_HTML_PHASES_H
#define CCSIM_ANNOTATE_HTML_PHASES_H

#include <ostream>

#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

void write_html_phases(std::ostream& out, const Profile& profile, const Options& options);

}  // namespace ccsim::annotate

#endif
