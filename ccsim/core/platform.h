// platform.h: the only services the simulator core takes from its host, injected at start-up.
// Inside Valgrind they are VG_(malloc)/VG_(free)/VG_(tool_panic); on the host, malloc/free/abort.
// Keeping them behind function pointers is what lets the core build without any Valgrind header.
#ifndef CCSIM_CORE_PLATFORM_H
#define CCSIM_CORE_PLATFORM_H

#include <cstddef>

namespace ccsim {

// The allocator and failure hooks. `cost_centre` is a short static string naming the data structure
// (Valgrind shows it in its memory statistics).
struct Platform {
  void* (*allocate)(const char* cost_centre, std::size_t bytes);  // never returns null
  void (*release)(void* block);
  [[noreturn]] void (*fail)(const char* file, int line, const char* condition);
};

// Installs the hooks; must be called once before any core object is created.
void install_platform(const Platform& platform);
const Platform& platform();

void* allocate(const char* cost_centre, std::size_t bytes);
void release(void* block);

}  // namespace ccsim

// CCSIM_ASSERT is always checked; CCSIM_DEBUG_ASSERT only in debug builds (configure --enable-debug,
// and always in the unit tests), because the protocol invariants it guards cost a directory walk.
#define CCSIM_ASSERT(cond) \
  ((cond) ? (void)0 : ::ccsim::platform().fail(__FILE__, __LINE__, #cond))
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
#define CCSIM_DEBUG_ASSERT(cond) CCSIM_ASSERT(cond)
#else
#define CCSIM_DEBUG_ASSERT(cond) ((void)0)
#endif

#endif
