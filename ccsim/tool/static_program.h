// static_program.h: a statically linked program. Valgrind loads ccsim's preload (vgpreload_ccsim-*.so,
// docs/synchronization.md) through the dynamic linker, which a statically linked program does not have:
// its threads' synchronization (locks, barriers, joins, OpenMP), its heap blocks (the allocator's calls)
// and its runtime's code are then never seen. The simulation of its accesses is still right, so the run
// goes on, but the profile has one region, no locks and no heap blocks, and counts the runtime's accesses as the
// program's: the user is told so before the program runs.
#ifndef CCSIM_TOOL_STATIC_PROGRAM_H
#define CCSIM_TOOL_STATIC_PROGRAM_H

namespace ccsim {

// Whether the 64-bit ELF executable at `path` has no interpreter (no PT_INTERP program header): a
// statically linked program (static-pie included), read with <elf.h>'s types as elf_symbols.cc reads
// symbols. False when it cannot be read or is no such file
// (a "#!" script, whose interpreter is what runs).
bool statically_linked(const char* path);

// At start-up: one sentence when the program Valgrind runs is statically linked (above).
void warn_if_statically_linked();

}  // namespace ccsim

#endif
