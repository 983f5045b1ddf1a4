// worker_data_objects.h: --sim-threads=1 with --data-objects=yes (docs/parallel-simulation.md, section 7).
// The data-object layer runs in the worker, on its copy made at the fork; what the tool's process learns
// after the fork travels in the stream at the point the tool learns it, so that the worker's layer goes
// through the states the tool's own would go through with --sim-threads=0, at the same points of the
// replay:
//   - layout changes (LayoutChange as it is: its function pointer is valid in the forked worker), each
//     with the processor whose stream it goes into (none: applied at once), and for an allocation
//     whether the out-of-order tables note it first (out_of_order_blocks.h);
//   - the objects the tool makes when the program calls it (heap bins, named ranges): the tool's ids
//     differ from the worker's, whose table also gets the objects its own replay makes (globals read at
//     a lookup, mappings, stacks), in the order --sim-threads=0 makes them; the worker translates;
//   - a client's mmap, mremap or munmap: the worker makes the mapping's object itself, from its copy of
//     Valgrind's segment table, so that its mapping layer's objects are those of --sim-threads=0;
//   - the two pieces of Valgrind's live state the layer reads when the replay reaches a lookup, mirrored:
//     the list of loaded objects with debug information (global_variables.cc reads their ELF symbols
//     itself: the files are on disk) and the segment table (mapping_objects.cc), each sent whole when it
//     changed, checked after every system call and at every mapping change (they change only there, but
//     for Valgrind's own segments, which only bound the answers for addresses outside client memory).
// Stack variables and fields (stack_variables.h, object_fields.h) need Valgrind's variable information of
// the live threads: --read-var-info=yes is refused with --sim-threads=1.
#ifndef CCSIM_TOOL_WORKERS_WORKER_DATA_OBJECTS_H
#define CCSIM_TOOL_WORKERS_WORKER_DATA_OBJECTS_H

#include <cstdint>

#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

// Whether this process is the simulation worker (set when it starts serving the ring).
bool in_simulation_worker();
void enter_simulation_worker();

// --- The tool's side ---
// Before the fork: the objects that exist are the worker's too, with the same ids; the mirrors start
// from the live state.
void note_data_objects_at_fork();
// A layout change thread `proc`'s stream takes (kNoProcessor: applied at once where the stream is).
constexpr ProcId kNoProcessor = ~ProcId(0);
void send_layout_change(ProcId proc, const LayoutChange& change, bool allocation_recorded);
// The client mapped (or unmapped) [start, start + length) on `proc`: the worker makes the change.
// `how`: mapping_objects.h's kUnmapped, kMappedByMmap, kMappedByMremap.
void send_mapping_change(ProcId proc, Addr start, std::uint64_t length, std::uint32_t how);
// Before the layout change of a block freed from the call at `call`, with --paths: the function holding
// the call, once per call (the worker's debug information lacks every library loaded after the fork).
void send_call_function(Addr call);
// After every system call: sends the mirrors that changed.
void send_changed_live_state();
// At exit, before the hand-over: what the writer reads and only the tool kept (the allocator's granules).
void hand_over_data_objects();

// --- The worker's side ---
// Applies one record of this file (`payload_words` words at `payload`); false when `op` is not one.
bool apply_data_object_record(StreamOp op, const std::uint32_t* payload, std::uint32_t payload_words);

// The mirrored list of loaded objects with debug information, in Valgrind's order.
using MirroredObjectVisitor = void (*)(void* context, const char* path, Addr text, std::uint64_t text_size,
                                       Addr bias);
void for_each_mirrored_object_file(MirroredObjectVisitor visit, void* context);

// A segment of the mirrored table: [start, end] (inclusive), Valgrind's SegKind, its file (or null).
struct SegmentView {
  Addr start;
  Addr end;
  std::uint32_t kind;
  const char* file;
};
// The mirrored segment holding `address`; false when none does.
bool mirrored_segment_at(Addr address, SegmentView* found);

}  // namespace ccsim

#endif
