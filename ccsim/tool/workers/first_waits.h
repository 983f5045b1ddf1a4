// first_waits.h: what the first of several workers does whenever it waits (for the ring's next chunk, for
// another worker's lines at a placement start, for the others' ops or changes at a fork or the end, for
// the others to catch up with its own shadow ops or resident lines' changes).
//
// The others wait for room in their shadow and resident queues (shadow_queues.h, resident_queues.h), and
// only the first's merges make room. So no wait of the first may sleep through them: it wakes when a
// worker waiting for room has posted (every post then rings every bell it may sleep on, wake_first), sleeps
// briefly while any worker waits (a placement start's bell is not rung by posts), and merges both kinds
// each time it wakes. No wait is
// then circular: the stream whose head (an item, or the frontier of a worker that has sent everything
// before it) is the smallest of both kinds can always be taken or is a worker that is running, since a
// waiting worker hands both kinds over up to where it is (docs/parallel-simulation.md, section 9).
#ifndef CCSIM_TOOL_WORKERS_FIRST_WAITS_H
#define CCSIM_TOOL_WORKERS_FIRST_WAITS_H

#include <cstdint>

namespace ccsim {

struct RingHeader;

// Whether a worker waiting for room has posted since the first's last merge of its kind: the first must
// merge instead of sleeping.
bool first_merges_wanted();
// How long a wait of the first may sleep before it merges again: `timeout_ms`, or briefly while a worker
// waits for room.
std::uint32_t first_wait_ms(std::uint32_t timeout_ms);
// The first merges the shadow ops and the resident lines' changes as far as every worker's allow, in the
// middle of an access or between two (`mid_access`).
void first_merges(bool mid_access);

// Another worker, after it posted ops or changes: while any worker waits for room, wakes the first wherever
// it sleeps but at a placement start (for the ring's data, for ops, for changes), since a post of either
// kind may let a merge of the other go on.
void wake_first(RingHeader* header);

}  // namespace ccsim

#endif
