// host_platform.cc: malloc/free/abort hooks for host builds of the core (see host_platform.h).
#include "ccsim/core/host_platform.h"

#include <cstdio>
#include <cstdlib>

#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

[[noreturn]] void fail_on_host(const char* file, int line, const char* condition) {
  std::fprintf(stderr, "ccsim: internal error at %s:%d: %s\n", file, line, condition);
  std::abort();
}

void* allocate_on_host(const char* cost_centre, std::size_t bytes) {
  void* block = std::malloc(bytes == 0 ? 1 : bytes);
  if (block == nullptr) {
    std::fprintf(stderr, "ccsim: out of memory allocating %zu bytes for %s.\n", bytes, cost_centre);
    std::abort();
  }
  return block;
}

void release_on_host(void* block) { std::free(block); }

}  // namespace

void install_host_platform() { install_platform(Platform{allocate_on_host, release_on_host, fail_on_host}); }

}  // namespace ccsim
