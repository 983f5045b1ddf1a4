// deferred_miss_classes.cc: see deferred_miss_classes.h.
#include "ccsim/tool/data_objects/deferred_miss_classes.h"

#include <cstring>

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The deferred misses not yet forgotten: `misses[i]` is the (first + i)-th; those before `first` were
// zeroed or told. Made at the first deferred miss: a run without workers and miss classes never makes it.
struct WaitingMisses {
  std::uint32_t first = 0;
  GrowableArray<DeferredMissClass> misses{"ccsim.objects.miss_classes"};
};
WaitingMisses* waiting = nullptr;

WaitingMisses& list() {
  if (waiting == nullptr) waiting = create_object<WaitingMisses>("ccsim.objects.miss_classes");
  return *waiting;
}

// Drops the first `count` misses kept.
void drop(WaitingMisses& w, std::uint32_t count) {
  const std::uint32_t kept = w.misses.size() - count;
  if (kept > 0) std::memmove(static_cast<void*>(w.misses.data()), w.misses.data() + count, kept * sizeof(DeferredMissClass));
  w.misses.resize(kept);
  w.first += count;
}

}  // namespace

void defer_miss_class(const DeferredMissClass& miss) { list().misses.push_back(miss); }

void zero_deferred_miss_classes() {
  if (waiting != nullptr) drop(*waiting, waiting->misses.size());
}

const DeferredMissClass* deferred_miss_class(std::uint32_t ordinal) {
  if (waiting == nullptr || ordinal < waiting->first) return nullptr;
  // The stage tells a class for every miss the worker logged, which is every miss it kept.
  CCSIM_ASSERT(ordinal - waiting->first < waiting->misses.size());
  return &waiting->misses[ordinal - waiting->first];
}

void forget_deferred_misses_before(std::uint32_t ordinal) {
  if (waiting == nullptr || ordinal <= waiting->first) return;
  const std::uint32_t told = ordinal - waiting->first;
  // All of them, or the first half once it is large: the moves stay amortized O(1) a miss.
  if (told == waiting->misses.size() || (told >= 65536 && 2 * told >= waiting->misses.size())) drop(*waiting, told);
}

}  // namespace ccsim
