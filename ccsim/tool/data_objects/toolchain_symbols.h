// toolchain_symbols.h: which variables of the program's own executable are the toolchain's rather than the
// program's: the C start files' and the linker's symbols, and the copies of the C/C++ libraries' variables
// the linker places in the executable. They are runtime objects (`object-origin: <object> runtime`), like
// the variables of the runtime libraries (runtime_libraries.h): crtstuff's one-byte `completed.0` lies at
// the start of .bss, on the cache line of the program's first small variables, and main's write to it at
// exit must not make it half of a program object's finding.
#ifndef CCSIM_TOOL_TOOLCHAIN_SYMBOLS_H
#define CCSIM_TOOL_TOOLCHAIN_SYMBOLS_H

namespace ccsim {

// Whether the data symbol `name` (as the symbol table spells it, before demangling) is the toolchain's.
// `source_file` is the file symbol (STT_FILE) the symbol table gives before a local symbol, null for a
// global one. The toolchain's are:
//   - local symbols of the start files: crtstuff.c (`completed.0`, the `__do_global_dtors_aux` and
//     `frame_dummy` entries), crt1.o / Scrt1.o / crti.o / crtn.o / crtbegin*.o / crtend*.o (`__abi_tag`),
//     and the linker's own unnamed file (`_DYNAMIC`, `_GLOBAL_OFFSET_TABLE_`); a program's function-local
//     `static int completed` is also called `completed.0`, but after its own file's symbol, so it stays
//     the program's;
//   - the linker's and the start files' global symbols: `__dso_handle`, `__TMC_END__`, `_IO_stdin_used`,
//     `__bss_start`, `_edata`, `_end`, `__data_start`, `data_start` and the other names of
//     kToolchainVariableNames (toolchain_names.h; C reserves them for the implementation);
//   - copies of a C/C++ runtime library's variables (copy relocations), named with the library's symbol
//     version (kRuntimeSymbolVersions): `stdout@GLIBC_2.2.5`, `optarg@@GLIBC_2.2.5`.
// Limit: a stripped executable has only .dynsym, without file symbols or versions in the names, so there
// only the names of kToolchainVariableNames are recognized.
bool is_toolchain_variable(const char* name, const char* source_file);

}  // namespace ccsim

#endif
