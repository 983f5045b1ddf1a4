// worker_handover.h: the tables the tool keeps while the client runs and the worker reads, sent to the
// simulation worker (stream_records.h):
//   - each reference made after the fork (an instruction instrumented since, an allocator twin, the call
//     of a synchronization event), when the tool makes it, so that it is the worker's before any access
//     of it: the replay reads its function (object paths) and whether it is an allocator twin (data
//     objects); its names are resolved by the tool, which has Valgrind's debug information of every
//     library loaded since;
// and at the client's exit, before the worker writes the profile:
//   - every reference's spin-wait count;
//   - each processor's thread label (start routine, OpenMP team place);
//   - each thread's counters of skipped accesses (stack, runtime, spin) and the thread table's totals.
// The counts themselves (the simulator's, the locks', the regions') are the worker's: it made them.
// The data objects' changes travel in the stream too (worker_data_objects.h; docs/parallel-simulation.md,
// section 7).
#ifndef CCSIM_TOOL_WORKERS_WORKER_HANDOVER_H
#define CCSIM_TOOL_WORKERS_WORKER_HANDOVER_H

#include <cstdint>

#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

// Strings in the stream: a length word (+1, so that 0 means null) and the bytes, padded to whole words;
// at most kMaxNameBytes (longer names are cut).
constexpr std::uint32_t kMaxNameBytes = 4000;
std::uint32_t name_words(const char* name);
std::uint32_t* put_name(std::uint32_t* words, const char* name);
// A name read back; `storage` holds it (kMaxNameBytes + 1), `*name` is null for a null name.
const std::uint32_t* get_name(const std::uint32_t* words, char* storage, const char** name);

// In the tool, before the worker is forked: the references that exist then are the worker's too.
void note_references_at_fork();
// In the tool, when it made `ref` (references.cc): sends it to the worker, when there is one.
struct Reference;
void send_new_reference(const Reference* ref);
// In the tool, at exit: appends the hand-over to the stream.
void hand_over_tool_tables();
// In the worker: applies one hand-over record (`payload_words` words at `payload`).
void apply_handover(StreamOp op, const std::uint32_t* payload, std::uint32_t payload_words);

}  // namespace ccsim

#endif
