// tool_preload.h: leaving ccsim's own preload (vgpreload_ccsim-<platform>.so) out of a profile.
//
// The preload observes OpenMP and pthreads on the simulated CPU for the tool; the program without ccsim
// has no such library. A profile of an older tool counts the preload's own code, and the dynamic loader's
// relocations of its mapping show as an object ("mapping 0x4849000-0x484afff of .../vgpreload_ccsim-
// amd64-linux.so"). Neither is the program's nor its runtime's, so no view, export or total shows them.
#ifndef CCSIM_ANNOTATE_TOOL_PRELOAD_H
#define CCSIM_ANNOTATE_TOOL_PRELOAD_H

#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Whether a path or name mentions ccsim's preload library ("vgpreload_ccsim").
bool names_tool_preload(const std::string& text);

// Removes the references whose instruction is in ccsim's preload and the objects that are its mappings,
// with every record of them (counts, edges, object cells, line details and writers, fields, placements),
// renumbering the rest; the summary becomes the sum of the remaining counts.
void leave_out_tool_preload(Profile& profile);

}  // namespace ccsim::annotate

#endif
