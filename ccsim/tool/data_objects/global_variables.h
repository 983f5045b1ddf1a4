// global_variables.h: the layer of global and static variables: every data symbol, with its size, of the
// executable and of each shared library Valgrind has debug info for (elf_symbols.h). A variable of the
// executable is named as in the source ("counters"); one of a library says which ("main_arena in
// libc.so.6"). C++ names are demangled.
//
// Libraries loaded later (dlopen) are picked up lazily: a new mapping marks Valgrind's list of debug info
// as possibly changed (mapping_objects.h), and the next lookup that reaches this layer reads the objects
// it has not read yet. Unlike the other layers this one does not wait for the simulated order
// (layout_changes.h): code and its variables are not unmapped while a program runs, in practice, so
// reading them early changes no answer for an address that was accessed.
#ifndef CCSIM_TOOL_GLOBAL_VARIABLES_H
#define CCSIM_TOOL_GLOBAL_VARIABLES_H

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_global_variables();
// Code or data was mapped: read the symbols of any new object at the next lookup.
void note_new_mapping();
bool global_object_at(Addr address, ObjectExtent* found);

}  // namespace ccsim

#endif
