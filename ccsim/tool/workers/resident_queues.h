// resident_queues.h: the resident lines replayed online by the first of several workers (--sim-threads
// above 1 with --working-set=yes; docs/parallel-simulation.md, section 9, "The working set").
//
// Each worker logs the changes of its own lines' resident counts with their places in the run
// (data_objects/resident_lines.h), and the first replays every worker's changes in the order of their
// places. Kept to the end, the logs grew by a change per fill, eviction and invalidation of a held copy.
// So they travel as they grow: after each chunk of the ring every other worker moves its waiting changes
// into its ResidentQueue in the ring (two words a change) and publishes its frontier, the smallest place
// it may still log a change at; the first, after each of its chunks, merges its own waiting changes and
// the queues by place, as far as every worker's frontier allows, and replays each at once.
//
// No one waits during the run: a worker whose queue is full keeps the rest waiting in its log and sends
// them after a later chunk, so the merge never holds anyone up and no wait can be circular. (A version
// whose workers waited for room after a chunk, to cap what they keep, hung: a worker waiting for room for
// its shadow ops held changes its full resident queue had not taken, which the replay needed before it
// could take the changes of a worker behind it, which waited for room for them while its shadow ops held
// the stage back; three workers, queues of 64 bytes, placement_structs.c.) What waits is bounded all the
// same where a worker logs at most a queue's worth per chunk of the ring: the queue holds 2 MiB, 131,060
// changes, 26 an access of a 64 KiB chunk (a false-sharing write logs about 4: the line leaves the other
// processor's L1 and L2 and enters this one's), and the first empties it at each of its chunks. A
// worker's changes then wait only as far as it is ahead of the first, and the first's own as far as the
// others are behind it: both within the ring's lag (the program's process waits for the slowest
// worker). Past 26 an access, sustained, the rest piles up in the worker (16 bytes a change): a limit
// (docs/parallel-simulation.md, section 9). At a client's fork and at the end the others hand every change over (waiting for
// room: the first is then merging until it has them) and the first merges until it has all of them, so
// that a child's first starts with every change before the fork replayed.
#ifndef CCSIM_TOOL_WORKERS_RESIDENT_QUEUES_H
#define CCSIM_TOOL_WORKERS_RESIDENT_QUEUES_H

#include <cstdint>

namespace ccsim {

class SharedRing;

// In worker `index` of several serving `ring`, which logs its resident lines: the replay runs online from
// now on. `run_over` is asked, when a wait times out, whether the run is over (the worker then ends).
void start_resident_queues(const SharedRing* ring, std::uint32_t index, bool (*run_over)());
// A worker forked for the client's child serves the child's ring from now on (its queues are new).
void resident_queues_ring(const SharedRing* ring);
bool resident_queues_on();

// After a chunk (between accesses): another worker sends the changes its queue has room for and its
// frontier; the first replays every change the merge allows.
void pass_resident_changes();
// At a client's fork: every worker's changes before it are replayed by the first before any worker forks.
void resident_queues_at_fork();
// At the end, after the replay's last accesses: the others send every change and an endless frontier; the
// first replays until it has every worker's.
void finish_resident_queues();

}  // namespace ccsim

#endif
