// selection_test.cc: --threads and summing several profiles, which change what every view adds up.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/analysis/thread_selection.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;

using Cells = std::vector<std::string>;

// "1,3-4" is thread 1 and the range 3 to 4.
TEST(ThreadSelectionTest, ParsesNumbersAndRanges) {
  ThreadSelection selection = parse_thread_selection("1,3-4");
  for (ThreadId thread : {1u, 3u, 4u}) {
    SCOPED_TRACE(thread);
    EXPECT_TRUE(selection.contains(thread));
  }
  for (ThreadId thread : {2u, 5u}) {
    SCOPED_TRACE(thread);
    EXPECT_FALSE(selection.contains(thread));
  }
}

// Malformed lists are usage errors naming the option and the right form.
TEST(ThreadSelectionTest, RejectsMalformedLists) {
  for (const char* text : {"", "0", "2-1", "a", "1,", "1-2-3", "4294967296"}) {
    SCOPED_TRACE(text);
    try {
      parse_thread_selection(text);
      ADD_FAILURE() << "accepted";
    } catch (const UsageError& error) {
      EXPECT_EQ(std::string(error.what()),
                "--threads=" + std::string(text) +
                    " is not a thread list; give thread numbers (from 1) and ranges "
                    "separated by commas, e.g. --threads=1,3-4");
    }
  }
}

// counters with --threads=2: the summary has thread 2 only, and the total is thread 2's (1000 writes,
// 1000 misses).
TEST(ThreadSelectionTest, AddsUpOnlyTheSelectedThreads) {
  std::string table = section(annotate({"--view=summary", "--threads=2", profile_path("counters.profile")}),
                              "L1 misses by cause");
  EXPECT_TRUE(row_starting_with(table, "1").empty());
  EXPECT_TRUE(row_starting_with(table, "3").empty());
  EXPECT_EQ(row_starting_with(table, "total"),
            (Cells{"total", "0", "1,000", "1,000", "100.0%", "1", "999", "0", "0", "0", "0", "-"}));
}

// Edges go with their victim's thread: with --threads=3 only thread 3's invalidations remain.
TEST(ThreadSelectionTest, KeepsEdgesOfSelectedVictims) {
  std::string output = annotate({"--view=invalidators", "--threads=3", profile_path("counters.profile")});
  EXPECT_NE(output.find("on thread 3 was invalidated 999 times"), std::string::npos);
  EXPECT_EQ(output.find("on thread 2 was invalidated"), std::string::npos);
}

// A thread the profile does not have is an option error listing those it has.
TEST(ThreadSelectionTest, RejectsAThreadThatDoesNotOccur) {
  try {
    annotate({"--threads=5", profile_path("counters.profile")});
    FAIL() << "accepted";
  } catch (const OptionError& error) {
    EXPECT_EQ(std::string(error.what()),
              "--threads=5: 5 matches no thread of the profile; its threads are 1, 2, 3");
  }
}

// Two copies of counters summed: every count doubles (thread 2: 2000 writes, 2000 misses, 2 compulsory).
TEST(MergeTest, SumsProfilesOfTheSameMachine) {
  std::string path = profile_path("counters.profile");
  std::string output = annotate({"--view=summary", path, path});
  EXPECT_EQ(row_starting_with(section(output, "L1 misses by cause"), "2"),
            (Cells{"2", "0", "2,000", "2,000", "100.0%", "2", "1,998", "0", "0", "0", "0", "-"}));
  EXPECT_NE(output.find("Profiles:     " + path + ", " + path + " (summed)"), std::string::npos);
}

// counters and shared_sum have different events (shared_sum has L2): they cannot be summed.
TEST(MergeTest, RejectsProfilesWithOtherEvents) {
  try {
    annotate({profile_path("counters.profile"), profile_path("shared_sum.profile")});
    FAIL() << "accepted";
  } catch (const ProfileError& error) {
    EXPECT_EQ(std::string(error.what()),
              profile_path("shared_sum.profile") + ": its events: line differs from that of " +
                  profile_path("counters.profile") + "; only profiles with the same events can be summed");
  }
}

// counters.profile (./counters 2 1000) and counters_padded.profile (./counters_padded 2 1000) have the
// same events and caches but are runs of two programs: summing them would mix two programs' threads into
// one run, so it is refused (exit 1, one sentence with both commands) unless --sum-different. Summed,
// thread 2 writes 1,000 + 1,000 = 2,000 times and misses 1,000 (counters: 1,000 write misses) + 1 (the
// padded counter's one compulsory miss) = 1,001 times.
TEST(MergeTest, RefusesProfilesOfDifferentProgramsUnlessAsked) {
  std::string counters = profile_path("counters.profile");
  std::string padded = profile_path("counters_padded.profile");
  testing::ProgramResult refused = testing::run_annotate_program({counters, padded});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.standard_error, "ccsim-annotate: " + padded +
                                        ": it is a run of another program (./counters_padded 2 1000) than " +
                                        counters +
                                        " (./counters 2 1000); profiles of different programs are summed only "
                                        "with --sum-different\n");
  EXPECT_EQ(refused.standard_output, "");
  std::string summed = annotate({"--view=summary", "--sum-different", counters, padded});
  Cells thread2 = row_starting_with(section(summed, "L1 misses by cause"), "2");
  ASSERT_GE(thread2.size(), 4u) << summed;
  EXPECT_EQ(thread2[2], "2,000");
  EXPECT_EQ(thread2[3], "1,001");
  // Runs of one program with other arguments are one program: ./counters 2 1000 and /opt/counters 4.
  std::string text = testing::read_file(counters);
  text.replace(text.find("command: ./counters 2 1000"), 26, "command: /opt/counters 4");
  std::string other_arguments = testing::write_temporary_file("counters_4.profile", text);
  EXPECT_NO_THROW(annotate({"--view=summary", counters, other_arguments}));
}

}  // namespace
}  // namespace ccsim::annotate
