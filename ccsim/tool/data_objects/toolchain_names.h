// toolchain_names.h: the names that mark a variable of a program's executable as the toolchain's, shared
// by the tool (toolchain_symbols.h, which also knows the file symbol before a local variable) and by
// ccsim-annotate (analysis/runtime_objects.h, for profiles whose tool did not classify them). Plain data,
// no Valgrind or C++ library dependency.
#ifndef CCSIM_TOOL_TOOLCHAIN_NAMES_H
#define CCSIM_TOOL_TOOLCHAIN_NAMES_H

namespace ccsim {

// The global symbols the linker and the start files define in every executable (GNU ld and gold, glibc's
// crt1.o, GCC's crtstuff.c). C reserves these names for the implementation, so no program variable has
// them. Only symbols with a size become data objects; the others are listed so that the list is the
// toolchain's, not the one this linker happened to size.
inline constexpr const char* kToolchainVariableNames[] = {
    "__dso_handle",          "__TMC_END__",           "_IO_stdin_used",      "__bss_start",
    "_edata",                "_end",                  "__data_start",        "data_start",
    "__abi_tag",             "__FRAME_END__",         "_DYNAMIC",            "_GLOBAL_OFFSET_TABLE_",
    "__GNU_EH_FRAME_HDR",    "__init_array_start",    "__init_array_end",    "__fini_array_start",
    "__fini_array_end",      "__preinit_array_start", "__preinit_array_end", "__JCR_LIST__",
    "__JCR_END__",           "__CTOR_LIST__",         "__CTOR_END__",        "__DTOR_LIST__",
    "__DTOR_END__",          "__EH_FRAME_BEGIN__",
};

// The symbol versions of the C and C++ runtime libraries and the OpenMP runtimes: the executable's copy
// of such a library's variable (a copy relocation) is named "<variable>@<version>" or "@@<version>",
// e.g. stdout@GLIBC_2.2.5, optarg@@GLIBC_2.2.5, _ZSt4cout@GLIBCXX_3.4.
inline constexpr const char* kRuntimeSymbolVersions[] = {"GLIBC_", "GLIBCXX_", "CXXABI_", "GCC_", "GOMP_", "OMP_"};

// crtstuff.c's flag that __do_global_dtors_aux ran, one byte at the start of .bss. A program's function-local
// `static int completed` has the same symbol name; only the file symbol before it tells them apart.
inline constexpr const char* kStartFilesCompletedFlag = "completed.0";

}  // namespace ccsim

#endif
