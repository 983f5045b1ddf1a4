// resident_lines.cc: each object's lines in each level, counted at fills and removals (resident_lines.h).
#include "ccsim/tool/data_objects/resident_lines.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/valgrind_api.h"

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
  HashMap<std::uint64_t, Residency> per_object{"ccsim.resident.per_object"};  // residency_key()
};
Tables* tables = nullptr;
std::uint32_t line_shift = 0;
std::uint64_t clock = 0;  // L1 misses since the start or zeroing

// The counts that rose since the last tick, whose peaks are taken at the next tick (or the visit): a miss
// fills before its eviction's notice comes, so the count just after a fill may be one over what the
// access leaves. An access fills at most three levels; a full list is settled at once.
constexpr std::uint32_t kMaxRisen = 8;
std::uint64_t risen[kMaxRisen];  // residency_key()
std::uint32_t risen_count = 0;

// An object's id, or with several workers its key (DataObject::key), with a level.
std::uint64_t residency_key(std::uint64_t object, Level level) { return object << 2 | std::uint64_t(level); }

void settle_peaks() {
  for (std::uint32_t i = 0; i < risen_count; ++i) {
    Residency& r = tables->per_object.find_or_add(risen[i]);
    if (r.held > r.lines.peak) r.lines.peak = r.held;
  }
  risen_count = 0;
}

// Brings the integral up to now before the count of `key` changes by `change` (+1 or -1).
void apply_change(std::uint64_t key, std::int64_t change) {
  Residency& r = tables->per_object.find_or_add(key);
  r.lines.integral += r.held * (clock - r.since);
  r.since = clock;
  r.held += change;
  if (change > 0) {
    if (risen_count == kMaxRisen) settle_peaks();
    risen[risen_count++] = key;
  }
}

// An L1 miss: the previous access is over (its evictions came), and the clock ticks.
void apply_tick() {
  settle_peaks();
  ++clock;
}

void apply_zero() {
  settle_peaks();
  clock = 0;
  tables->per_object.for_each([](std::uint64_t, Residency& r) {
    r.since = 0;
    r.lines = ResidentLines{0, 0, r.held};
  });
}

// A worker of line shards (resident_lines.h) logs the changes it would apply, in its order, each with its
// place in the run (ResidentChange). `what`: the key (the object's DataObject::key << 2 | level) << kOpBits
// | the op's bits.
constexpr std::uint64_t kFall = 1;         // the count falls by one (else it rises by one)
constexpr std::uint64_t kTickFirst = 2;    // the clock ticks (apply_tick) before the change
constexpr std::uint64_t kZero = 4;         // apply_zero(), no change
constexpr std::uint64_t kOpBits = 3;
constexpr std::uint64_t kBetweenAccesses = 0xFFFF;

// Made by log_resident_lines_for_shard(); null otherwise, so that the inline count pays one null test
// per notice and its globals stay as they were.
struct ShardLog {
  bool first = false;                 // the first worker: it replays every worker's changes
  std::uint64_t access = 0;           // the number of the access being simulated (1-based)
  Addr first_line = 0;                // its first line
  Addr event_line = 0;                // the line of the notice being counted
  bool tick_pending = false;          // the next change carries kTickFirst
  // The changes logged and not yet handed on (the first: not yet replayed), oldest from `head` on: those
  // of the last 4,096 accesses and, in the first, at most a queue's worth more (resident_queues.h).
  GrowableArray<ResidentChange> waiting{"ccsim.resident.waiting"};
  std::uint32_t head = 0;
  // The first, at the end: this worker's object of each key the replay counted by (object_transfer.cc
  // tells those of the others' objects; its own are added at the visit).
  HashMap<std::uint64_t, ObjectId> objects_by_key{"ccsim.resident.keys"};
};
ShardLog* shard_log = nullptr;

void log_change(std::uint64_t what) {
  std::uint64_t place = shard_log->event_line - shard_log->first_line;
  if (place >= kBetweenAccesses) place = kBetweenAccesses - 1;  // not reached: a notice is of the access's lines
  if (shard_log->tick_pending) what |= kTickFirst;
  shard_log->tick_pending = false;
  shard_log->waiting.push_back(ResidentChange{shard_log->access << 16 | place, what});
}

// The count of `object` at `level` changes by `change` (+1 or -1): counted, or logged in a worker by the
// object's key, which the first's replay shares with every worker.
void change_held(ObjectId object, Level level, std::int64_t change) {
  if (shard_log != nullptr) {
    return log_change(residency_key(data_object(object).key, level) << kOpBits | (change < 0 ? kFall : 0));
  }
  apply_change(residency_key(object, level), change);
}

