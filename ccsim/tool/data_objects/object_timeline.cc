// object_timeline.cc: per interval and object, the events of --timeline (object_timeline.h).
#include "ccsim/tool/data_objects/object_timeline.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

bool timeline_on = false;
bool timeline_follows_accesses = false;

namespace {

// (interval << 32 | object) -> its counts.
using IntervalTable = HashMap<std::uint64_t, PhaseCounts>;

struct Timeline {
  const Simulator* simulator = nullptr;
  TimelineUnit unit = TimelineUnit::Off;
  std::uint64_t width = 1;
  std::uint32_t intervals = 0;  // one more than the last interval with an event
  IntervalTable counts{"ccsim.timeline"};
  // The entry counted last: a notice and the ones after it (a miss, its coherence miss, invalidation and
  // transfer) are mostly of one object in one interval, so a repeat costs a compare, not a hash lookup.
  // Forgotten (last = null) when the table is emptied or rebuilt.
  std::uint64_t last_key = 0;
  PhaseCounts* last = nullptr;
};
Timeline* timeline = nullptr;

// A worker of line shards with --timeline=N (count_timeline_for_shard()): the whole run's line accesses
// before the current access, the core's count when it began, its first line, and which lines are this
// worker's.
struct ShardAccesses {
  std::uint64_t before = 0;
  std::uint64_t core_at_start = 0;
  Addr first_line = 0;
  std::uint32_t line_shift = 0;
  bool (*owns_line)(Addr line) = nullptr;
};
ShardAccesses shard_accesses;

// The position of an event at `address` with --timeline=N (object_timeline.h).
std::uint64_t access_position(Addr address) {
  const std::uint64_t core = line_accesses(timeline->simulator);
  if (!timeline_follows_accesses) return core;
  std::uint64_t others_below = 0;
  for (Addr line = shard_accesses.first_line; line < address >> shard_accesses.line_shift; ++line) {
    others_below += !shard_accesses.owns_line(line);
  }
  return shard_accesses.before + (core - shard_accesses.core_at_start) + others_below;
}

std::uint64_t key_of(std::uint32_t interval, ObjectId object) { return std::uint64_t(interval) << 32 | object; }

// Adds neighbouring intervals together in pairs: the width doubles.
void halve_intervals() {
  GrowableArray<std::uint64_t> keys("ccsim.timeline.keys");
  GrowableArray<PhaseCounts> values("ccsim.timeline.values");
  timeline->counts.for_each([&](std::uint64_t key, const PhaseCounts& counts) {
    keys.push_back(key);
    values.push_back(counts);
  });
  timeline->counts.clear();
  timeline->last = nullptr;
  for (std::uint32_t i = 0; i < keys.size(); ++i) {
    PhaseCounts& into = timeline->counts.find_or_add(key_of(static_cast<std::uint32_t>(keys[i] >> 32) / 2,
                                                            static_cast<ObjectId>(keys[i])));
    add_phase_counts(into, values[i]);
  }
  timeline->width *= 2;
  timeline->intervals = (timeline->intervals + 1) / 2;
}

std::uint64_t weight(const PhaseCounts& counts) {
  return counts.counts[kPhaseMissCompulsory] + counts.counts[kPhaseMissTransfer] + counts.counts[kPhaseMissCoherence] +
         counts.counts[kPhaseMissReplacement] + counts.counts[kPhaseInvalidationsTrue] +
         counts.counts[kPhaseInvalidationsFalse] + counts.counts[kPhaseTransfers];
}

struct Weight {
  ObjectId object;
  std::uint64_t weight;
};

Int heavier_first(const void* a, const void* b) {
  const Weight& x = *static_cast<const Weight*>(a);
  const Weight& y = *static_cast<const Weight*>(b);
  if (x.weight != y.weight) return x.weight > y.weight ? -1 : 1;
  // Object ids follow the order objects were made in, which scheduling changes: names first.
  const Int by_name = VG_(strcmp)(data_object(x.object).name, data_object(y.object).name);
  if (by_name != 0) return by_name;
  return x.object < y.object ? -1 : x.object > y.object ? 1 : 0;
}

}  // namespace

void init_object_timeline(const Simulator* simulator, TimelineUnit unit, std::uint64_t width) {
  if (unit == TimelineUnit::Off) return;
  timeline = create_object<Timeline>("ccsim.timeline");
  timeline->simulator = simulator;
  timeline->unit = unit;
  timeline->width = width;
  timeline_on = true;
}

void zero_object_timeline() {
  if (timeline == nullptr) return;
  timeline->counts.clear();
  timeline->last = nullptr;
}

void count_timeline_for_shard(bool (*owns_line)(Addr line), std::uint32_t line_shift) {
  if (timeline == nullptr || timeline->unit != TimelineUnit::Accesses) return;
  shard_accesses.owns_line = owns_line;
  shard_accesses.line_shift = line_shift;
  timeline_follows_accesses = true;
}

void timeline_access_begins(Addr address) {
  shard_accesses.first_line = address >> shard_accesses.line_shift;
  shard_accesses.core_at_start = line_accesses(timeline->simulator);
}

