// tool_platform.h: installs Valgrind's services (allocator, panic) as the simulator core's platform.
#ifndef CCSIM_TOOL_TOOL_PLATFORM_H
#define CCSIM_TOOL_TOOL_PLATFORM_H

namespace ccsim {
void install_valgrind_platform();
}

#endif
