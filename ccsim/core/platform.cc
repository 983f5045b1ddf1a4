// platform.cc: the host services the core was given at start-up (see platform.h).
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

// The installed hooks. Constant-initialized (no constructor runs), which matters inside Valgrind where
// no static constructors are relied on.
Platform installed_platform = {nullptr, nullptr, nullptr};

}  // namespace

void install_platform(const Platform& hooks) { installed_platform = hooks; }

const Platform& platform() { return installed_platform; }

void* allocate(const char* cost_centre, std::size_t bytes) { return installed_platform.allocate(cost_centre, bytes); }

void release(void* block) {
  if (block != nullptr) installed_platform.release(block);
}

void fail(const char* file, int line, const char* condition) {
  installed_platform.fail(file, line, condition);
  __builtin_trap();  // the hook does not return
}

}  // namespace ccsim
