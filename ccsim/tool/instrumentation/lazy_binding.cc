// lazy_binding.cc: see lazy_binding.h.
#include "ccsim/tool/instrumentation/lazy_binding.h"

namespace ccsim {
namespace {

// x86-64 PLT layout (the System V psABI's, with or without IBT's endbr64): PLT0 is 16 bytes; the lazy
// path of every other entry is a `push imm32` (opcode 0x68) followed by a jump to PLT0.
constexpr Addr kPlt0Bytes = 16;
constexpr UChar kPushImmediateOpcode = 0x68;

}  // namespace

bool is_lazy_binding_stub(Addr address) {
  if (VG_(DebugInfo_sect_kind)(nullptr, address) != Vg_SectPLT) return false;
  // The object whose PLT holds the address (VG_(find_DebugInfo) looks at .text only). Called once per
  // PLT instruction, when its reference is created.
  for (const DebugInfo* object = VG_(next_DebugInfo)(nullptr); object != nullptr;
       object = VG_(next_DebugInfo)(object)) {
    const Addr plt = VG_(DebugInfo_get_plt_avma)(object);
    if (address < plt || address >= plt + VG_(DebugInfo_get_plt_size)(object)) continue;
    if (address < plt + kPlt0Bytes) return true;
    // The instruction is being translated, so its byte is mapped and readable.
    return *reinterpret_cast<const UChar*>(address) == kPushImmediateOpcode;
  }
  return false;
}

}  // namespace ccsim
