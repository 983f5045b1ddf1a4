// data_objects.h: the data objects ccsim charges misses and invalidations to, and the lookup from a client
// address to the object that holds it (docs/data-objects.md).
//
// An object is a global or static variable (global_variables.h), the heap blocks allocated from one call
// stack (heap_blocks.h, allocation_sites.h), a thread's stack (stack_objects.h), a range the program named
// (named_ranges.h), or, for any other address, the mapping that holds it (mapping_objects.h). Each of those
// files keeps its own address index, a "layer"; find_object() asks them in order of precedence. The layers
// follow the simulated order, not the real run's: in the interleaved and piped modes an allocation, a
// free, a thread's start or end, a named range and a mapping take effect where the replay reaches them
// (layout_changes.h), so an access is charged to the objects as they were when it happened.
//
// Lookups happen on the simulator's slow path (object_statistics.h) and when a reference's one-entry
// cache misses (object_access_counts.h), never per L1 hit. An address in a small heap block is answered
// from the heap's shadow table (heap_shadow.h) without a tree walk.
#ifndef CCSIM_TOOL_DATA_OBJECTS_H
#define CCSIM_TOOL_DATA_OBJECTS_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

// Index into the object table. Object 0 is the one "unknown" object: addresses in no mapping at all.
using ObjectId = std::uint32_t;
constexpr ObjectId kUnknownObject = 0;

enum class ObjectKind : std::uint8_t { Global, Heap, Stack, Named, Unknown };

// Whose an object is (`object-origin:`): the program's; the runtime's (runtime_libraries.h); or the
// allocator's own memory: what it keeps beside and between the program's blocks (headers, free lists,
// arenas), which readers group as "(allocator)" (docs/data-objects.md, "The allocator's own memory").
enum class ObjectOrigin : std::uint8_t { Program, Runtime, Allocator };

// One data object, as the profile's `object:` record shows it.
struct DataObject {
  ObjectKind kind;
  // The object's extent when it has one (a variable, a stack, a range named once); address 0 and the
  // largest extent's size when it has several (a heap bin's blocks, a name given to several ranges).
  Addr address;
  std::uint64_t size;
  std::uint32_t file;  // defining source file (reference_names().files number), 0 when unknown
  const char* name;    // never freed: objects live until exit
  ObjectOrigin origin;  // `object-origin:`
  // A heap bin's allocating function ("malloc", "calloc", "realloc", "aligned_alloc", "new", "new[]",
  // ...; a string constant), null for the other kinds.
  const char* allocator;
  // Object paths (object_paths.h), heap bins only: the function that called the allocator (a
  // reference_names().functions number, 0 when unknown); the index + 1 of the bin's followed site, 0 when
  // not followed; the processor + 1 that first touched its data while sites may still be chosen, 0: none.
  std::uint32_t allocating_function;
  std::uint32_t path_site;
  std::uint32_t path_first_proc;
  // With several simulation workers and --working-set=yes (0 otherwise): a 58-bit name of the object that
  // is the same in every worker, whose ids may differ (object_transfer.h). A hash of the kind, extent and
  // name the object was made with (a heap bin's extent and the brk heap's name change later, alike in
  // every worker) and of how many objects made before it had the same ones. The resident lines' replay
  // counts by it during the run (resident_lines.h).
  std::uint64_t key;
};

// What one lookup found: the object, the start of the extent holding the address (offsets within the
// object count from there), the range [low, high] around the address where the same answer holds,
// which callers may cache (cached_ranges.h), and which life of the extent it is: a heap block's
// allocation number (a block freed and allocated again at the same start is a new life), 0 for the
// other kinds.
struct ObjectExtent {
  ObjectId object;
  Addr base;
  Addr low;
  Addr high;  // inclusive
  std::uint32_t life;
  // The answer holds whatever the layout becomes (the allocator's own accesses): caches keep it across
  // layout changes (cached_ranges.h).
  bool layout_free = false;
};

// Creates the table (with the unknown object) and every layer. Only with --data-objects=yes; nothing
// else here may be called otherwise.
void init_data_objects();

// Adds an object, the program's, with no allocator; `name` is copied.
ObjectId add_object(ObjectKind kind, Addr address, std::uint64_t size, std::uint32_t file, const char* name);
DataObject& data_object(ObjectId id);
std::uint32_t object_count();
// Another extent [address, address + size) of `id` (a block of a heap bin, a range given the same name):
// unless it is the one the object already has, the object now has several.
void add_object_extent(ObjectId id, Addr address, std::uint64_t size);

// The object holding `address`, by precedence: named range, heap block, global, thread stack, mapping.
ObjectExtent find_object(Addr address);
// The object an access of reference `ref` to `address` is charged to: the allocator's own accesses
// object for an allocator twin (references.h, allocator_twin), whatever it touches; else find_object().
ObjectExtent object_extent_for(RefId ref, Addr address);

// A layer's answer for `address`: true with the object's extent in `found`; false when the layer has no
// object there, with [found->low, found->high] set to the gap around the address where it has none.
using LayerLookup = bool (*)(Addr address, ObjectExtent* found);

// "program", "runtime", "allocator".
const char* object_origin_name(ObjectOrigin origin);

// "global", "heap", "stack", "named", "unknown".
const char* object_kind_name(ObjectKind kind);

}  // namespace ccsim

#endif
