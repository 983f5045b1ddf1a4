// runtime_inline_information.cc: --read-inline-info turned off around the mappings of runtime libraries.
#include "ccsim/tool/data_objects/runtime_inline_information.h"

#include "ccsim/tool/data_objects/runtime_libraries.h"

namespace ccsim {
namespace {

// Whether the option was turned off before the system call in progress, and its value before.
bool turned_off = false;
Bool value_before = False;

}  // namespace

void skip_runtime_inline_information(UInt syscall_number, const UWord* args, UInt arg_count) {
  restore_inline_information_option();  // should a call's hook after it not have run
  // mmap(addr, length, prot, flags, fd, offset): an anonymous mapping has no file, and its fd is -1.
  if (syscall_number != __NR_mmap || arg_count < 5 || static_cast<Int>(args[4]) < 0) return;
  const HChar* path = nullptr;
  if (!VG_(resolve_filename)(static_cast<Int>(args[4]), &path) || !is_runtime_library(path)) return;
  value_before = VG_(clo_read_inline_info);
  VG_(clo_read_inline_info) = False;
  turned_off = true;
}

void restore_inline_information_option() {
  if (!turned_off) return;
  VG_(clo_read_inline_info) = value_before;
  turned_off = false;
}

}  // namespace ccsim
