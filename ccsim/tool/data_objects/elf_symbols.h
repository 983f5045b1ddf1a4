// elf_symbols.h: the data symbols of an ELF file on disk, with their sizes. Valgrind's tool API names
// the data symbol at an address (VG_(get_datasym_and_offset)) but gives no size, and a data object is
// its extent; so the tool reads the symbol table itself.
#ifndef CCSIM_TOOL_ELF_SYMBOLS_H
#define CCSIM_TOOL_ELF_SYMBOLS_H

#include <cstdint>

namespace ccsim {

// One defined data symbol: its name (valid during the visit only), its value as linked (before the
// object's load bias), its size in bytes (never 0), and for a local symbol the source file the symbol
// table names before it (the last STT_FILE symbol: "crtstuff.c", "counter.c", "" for the linker's own;
// valid during the visit only), null for a global symbol or when no file symbol came before.
struct ElfDataSymbol {
  const char* name;
  std::uint64_t value;
  std::uint64_t size;
  const char* source_file;
};

using ElfDataSymbolVisitor = void (*)(void* context, const ElfDataSymbol& symbol);

// Calls `visit` for every defined STT_OBJECT symbol of size > 0 in the .symtab of the 64-bit ELF file
// at `path`, or in its .dynsym when it has no .symtab (stripped). Returns false when the file cannot be
// read or is not such a file.
// Limit: STT_TLS symbols are left out; their values are offsets into each thread's TLS block, whose
// place the dynamic linker chooses per thread, so their bytes fall to the mapping that holds them.
bool read_elf_data_symbols(const char* path, ElfDataSymbolVisitor visit, void* context);

}  // namespace ccsim

#endif
