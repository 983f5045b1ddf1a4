// mapping_objects.h: the last layer. An address that is in no named range, heap block, variable or stack
// (a stripped program's data, anonymous mmap memory, a TLS block, memory freed and not reused) belongs
// to the mapping that holds it, an object of kind unknown named by its address range and file:
// "mapping 0x601000-0x602fff of /usr/bin/app", "anonymous mapping 0x7f0000000000-0x7f00000fffff", or,
// where the allocator gave blocks, "allocator's memory 0x...-0x... outside live blocks"
// (mark_allocator_mappings).
//
// It also watches the client's mmap and munmap, which are layout changes (layout_changes.h): a changed
// mapping ends what was known about its memory where the simulation reaches the change. New code may
// come with new variables (global_variables.h): those are read at once, not in the simulated order, as
// the program does not unmap its code and globals while it runs.
#ifndef CCSIM_TOOL_MAPPING_OBJECTS_H
#define CCSIM_TOOL_MAPPING_OBJECTS_H

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_mapping_objects();
bool mapping_object_at(Addr address, ObjectExtent* found);
// Before the profile is written: an anonymous mapping in which the allocator gave blocks (the brk heap,
// a thread arena, a large block's own mapping) is the allocator's outside its live blocks (its headers,
// free lists and arena state): origin Allocator, named "allocator's memory 0x...-0x... outside live
// blocks".
void mark_allocator_mappings();
// Another simulation worker of line shards made `object` (kind unknown) at one of its own lookups, and
// this one had not (object_transfer.h): a mapping's object is this layer's too, so that
// mark_allocator_mappings() sees it.
void adopt_mapping_object(ObjectId object);

// The client mapped (an mmap or an mremap), unmapped or grew the brk heap by [start, start + length): the
// mapping's object is made from Valgrind's segment table and the change placed in processor `proc`'s
// replay stream (~0: at once); an mmap may bring new variables. Called by the tool's watch, and with
// --sim-threads=1 or more by each simulation worker at the same point of the stream (layer_hooks.h).
constexpr std::uint32_t kUnmapped = 0;
constexpr std::uint32_t kMappedByMmap = 1;
constexpr std::uint32_t kMappedByMremap = 2;
constexpr std::uint32_t kBrkGrown = 3;  // the brk heap grew: its one object grows with it
void make_mapping_change(ProcId proc, Addr start, std::uint64_t length, std::uint32_t how);

}  // namespace ccsim

#endif
