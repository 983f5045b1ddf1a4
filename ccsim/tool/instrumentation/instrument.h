// instrument.h: turns each superblock's memory accesses into calls of the access helpers.
#ifndef CCSIM_TOOL_INSTRUMENT_H
#define CCSIM_TOOL_INSTRUMENT_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

class Simulator;

// Where the access helpers send accesses; set once in post_clo_init.
void init_instrumentation(Simulator* simulator);

IRSB* instrument_superblock(VgCallbackClosure* closure, IRSB* sb_in, const VexGuestLayout* layout,
                            const VexGuestExtents* extents, const VexArchInfo* arch, IRType guest_word,
                            IRType host_word);

// CCSIM_START/STOP_INSTRUMENTATION: toggles instrumentation and discards existing translations so the
// change takes effect at once.
void set_instrumentation(bool on, const char* reason);
bool instrumentation_on();

}  // namespace ccsim

#endif
