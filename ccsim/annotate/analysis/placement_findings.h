// placement_findings.h: what the `placement:` records say about a heap object's blocks (docs/data-objects.md,
// "Placement"): the invalidations in this run, at the block's own start within a line, against those predicted
// for the other starts and for lines twice as long, in one sentence for the findings:
//   "in this run: no invalidations (the block starts at 0 mod 64); at 16, 32 or 48 mod 64: about 2,000 false:
//    this block's placement decides; align it (aligned_alloc(64, ...)) or pad each thread's part to 64 bytes"
// A block whose sharing is the same at every start within a line, and no more with lines twice as long, says
// nothing (zero everywhere included): its placement is not what decides.
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

// Every object and block offset whose placement decides its sharing, heaviest first.
std::vector<PlacementFinding> placement_findings(const Profile& profile);

}  // namespace ccsim::annotate

#endif
