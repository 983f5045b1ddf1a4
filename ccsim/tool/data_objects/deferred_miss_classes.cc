// deferred_miss_classes.cc: see deferred_miss_classes.h.
#include "ccsim/tool/data_objects/deferred_miss_classes.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// One worker's deferred misses since the last zeroing; `zeroed` of its misses came before it (their
// ordinals are below `zeroed`, and their place in `misses` is ordinal - zeroed).
struct WorkerMisses {
  std::uint32_t zeroed = 0;
  GrowableArray<DeferredMissClass> misses{"ccsim.objects.miss_classes"};
};

// The workers' lists: [0] this worker's own, then one per add_deferred_miss_classes(). Made at the first
// deferred miss or hand-over; a run without workers and miss classes never makes it.
GrowableArray<WorkerMisses*>* workers = nullptr;

WorkerMisses* add_worker() {
  if (workers == nullptr) {
    workers = create_object<GrowableArray<WorkerMisses*>>("ccsim.objects.miss_classes", "ccsim.objects.miss_classes");
  }
  workers->push_back(create_object<WorkerMisses>("ccsim.objects.miss_classes"));
  return (*workers)[workers->size() - 1];
}

WorkerMisses* own() { return workers != nullptr ? (*workers)[0] : add_worker(); }

}  // namespace

void defer_miss_class(const DeferredMissClass& miss) { own()->misses.push_back(miss); }

void zero_deferred_miss_classes() {
  if (workers == nullptr) return;
  WorkerMisses* mine = own();
  mine->zeroed += mine->misses.size();
  mine->misses.clear();
}

const DeferredMissClass* deferred_miss_class(std::uint32_t worker, std::uint32_t ordinal) {
  if (workers == nullptr || worker >= workers->size()) return nullptr;
  const WorkerMisses& list = *(*workers)[worker];
  if (ordinal < list.zeroed) return nullptr;
  // The stage tells a class for every miss the worker logged, which is every miss it kept.
  CCSIM_ASSERT(ordinal - list.zeroed < list.misses.size());
  return &list.misses[ordinal - list.zeroed];
}

// The words: the misses zeroed, the count kept, then per miss (object << 32 | reference) and
// (processor << 8 | level).
void write_deferred_miss_classes(WordWriter* out) {
  const WorkerMisses* mine = own();
  out->put(mine->zeroed);
  out->put(mine->misses.size());
  for (std::uint32_t i = 0; i < mine->misses.size(); ++i) {
    const DeferredMissClass& miss = mine->misses[i];
    out->put(std::uint64_t(miss.object) << 32 | miss.ref);
    out->put(std::uint64_t(miss.proc) << 8 | static_cast<std::uint64_t>(miss.level));
  }
}

bool add_deferred_miss_classes(WordReader* in) {
  own();  // this worker's list stays [0]
  const std::uint64_t zeroed = in->get();
  const std::uint64_t count = in->get();
  if (!in->ok() || zeroed > ~0u || count > ~0u - zeroed) return false;
  WorkerMisses* added = add_worker();
  added->zeroed = static_cast<std::uint32_t>(zeroed);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t* f = in->take(2);
    const ObjectId object = f != nullptr ? transferred_object(f[0] >> 32) : kNoTransferredObject;
    if (object == kNoTransferredObject || (f[1] & 0xff) >= kNumLevels || (f[1] >> 8) > ~ProcId(0)) return false;
    added->misses.push_back(DeferredMissClass{object, static_cast<RefId>(f[0]), static_cast<ProcId>(f[1] >> 8),
                                              static_cast<Level>(f[1] & 0xff)});
  }
  return true;
}

}  // namespace ccsim
