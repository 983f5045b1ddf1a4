// shadow_queues.h: the shadow stage run online by the first of several workers (--sim-threads above 1 with
// --miss-classes=yes; docs/parallel-simulation.md, section 9, "Miss classes").
//
// Each worker's simulator writes down what its shadows would be asked (core/shadow_log.h), and the stage
// (core/shadow_stage.h) answers the questions of every worker in the order of the line accesses. Kept to the
// end, the logs grew by an op per line access and level (7 GB on perf/'s triad at SCALE=2 with two workers,
// against 0.1 GB inline). So the logs are drained as they grow: at each hand-over (after each chunk of the
// ring and every 4,096 accesses within one: log_hand_overs.h; and before it waits for room in its placement
// queue) every other worker moves its log's ops into its ShadowQueue in the ring (shared_ring.h) and clears
// the log; the first merges its own log and the queues by key, as far as every worker's ops are known, and
// applies the ops to its stage at once. A worker's frontier, published with its ops, is the smallest key it
// may still send: the ops of the line access under way (2n) in the middle of one, else those of the next
// (2n + 2); so an empty queue holds the merge back only as far as its worker has not got.
//
// Bounded: a queue holds 256 KiB; at a hand-over its worker sends every op, waiting for room while the queue
// is full (the program's process then waits for the ring, as with a slow worker); the first's own ops wait,
// in the queues' words, until the others' frontiers pass them, and when more than a queue's worth wait, the
// first waits for the others to catch up, as with its resident lines' changes. So another worker holds at
// most the ops of 4,096 accesses, and the first those and a queue's worth. No wait is circular
// (first_waits.h): the first merges both kinds whenever it wakes (it waits for room in a class queue only at
// a fork and at the end, to send the classes back, which their workers are then waiting to read), a worker
// waiting for room counts itself in the ring's `stage_blocked` and wakes the first wherever it sleeps, and
// the stream with the smallest key is never one waiting for room: its ops below its frontier can be taken.
//
// The classes go back: with data objects each worker charged its replacement misses to their objects during
// the access and keeps where (data_objects/deferred_miss_classes.h), so the stage sends each worker the
// classes of its misses, a byte each in the miss's order, through the worker's ClassQueue; the worker counts
// them in the same cells at its next hand-over (a safe point, between accesses: the merge may also run in the
// middle of an access, inside the objects' counting) and forgets the misses. The first's own wait for its
// next hand-over. At a client's fork every class of the misses before it is told before any worker forks, so
// that the child's workers start with nothing in flight. The stage's own counts are the first's to add at the
// end.
#ifndef CCSIM_TOOL_WORKERS_SHADOW_QUEUES_H
#define CCSIM_TOOL_WORKERS_SHADOW_QUEUES_H

#include <cstdint>

namespace ccsim {

class MergedStatistics;
class SharedRing;
class Simulator;

// In worker `index` of several serving `ring`, whose simulator keeps a shadow log: the stage runs online
// from now on. `run_over` is asked, when a wait times out, whether the run is over (the worker then ends).
void start_shadow_queues(const SharedRing* ring, std::uint32_t index, Simulator* simulator, bool (*run_over)());
// A worker forked for the client's child serves the child's ring from now on (its queues are new).
void shadow_queues_ring(const SharedRing* ring);
// Whether the online stage runs in this worker.
bool shadow_queues_on();

// At a hand-over (between accesses): another worker sends every op, waiting for room, and tells its
// objects' side the classes come back so far; the first applies every op the merge allows, waits for the
// others while it keeps more than a queue's worth of its own, and tells its objects' side the classes of
// its own misses found so far.
void pass_shadow_ops();
// A worker other than the first: hands its log's ops over, then its frontier (`mid_access`: in the middle
// of a line access, whose ops may still come); at a safe point (not `mid_access`), also tells its objects'
// side the classes come back so far.
void send_shadow_ops(bool mid_access);
// The first: applies every op the merge allows, in the middle of an access or not (`mid_access`), and sends
// the others the classes found as far as their queues have room.
void advance_shadow_stage(bool mid_access);
// The first, in its wait for the ring's data: whether a worker waiting for room has posted since the last
// advance_shadow_stage() (the first must then merge instead of sleeping).
bool shadow_stage_wanted();
// The first: how long its waits may sleep before advancing again while a worker waits for room, at most
// `timeout_ms`.
std::uint32_t shadow_stage_wait_ms(std::uint32_t timeout_ms);

// At a client's fork: every worker's ops before it reach the first's stage before any worker forks, so that
// the child's first has them all. The others hand theirs over; the first merges until it has them.
void shadow_queues_at_fork();

// At the end, after the replay's last accesses: the others hand over their last ops and an endless
// frontier, and wait for their last classes; the first merges until every worker's ops are in and sends
// and tells every class.
void finish_shadow_queues();

// The first, at the end: adds the stage's capacity and conflict misses per (processor, reference) and
// region to `merged`.
void add_shadow_stage_counts(MergedStatistics* merged);

}  // namespace ccsim

#endif
