// resident_queues.h: the resident lines replayed online by the first of several workers (--sim-threads
// above 1 with --working-set=yes; docs/parallel-simulation.md, section 9, "The working set").
//
// Each worker logs the changes of its own lines' resident counts with their places in the run
// (data_objects/resident_lines.h), and the first replays every worker's changes in the order of their
// places. Kept to the end, the logs grew by a change per fill, eviction and invalidation of a held copy.
// So they travel as they grow: at each hand-over (after each chunk of the ring, and every 4,096 accesses
// within one: log_hand_overs.h) every other worker moves its waiting changes into its ResidentQueue in the
// ring (two words a change) and publishes its frontier, the smallest place it may still log a change at;
// the first, at each of its hand-overs, merges its own waiting changes and the queues by place, as far as
// every worker's frontier allows, and replays each at once.
//
// Bounded: at a hand-over another worker sends every change, waiting for room while its queue (2 MiB,
// 131,060 changes) is full; the first, when more than a queue's worth of its own changes wait for the
// others, waits for them to catch up. So a worker keeps at most the changes of 4,096 accesses and its
// queue, and the first a queue's worth and those of 4,096 accesses. No wait is circular (first_waits.h): a worker waiting for room
// counts itself in the ring's `resident_blocked`, and the first merges wherever it waits; a worker waiting
// for anything else (room for its shadow ops or placement lines, its classes at a fork or the end) keeps
// handing its changes over up to where it is (offer_resident_changes), so that its frontier never holds
// the merge back behind a change another worker waits to send. (A first version, whose waits for shadow
// room did not, hung: three workers, queues of 64 bytes, placement_structs.c.) At a client's fork and at
// the end the others hand every change over and the first merges until it has all of them, so that a
// child's first starts with every change before the fork replayed.
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

// At a hand-over (between accesses): another worker hands every change over, waiting for room; the first
// replays every change the merge allows and waits for the others while it keeps more than a queue's worth.
void pass_resident_changes();
// Another worker, in any wait (`mid_access`: in the middle of an access): hands over the changes its
// queue has room for, and its frontier. Returns how long the wait may sleep: `timeout_ms`, or briefly
// while changes are left (the wait sleeps on another bell than the queue's). Nothing in the first.
std::uint32_t offer_resident_changes(bool mid_access, std::uint32_t timeout_ms);
// The first, in its waits (first_waits.h): whether a worker waiting for room has posted since the last
// merge; how long it may sleep (briefly while one waits); the merge, in the middle of an access or not.
bool resident_merge_wanted();
std::uint32_t resident_merge_wait_ms(std::uint32_t timeout_ms);
void merge_resident_changes(bool mid_access);
// At a client's fork: every worker's changes before it are replayed by the first before any worker forks.
void resident_queues_at_fork();
// At the end, after the replay's last accesses: the others send every change and an endless frontier; the
// first replays until it has every worker's.
void finish_resident_queues();

}  // namespace ccsim

#endif
