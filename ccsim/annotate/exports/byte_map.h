// byte_map.h: a picture of one hot cache line for the HTML report: one row per thread, one cell per byte,
// coloured by whether the thread wrote or only read it (the line-detail: records), beside how many
// copies of the line the thread's stores removed (the line-writer: records). What a padding fix needs to
// see: which thread's bytes share the line with which.
#ifndef CCSIM_ANNOTATE_BYTE_MAP_H
#define CCSIM_ANNOTATE_BYTE_MAP_H

#include <ostream>
#include <vector>

#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Writes the table of one cache line from its uses (`uses`: every LineUse of the line to show, one per
// object or extent in it, all of the same line address): a heading row of byte offsets, a row per use
// marking its object's bytes, then a row per thread (every object's bytes in the line when the profile
// gives them). A written byte's cell has class "w", a byte only read "r"; each cell's title says
// "byte N: written by thread T". Limit: the profile says which bytes a thread used, not how often; the
// count beside a row is the invalidations its stores to the line caused.
void write_byte_map(std::ostream& out, const Profile& profile, const std::vector<const LineUse*>& uses);

// The legend of the byte maps' colours.
void write_byte_map_legend(std::ostream& out);

}  // namespace ccsim::annotate

#endif