// The first, at the visit: the counts by key become counts by this worker's ids. Two keys name one object
// only where workers made it with another extent (the mprotect limit, docs/parallel-simulation.md,
// section 9); its parts' integrals then add up, and its peak is the sum of theirs, which may pass the run's.
HashMap<std::uint64_t, ResidentLines>* counts_by_id() {
  auto* by_id = create_object<HashMap<std::uint64_t, ResidentLines>>("ccsim.resident", "ccsim.resident.by_id");
  for (ObjectId id = 0; id < object_count(); ++id) {
    bool added = false;
    ObjectId& object = shard_log->objects_by_key.find_or_add(data_object(id).key, &added);
    if (added) object = id;
  }
  tables->per_object.for_each([&](std::uint64_t key, const Residency& r) {
    const ObjectId* object = shard_log->objects_by_key.find(key >> 2);
    CCSIM_ASSERT(object != nullptr);  // every key counted is of an object some worker made, matched at the end
    ResidentLines& lines = by_id->find_or_add(residency_key(*object, static_cast<Level>(key & 3)));
    lines.integral += r.lines.integral + r.held * (clock - r.since);
    lines.clock = clock;
    lines.peak += r.lines.peak;
  });
  return by_id;
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
  if (shard_log == nullptr) return apply_zero();
  // Every worker zeroes at the same point of the stream: the first replays its own zeroing alone.
  if (shard_log->first) shard_log->waiting.push_back(ResidentChange{shard_log->access << 16 | kBetweenAccesses, kZero});
}

void count_resident_fill(const MissNotice& miss, ObjectId object) {
  if (shard_log != nullptr) shard_log->event_line = miss.address >> line_shift;
  if (miss.level == Level::L1) {
    if (shard_log != nullptr) {
      shard_log->tick_pending = true;  // carried by the change below, which always comes
    } else {
      apply_tick();
    }
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
  if (shard_log != nullptr) shard_log->event_line = eviction.evictor_address >> line_shift;
  remove_copy(eviction.line_address >> line_shift, eviction.level, eviction.victim_proc);
}

void count_resident_invalidation(const InvalidationNotice& invalidation) {
  const Addr line = invalidation.line_address >> line_shift;
  if (shard_log != nullptr) shard_log->event_line = line;  // the writer's access is to the same line
  remove_copy(line, Level::L1, invalidation.victim_proc);
  remove_copy(line, Level::L2, invalidation.victim_proc);
}

void for_each_resident(ResidentVisitor visit, void* context) {
  settle_peaks();
  if (shard_log != nullptr) {
    // Every change is replayed by now (resident_queues.h): the others' at the end, and the first's own.
    CCSIM_ASSERT(resident_changes_waiting() == 0);
    HashMap<std::uint64_t, ResidentLines>* by_id = counts_by_id();
    by_id->for_each([&](std::uint64_t key, const ResidentLines& lines) {
      visit(context, static_cast<ObjectId>(key >> 2), static_cast<Level>(key & 3), lines);
    });
    destroy_object(by_id);
    return;
  }
  tables->per_object.for_each([&](std::uint64_t key, const Residency& r) {
    ResidentLines lines = r.lines;
    lines.integral += r.held * (clock - r.since);
    lines.clock = clock;
    visit(context, static_cast<ObjectId>(key >> 2), static_cast<Level>(key & 3), lines);
  });
}

bool resident_follows_accesses = false;

void log_resident_lines_for_shard(bool first) {
  if (tables == nullptr) return;
  shard_log = create_object<ShardLog>("ccsim.resident.log");
  shard_log->first = first;
  resident_follows_accesses = true;
}

bool resident_lines_logged() { return shard_log != nullptr; }

void resident_access_begins(Addr address) {
  // Between accesses: the previous one is over, this one not begun (the worker's hand-overs within a chunk
  // come just before: workers/log_hand_overs.h).
  ++shard_log->access;
  shard_log->first_line = address >> line_shift;
}

std::uint32_t resident_changes_waiting() { return shard_log->waiting.size() - shard_log->head; }

const ResidentChange& waiting_resident_change(std::uint32_t i) { return shard_log->waiting[shard_log->head + i]; }

void drop_waiting_resident_changes(std::uint32_t count) {
  ShardLog& log = *shard_log;
  log.head += count;
  // All of them, or the first half once it is large (amortized).
  if (log.head == log.waiting.size()) {
    log.waiting.clear();
    log.head = 0;
  } else if (log.head >= (1u << 16) && 2 * log.head >= log.waiting.size()) {
    const std::uint32_t kept = log.waiting.size() - log.head;
    VG_(memmove)(log.waiting.data(), log.waiting.data() + log.head, kept * sizeof(ResidentChange));
    log.waiting.resize(kept);
    log.head = 0;
  }
}

std::uint64_t resident_frontier(bool mid_access) {
  if (mid_access) return shard_log->access << 16;
  // Between accesses: the first may still zero at this access's place after it; the others log nothing
  // before the next access's.
  return shard_log->first ? shard_log->access << 16 | kBetweenAccesses : (shard_log->access + 1) << 16;
}

void replay_resident_change(const ResidentChange& change) {
  if (change.what & kZero) return apply_zero();
  if (change.what & kTickFirst) apply_tick();
  apply_change(change.what >> kOpBits, (change.what & kFall) != 0 ? -1 : +1);
}

void note_resident_key(std::uint64_t key, ObjectId object) {
  if (shard_log == nullptr) return;
  bool added = false;
  ObjectId& known = shard_log->objects_by_key.find_or_add(key, &added);
  if (added) known = object;
}

}  // namespace ccsim
