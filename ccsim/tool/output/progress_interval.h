// progress_interval.h: how often a run reports progress (--ccsim-progress-interval), decided once at
// start-up. Free of Valgrind headers so the rule is tested on the host (tests/packaging/).
#ifndef CCSIM_TOOL_OUTPUT_PROGRESS_INTERVAL_H
#define CCSIM_TOOL_OUTPUT_PROGRESS_INTERVAL_H

#include <cstdint>

namespace ccsim {

// The option's value before it is given: "decide from the terminal and -q".
constexpr std::int64_t kProgressIntervalUnset = -1;
// The interval used on a terminal when the option is not given.
constexpr std::uint32_t kProgressIntervalOnTerminal = 10;
// The largest interval accepted: a day.
constexpr std::uint32_t kMaxProgressInterval = 86400;

// Seconds between progress lines, 0 for none. A value the user gave wins (0 disables, even on a
// terminal; a number prints even with -q: they asked for it). Unset: none with -q (verbosity 0) or when
// Valgrind's messages do not go to a terminal (a log file, a pipe: batch runs stay quiet), otherwise
// kProgressIntervalOnTerminal.
constexpr std::uint32_t effective_progress_interval(std::int64_t option, int verbosity, bool messages_on_terminal) {
  if (option != kProgressIntervalUnset) return static_cast<std::uint32_t>(option);
  if (verbosity == 0 || !messages_on_terminal) return 0;
  return kProgressIntervalOnTerminal;
}

}  // namespace ccsim

#endif
