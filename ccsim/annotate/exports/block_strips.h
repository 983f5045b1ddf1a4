// block_strips.h: the HTML report's block histograms: per object with `block:` records, a strip of its
// blocks (or buckets) left to right, each coloured by the threads that used it and marked below with its
// invalidations, and the chunk-edge finding under it.
#ifndef CCSIM_ANNOTATE_BLOCK_STRIPS_H
#define CCSIM_ANNOTATE_BLOCK_STRIPS_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// The section "Blocks of data objects": the objects --view=blocks shows, in its order.
void write_block_strips(std::ostream& out, const Analysis& analysis, const Options& options);

}  // namespace ccsim::annotate

#endif
