// data_objects.cc: the object table and the lookup across the layers.
#include "ccsim/tool/data_objects/data_objects.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/global_variables.h"
#include "ccsim/tool/data_objects/heap_blocks.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/data_objects/mapping_objects.h"
#include "ccsim/tool/data_objects/named_ranges.h"
#include "ccsim/tool/data_objects/stack_objects.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Every object ever created, indexed by ObjectId. Objects are never removed: a heap bin's statistics
// outlive its blocks, and a profile names every object that had an event.
GrowableArray<DataObject>* objects = nullptr;

// With several workers and the working set (DataObject::key): how many objects were made with each hash
// of kind, extent and name so far. Null otherwise.
HashMap<std::uint64_t, std::uint32_t>* made_alike = nullptr;

// DataObject::key of an object made now with these fields: FNV-1a over them, then the count of those made
// alike before, mixed in; the top 58 bits (the replay keeps a level and an op below them).
std::uint64_t key_at_birth(ObjectKind kind, Addr address, std::uint64_t size, const char* name) {
  std::uint64_t hash = 0xcbf29ce484222325ull ^ static_cast<std::uint64_t>(kind);
  for (const char* c = name; *c != '\0'; ++c) hash = (hash ^ static_cast<unsigned char>(*c)) * 0x100000001b3ull;
  hash = ((hash ^ address) * 0x100000001b3ull ^ size) * 0x9E3779B97F4A7C15ull;
  std::uint32_t& before = made_alike->find_or_add(hash);
  const std::uint64_t key = (hash ^ (std::uint64_t(before) + 1) * 0xC2B2AE3D27D4EB4Full) * 0x9E3779B97F4A7C15ull;
  ++before;
  return key >> 6;
}

// The object of the accesses made inside the program allocator's calls (object_extent_for).
ObjectId allocator_accesses = kUnknownObject;

// The layers in order of precedence. A named range wins over the heap block or variable it lies in (it
// is the program's own, finer description); heap blocks and globals never overlap each other or a stack;
// the mapping layer answers for any mapped address and so comes last.
constexpr LayerLookup kLayers[] = {named_object_at, heap_object_at, global_object_at, stack_object_at,
                                   mapping_object_at};

// The slow path looks up the object of every miss, invalidation and eviction, and consecutive events
// mostly fall in a few objects (the arrays a loop streams through). The last few answers are kept and
// searched in order, replaced round-robin: a few compares instead of the layers' tree lookups. (A cache
// indexed by address would make arrays whose bases are equal modulo its span evict one another at every
// line.) Its ranges are forgotten like the references' (cached_ranges.h).
constexpr std::uint32_t kRecentAnswers = 8;
struct RecentAnswer {
  CachedRange range;
  RangeSlot range_slot;
  ObjectId object;
  Addr base;
  std::uint32_t life;
};
RecentAnswer recent_answers[kRecentAnswers];
std::uint32_t next_replaced = 0;

ObjectExtent find_in_layers(Addr address) {
  Addr low = 0;
  Addr high = ~Addr(0);
  for (LayerLookup layer : kLayers) {
    ObjectExtent found{};
    const bool hit = layer(address, &found);
    // Whatever a layer says holds over its range only; the answer holds where every layer asked agrees.
    if (found.low > low) low = found.low;
    if (found.high < high) high = found.high;
    if (hit) return ObjectExtent{found.object, found.base, low, high, found.life};
  }
  return ObjectExtent{kUnknownObject, low, low, high, 0};
}

}  // namespace

void init_data_objects() {
  objects = create_object<GrowableArray<DataObject>>("ccsim.objects", "ccsim.objects.table");
  if (options.working_set && options.sim_threads > 1) {
    made_alike = create_object<HashMap<std::uint64_t, std::uint32_t>>("ccsim.objects", "ccsim.objects.keys");
  }
  add_object(ObjectKind::Unknown, 0, 0, 0, "addresses outside every mapping");
  allocator_accesses = add_object(ObjectKind::Unknown, 0, 0, 0, "the allocator's own accesses (in malloc, free, ...)");
  data_object(allocator_accesses).origin = ObjectOrigin::Allocator;
  init_layout_changes();
  init_named_ranges();
  init_heap_blocks();
  init_global_variables();
  init_stack_objects();
  init_mapping_objects();
}

ObjectId add_object(ObjectKind kind, Addr address, std::uint64_t size, std::uint32_t file, const char* name) {
  const std::uint64_t key = made_alike != nullptr ? key_at_birth(kind, address, size, name) : 0;
  objects->push_back(
      DataObject{kind, address, size, file, VG_(strdup)("ccsim.objects.name", name), ObjectOrigin::Program, nullptr,
                 0, 0, 0, key});
  return objects->size() - 1;
}

DataObject& data_object(ObjectId id) { return (*objects)[id]; }

std::uint32_t object_count() { return objects->size(); }

void add_object_extent(ObjectId id, Addr address, std::uint64_t size) {
  DataObject& object = data_object(id);
  if (object.address == address && object.size == size) return;
  object.address = 0;
  if (size > object.size) object.size = size;
}

ObjectExtent find_object(Addr address) {
  // Pointer chasing over small heap blocks misses the recent answers at nearly every lookup: such an
  // address is answered from the heap's shadow table first, which costs no tree walk and keeps the
  // recent answers for the arrays a loop streams through. It is the layers' own answer: no layer above
  // the heap has anything while no range is named (its range is then the whole address space), and heap
  // blocks overlap no global, stack or mapping object. An address outside the heap mostly costs two
  // compares here (heap_shadow.h).
  // Every path returns `found`, so that it is the caller's own variable (the return value optimization):
  // answers written field by field and then copied whole would stall the copy's wide loads (store
  // forwarding fails), on the path of every object-cache miss.
  ObjectExtent found;
  if (!any_range_named() && small_heap_block_at(address, &found)) return found;
  for (const RecentAnswer& answer : recent_answers) {
    if (address - answer.range.start < answer.range.size) {
      found = ObjectExtent{answer.object, answer.base, answer.range.start, answer.range.start + answer.range.size - 1,
                           answer.life};
      return found;
    }
  }
  found = find_in_layers(address);
  RecentAnswer& replaced = recent_answers[next_replaced];
  next_replaced = (next_replaced + 1) % kRecentAnswers;
  remember_range(&replaced.range, &replaced.range_slot, found.low, found.high);
  replaced.object = found.object;
  replaced.base = found.base;
  replaced.life = found.life;
  return found;
}

ObjectExtent object_extent_for(RefId ref, Addr address) {
  // The whole address space but its last byte (a range's size must fit in 64 bits).
  if (is_allocator_reference(ref)) return ObjectExtent{allocator_accesses, 0, 0, ~Addr(0) - 1, 0, true};
  return find_object(address);
}

const char* object_origin_name(ObjectOrigin origin) {
  switch (origin) {
    case ObjectOrigin::Program: return "program";
    case ObjectOrigin::Runtime: return "runtime";
    case ObjectOrigin::Allocator: return "allocator";
  }
  return "program";
}

const char* object_kind_name(ObjectKind kind) {
  switch (kind) {
    case ObjectKind::Global: return "global";
    case ObjectKind::Heap: return "heap";
    case ObjectKind::Stack: return "stack";
    case ObjectKind::Named: return "named";
    case ObjectKind::Unknown: return "unknown";
  }
  return "unknown";
}

}  // namespace ccsim
