// references.h: the table of references. A reference is one client instruction that accesses data;
// its RefId is what the simulator core counts by. Debug information (file, function, line, object) is
// resolved once, when the instruction is first instrumented: a library unloaded before exit would
// otherwise lose its names.
#ifndef CCSIM_TOOL_REFERENCES_H
#define CCSIM_TOOL_REFERENCES_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/output/names.h"
#include "ccsim/tool/data_objects/object_access_counts.h"

namespace ccsim {

struct HotCounters;

// Whose code an instruction is, for excluding the runtimes' own accesses (access_helpers.cc). The values
// are chosen so that `class + (inside a runtime call)` >= 2 means "runtime access".
enum RuntimeClass : std::uint8_t {
  kProgramCode = 0,   // the main executable: the user's code even when a runtime runs it (task bodies)
  kLibraryCode = 1,   // other libraries (libc, the preload): the runtime's while inside a runtime call
  kRuntimeLibrary = 2  // libgomp, libomp, the dynamic linker: always the runtime's
};

// One data-accessing instruction. Created at instrumentation time and never freed; its address is baked
// into the generated code as the helpers' first argument, so the hot path needs no lookup to find it.
struct Reference {
  Reference* next;           // Valgrind hash-table chain (VgHashNode layout)
  unsigned long address;     // instruction address (the hash key)
  RefId id;                  // dense 0-based id, index into the table
  std::uint32_t object_file; // NameTable numbers; 0 = unknown
  std::uint32_t source_file;
  std::uint32_t function;
  std::uint32_t line;        // 0 = no line information
  // A RuntimeClass, decided once from the object file when the reference is created.
  std::uint8_t access_class;
  // The same instruction run inside a call of the program's allocator (allocator_twin), null until then.
  // Beside access_class, which the slow path reads first: inside the allocator every access goes from
  // one to the other, and a field at the record's far end cost a host cache miss of its own.
  Reference* allocator_twin;
  std::uint64_t spin_reads;  // executions dropped as waiting (spin_waits.h)
  ReferenceObjectCache objects;  // --data-objects: the object this instruction last accessed
  // Native order: the simulator's counter record of this instruction on the processor that ran it last
  // (Simulator::hit_path_counters), so that the hit path finds it in one load; null until then.
  // Refreshed whenever the access leaves the hit path. A thread runs for a whole time slice, so the
  // processor mostly stays the same from one execution to the next.
  ProcId hit_proc;
  HotCounters* hit_counters;
};

// The names every reference points into.
struct ReferenceNames {
  NameTable files;
  NameTable functions;
  NameTable objects;
};

void init_references();
// The source file (its number in reference_names().files) and line of the code at `address`, as a
// reference shows them; 0 and line 0 when there is no line information. Heap bins name their
// allocation sites with it.
std::uint32_t source_file_of(unsigned long address, std::uint32_t* line);
// The function at `address` as references and heap bins name it, or null when unknown. GCC's static
// initializers `_GLOBAL__sub_I_<name>` (which Valgrind may show as "global constructors keyed to
// <name>") are named plainly by what they initialize, <name>, demangled. The text is valid until the
// next call.
const char* function_name_of(unsigned long address);
// The numbers of a source file and a function name in reference_names() (added when new).
std::uint32_t source_file_number(const char* path);
std::uint32_t function_number(const char* name);
// The reference of the instruction at `address`, created (with its debug info) on first use. Re-translating
// an instruction returns the same reference.
Reference* reference_at(unsigned long address);
std::uint32_t reference_count();

// The allocator's copy of `ref`: the same instruction, with an id of its own, for its executions inside a
// call of the program's allocator (malloc_intercepts.c). Code the allocator shares with the program
// (memset in calloc, memcpy in realloc) then counts apart, and every access of a twin is charged to the
// allocator's object (data_objects.h, object_extent_for), not to the memory it touches: the allocator's
// headers and free-list links lie inside freed and not yet returned blocks. Made at its first use
// (make_allocator_twin); inline, as every access inside the allocator asks.
Reference* make_allocator_twin(Reference* ref);
inline Reference* allocator_twin(Reference* ref) {
  return ref->allocator_twin != nullptr ? ref->allocator_twin : make_allocator_twin(ref);
}
// Whether the reference numbered `id` is such a copy.
bool is_allocator_reference(RefId id);

// RefId -> Reference, in creation order (use reference()).
extern GrowableArray<Reference*>* references_by_id;
// Inline, an array load: the replay sink finds the reference of every replayed access (sync.cc).
inline Reference* reference(RefId id) { return (*references_by_id)[id]; }

const ReferenceNames& reference_names();

// A simulation worker (workers/worker_handover.h) takes over a reference the tool made after the fork:
// numbered `id` (the next one), with the tool's names for it (null: unknown); an allocator twin is
// found by id only, its instruction's own reference being `twin_of`.
struct AdoptedReference {
  RefId id;
  unsigned long address;
  bool twin;
  RefId twin_of;
  std::uint32_t line;
  std::uint8_t access_class;
  std::uint64_t spin_reads;
  const char* object_file;
  const char* source_file;
  const char* function;
};
void adopt_reference(const AdoptedReference& adopted);

}  // namespace ccsim

#endif
