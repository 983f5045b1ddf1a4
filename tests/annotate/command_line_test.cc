// command_line_test.cc: the program as a user runs it: exit codes, the one-sentence errors on stderr,
// and --help.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::profile_path;
using testing::ProgramResult;
using testing::run_annotate_program;

// The first line of `text`.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// --help lists every option with its default, and succeeds.
TEST(CommandLineTest, HelpListsEveryOptionWithItsDefault) {
  ProgramResult result = run_annotate_program({"--help"});
  EXPECT_EQ(result.exit_code, 0);
  for (const char* option :
       {"--view arg (=overview)", "--show arg", "--sort arg", "--threshold arg (=0.1)", "--threads arg",
        "--level arg (=L1)", "--top arg (=20)", "--context arg (=8)", "--auto arg (=no)",
        "-I [ --include ] arg", "--graph arg", "--format arg (=dot)", "--graph-top arg (=20)",
        "--graph-node arg", "-o [ --output ] arg", "--json [=arg(=-)]", "--export arg", "--diff",
        "--min-invalidations arg (=100)", "--sum-different", "--fail-if arg"}) {
    SCOPED_TRACE(option);
    EXPECT_NE(result.standard_output.find(option), std::string::npos);
  }
}

// A valid run prints the overview and succeeds, with nothing on stderr.
TEST(CommandLineTest, PrintsTheOverviewByDefault) {
  ProgramResult result = run_annotate_program({profile_path("counters.profile")});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.standard_error, "");
  EXPECT_NE(result.standard_output.find("\n-- Lines\n"), std::string::npos);
}

// A listing that cannot be written (standard output on a full device) is not a success: exit 1 and one
// sentence, for the overview (many writes) and for --version (one short line, written at the flush).
TEST(CommandLineTest, FailsWhenStandardOutputCannotBeWritten) {
  const std::string program = std::string("'") + CCSIM_ANNOTATE_PROGRAM + "'";
  const std::string profile = "'" + profile_path("counters.profile") + "'";
  for (const std::string& arguments : {profile, std::string("--version")}) {
    ProgramResult result = testing::run_command(program + " " + arguments + " >/dev/full");
    EXPECT_EQ(result.exit_code, 1) << arguments;
    const std::string sentence = first_line(result.standard_error);
    EXPECT_EQ(sentence.rfind("ccsim-annotate: standard output cannot be written (", 0), 0u) << sentence;
    EXPECT_NE(sentence.find("); the listing is incomplete"), std::string::npos) << sentence;
  }
}

// No profile: exit 2 and one sentence pointing at --help, not the 69-line option list after it.
TEST(CommandLineTest, RequiresAProfile) {
  ProgramResult result = run_annotate_program({});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: no profile given; name one or more ccsim.out.<pid> files; see ccsim-annotate --help\n");
}

// Malformed option values are usage errors (exit 2): one sentence naming the option and what is allowed,
// then "see ccsim-annotate --help", and nothing more on stderr.
TEST(CommandLineTest, RejectsMalformedOptionValues) {
  struct Case {
    std::string option;
    std::string message;
  };
  std::vector<Case> cases = {
      {"--view=pie",
       "ccsim-annotate: --view=pie: \"pie\" is not a view; the views are blocks, evictors, findings, "
       "functions, invalidators, line-threads, lines, locks, matrix, object-threads, objects, overview, paths, "
       "region-lines, region-objects, regions, sets, source, summary, timeline, working-set"},
      {"--level=L3", "ccsim-annotate: --level=L3 is not allowed; use L1 or L2 or LLC"},
      {"--top=-1", "ccsim-annotate: --top=-1 is not allowed; give a whole number from 1 to 1000000000"},
      {"--threshold=200", "ccsim-annotate: --threshold must be a percentage between 0 and 100"},
      {"--threads=3-1",
       "ccsim-annotate: --threads=3-1 is not a thread list; give thread numbers (from 1) and "
       "ranges separated by commas, e.g. --threads=1,3-4"},
      {"--export=gprof", "ccsim-annotate: --export=gprof is not allowed; use callgrind"},
      {"--frobnicate", "ccsim-annotate: unrecognised option '--frobnicate'"},
      {"--min-invalidations=x",
       "ccsim-annotate: --min-invalidations=x is not allowed; give a whole number from 0 to 1000000000"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.option);
    ProgramResult result = run_annotate_program({c.option, profile_path("counters.profile")});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.standard_error, c.message + "; see ccsim-annotate --help\n");
  }
}

// --diff takes two profiles or more.
TEST(CommandLineTest, DiffNeedsTwoProfiles) {
  ProgramResult result = run_annotate_program({"--diff", profile_path("counters.profile")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: --diff compares two or more profiles (before, after, or versions in order), not 1; see "
            "ccsim-annotate --help\n");
}

// Values that do not fit the profile are errors with exit 1 that list what the profile has.
TEST(CommandLineTest, RejectsValuesTheProfileDoesNotHave) {
  ProgramResult event = run_annotate_program({"--show=L2_misses", profile_path("conflict.profile")});
  EXPECT_EQ(event.exit_code, 1);
  EXPECT_EQ(first_line(event.standard_error)
                .rfind("ccsim-annotate: --show: the profile has no event \"L2_misses\"; "
                       "its events are reads, writes, ",
                       0),
            0u);
  ProgramResult level = run_annotate_program({"--level=L2", profile_path("conflict.profile")});
  EXPECT_EQ(level.exit_code, 1);
  EXPECT_EQ(
      level.standard_error,
      "ccsim-annotate: --level=L2: the profile does not simulate L2 (cache: L2 none); its levels are L1\n");
}

// A missing profile: exit 1 and one sentence naming it.
TEST(CommandLineTest, ReportsAMissingProfile) {
  std::string path = testing::temporary_path("missing.profile");
  ProgramResult result = run_annotate_program({path});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error, "ccsim-annotate: " + path +
                                       ": cannot be opened (No such file or directory); give the path of a "
                                       "ccsim.out.<pid> file\n");
}

// A malformed profile: exit 1 and the parser's sentence with file and line.
TEST(CommandLineTest, ReportsAMalformedProfile) {
  std::string path = testing::write_temporary_file("bad.profile", "ccsim-profile-version: 3\n");
  ProgramResult result = run_annotate_program({path});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: " + path +
                ":1: profile version 3 is not supported; this ccsim-annotate reads versions 1 and 2\n");
}

// An output file in a directory that does not exist: exit 1 naming the option.
TEST(CommandLineTest, ReportsAnUnwritableOutput) {
  ProgramResult result = run_annotate_program(
      {"--graph=invalidators", "--output=/nonexistent-dir/graph.dot", profile_path("counters.profile")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(
      result.standard_error,
      "ccsim-annotate: --output=/nonexistent-dir/graph.dot: the file cannot be written (No such file or "
      "directory); give a path in a writable directory\n");
}

// A bare --json writes to standard output and does not swallow the profile name after it.
TEST(CommandLineTest, BareJsonWritesToStandardOutput) {
  ProgramResult result = run_annotate_program({"--json", profile_path("conflict.profile")});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.standard_output.rfind("{\n  \"profiles\"", 0), 0u);
}

}  // namespace
}  // namespace ccsim::annotate
