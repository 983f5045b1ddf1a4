// resident_lines.cc: each object's lines in each level, counted at fills and removals (resident_lines.h).
#include "ccsim/tool/data_objects/resident_lines.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

// One copy of a line in one cache: the line number, and the cache: level << 16 | processor (the shared
// LLC as processor 0xFFFF; processors are fewer than 4096).
struct CopyKey {
  Addr line;
  std::uint32_t cache;
};
struct CopyKeyTraits {
  static std::uint64_t hash(const CopyKey& key) { return key.line * 0x9E3779B97F4A7C15ull ^ key.cache; }
  static bool equal(const CopyKey& a, const CopyKey& b) { return a.line == b.line && a.cache == b.cache; }
};
constexpr std::uint32_t kSharedCache = 0xFFFF;

std::uint32_t cache_of(Level level, ProcId proc) {
  return std::uint32_t(level) << 16 | (level == Level::LLC ? kSharedCache : proc);
}

// An object's lines at one level now, and what resident_lines.h reports.
struct Residency {
  std::uint64_t held;
  std::uint64_t since;  // the clock when `held` last changed: the integral is complete up to there
  ResidentLines lines;
};

struct Tables {
  HashMap<CopyKey, ObjectId, CopyKeyTraits> copies{"ccsim.resident.copies"};
  HashMap<std::uint64_t, Residency> per_object{"ccsim.resident.per_object"};  // object << 2 | level
};
Tables* tables = nullptr;
std::uint32_t line_shift = 0;
std::uint64_t clock = 0;  // L1 misses since the start or zeroing

// The counts that rose since the last tick, whose peaks are taken at the next tick (or the visit): a miss
// fills before its eviction's notice comes, so the count just after a fill may be one over what the
// access leaves. An access fills at most three levels; a full list is settled at once.
constexpr std::uint32_t kMaxRisen = 8;
std::uint64_t risen[kMaxRisen];  // object << 2 | level
std::uint32_t risen_count = 0;

std::uint64_t residency_key(ObjectId object, Level level) { return std::uint64_t(object) << 2 | std::uint64_t(level); }

void settle_peaks() {
  for (std::uint32_t i = 0; i < risen_count; ++i) {
    Residency& r = tables->per_object.find_or_add(risen[i]);
    if (r.held > r.lines.peak) r.lines.peak = r.held;
  }
  risen_count = 0;
}

// Brings the integral up to now before the count changes by `change` (+1 or -1).
void change_held(ObjectId object, Level level, std::int64_t change) {
  Residency& r = tables->per_object.find_or_add(residency_key(object, level));
  r.lines.integral += r.held * (clock - r.since);
  r.since = clock;
  r.held += change;
  if (change > 0) {
    if (risen_count == kMaxRisen) settle_peaks();
    risen[risen_count++] = residency_key(object, level);
  }
}

void remove_copy(Addr line, Level level, ProcId proc) {
  const CopyKey key{line, cache_of(level, proc)};
  const ObjectId* object = tables->copies.find(key);
  if (object == nullptr) return;
  change_held(*object, level, -1);
  tables->copies.erase(key);
}

}  // namespace

void init_resident_lines(const MachineConfig& machine) {
  tables = create_object<Tables>("ccsim.resident");
  line_shift = static_cast<std::uint32_t>(__builtin_ctz(machine.l1.line_bytes));
}

void zero_resident_lines() {
  settle_peaks();
  clock = 0;
  tables->per_object.for_each([](std::uint64_t, Residency& r) {
    r.since = 0;
    r.lines = ResidentLines{0, 0, r.held};
  });
}

void count_resident_fill(const MissNotice& miss, ObjectId object) {
  if (miss.level == Level::L1) {
    settle_peaks();  // the previous access is over: its evictions came
    ++clock;
  }
  bool added = false;
  ObjectId& holder = tables->copies.find_or_add(CopyKey{miss.address >> line_shift, cache_of(miss.level, miss.proc)},
                                                &added);
  // Not added: a copy dropped without a notice (resident_lines.h, Limit), replaced now.
  if (!added) change_held(holder, miss.level, -1);
  holder = object;
  change_held(object, miss.level, +1);
}

void count_resident_eviction(const EvictionNotice& eviction) {
  remove_copy(eviction.line_address >> line_shift, eviction.level, eviction.victim_proc);
}

void count_resident_invalidation(const InvalidationNotice& invalidation) {
  const Addr line = invalidation.line_address >> line_shift;
  remove_copy(line, Level::L1, invalidation.victim_proc);
  remove_copy(line, Level::L2, invalidation.victim_proc);
}

void for_each_resident(ResidentVisitor visit, void* context) {
  settle_peaks();
  tables->per_object.for_each([&](std::uint64_t key, const Residency& r) {
    ResidentLines lines = r.lines;
    lines.integral += r.held * (clock - r.since);
    lines.clock = clock;
    visit(context, static_cast<ObjectId>(key >> 2), static_cast<Level>(key & 3), lines);
  });
}

}  // namespace ccsim
