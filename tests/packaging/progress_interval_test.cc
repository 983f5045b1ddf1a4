// progress_interval_test.cc: the default of --ccsim-progress-interval (progress_interval.h), which the
// end-to-end tests cannot reach (it needs a terminal and a run of more than 10 s): on a terminal a line
// every 10 s, none with -q or when the messages go to a file or pipe, and a value given always wins.
#include <gtest/gtest.h>

#include "ccsim/tool/output/progress_interval.h"

namespace ccsim {
namespace {

constexpr int kQuiet = 0;   // -q
constexpr int kNormal = 1;  // Valgrind's default verbosity
constexpr int kVerbose = 2; // -v

// Unset: 10 s on a terminal at the normal or a higher verbosity.
TEST(ProgressIntervalTest, UnsetOnATerminalIsTenSeconds) {
  EXPECT_EQ(effective_progress_interval(kProgressIntervalUnset, kNormal, true), 10u);
  EXPECT_EQ(effective_progress_interval(kProgressIntervalUnset, kVerbose, true), 10u);
}

// Unset: off with -q, and off when the messages do not go to a terminal.
TEST(ProgressIntervalTest, UnsetIsOffWithQuietOrOffATerminal) {
  EXPECT_EQ(effective_progress_interval(kProgressIntervalUnset, kQuiet, true), 0u);
  EXPECT_EQ(effective_progress_interval(kProgressIntervalUnset, kNormal, false), 0u);
  EXPECT_EQ(effective_progress_interval(kProgressIntervalUnset, kQuiet, false), 0u);
}

// A value given wins: 0 turns it off on a terminal, 3 prints every 3 s even with -q and into a file.
TEST(ProgressIntervalTest, AGivenValueWins) {
  EXPECT_EQ(effective_progress_interval(0, kNormal, true), 0u);
  EXPECT_EQ(effective_progress_interval(3, kQuiet, false), 3u);
  EXPECT_EQ(effective_progress_interval(3, kNormal, true), 3u);
}

}  // namespace
}  // namespace ccsim
