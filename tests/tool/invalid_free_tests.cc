// invalid_free_tests.cc: a pointer given to free that is not the start of a live block (one into the
// middle of a block, a stack address, a block freed already) is reported once per call site and
// ignored, as under Memcheck; the program goes on, its exit code is kept and the profile is written
// (issue 13, section 4; docs/data-objects.md). The program is tests/programs/invalid_free.c.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const std::string kProgram = "invalid_free.c";
const std::string kReport = "ccsim: Invalid free() / delete / realloc() of ";

// The stderr lines of a run.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The address the program printed after `label` ("middle 0x4a44650").
std::string printed_address(const std::vector<std::string>& lines, const std::string& label) {
  for (const std::string& line : lines) {
    if (line.rfind(label + " ", 0) == 0) return line.substr(label.size() + 1);
  }
  ADD_FAILURE() << "the program did not print its '" << label << "' address";
  return "?";
}

// Each report: the address, then the call's stack, whose frame in main names the source line.
struct Report {
  std::string address;
  std::string sentence;
  unsigned line_in_main = 0;
};

std::vector<Report> reports_in(const std::vector<std::string>& lines) {
  std::vector<Report> reports;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t at = lines[i].find(kReport);
    if (at == std::string::npos) continue;
    Report report;
    report.sentence = lines[i].substr(at);
    const std::size_t colon = report.sentence.find(':', kReport.size());
    report.address = report.sentence.substr(kReport.size(), colon - kReport.size());
    auto is_frame = [&lines](std::size_t j) {
      return j < lines.size() &&
             (lines[j].find(" at 0x") != std::string::npos || lines[j].find(" by 0x") != std::string::npos);
    };
    for (std::size_t j = i + 1; is_frame(j); ++j) {
      const std::size_t frame = lines[j].find(": main (" + kProgram + ":");
      const std::size_t line_number = frame + std::string(": main (").size() + kProgram.size() + 1;
      if (frame != std::string::npos) report.line_in_main = std::stoul(lines[j].substr(line_number));
    }
    reports.push_back(report);
  }
  return reports;
}

void expect_invalid_frees_reported_and_ignored(const std::string& test, const std::vector<std::string>& options) {
  std::string dir = scratch_directory(test);
  std::vector<std::string> all_options = options;
  all_options.push_back("--ccsim-out-file=ccsim.out");
  RunResult run = run_ccsim(dir, all_options, test_program("invalid_free"));
  // The program's own exit code: ccsim neither aborted nor changed it.
  EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
  const std::vector<std::string> lines = lines_of(run.stderr_text);
  // Three call sites, each reported once: the middle of a block (called twice in a loop), a stack
  // address, the second free of a block; the valid frees are not reported.
  const std::vector<Report> reports = reports_in(lines);
  ASSERT_EQ(reports.size(), 3u) << run.stderr_text;
  EXPECT_EQ(reports[0].address, printed_address(lines, "middle"));
  EXPECT_EQ(reports[0].line_in_main, marked_line(kProgram, "middle"));
  EXPECT_EQ(reports[1].address, printed_address(lines, "stack"));
  EXPECT_EQ(reports[1].line_in_main, marked_line(kProgram, "stack"));
  EXPECT_EQ(reports[2].address, printed_address(lines, "double"));
  EXPECT_EQ(reports[2].line_in_main, marked_line(kProgram, "double"));
  EXPECT_EQ(reports[0].sentence, kReport + reports[0].address +
                                     ": not the start of a live heap block; the call was ignored (reported "
                                     "once per call site).");
  // The profile is written, and the valid work is all in it: 64 writes at the fill line and 64 reads at
  // the sum line, twice (before and after the invalid calls).
  Profile profile;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  EXPECT_EQ(profile.at_line(kProgram, marked_line(kProgram, "fill"), "writes"), 2u * 64u);
  EXPECT_EQ(profile.at_line(kProgram, marked_line(kProgram, "sum"), "reads"), 2u * 64u);
}

TEST(InvalidFree, ReportedOncePerCallSiteAndIgnored) {
  expect_invalid_frees_reported_and_ignored("invalid_free", {});
}

// The check does not depend on the data objects: without them ccsim still knows its blocks.
TEST(InvalidFree, ReportedWithoutDataObjectsToo) {
  expect_invalid_frees_reported_and_ignored("invalid_free_no_objects", {"--data-objects=no"});
}

}  // namespace
}  // namespace ccsim_test
