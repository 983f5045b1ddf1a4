// set_histograms.h: the HTML report's cache sets (DProf's associativity-set histogram): per level its hot
// sets, and per object and level a bar per set (or bucket of sets), as tall as the object's lines there,
// its conflict (or replacement) misses as a red part, with the crowded-sets finding under it.
#ifndef CCSIM_ANNOTATE_SET_HISTOGRAMS_H
#define CCSIM_ANNOTATE_SET_HISTOGRAMS_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// The section "Cache sets": nothing for a profile without set records.
void write_set_histograms(std::ostream& out, const Analysis& analysis, const Options& options);

}  // namespace ccsim::annotate

#endif
