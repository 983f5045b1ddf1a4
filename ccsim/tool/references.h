// references.h: the table of references. A reference is one client instruction that accesses data;
// its RefId is what the simulator core counts by. Debug information (file, function, line, object) is
// resolved once, when the instruction is first instrumented: a library unloaded before exit would
// otherwise lose its names.
#ifndef CCSIM_TOOL_REFERENCES_H
#define CCSIM_TOOL_REFERENCES_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/names.h"

namespace ccsim {

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
};

// The names every reference points into.
struct ReferenceNames {
  NameTable files;
  NameTable functions;
  NameTable objects;
};

void init_references();
// The reference of the instruction at `address`, created (with its debug info) on first use. Re-translating
// an instruction returns the same reference.
Reference* reference_at(unsigned long address);
std::uint32_t reference_count();
const Reference* reference(RefId id);
const ReferenceNames& reference_names();

}  // namespace ccsim

#endif
