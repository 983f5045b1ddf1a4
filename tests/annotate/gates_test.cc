// gates_test.cc: --fail-if, the CI gate (docs/annotate.md, "Gates"), run as a CI job runs it: the exit
// status, the sentence of each gate that holds, and the sentence of each expression or name that is wrong.
// The counts are those of testing::shared_lines_profile() (test_support.h), worked out there by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::ProgramResult;

constexpr int kGateHolds = 3;  // the exit status docs/annotate.md gives a run whose gate holds

// ccsim-annotate with `options` on the shared-lines profile.
ProgramResult annotate_with(std::vector<std::string> options) {
  options.push_back(testing::write_temporary_file("app.profile", testing::shared_lines_profile()));
  return testing::run_annotate_program(options);
}

// The run has 100 invalidations received: a gate at 99 holds, one at 100 does not ("more than"), and the
// sentence names the line with the most (line 10: 50) and the object with the most (flags: 50 + 20 = 70).
TEST(FailIf, ACountGateHoldsAboveItsThresholdOnly) {
  ProgramResult crossed = annotate_with({"--view=summary", "--fail-if=invalidations > 99"});
  EXPECT_EQ(crossed.exit_code, kGateHolds);
  EXPECT_EQ(crossed.standard_error,
            "ccsim-annotate: --fail-if=invalidations > 99 holds: the run has invalidations = 100, more than 99; most "
            "of it at app.c:10 (worker) with 50 and in flags with 70\n");
  EXPECT_NE(crossed.standard_output.find("-- L1 misses by cause"), std::string::npos);  // the view is printed too
  ProgramResult passed = annotate_with({"--view=summary", "--fail-if=invalidations > 100"});
  EXPECT_EQ(passed.exit_code, 0);
  EXPECT_EQ(passed.standard_error, "");
  EXPECT_EQ(annotate_with({"--view=summary", "--fail-if=invalidations >= 100"}).exit_code, kGateHolds);
}

// False sharing is 50 + 20 = 70 of the 100 invalidations received: 70%, over 69% but not over 70%.
TEST(FailIf, APercentageOfInvalidationsIsOfAllInvalidationsReceived) {
  ProgramResult crossed = annotate_with({"--view=summary", "--fail-if=false_sharing > 69%"});
  EXPECT_EQ(crossed.exit_code, kGateHolds);
  EXPECT_EQ(crossed.standard_error,
            "ccsim-annotate: --fail-if=false_sharing > 69% holds: the run has false_sharing = 70, 70% of the run's 100 "
            "invalidations_received, more than 69%; most of it at app.c:10 (worker) with 50 and in flags with 70\n");
  EXPECT_EQ(annotate_with({"--view=summary", "--fail-if=false_sharing > 70%"}).exit_code, 0);
}

// Coherence misses are 40 + 30 = 70 of 500 accesses: exactly 14%, so "> 14%" does not hold and ">= 14%"
// does.
TEST(FailIf, APercentageOfAnyOtherEventIsOfAllAccesses) {
  EXPECT_EQ(annotate_with({"--view=summary", "--fail-if=coherence_misses > 14%"}).exit_code, 0);
  ProgramResult crossed = annotate_with({"--view=summary", "--fail-if=coherence_misses >= 14%"});
  EXPECT_EQ(crossed.exit_code, kGateHolds);
  EXPECT_EQ(crossed.standard_error,
            "ccsim-annotate: --fail-if=coherence_misses >= 14% holds: the run has coherence_misses = 70, 14% of the "
            "run's 500 accesses, at least 14%; most of it at app.c:10 (worker) with 40 and in flags with 40\n");
}

// Scopes: flags received 50 + 20 = 70 invalidations, most at line 10; line 20 had 30 coherence misses,
// all in sum; function worker's true sharing is line 20's 30. Several gates give one sentence per gate
// that holds, in the order given; `table` (0) and `fewer than 30` (30) do not hold.
TEST(FailIf, ScopedGatesNameTheirObjectLineOrFunction) {
  ProgramResult result = annotate_with(
      {"--view=lines", "--fail-if=invalidations(obj=flags) > 69", "--fail-if=invalidations(obj=table) > 0",
       "--fail-if=coherence_misses(app.c:20) >= 30", "--fail-if=true_sharing(fn=worker) > 29",
       "--fail-if=coherence_misses(/src/app.c:20) < 30"});
  EXPECT_EQ(result.exit_code, kGateHolds);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: --fail-if=invalidations(obj=flags) > 69 holds: data object flags has invalidations = 70, "
            "more than 69; most of it at app.c:10 (worker) with 50\n"
            "ccsim-annotate: --fail-if=coherence_misses(app.c:20) >= 30 holds: line app.c:20 has coherence_misses = 30, "
            "at least 30; most of it in sum with 30\n"
            "ccsim-annotate: --fail-if=true_sharing(fn=worker) > 29 holds: function worker has true_sharing = 30, more "
            "than 29; most of it at app.c:20 (worker) with 30 and in sum with 30\n");
  EXPECT_EQ(annotate_with({"--view=lines", "--fail-if=invalidations(obj=flags) > 70"}).exit_code, 0);
}

