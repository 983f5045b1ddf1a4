// host_platform.h: the core's services on an ordinary host (unit tests, benchmarks): malloc, free, and a
// failure hook that prints the broken invariant and aborts. Built into the host libraries only; the
// Valgrind tool installs its own hooks.
#ifndef CCSIM_CORE_HOST_PLATFORM_H
#define CCSIM_CORE_HOST_PLATFORM_H

namespace ccsim {

// Installs the host hooks; call before creating any core object. Calling it again is harmless.
void install_host_platform();

}  // namespace ccsim

#endif
