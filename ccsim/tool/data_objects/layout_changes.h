// layout_changes.h: the changes of the data-object layout - a heap block allocated or freed, a thread's
// stack set or ended, a range named, a mapping made or removed - in the order the simulation sees them,
// so that every access and every event is charged to the objects as they were when that access happened
// in the simulated order (docs/data-objects.md, "Objects in the simulated order").
//
// In native mode the simulated order is the real one: a change applies at once. In the interleaved and
// piped modes the replay engine simulates each thread's accesses later, in an order of its own; a change
// is then recorded in the stream of the thread that made it, between the accesses it made before and
// after, and applied when the replay reaches it (ReplayEngine::record_layout_change). The layer that
// makes a change says how to apply it; this file only orders the changes.
#ifndef CCSIM_TOOL_LAYOUT_CHANGES_H
#define CCSIM_TOOL_LAYOUT_CHANGES_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// What a change does. Each layer says how its kinds apply (set_layout_change_apply), and a change is
// plain data: it travels through a simulation worker's stream and into a trace, which another build of
// ccsim may simulate again (a function's address, which the change once carried, was one build's alone).
// Append-only: the stream's records carry the number (stream_records.h's version).
enum class LayoutChangeKind : std::uint32_t {
  BlockAllocated,  // heap_blocks.h
  BlockFreed,
  StackMoved,      // stack_objects.h
  MappingChanged,  // mapping_objects.h
  RangeNamed,      // named_ranges.h
  Count            // not a kind
};

// One change: its kind, and what the layer's function for that kind needs. Trivially copyable: the
// replay modes keep pending changes in a flat table, and the workers' stream copies it as words.
struct LayoutChange {
  LayoutChangeKind kind;
  Addr start;          // the memory concerned: [start, start + size)
  std::uint64_t size;
  ObjectId object;     // the object that memory now belongs to, when the change gives it one
  std::uint32_t key;   // the layer's own: a heap block's allocation number, a stack's thread id
  // Object paths (object_paths.h), heap blocks only: the processor that allocated or freed the block, and
  // for a free the code that called the allocator (0: unknown). Carried with the change, so that the
  // replay, wherever it runs, knows who made it.
  ProcId proc = 0;
  Addr call = 0;
};

// After sync_init (which decides whether there is a replay) and before the first change.
void init_layout_changes();
// Each layer, at its init: the function that applies its `kind` of change.
using LayoutChangeApply = void (*)(const LayoutChange& change);
void set_layout_change_apply(LayoutChangeKind kind, LayoutChangeApply apply);

// Whether there is a replay that applies changes where it reaches them (the interleaved and piped modes).
bool replay_orders_changes();
// Whether a change thread `tid` makes now is recorded for the replay (true) or applied at once (false).
// With workers it is recorded in every order, named by the thread's processor (records_replay_calls()).
bool change_waits_for_replay(unsigned tid);

// Thread `tid` (Valgrind's ThreadId) made `change` just now: applied at once in native mode, else
// recorded in its replay stream. VG_INVALID_THREADID (no client thread) applies it at once.
void change_layout(unsigned tid, const LayoutChange& change);

// The same for a change already placed: in processor `proc`'s replay stream, or at once when `proc` is
// ~0 or there is no replay (the native order). The simulation workers make the tool's changes with it
// (worker_data_objects.h).
void change_layout_of(ProcId proc, const LayoutChange& change);

// The replay sink's callback (ReplaySink::layout_change): applies the recorded change numbered `change`.
void apply_recorded_layout_change(void* context, std::uint32_t change);

}  // namespace ccsim

#endif
