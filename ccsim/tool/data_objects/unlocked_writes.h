// unlocked_writes.h: stores that write, with no lock held, bytes another thread also wrote in the same
// region: the thesis' sPPM diagnosis (a race, or a reduction done without its lock; docs/model.md,
// "Unlocked shared writes"). Counted per (object, store reference, thread) for `unlocked-write:` records.
//
// Seen at the invalidations, as the line detail is (line_detail.h): a store is known when it removes
// another thread's copy, and a thread's earlier stores to a line through the bytes its Modified copy
// had written when another thread's store removed it. Per line written this way, the region of the
// last such store and, per byte, the last thread known to have written it there with no lock held.
#ifndef CCSIM_TOOL_UNLOCKED_WRITES_H
#define CCSIM_TOOL_UNLOCKED_WRITES_H

#include <cstdint>

#include "ccsim/core/observer.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_unlocked_writes(std::uint32_t line_bytes);
void zero_unlocked_writes();
// An invalidation by a store made with no lock held, to bytes of `written_object`.
void record_unlocked_store(const InvalidationNotice& notice, ObjectId written_object);

using UnlockedWriteVisitor = void (*)(void* context, ObjectId object, RefId ref, ProcId proc, std::uint64_t stores);
void for_each_unlocked_write(UnlockedWriteVisitor visit, void* context);

}  // namespace ccsim

#endif
