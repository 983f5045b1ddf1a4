// annotations.h: the synchronization a program marks in its own code, through the standard annotations of
// Valgrind's helgrind.h and drd.h (ANNOTATE_HAPPENS_BEFORE/AFTER, ANNOTATE_RWLOCK_ACQUIRED/RELEASED, drd.h's
// ANNOTATE_BARRIER_*) and ccsim.h's own (CCSIM_BARRIER_*, CCSIM_HAPPENS_*, CCSIM_LOCK_*). Each request is
// decoded here and handed to the synchronization layer (sync.h), which maps it onto its model.
#ifndef CCSIM_TOOL_ANNOTATIONS_H
#define CCSIM_TOOL_ANNOTATIONS_H

namespace ccsim {

// Handles one client request if it is one of the annotations above; returns false otherwise (every other
// Helgrind and DRD request is left alone, and so not answered).
bool annotation_handle_request(unsigned tid, unsigned long* args, unsigned long* ret);

}  // namespace ccsim

#endif
