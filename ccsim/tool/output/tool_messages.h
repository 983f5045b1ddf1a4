// tool_messages.h: where the messages of the run's end go (the exit summary, the replay's forced
// orderings, a profile that could not be written): Valgrind's log, as VG_(umsg) prints them; or, in a
// simulation worker (workers/worker_process.h), a buffer that the tool prints, so that they come from the
// tool's process, with its pid in Valgrind's "==pid==" prefix.
#ifndef CCSIM_TOOL_OUTPUT_TOOL_MESSAGES_H
#define CCSIM_TOOL_OUTPUT_TOOL_MESSAGES_H

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// VG_(umsg)'s format, or appended to the captured text.
void tool_message(const HChar* format, ...) PRINTF_CHECK(1, 2);

// From now on tool_message() appends to `buffer` (at most `capacity` bytes with the final 0) and keeps
// its length in `*length`; text past the capacity is dropped.
void capture_tool_messages(char* buffer, std::uint32_t capacity, std::uint32_t* length);

}  // namespace ccsim

#endif
