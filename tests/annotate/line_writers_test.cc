// line_writers_test.cc: the lines view ranked by invalidations received (the default) puts under each line
// that lost copies the lines whose stores removed them, as perf c2c shows a hot line's stores with its
// loads: a store that loses nothing itself ranks low or under the threshold, and was missing.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::section;

// The labels of the table's rows (the text after the last count), in order, from the total row on.
std::vector<std::string> row_labels(const std::string& table) {
  std::vector<std::string> labels;
  std::istringstream lines(table);
  std::string line;
  std::getline(lines, line);  // the headings
  while (std::getline(lines, line) && line.rfind("(", 0) != 0) {
    std::size_t label = line.find("  /");
    if (label == std::string::npos) label = line.find("  (");
    if (label == std::string::npos) label = line.find("    ^ ");
    labels.push_back(label == std::string::npos ? line : line.substr(line.find_first_not_of(' ', label)));
  }
  return labels;
}

// findings.profile (its scenario is at its top), --view=lines, default sort: the runtime's row (2,999
// received), app.c:45 (2,000 received from main's app.c:65, across regions), app.c:40 (1,499 from
// app.c:30), app.c:50 (999, from its own stores on the other thread), app.c:60 (100 L1 misses, none
// received). app.c:65 ranked on its own after app.c:50 (1,000 of 8,601 L1 misses) and moves under
// app.c:45; app.c:30 (1 L1 miss, 0.01%, nothing received) was under the threshold and shows under
// app.c:40 with its 1,500 writes and 1,499 invalidations caused. app.c:50 gets no row under it.
TEST(LineWritersTest, WritingLinesFollowTheLinesThatLostCopies) {
  std::string lines = section(annotate({"--view=lines", profile_path("findings.profile")}), "Lines");
  EXPECT_EQ(row_labels(lines),
            (std::vector<std::string>{
                "(all lines)",
                "(runtime: 1 line, of their accesses libc 100.0%; --runtime=show lists them)",
                "/home/me/findings/app.c:45 (worker)",
                "^ /home/me/findings/app.c:65 (main): its stores caused 2,000 of app.c:45's invalidations",
                "/home/me/findings/app.c:40 (worker)",
                "^ /home/me/findings/app.c:30 (worker): its stores caused 1,499 of app.c:40's invalidations",
                "/home/me/findings/app.c:50 (worker)", "/home/me/findings/app.c:60 (main)"}))
      << lines;
  // reads, writes, L1_misses, coherence_misses, invalidations_received, invalidations_caused, then the
  // L1 miss ratio (1 of 1,500 accesses: 0.1%), the coherence share (0 of 1 miss) and the running share of
  // invalidations received (2,999 + 2,000 + 0 + 1,499 + 0 of 7,497: 86.7%).
  EXPECT_EQ(counts_before(lines, "^ /home/me/findings/app.c:30 (worker): its stores caused 1,499 of app.c:40's "
                                 "invalidations"),
            (std::vector<std::string>{"0", "1,500", "1", "0", "0", "1,499", "0.1%", "0.0%", "86.7%"}));
  EXPECT_NE(lines.find("(7 of 7 lines shown: at most 20, each with at least 0.1% of a sort event's total; under a "
                       "line that lost copies (^), the lines whose stores removed them)\n"),
            std::string::npos)
      << lines;
}

// The overview's lines table does the same, with a caused column: app.c:30 caused 1,499 of the 7,497
// invalidations (20.0%).
TEST(LineWritersTest, OverviewShowsTheWritersWithWhatTheyCaused) {
  std::string lines = section(annotate({profile_path("findings.profile")}), "Lines");
  std::size_t victim = lines.find("/home/me/findings/app.c:40 (worker)\n");
  std::size_t writer = lines.find("^ /home/me/findings/app.c:30 (worker)");
  ASSERT_NE(victim, std::string::npos) << lines;
  EXPECT_EQ(lines.find('\n', victim) + 1, lines.rfind('\n', writer) + 1) << lines;  // the next row
  std::string writer_row = lines.substr(lines.rfind('\n', writer) + 1, writer - lines.rfind('\n', writer) - 1);
  EXPECT_NE(writer_row.find("1,499 (20.0%)"), std::string::npos) << writer_row;
}

// Sorted by invalidations caused, the writers rank on their own: no line goes under another. And a line
// whose own stores remove its copies on the other thread (counters.c:12) has none under it.
TEST(LineWritersTest, OnlyUnderTheDefaultSortAndNeverTheLineItself) {
  std::string by_caused =
      section(annotate({"--view=lines", "--sort=invalidations_caused", profile_path("findings.profile")}), "Lines");
  EXPECT_EQ(by_caused.find("^ "), std::string::npos) << by_caused;
  EXPECT_NE(by_caused.find("/home/me/findings/app.c:30 (worker)\n"), std::string::npos) << by_caused;
  std::string counters = section(annotate({"--view=lines", profile_path("counters.profile")}), "Lines");
  EXPECT_EQ(counters.find("^ "), std::string::npos) << counters;
}

}  // namespace
}  // namespace ccsim::annotate
