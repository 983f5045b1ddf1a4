// platform.h: the only services the simulator core takes from its host, injected at start-up.
// Inside Valgrind they are VG_(malloc)/VG_(free)/VG_(tool_panic); on the host, malloc/free/abort.
// Keeping them behind function pointers is what lets the core build without any Valgrind header.
#ifndef CCSIM_CORE_PLATFORM_H
#define CCSIM_CORE_PLATFORM_H

#include <cstddef>
#include <cstring>
#include <new>

namespace ccsim {

// The allocator and failure hooks. `cost_centre` is a short static string naming the data structure
// (Valgrind shows it in its memory statistics).
struct Platform {
  void* (*allocate)(const char* cost_centre, std::size_t bytes);  // never returns null
  void (*release)(void* block);
  // Reports a failed assertion; never returns. (Not declared [[noreturn]]: clang does not accept the
  // attribute on a function pointer. fail() below is.)
  void (*fail)(const char* file, int line, const char* condition);
};

// Installs the hooks; must be called once before any core object is created.
void install_platform(const Platform& platform);
const Platform& platform();

void* allocate(const char* cost_centre, std::size_t bytes);
void release(void* block);
// The installed failure hook, for CCSIM_ASSERT.
[[noreturn]] void fail(const char* file, int line, const char* condition);

// Zero-filled storage for `count` objects of a type that needs no constructor (the core's arrays).
template <class T>
T* allocate_zeroed_array(const char* cost_centre, std::size_t count) {
  void* block = allocate(cost_centre, count * sizeof(T));
  std::memset(block, 0, count * sizeof(T));
  return static_cast<T*>(block);
}

// `new` and `delete` for core objects: there is no operator new inside a Valgrind tool, so objects are
// built with placement new in storage from the injected allocator.
template <class T, class... Args>
T* create_object(const char* cost_centre, Args&&... args) {
  return new (allocate(cost_centre, sizeof(T))) T(static_cast<Args&&>(args)...);
}

template <class T>
void destroy_object(T* object) {
  if (object == nullptr) return;
  object->~T();
  release(object);
}

}  // namespace ccsim

// CCSIM_ASSERT is always checked; CCSIM_DEBUG_ASSERT only in debug builds (configure --enable-debug,
// and always in the unit tests), because the protocol invariants it guards cost a directory walk.
#define CCSIM_ASSERT(cond) \
  ((cond) ? (void)0 : ::ccsim::fail(__FILE__, __LINE__, #cond))
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
#define CCSIM_DEBUG_ASSERT(cond) CCSIM_ASSERT(cond)
#else
#define CCSIM_DEBUG_ASSERT(cond) ((void)0)
#endif

#endif
