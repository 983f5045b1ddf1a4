// cache_sets.cc: per level and per object, the lines and misses of each cache set (cache_sets.h).
#include "ccsim/tool/data_objects/cache_sets.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/core/sparse_line_set.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/options.h"

namespace ccsim {
namespace {

// One level: its sets' counts, indexed by set, and the lines ever brought into it by any thread.
struct LevelSets {
  std::uint64_t sets = 0;  // 0 for an absent level
  Addr set_mask = 0;       // sets - 1: a set is a mask of the line number, as in the simulator's Cache
  SetCounts* counts = nullptr;
  SparseLineSet* lines_seen = nullptr;
};

// (object, level, set) packed: object << 32 | level << 30 | set. A set number fits 30 bits: a cache is at
// most 4 GiB of lines of at least 8 bytes, so at most 2^29 sets.
std::uint64_t object_set_key(ObjectId object, Level level, std::uint64_t set) {
  return std::uint64_t(object) << 32 | std::uint64_t(level) << 30 | set;
}

struct Tables {
  LevelSets levels[kNumLevels];
  HashMap<std::uint64_t, SetCounts> per_object{"ccsim.sets.per_object"};
};
Tables* tables = nullptr;
std::uint32_t line_shift = 0;
bool miss_classes = false;

void init_level(LevelSets* level, const CacheGeometry& geometry, const char* cost_centre) {
  if (!geometry.present) return;
  level->sets = geometry.sets();
  level->set_mask = level->sets - 1;
  level->counts = allocate_zeroed_array<SetCounts>(cost_centre, level->sets);
  level->lines_seen = create_object<SparseLineSet>(cost_centre, cost_centre);
}

}  // namespace

bool working_set_on() { return options.working_set; }

void init_cache_sets(const MachineConfig& machine) {
  tables = create_object<Tables>("ccsim.sets");
  line_shift = static_cast<std::uint32_t>(__builtin_ctz(machine.l1.line_bytes));
  miss_classes = machine.miss_classes;
  init_level(&tables->levels[0], machine.l1, "ccsim.sets.L1");
  init_level(&tables->levels[1], machine.l2, "ccsim.sets.L2");
  init_level(&tables->levels[2], machine.llc, "ccsim.sets.LLC");
}

// Lines are distinct again after zeroing: a line brought in again counts once more.
void zero_cache_sets() {
  for (LevelSets& level : tables->levels) {
    if (level.sets == 0) continue;
    for (std::uint64_t set = 0; set < level.sets; ++set) level.counts[set] = SetCounts{0, 0, 0};
    level.lines_seen->clear();
  }
  tables->per_object.clear();
}

// Most misses are neither a line's first at its level nor a replacement (a coherence or transfer miss,
// another thread's first miss on a line): one bit test, then nothing.
void count_set_miss(const MissNotice& miss, ObjectId object) {
  LevelSets& level = tables->levels[static_cast<int>(miss.level)];
  const Addr line = miss.address >> line_shift;
  const bool new_line = !level.lines_seen->add_was_present(line);
  const bool replacement = miss.cause == kMissReplacement;
  if (!new_line && !replacement) return;
  const bool conflict = replacement && miss_classes && !miss.capacity && !miss.class_later;
  const std::uint64_t set = line & level.set_mask;
  SetCounts& counts = level.counts[set];
  SetCounts& mine = tables->per_object.find_or_add(object_set_key(object, miss.level, set));
  counts.lines += new_line;
  mine.lines += new_line;
  counts.replacement += replacement;
  mine.replacement += replacement;
  counts.conflict += conflict;
  mine.conflict += conflict;
}

void count_set_conflict(Level level, Addr address, ObjectId object) {
  LevelSets& sets = tables->levels[static_cast<int>(level)];
  const std::uint64_t set = (address >> line_shift) & sets.set_mask;
  ++sets.counts[set].conflict;
  ++tables->per_object.find_or_add(object_set_key(object, level, set)).conflict;
}

std::uint64_t level_sets(Level level) { return tables->levels[static_cast<int>(level)].sets; }

const SetCounts* level_set_counts(Level level) { return tables->levels[static_cast<int>(level)].counts; }

void for_each_object_set(ObjectSetVisitor visit, void* context) {
  tables->per_object.for_each([&](std::uint64_t key, const SetCounts& counts) {
    visit(context, static_cast<ObjectId>(key >> 32), static_cast<Level>((key >> 30) & 3), key & ((1u << 30) - 1),
          counts);
  });
}

// The hand-over to the first of several workers (object_transfer.h): a set is one worker's, and so is
// a line (its "distinct" bit), so the counts add up. Per level, its sets with a count, as (set, lines,
// replacement, conflict); then the objects' (key, lines, replacement, conflict). Nothing but a 0 without
// --working-set=yes.
void write_cache_sets(WordWriter* out) {
  if (tables == nullptr) return out->put(0);
  out->put(1);
  for (const LevelSets& level : tables->levels) {
    std::uint64_t used = 0;
    for (std::uint64_t set = 0; set < level.sets; ++set) {
      used += level.counts[set].lines + level.counts[set].replacement != 0;
    }
    out->put(used);
    for (std::uint64_t set = 0; set < level.sets; ++set) {
      const SetCounts& counts = level.counts[set];
      if (counts.lines + counts.replacement == 0) continue;
      const std::uint64_t words[4] = {set, counts.lines, counts.replacement, counts.conflict};
      out->put(words, 4);
    }
  }
  out->put(tables->per_object.size());
  tables->per_object.for_each([&](std::uint64_t key, const SetCounts& counts) {
    const std::uint64_t words[4] = {key, counts.lines, counts.replacement, counts.conflict};
    out->put(words, 4);
  });
}

bool add_cache_sets(WordReader* in) {
  const std::uint64_t on = in->get();
  if (!in->ok() || on != (tables != nullptr ? 1u : 0u)) return false;
  if (tables == nullptr) return true;
  for (LevelSets& level : tables->levels) {
    const std::uint64_t used = in->get();
    if (!in->ok() || used > level.sets) return false;
    for (std::uint64_t i = 0; i < used; ++i) {
      const std::uint64_t* words = in->take(4);
      if (words == nullptr || words[0] >= level.sets) return false;
      SetCounts& counts = level.counts[words[0]];
      counts.lines += words[1];
      counts.replacement += words[2];
      counts.conflict += words[3];
    }
  }
  const std::uint64_t objects = in->get();
  if (!in->ok()) return false;
  for (std::uint64_t i = 0; i < objects; ++i) {
    const std::uint64_t* words = in->take(4);
    if (words == nullptr) return false;
    const ObjectId object = transferred_object(words[0] >> 32);
    const auto level = static_cast<Level>((words[0] >> 30) & 3);
    const std::uint64_t set = words[0] & ((1u << 30) - 1);
    if (object == kNoTransferredObject || static_cast<int>(level) >= kNumLevels ||
        set >= tables->levels[static_cast<int>(level)].sets) {
      return false;
    }
    SetCounts& counts = tables->per_object.find_or_add(object_set_key(object, level, set));
    counts.lines += words[1];
    counts.replacement += words[2];
    counts.conflict += words[3];
  }
  return true;
}

}  // namespace ccsim
