// resident_lines.cc: each object's lines in each level, counted at fills and removals (resident_lines.h).
#include "ccsim/tool/data_objects/resident_lines.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/object_transfer.h"

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

// A worker of line shards (resident_lines.h): the changes it would apply, in its order, each with its
// place in the run: `position` is the access's number << 16 | the line's place in the access (its line
// number less the access's first), kBetweenAccesses after the access for a zeroing; `what` is the key
// (object << 2 | level) << kOpBits | the op's bits.
struct LoggedChange {
  std::uint64_t position;
  std::uint64_t what;
};
constexpr std::uint64_t kFall = 1;         // the count falls by one (else it rises by one)
constexpr std::uint64_t kTickFirst = 2;    // the clock ticks (apply_tick) before the change
constexpr std::uint64_t kZero = 4;         // apply_zero(), no change
constexpr std::uint64_t kOpBits = 3;
constexpr std::uint64_t kBetweenAccesses = 0xFFFF;
constexpr std::uint32_t kMaxWorkerLogs = 15;  // the others' logs in the first: --sim-threads is at most 16

// A log of changes, packed: per change, the LEB128 varint of its position less the previous change's
// (positions never fall within one worker's log), then the varint of `what`. About 4 bytes a change (a
// fill's access is a few accesses after the last change, an object's key below 2^18) instead of 16: the
// logs are kept to the end. The bytes are stored 8 to a word, so a log may pass 4 GiB.
class PackedLog {
 public:
  PackedLog() : words_("ccsim.resident.log") {}

  void add(const LoggedChange& change) {
    put(change.position - last_position_);
    put(change.what);
    last_position_ = change.position;
    ++changes_;
  }
  std::uint64_t changes() const { return changes_; }
  std::uint64_t bytes() const { return bytes_; }
  // The words the bytes are stored in, 8 to a word from the low byte on.
  const GrowableArray<std::uint64_t>& words() const { return words_; }

 private:
  void put(std::uint64_t value) {
    for (;;) {
      const std::uint8_t low = value & 0x7f;
      value >>= 7;
      put_byte(value != 0 ? low | 0x80 : low);
      if (value == 0) return;
    }
  }
  void put_byte(std::uint8_t byte) {
    if (bytes_ % 8 == 0) words_.push_back(0);
    words_[static_cast<std::uint32_t>(bytes_ / 8)] |= std::uint64_t(byte) << (8 * (bytes_ % 8));
    ++bytes_;
  }

  GrowableArray<std::uint64_t> words_;
  std::uint64_t bytes_ = 0;
  std::uint64_t changes_ = 0;
  std::uint64_t last_position_ = 0;
};

// Reads packed changes in order: a PackedLog's, or a hand-over's words in place. Bytes that end inside a
// varint make the reader fail (ok() false) rather than read past them.
class PackedLogReader {
 public:
  PackedLogReader(const std::uint64_t* words, std::uint64_t bytes) : words_(words), bytes_(bytes) { advance(); }
  explicit PackedLogReader(const PackedLog* log) : PackedLogReader(log->words().data(), log->bytes()) {}
  // The change in hand, while there is one.
  bool more() const { return more_; }
  bool ok() const { return ok_; }
  const LoggedChange& change() const { return change_; }
  void advance() {
    more_ = ok_ && at_ < bytes_;
    if (!more_) return;
    change_.position += get();
    change_.what = get();
    more_ = ok_;
  }

 private:
  std::uint64_t get() {
    std::uint64_t value = 0;
    for (std::uint32_t shift = 0; shift < 64; shift += 7) {
      if (at_ == bytes_) break;
      const std::uint8_t byte = static_cast<std::uint8_t>(words_[at_ / 8] >> (8 * (at_ % 8)));
      ++at_;
      value |= std::uint64_t(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) return value;
    }
    ok_ = false;
    return 0;
  }

  const std::uint64_t* words_;
  std::uint64_t bytes_;
  std::uint64_t at_ = 0;
  bool more_ = false;
  bool ok_ = true;
  LoggedChange change_{0, 0};
};

// Made by log_resident_lines_for_shard(); null otherwise, so that the inline count pays one null test
// per notice and its globals stay as they were.
struct ShardLog {
  std::uint64_t access = 0;           // the number of the access being simulated (1-based)
  Addr first_line = 0;                // its first line
  Addr event_line = 0;                // the line of the notice being counted
  bool tick_pending = false;          // the next change carries kTickFirst
  PackedLog* own = nullptr;
  // The other workers' logs, added by the first (their ids translated), and whether they were replayed.
  PackedLog* others[kMaxWorkerLogs] = {};
  std::uint32_t other_count = 0;
  bool replayed = false;
};
ShardLog* shard_log = nullptr;

