// object_timeline.h: --timeline, the objects' events over time (`timeline:` and `timeline-object:`
// records; docs/output-format.md): per interval of the run and object, its L1 misses by cause, coherence
// misses, invalidations received and transfers (region_phases.h's counts), as Buck and Hollingsworth
// draw misses over time per array (Fig. 5): a phase that moves from one array to another shows.
//
// An interval is `width` line accesses (--timeline=N: the accesses simulated before the one that caused
// the event, counted by the core's line_accesses(), so it follows the simulated order) or `width`
// regions (--timeline=epoch: by region id; a team's epochs are numbered in order). Bounded: at most
// kMaxTimelineIntervals intervals; when an event falls beyond the last, neighbouring intervals are added
// together in pairs and the width doubles, as often as needed (the profile gives the final width). Every
// object is counted; the profile writes the kTimelineObjects objects with the most events (L1 misses,
// invalidations received and transfers over the run), chosen when it is written.
//
// Off by default: then the observer pays one predictable branch per notice.
#ifndef CCSIM_TOOL_OBJECT_TIMELINE_H
#define CCSIM_TOOL_OBJECT_TIMELINE_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/data_objects/region_phases.h"

namespace ccsim {

class Simulator;

constexpr std::uint32_t kMaxTimelineIntervals = 256;
constexpr std::uint32_t kTimelineObjects = 16;

// --timeline: off, every `width` accesses, or every `width` regions (epochs).
enum class TimelineUnit : std::uint8_t { Off, Accesses, Epochs };

// Whether --timeline is on (init_object_timeline() was called with a unit other than Off).
extern bool timeline_on;

void init_object_timeline(const Simulator* simulator, TimelineUnit unit, std::uint64_t width);
void zero_object_timeline();

// One event of `object` in `region`, at `address` (a byte of the access that caused it). With
// --timeline=epoch the region is the position; with --timeline=N the line accesses simulated so far, read
// from the core, or, in a worker of line shards, the whole run's count (below).
void count_timeline_event(RegionId region, ObjectId object, Addr address, PhaseEvent event);

// A worker of line shards (--sim-threads above 1) simulates only its own lines' accesses, so its core
// counts only those. With --timeline=N the worker's access path tells the timeline of every access
// around its simulation (skipped or not), and an event's position is then the whole run's count: the
// line accesses of every access before this one, those of this access's own lines simulated so far (the
// core's count since the access began), and this access's other workers' lines below the event's line,
// which the whole run would have simulated first (an access's lines are simulated in address order).
// Installed once, in such a worker: `owns_line` says whether a line number is this worker's.
void count_timeline_for_shard(bool (*owns_line)(Addr line), std::uint32_t line_shift);
// Whether count_timeline_for_shard() was installed: the access paths then call the two below.
extern bool timeline_follows_accesses;
void timeline_access_begins(Addr address);
void timeline_access_ends(Addr address, std::uint32_t size);

// After the run: the unit, the final width and the number of intervals (the last one with an event,
// plus one), and the chosen objects' non-zero intervals, in no order.
struct TimelineShape {
  TimelineUnit unit;
  std::uint64_t width;
  std::uint32_t intervals;
};
TimelineShape timeline_shape();
using TimelineVisitor = void (*)(void* context, std::uint32_t interval, ObjectId object, const PhaseCounts& counts);
void for_each_timeline_entry(TimelineVisitor visit, void* context);

}  // namespace ccsim

#endif
