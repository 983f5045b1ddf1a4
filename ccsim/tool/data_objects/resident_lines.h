// resident_lines.h: how many lines of each object each level holds, on average and at its peak
// (DProf's working-set view; docs/model.md, "Cache sets and the working set"), with --working-set=yes.
//
// Counted on the notices, never on an L1 hit: a line enters a level on a miss there and leaves it by an
// eviction or an invalidation. Each line held is remembered with its object (the object of the miss that
// brought it in), so that it leaves the object it entered with even when the line holds several objects
// or the layout changed since. A private level's count is summed over every thread's copy.
//
// Average: the count is integrated over the run's L1 misses (the clock ticks once per L1 miss of any
// thread, when lines can enter a cache) and divided by them: the mean of the count seen by each L1
// miss. Peak: the largest count after any access (once its fills and the evictions they caused are done).
// Limit: a thread whose processor is reused by a later one (past --max-threads threads) drops its lines
// without a notice; they stay counted until their place is filled again.
//
// Memory: one entry (about 24 bytes) per line held by any cache; one per (object, level) that had a line.
//
// Several workers of line shards (--sim-threads above 1; docs/parallel-simulation.md, section 9): the
// average and the peak are not sums of the workers' (the clock is every worker's L1 misses together, the
// peak is of the sum of the workers' counts at one moment). A line's every notice is in one worker, and
// the counts change only at notices, so each worker keeps its own lines' copies as above but logs each
// change of a count (and the clock's tick before it) with its place in the run: the access's number
// (every worker sees every access, in the same order) and the line's place in the access (an access's
// lines are simulated in address order, each line by one worker). A change names its object by its key
// (DataObject::key), the same in every worker, since the ids may differ. The first worker merges the
// logs in that order as they come (workers/resident_queues.h) and replays them through the arithmetic of
// one simulator (below), so the integrals and peaks are the inline run's exactly; at the end the keys
// become its ids. Memory: 16 bytes per change waiting, at most a queue's worth (2 MiB) and the changes of
// 4,096 accesses in each worker, the first included (resident_queues.h).
#ifndef CCSIM_TOOL_RESIDENT_LINES_H
#define CCSIM_TOOL_RESIDENT_LINES_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/geometry.h"
#include "ccsim/core/observer.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_resident_lines(const MachineConfig& machine);
// CCSIM_ZERO_STATS: the clock and the integrals start again; lines held stay held, the peaks start from them.
void zero_resident_lines();

// A miss at `miss.level` brought its line into that level for `object`.
void count_resident_fill(const MissNotice& miss, ObjectId object);
void count_resident_eviction(const EvictionNotice& eviction);
// The victim's copy left every private level that held it.
void count_resident_invalidation(const InvalidationNotice& invalidation);

// One object at one level: lines held on average (integral / clock) and at the peak.
struct ResidentLines {
  std::uint64_t integral;  // sum over the clock's ticks of the lines held
  std::uint64_t clock;     // the ticks: L1 misses since the start or zeroing
  std::uint64_t peak;
};
using ResidentVisitor = void (*)(void* context, ObjectId object, Level level, const ResidentLines& lines);
// Every (object, level) that held a line, in no particular order. In the first of several workers, the
// workers' logs are merged and replayed first (once).
void for_each_resident(ResidentVisitor visit, void* context);

// In one of several workers of line shards (`first`: the first, which replays every worker's changes):
// log the changes (above) instead of counting them. The access path then tells resident_access_begins()
// of every access, the worker's own or not, before simulating it.
void log_resident_lines_for_shard(bool first);
bool resident_lines_logged();
extern bool resident_follows_accesses;
void resident_access_begins(Addr address);

// A change of a count, as a worker of line shards logs it: its place in the run (the access's number << 16
// | the line's place in the access; 0xFFFF after the access for a zeroing) and what changes (an object's
// key, a level, the op: resident_lines.cc). Positions rise within one worker's log; two workers never
// log the same one (the others log no zeroing).
struct ResidentChange {
  std::uint64_t position;
  std::uint64_t what;
};
// The changes logged and not yet handed on (the first: not yet replayed), oldest first.
std::uint32_t resident_changes_waiting();
const ResidentChange& waiting_resident_change(std::uint32_t i);
void drop_waiting_resident_changes(std::uint32_t count);
// The smallest position this worker may still log a change at: between accesses, or in the middle of one
// (`mid_access`: any change of the access under way may still come).
std::uint64_t resident_frontier(bool mid_access);
// The first: counts one change, its own or another worker's, as one simulator would have, in the order of
// the positions.
void replay_resident_change(const ResidentChange& change);
// The first, at the end, while another worker's objects are matched with its own (object_transfer.cc):
// that worker's object of key `key` is this worker's `object`.
void note_resident_key(std::uint64_t key, ObjectId object);

}  // namespace ccsim

#endif