void log_change(std::uint64_t what) {
  std::uint64_t place = shard_log->event_line - shard_log->first_line;
  if (place >= kBetweenAccesses) place = kBetweenAccesses - 1;  // not reached: a notice is of the access's lines
  if (shard_log->tick_pending) what |= kTickFirst;
  shard_log->tick_pending = false;
  shard_log->own->add(LoggedChange{shard_log->access << 16 | place, what});
}

// The count of `object` at `level` changes by `change` (+1 or -1): counted, or logged in a worker.
void change_held(ObjectId object, Level level, std::int64_t change) {
  if (shard_log != nullptr) return log_change(residency_key(object, level) << kOpBits | (change < 0 ? kFall : 0));
  apply_change(residency_key(object, level), change);
}

// Every worker's log merged by position and replayed, as one simulator would have counted: an access's
// line is one worker's, so positions differ between workers but for the zeroings, which every worker
// logs at the same point and the first replays alone (the others' are dropped when added).
void replay_logs() {
  shard_log->replayed = true;
  PackedLogReader* logs[kMaxWorkerLogs + 1];
  std::uint32_t count = 0;
  logs[count++] = create_object<PackedLogReader>("ccsim.resident.log", shard_log->own);
  for (std::uint32_t i = 0; i < shard_log->other_count; ++i) {
    logs[count++] = create_object<PackedLogReader>("ccsim.resident.log", shard_log->others[i]);
  }
  for (;;) {
    std::uint32_t from = count;
    for (std::uint32_t i = 0; i < count; ++i) {
      if (logs[i]->more() && (from == count || logs[i]->change().position < logs[from]->change().position)) from = i;
    }
    if (from == count) break;
    const LoggedChange change = logs[from]->change();
    logs[from]->advance();
    if (change.what & kZero) {
      apply_zero();
      continue;
    }
    if (change.what & kTickFirst) apply_tick();
    apply_change(change.what >> kOpBits, (change.what & kFall) != 0 ? -1 : +1);
  }
  for (std::uint32_t i = 0; i < count; ++i) destroy_object(logs[i]);
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
  shard_log->own->add(LoggedChange{shard_log->access << 16 | kBetweenAccesses, kZero});
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
  if (shard_log != nullptr && !shard_log->replayed) replay_logs();
  settle_peaks();
  tables->per_object.for_each([&](std::uint64_t key, const Residency& r) {
    ResidentLines lines = r.lines;
    lines.integral += r.held * (clock - r.since);
    lines.clock = clock;
    visit(context, static_cast<ObjectId>(key >> 2), static_cast<Level>(key & 3), lines);
  });
}

bool resident_follows_accesses = false;

void log_resident_lines_for_shard() {
  if (tables == nullptr) return;
  shard_log = create_object<ShardLog>("ccsim.resident.log");
  shard_log->own = create_object<PackedLog>("ccsim.resident.log");
  resident_follows_accesses = true;
}

void resident_access_begins(Addr address) {
  ++shard_log->access;
  shard_log->first_line = address >> line_shift;
}

// The log's words: its changes and bytes, then its packed bytes' words.
void write_resident_log(WordWriter* out) {
  if (shard_log == nullptr) return out->put(0);
  const PackedLog& log = *shard_log->own;
  out->put(log.changes());
  if (log.changes() == 0) return;
  out->put(log.bytes());
  for (std::uint32_t i = 0; i < log.words().size(); ++i) out->put(log.words()[i]);
}

bool add_resident_log(WordReader* in) {
  const std::uint64_t changes = in->get();
  if (!in->ok()) return false;
  if (changes == 0) return true;
  const std::uint64_t bytes = in->get();
  if (!in->ok() || shard_log == nullptr || shard_log->other_count == kMaxWorkerLogs || bytes < 2 * changes ||
      bytes > 20 * changes) {
    return false;
  }
  const std::uint64_t* words = in->take((bytes + 7) / 8);
  if (words == nullptr) return false;
  // The sender's log, read in place, its changes translated into a log of this worker's.
  auto* log = create_object<PackedLog>("ccsim.resident.log");
  std::uint64_t read = 0;
  PackedLogReader reader(words, bytes);
  for (; reader.more(); reader.advance(), ++read) {
    LoggedChange change = reader.change();
    if (change.what & kZero) continue;  // the first's own zeroings are replayed
    const ObjectId object = transferred_object(change.what >> (kOpBits + 2));
    if (object == kNoTransferredObject || (change.what >> kOpBits & 3) >= std::uint64_t(kNumLevels)) return false;
    change.what = residency_key(object, static_cast<Level>(change.what >> kOpBits & 3)) << kOpBits |
                  (change.what & (kFall | kTickFirst));
    log->add(change);
  }
  if (!reader.ok() || read != changes) return false;
  shard_log->others[shard_log->other_count++] = log;
  return true;
}

}  // namespace ccsim
