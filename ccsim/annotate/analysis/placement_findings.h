// placement_findings.h: what the `placement:` records say about a heap object's blocks (docs/data-objects.md,
// "Placement"): the invalidations in this run, at the block's own start within a line, against those predicted
// for the other starts and for lines twice as long, in one sentence for the findings:
//   "in this run: no invalidations (the block starts at 0 mod 64); at 16, 32 or 48 mod 64: about 2,000 false:
//    this block's placement decides; align it (aligned_alloc(64, ...)) or pad each thread's part to 64 bytes"
// The placement decides only when another start within a line at least doubles the invalidations, or halves
// them, by at least `floor` (the findings' --min-invalidations), or lines twice as long add at least `floor`:
// a block with about as many at every start within a line, and not more with lines twice as long, says nothing (zero everywhere included), nor does one whose counts
// stay a handful in every layout. The blocks of one allocation site that start at different offsets give
// one sentence, the heaviest, which says how many other starts there were.
#ifndef CCSIM_ANNOTATE_PLACEMENT_FINDINGS_H
#define CCSIM_ANNOTATE_PLACEMENT_FINDINGS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The blocks of one heap object that start at one offset (modulo twice the line size).
struct PlacementFinding {
  std::size_t object = 0;  // index into Profile::objects
  std::string sentence;    // as above, without a final period
  std::uint64_t worst = 0;  // the most invalidations of any layout: the findings put the heaviest first
};

// Every object whose placement decides its sharing, heaviest first; `floor` as above.
std::vector<PlacementFinding> placement_findings(const Profile& profile, std::uint64_t floor);

}  // namespace ccsim::annotate

#endif
