// layer_hooks.h: what the data-object layers do differently when the simulation runs in a worker process
// (--sim-threads=1; docs/parallel-simulation.md, section 7), as two hooks the worker's transport installs
// (workers/worker_data_objects.h), so that the layers need not know of it:
// - forwarding, in the tool's process while it records for a worker: a change the layers would make (a
//   layout change, a mapping change) is sent in the stream instead, at this point of it, and the worker's
//   layers make it where the replay reaches it;
// - mirroring, in the worker: the two pieces of Valgrind's live state the layers read when the replay
//   reaches a lookup (the loaded objects with debug information, the client's segments), which a forked
//   process does not have, come from the mirrors the tool sent at this point of the stream.
// With --sim-threads=0 neither is installed: the layers make their changes and ask Valgrind themselves.
#ifndef CCSIM_TOOL_LAYER_HOOKS_H
#define CCSIM_TOOL_LAYER_HOOKS_H

#include <cstdint>

#include "ccsim/core/coherence.h"  // kNoProcessor: a change no thread's stream takes
#include "ccsim/tool/data_objects/layout_changes.h"

namespace ccsim {

// The changes the tool's process sends instead of making them.
struct LayerForwarding {
  // A layout change thread `proc`'s stream takes (kNoProcessor: made at once where the stream is), and
  // for an allocation whether the out-of-order tables only note it (out_of_order_blocks.h).
  void (*layout_change)(ProcId proc, const LayoutChange& change, bool allocation_recorded);
  // The client mapped (or unmapped) [start, start + length) on `proc`; `how`: mapping_objects.h's
  // kUnmapped, kMappedByMmap, kMappedByMremap.
  void (*mapping_change)(ProcId proc, Addr start, std::uint64_t length, std::uint32_t how);
  // Before the layout change of a block freed from the call at `call`, with --paths: the function holding
  // the call (the worker's debug information lacks every library loaded after the fork).
  void (*call_function)(Addr call);
};

// A segment of Valgrind's segment table: [start, end] (inclusive), its SegKind, its file (or null).
struct SegmentView {
  Addr start;
  Addr end;
  std::uint32_t kind;
  const char* file;
};
// One loaded object with debug information: its path, text segment and bias.
using ObjectFileVisitor = void (*)(void* context, const char* path, Addr text, std::uint64_t text_size, Addr bias);

// Valgrind's live state as the worker's mirrors hold it at this point of the stream.
struct LiveStateMirror {
  // The loaded objects with debug information, in Valgrind's order.
  void (*for_each_object_file)(ObjectFileVisitor visit, void* context);
  // The segment holding `address`; false when none does.
  bool (*segment_at)(Addr address, SegmentView* found);
};

// Installed by workers/ (null otherwise): in the tool's process from the worker's fork on, and in the
// worker from its start.
extern const LayerForwarding* layer_forwarding;
extern const LiveStateMirror* live_state_mirror;

}  // namespace ccsim

#endif