// The gate is measured whatever the output: the JSON export is written whole, and the exit status says
// the gate held.
TEST(FailIf, IsMeasuredBesideEveryOutput) {
  for (const std::string& output : {std::string("--json"), std::string("--view=objects"),
                                    std::string("--graph=invalidators"), std::string("--export=callgrind")}) {
    SCOPED_TRACE(output);
    ProgramResult result = annotate_with({output, "--fail-if=invalidations > 99"});
    EXPECT_EQ(result.exit_code, kGateHolds);
    EXPECT_NE(result.standard_output, "");
  }
}

// An expression that cannot be read is a command-line error (exit 2): one sentence naming the bad part.
TEST(FailIf, RejectsMalformedExpressions) {
  struct Case {
    std::string expression;
    std::string sentence;
  };
  const std::vector<Case> cases = {
      {"> 5", "it starts with \">\", not with what it measures; write MEASURE[(SCOPE)] OP NUMBER[%], e.g. "
              "--fail-if='invalidations > 1000'"},
      {"invalidations 1000", "\"1000\" does not start with a comparison; give >, >=, < or <="},
      {"invalidations >", "\">\" has no number after it; give a count (1000) or a percentage (1%)"},
      {"invalidations > 1.5", "\"1.5\" is not a whole number; give a whole count (1000) or a percentage (1%)"},
      {"invalidations > x%", "\"x%\" is not a percentage; give a number followed by %, e.g. 1% or 0.5%"},
      {"invalidations(obj=flags > 5",
       "\"(obj=flags > 5\" has no closing \")\"; write MEASURE[(SCOPE)] OP NUMBER[%], e.g. "
       "--fail-if='invalidations > 1000'"},
      {"invalidations(flags) > 5",
       "\"flags\" is not a scope; give obj=NAME, fn=NAME or FILE:LINE, e.g. obj=counters or app.c:42"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    ProgramResult result = annotate_with({"--fail-if=" + c.expression});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.standard_error,
              "ccsim-annotate: --fail-if=" + c.expression + ": " + c.sentence + "; see ccsim-annotate --help\n");
    EXPECT_EQ(result.standard_output, "");
  }
}

// A name the profile does not have is an error (exit 1) before anything is printed: the sentence names it
// and, for a scope, the profile's heaviest of that kind.
TEST(FailIf, RejectsNamesTheProfileDoesNotHave) {
  struct Case {
    std::string expression;
    std::string sentence;
  };
  const std::vector<Case> cases = {
      {"invalidations(obj=flag) > 5",
       "the profile has no data object \"flag\"; its data objects with the most invalidations are flags, sum, table"},
      {"invalidations(app.c:11) > 5",
       "the profile has no source line app.c:11; its source lines with the most invalidations are app.c:10, "
       "app.c:20, app.c:30, app.c:40"},
      {"invalidations(fn=wroker) > 5",
       "the profile has no function \"wroker\"; its functions with the most invalidations are worker, main"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    ProgramResult result = annotate_with({"--fail-if=" + c.expression});
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.standard_error, "ccsim-annotate: --fail-if=" + c.expression + ": " + c.sentence + "\n");
    EXPECT_EQ(result.standard_output, "");
  }
  ProgramResult event = annotate_with({"--fail-if=invalidatons > 5"});
  EXPECT_EQ(event.exit_code, 1);
  EXPECT_EQ(event.standard_error.rfind("ccsim-annotate: --fail-if=invalidatons > 5: the profile has no event "
                                       "\"invalidatons\"; give invalidations, false_sharing, true_sharing or one of "
                                       "its events: reads, writes, L1_read_misses, ",
                                       0),
            0u)
      << event.standard_error;
}

// A diff compares two runs; a gate measures one.
TEST(FailIf, IsRefusedWithDiff) {
  const std::string profile = testing::write_temporary_file("app.profile", testing::shared_lines_profile());
  ProgramResult result =
      testing::run_annotate_program({"--diff", "--fail-if=invalidations > 1", profile, profile});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: --fail-if measures one run, not a --diff; give it with the AFTER profile in a run of its "
            "own; see ccsim-annotate --help\n");
}

}  // namespace
}  // namespace ccsim::annotate
