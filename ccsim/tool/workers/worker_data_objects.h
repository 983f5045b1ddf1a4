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
// The layers send their changes and read the mirrors through the hooks this file installs
// (data_objects/layer_hooks.h). Stack variables and fields (stack_variables.h, object_fields.h) need
// Valgrind's variable information of the live threads: --read-var-info=yes is refused with --sim-threads=1.
#ifndef CCSIM_TOOL_WORKERS_WORKER_DATA_OBJECTS_H
#define CCSIM_TOOL_WORKERS_WORKER_DATA_OBJECTS_H

#include <cstdint>

#include "ccsim/tool/data_objects/layer_hooks.h"
#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

// --- The tool's side ---
// Before the fork: the objects that exist are the worker's too, with the same ids; the mirrors start
// from the live state.
void note_data_objects_at_fork();
// When the tool starts recording for a worker: the layers' changes go into the stream from now on
// (layer_hooks.h's forwarding: a layout change, a mapping change, the function of a free's call, each
// sent with the objects the tool made since the last one).
void forward_data_object_changes();
// After every system call: sends the mirrors that changed.
void send_changed_live_state();
// At exit, before the hand-over: what the writer reads and only the tool kept (the allocator's granules).
void hand_over_data_objects();

// --- The worker's side ---
// When this process starts serving the ring: the layers read Valgrind's live state from the mirrors
// (layer_hooks.h's mirroring) from now on.
void enter_simulation_worker();
// Applies one record of this file (`payload_words` words at `payload`); false when `op` is not one.
bool apply_data_object_record(StreamOp op, const std::uint32_t* payload, std::uint32_t payload_words);

}  // namespace ccsim

#endif
