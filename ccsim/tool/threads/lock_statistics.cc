// lock_statistics.cc: the per-lock tables (lock_statistics.h).
#include "ccsim/tool/threads/lock_statistics.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/sync/requests.h"
#include "ccsim/tool/data_objects/object_transfer.h"

namespace ccsim {
namespace {

constexpr ProcId kNobody = ~ProcId(0);

// One lock: how it was first taken, and who took it last (for hand-offs).
struct Lock {
  LockDescription description;
  ProcId last_acquirer;
};

// A lock a processor holds, and how many of its acquisitions it has not released (recursive locks).
struct HeldLock {
  std::uint32_t lock;
  std::uint32_t depth;
};

// (lock, object, reference, processor): one row of a lock's sections.
struct SectionKey {
  std::uint32_t lock;
  ObjectId object;
  RefId ref;
  ProcId proc;
};
struct SectionKeyTraits {
  static std::uint64_t hash(const SectionKey& key) {
    return (std::uint64_t(key.lock) << 48) ^ (std::uint64_t(key.object) << 32) ^ key.ref ^
           (std::uint64_t(key.proc) << 20);
  }
  static bool equal(const SectionKey& a, const SectionKey& b) {
    return a.lock == b.lock && a.object == b.object && a.ref == b.ref && a.proc == b.proc;
  }
};

struct Tables {
  HashMap<std::uint64_t, std::uint32_t> by_address{"ccsim.locks.by_address"};  // lock address -> index in `locks`
  GrowableArray<Lock> locks{"ccsim.locks"};                                   // in order of first acquisition
  HashMap<std::uint64_t, LockThreadCounts> per_thread{"ccsim.locks.per_thread"};  // lock << 32 | processor
  HashMap<SectionKey, LockSectionCounts, SectionKeyTraits> sections{"ccsim.locks.sections"};
};
Tables* tables = nullptr;
// By processor: the locks it holds now, innermost last (few: a lock or two at a time).
GrowableArray<HeldLock>** held = nullptr;
bool objects_known = false;

// The preload's own variables stand for these locks: their objects would name the preload, not the program.
bool named_by_kind(std::uint32_t kind) {
  return kind == CCSIM_LOCK_OMP_CRITICAL || kind == CCSIM_LOCK_OMP_ATOMIC || kind == CCSIM_LOCK_OMP_ORDERED;
}

std::uint32_t lock_index(std::uint64_t address, std::uint32_t kind, Addr call) {
  bool added = false;
  std::uint32_t& index = tables->by_address.find_or_add(address, &added);
  if (added) {
    index = tables->locks.size();
    const char* name = nullptr;
    if (objects_known && !named_by_kind(kind)) {
      const ObjectId object = find_object(address).object;
      if (object != kUnknownObject) name = data_object(object).name;
    }
    tables->locks.push_back(Lock{LockDescription{index, address, kind, call, name}, kNobody});
  }
  return index;
}

GrowableArray<HeldLock>& held_by(ProcId proc) {
  if (held[proc] == nullptr) {
    held[proc] = create_object<GrowableArray<HeldLock>>("ccsim.locks.held", "ccsim.locks.held");
  }
  return *held[proc];
}

LockSectionCounts& section(std::uint32_t lock, ObjectId object, RefId ref, ProcId proc) {
  return tables->sections.find_or_add(SectionKey{lock, object, ref, proc});
}

}  // namespace

void init_lock_statistics(std::uint32_t max_processors, bool with_objects) {
  tables = create_object<Tables>("ccsim.locks");
  held = allocate_zeroed_array<GrowableArray<HeldLock>*>("ccsim.locks.held", max_processors);
  objects_known = with_objects;
}

void zero_lock_statistics() {
  tables->per_thread.clear();
  tables->sections.clear();
}

void lock_acquired(ProcId proc, std::uint64_t lock, std::uint32_t kind, Addr call, bool contended,
                   std::uint64_t waited_accesses) {
  const std::uint32_t index = lock_index(lock, kind, call);
  Lock& state = tables->locks[index];
  LockThreadCounts& counts = tables->per_thread.find_or_add(std::uint64_t(index) << 32 | proc);
  ++counts.acquisitions;
  if (state.last_acquirer != kNobody && state.last_acquirer != proc) ++counts.hand_offs;
  if (contended) {
    ++counts.contended;
    counts.waited_accesses += waited_accesses;
  }
  state.last_acquirer = proc;
  GrowableArray<HeldLock>& locks = held_by(proc);
  for (std::uint32_t i = 0; i < locks.size(); ++i) {
    if (locks[i].lock == index) {
      ++locks[i].depth;
      return;
    }
  }
  locks.push_back(HeldLock{index, 1});
}

void lock_released(ProcId proc, std::uint64_t lock) {
  const std::uint32_t* index = tables->by_address.find(lock);
  if (index == nullptr || held[proc] == nullptr) return;  // a release of a lock it never took (spin_init)
  GrowableArray<HeldLock>& locks = *held[proc];
  for (std::uint32_t i = 0; i < locks.size(); ++i) {
    if (locks[i].lock != *index || --locks[i].depth > 0) continue;
    for (std::uint32_t j = i + 1; j < locks.size(); ++j) locks[j - 1] = locks[j];
    locks.pop_back();
    return;
  }
}

void locks_processor_started(ProcId proc) {
  if (held[proc] != nullptr) held[proc]->clear();
}

bool holds_lock(ProcId proc) { return held[proc] != nullptr && held[proc]->size() > 0; }

void charge_lock_invalidation(const InvalidationNotice& notice, ObjectId written_object) {
  const GrowableArray<HeldLock>& locks = *held[notice.writer_proc];
  for (std::uint32_t i = 0; i < locks.size(); ++i) {
    LockSectionCounts& counts = section(locks[i].lock, written_object, notice.writer_ref, notice.writer_proc);
    if (notice.in_region) {
      ++(notice.true_sharing ? counts.true_in_region : counts.false_in_region);
    } else {
      ++(notice.true_sharing ? counts.true_across_regions : counts.false_across_regions);
    }
  }
}

void charge_lock_coherence_miss(const CoherenceMissNotice& miss, ObjectId object) {
  const GrowableArray<HeldLock>& locks = *held[miss.proc];
  for (std::uint32_t i = 0; i < locks.size(); ++i) {
    LockSectionCounts& counts = section(locks[i].lock, object, miss.ref, miss.proc);
    ++(miss.true_sharing ? counts.coherence_miss_true : counts.coherence_miss_false);
  }
}

void charge_lock_transfer(const ServedNotice& served, ObjectId object) {
  const GrowableArray<HeldLock>& locks = *held[served.proc];
  for (std::uint32_t i = 0; i < locks.size(); ++i) ++section(locks[i].lock, object, served.ref, served.proc).transfers;
}

void for_each_lock(LockVisitor visit, void* context) {
  for (std::uint32_t i = 0; i < tables->locks.size(); ++i) visit(context, tables->locks[i].description);
}

void for_each_lock_thread(LockThreadVisitor visit, void* context) {
  tables->per_thread.for_each([&](std::uint64_t key, const LockThreadCounts& counts) {
    visit(context, static_cast<std::uint32_t>(key >> 32), static_cast<ProcId>(key), counts);
  });
}

void for_each_lock_section(LockSectionVisitor visit, void* context) {
  tables->sections.for_each([&](const SectionKey& key, const LockSectionCounts& counts) {
    visit(context, key.lock, key.object, key.ref, key.proc, counts);
  });
}

// The hand-over between workers of line shards (object_transfer.h): the sections alone, fed by the
// notices (the acquisitions and hand-offs come from the replay, the same in every worker). A record is
// the key's four fields and the seven counts, after the record count.
constexpr std::uint32_t kSectionCountWords = sizeof(LockSectionCounts) / sizeof(std::uint64_t);
static_assert(sizeof(LockSectionCounts) == kSectionCountWords * sizeof(std::uint64_t), "counts only");

void write_lock_sections(WordWriter* out) {
  out->put(tables->sections.size());
  tables->sections.for_each([&](const SectionKey& key, const LockSectionCounts& counts) {
    const std::uint64_t words[] = {key.lock, key.object, key.ref, key.proc};
    out->put(words, 4);
    out->put(reinterpret_cast<const std::uint64_t*>(&counts), kSectionCountWords);
  });
}

bool add_lock_sections(WordReader* in) {
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(4 + kSectionCountWords);
    const ObjectId object = f != nullptr ? transferred_object(f[1]) : kNoTransferredObject;
    if (object == kNoTransferredObject || f[0] >= tables->locks.size()) return false;
    LockSectionCounts& counts =
        section(static_cast<std::uint32_t>(f[0]), object, static_cast<RefId>(f[2]), static_cast<ProcId>(f[3]));
    std::uint64_t* to = reinterpret_cast<std::uint64_t*>(&counts);
    for (std::uint32_t i = 0; i < kSectionCountWords; ++i) to[i] += f[4 + i];
  }
  return in->ok();
}

}  // namespace ccsim
