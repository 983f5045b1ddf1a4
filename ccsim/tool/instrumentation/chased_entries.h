// chased_entries.h: a wrapped function's first instruction always starts a translation of its own, so that
// the side exit there (entry_wrappers.h) sees the guest state complete.
//
// A translation may follow a direct jump or call into a wrapped function (Valgrind's superblocks
// "chase" them), and Valgrind optimizes a translation before the tool sees it, dropping a register's write
// that a later instruction of the same translation overwrites before reading it. There, at the function's
// first instruction, the guest state is not written back (glibc's `pop %r15; jmp pthread_rwlock_unlock`
// leaves the stack pointer one word short before the function's own `push`), so a side exit there would
// enter the wrapper with the wrong stack. Valgrind never chases into a function it redirects; these are not
// redirected. So a translation that chased into a wrapped function is not run: in its place a block that
// discards it (Valgrind's instruction-cache invalidation) and comes back to its start, which is translated
// again with chasing suspended for that one translation, and so ends at the jump or call; the function's
// first instruction then starts a translation of its own, where the guest state is complete. A handful of
// translations per run; the program's instructions and their order are the same.
#ifndef CCSIM_TOOL_INSTRUMENTATION_CHASED_ENTRIES_H
#define CCSIM_TOOL_INSTRUMENTATION_CHASED_ENTRIES_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// At the start of every translation's instrumentation: the translation was made (chasing suspended or not),
// so Valgrind's translations chase again.
void resume_chasing();

// Whether the translation of `extents` followed a jump or call into a wrapped function. Then
// `retranslated_without_chasing` is the block to run in its place.
bool chased_into_wrapped_function(const VexGuestExtents* extents);
IRSB* retranslated_without_chasing(const IRSB* sb_in, const VexGuestExtents* extents);

}  // namespace ccsim

#endif
