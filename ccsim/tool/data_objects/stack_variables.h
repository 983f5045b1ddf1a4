// stack_variables.h: the local variables (and their fields) holding the stack bytes of invalidated lines, for
// `local:` and `field:` records: a result a worker hands to main through main's stack is "results in main",
// not bytes 8,385,600 of the stack of thread 1.
//
// A stack's bytes belong to a variable only while its function's frame lives, so they are described when
// the line is invalidated, by Valgrind's description of the address (the variable and frame,
// VG_(get_data_description)) and of the frame's variables (their extents, VG_(di_get_stack_blocks_at_ip)),
// which need Valgrind's --read-var-info=yes. Each byte of a line is described once, at the first
// invalidation that touches it; the descriptions are bounded in number (stack_variables.cc, kMaxDescribed),
// as each one costs a walk of the thread's stack and of every global variable.
#ifndef CCSIM_TOOL_STACK_VARIABLES_H
#define CCSIM_TOOL_STACK_VARIABLES_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_stack_variables(std::uint32_t line_bytes);

// The bytes [low, high] of the stack extent `stack`, touched in an invalidation of `line`.
void describe_stack_bytes(Addr line, Addr low, Addr high, const ObjectExtent& stack);

// A local variable: bytes [start, start + size) of `object`'s extent starting at `base`, declared in
// `function`.
struct StackVariable {
  ObjectId object;
  Addr base;
  Addr start;
  std::uint64_t size;
  const char* name;
  const char* function;
};
// A field or element of a local variable, named by its path ("results.b"), as ObjectField is.
struct StackField {
  ObjectId object;
  Addr base;
  Addr start;
  std::uint64_t size;
  const char* name;
};
using StackVariableVisitor = void (*)(void* context, const StackVariable& variable);
using StackFieldVisitor = void (*)(void* context, const StackField& field);

// The variables and fields described in `object` that hold bytes of [low, high] (inclusive), in the order
// they were described.
void for_each_stack_variable(ObjectId object, Addr low, Addr high, StackVariableVisitor visit, void* context);
void for_each_stack_field(ObjectId object, Addr low, Addr high, StackFieldVisitor visit, void* context);

}  // namespace ccsim

#endif
