// tool_platform.cc: gives the simulator core Valgrind's allocator and panic, and routes C++ operator
// new/delete to the same allocator (there is no libstdc++ inside a tool).
#include "ccsim/core/platform.h"
#include "ccsim/tool/tool_platform.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

void* valgrind_allocate(const char* cost_centre, std::size_t bytes) { return VG_(malloc)(cost_centre, bytes); }

void valgrind_release(void* block) { VG_(free)(block); }

[[noreturn]] void valgrind_fail(const char* file, int line, const char* condition) {
  VG_(printf)("ccsim: internal error at %s:%d: %s\n", file, line, condition);
  VG_(tool_panic)("ccsim: internal invariant violated");
  __builtin_unreachable();
}

}  // namespace

void install_valgrind_platform() {
  install_platform(Platform{valgrind_allocate, valgrind_release, valgrind_fail});
}

}  // namespace ccsim

void* operator new(std::size_t bytes) { return VG_(malloc)("ccsim.new", bytes); }
void* operator new[](std::size_t bytes) { return VG_(malloc)("ccsim.new", bytes); }
void operator delete(void* block) noexcept { VG_(free)(block); }
void operator delete[](void* block) noexcept { VG_(free)(block); }
void operator delete(void* block, std::size_t) noexcept { VG_(free)(block); }
void operator delete[](void* block, std::size_t) noexcept { VG_(free)(block); }

// Pure virtual calls cannot happen in correct code; the symbol is needed because there is no libsupc++.
extern "C" void __cxa_pure_virtual() { VG_(tool_panic)("ccsim: pure virtual function called"); }