void timeline_access_ends(Addr address, std::uint32_t size) {
  shard_accesses.before += ((address + size - 1) >> shard_accesses.line_shift) - (address >> shard_accesses.line_shift) + 1;
}

void count_timeline_event(RegionId region, ObjectId object, Addr address, PhaseEvent event) {
  const std::uint64_t position = timeline->unit == TimelineUnit::Epochs ? region : access_position(address);
  std::uint64_t interval = position / timeline->width;
  while (interval >= kMaxTimelineIntervals) {
    halve_intervals();
    interval = position / timeline->width;
  }
  const auto index = static_cast<std::uint32_t>(interval);
  if (index >= timeline->intervals) timeline->intervals = index + 1;
  const std::uint64_t key = key_of(index, object);
  if (timeline->last == nullptr || timeline->last_key != key) {
    // Only here is an entry added, and then the new one is remembered: `last` is never stale.
    timeline->last = &timeline->counts.find_or_add(key);
    timeline->last_key = key;
  }
  ++timeline->last->counts[event];
}

TimelineShape timeline_shape() {
  if (timeline == nullptr) return TimelineShape{TimelineUnit::Off, 0, 0};
  return TimelineShape{timeline->unit, timeline->width, timeline->intervals};
}

void for_each_timeline_entry(TimelineVisitor visit, void* context) {
  if (timeline == nullptr) return;
  HashMap<ObjectId, std::uint64_t> totals("ccsim.timeline.totals");
  timeline->counts.for_each([&](std::uint64_t key, const PhaseCounts& counts) {
    totals.find_or_add(static_cast<ObjectId>(key)) += weight(counts);
  });
  GrowableArray<Weight> weights("ccsim.timeline.weights");
  totals.for_each([&](ObjectId object, std::uint64_t total) {
    if (total != 0) weights.push_back(Weight{object, total});
  });
  VG_(ssort)(weights.data(), weights.size(), sizeof(Weight), heavier_first);
  HashSet<ObjectId> chosen("ccsim.timeline.chosen");
  for (std::uint32_t i = 0; i < weights.size() && i < kTimelineObjects; ++i) chosen.add(weights[i].object);
  timeline->counts.for_each([&](std::uint64_t key, const PhaseCounts& counts) {
    const auto object = static_cast<ObjectId>(key);
    if (chosen.contains(object) && weight(counts) + counts.counts[kPhaseCoherenceMissTrue] +
                                           counts.counts[kPhaseCoherenceMissFalse] != 0) {
      visit(context, static_cast<std::uint32_t>(key >> 32), object, counts);
    }
  });
}

// The hand-over between workers of line shards (object_transfer.h): the unit, the width, the intervals,
// then each entry's interval, object and counts. Every worker places an event where the whole run does
// (by region, or by the whole run's line accesses: count_timeline_for_shard()). A worker's width is the
// smallest the events of its own lines needed, and the run's is the largest of them (the widths double
// from the same start), so the finer of two tables is coarsened to the other's, exactly as the run would
// have (halve_intervals()), before they are added.
void write_object_timeline(WordWriter* out) {
  if (timeline == nullptr) {
    out->put(0);
    return;
  }
  out->put(static_cast<std::uint64_t>(timeline->unit));
  out->put(timeline->width);
  out->put(timeline->intervals);
  out->put(timeline->counts.size());
  timeline->counts.for_each([&](std::uint64_t key, const PhaseCounts& counts) {
    out->put(key);
    out->put(counts.counts, kPhaseEvents);
  });
}

bool add_object_timeline(WordReader* in) {
  const std::uint64_t unit = in->get();
  if (timeline == nullptr) return in->ok() && unit == 0;
  const std::uint64_t width = in->get();
  const std::uint64_t intervals = in->get();
  if (!in->ok() || unit != static_cast<std::uint64_t>(timeline->unit) || width == 0 || intervals > kMaxTimelineIntervals) {
    return false;
  }
  // Both widths are the option's times a power of two.
  while (timeline->width < width) halve_intervals();
  const std::uint64_t factor = timeline->width / width;
  if (factor == 0 || timeline->width % width != 0) return false;
  const std::uint64_t their_intervals = intervals == 0 ? 0 : (intervals - 1) / factor + 1;
  if (their_intervals > timeline->intervals) timeline->intervals = static_cast<std::uint32_t>(their_intervals);
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(1 + kPhaseEvents);
    const ObjectId object = f != nullptr ? transferred_object(static_cast<ObjectId>(f[0])) : kNoTransferredObject;
    if (object == kNoTransferredObject || (f[0] >> 32) >= intervals) return false;
    const auto interval = static_cast<std::uint32_t>((f[0] >> 32) / factor);
    PhaseCounts& counts = timeline->counts.find_or_add(key_of(interval, object));
    for (std::uint32_t event = 0; event < kPhaseEvents; ++event) counts.counts[event] += f[1 + event];
  }
  timeline->last = nullptr;  // the table may have moved
  return in->ok();
}

}  // namespace ccsim
