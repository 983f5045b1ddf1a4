// thread_label_test.cc: `thread: <n> <label>` records (docs/output-format.md): read from the header,
// optional (profiles written before them name threads by number only), kept when profiles are summed,
// rejected with a sentence when malformed, and used to name threads ("thread 2 (worker)").
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/merge.h"
#include "ccsim/annotate/parsing/parser.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

// A valid profile of 3 threads of ./app with `extra_header` after its `skipped:` line (and `after_names`
// after its names).
std::string profile_text(const std::string& extra_header, const std::string& after_names = "") {
  return testing::small_profile(3, "app", 0, extra_header, after_names);
}

Profile parse(const std::string& text) { return testing::parse_text(text, "app.profile"); }
std::string rejection(const std::string& text) { return testing::rejection_of(text, "app.profile"); }

// The label is the rest of the line, spaces included (an OpenMP thread's "omp thread 1 of 2").
TEST(ThreadLabelRecords, AreReadFromTheHeader) {
  const Profile profile =
      parse(profile_text("thread: 1 main\nthread: 2 omp thread 1 of 2\nthread: 3 worker\n"));
  ASSERT_EQ(profile.header.thread_labels.size(), 3u);
  EXPECT_EQ(profile.thread_name(1), "thread 1 (main)");
  EXPECT_EQ(profile.thread_name(2), "thread 2 (omp thread 1 of 2)");
  EXPECT_EQ(profile.thread_name(3), "thread 3 (worker)");
}

// A profile written before the records existed names threads by number.
TEST(ThreadLabelRecords, AreOptional) {
  const Profile profile = parse(profile_text(""));
  EXPECT_TRUE(profile.header.thread_labels.empty());
  EXPECT_EQ(profile.thread_name(2), "thread 2");
  EXPECT_EQ(profile.thread_names({1, 2, 3}), "threads 1-3");
}

// Consecutive threads with one label are named together; a change of label or a gap starts a new group.
TEST(ThreadLabelRecords, NameRunsOfThreadsTogether) {
  const Profile profile = parse(profile_text("thread: 1 main\nthread: 2 worker\nthread: 3 worker\n"));
  EXPECT_EQ(profile.thread_names({1, 2, 3}), "thread 1 (main), threads 2-3 (worker)");
  EXPECT_EQ(profile.thread_names({1, 3}), "thread 1 (main), thread 3 (worker)");
}

// Summing two runs: an equal label stays, a different one is shown beside it.
TEST(ThreadLabelRecords, AreKeptWhenProfilesAreSummed) {
  Profile sum = parse(profile_text("thread: 1 main\nthread: 2 worker\n"));
  add_profile(sum, parse(profile_text("thread: 1 main\nthread: 2 reader\nthread: 3 writer\n")));
  EXPECT_EQ(sum.thread_name(1), "thread 1 (main)");
  EXPECT_EQ(sum.thread_name(2), "thread 2 (worker / reader)");
  EXPECT_EQ(sum.thread_name(3), "thread 3 (writer)");
}

TEST(ThreadLabelRecords, MisplacedOrMalformedAreRejected) {
  EXPECT_NE(rejection(profile_text("", "thread: 1 main\n")).find("thread: belongs to the header"), std::string::npos);
  EXPECT_NE(rejection(profile_text("thread: 1\n")).find("<thread> <label>"), std::string::npos);
  EXPECT_NE(rejection(profile_text("thread: 0 main\n")).find("thread 0 does not exist"), std::string::npos);
  EXPECT_NE(rejection(profile_text("thread: 4 worker\n")).find("thread 4 is beyond the 3 threads the header announces"),
            std::string::npos);
  EXPECT_NE(rejection(profile_text("thread: 2 a\nthread: 2 b\n")).find("thread 2 is labelled twice"),
            std::string::npos);
}

// counters.profile with its threads labelled (`thread:` records after its `skipped:` lines): the
// callgrind export names them in a `desc:` line, the invalidator graph in its thread pairs (thread 3's
// 1000 invalidations of thread 2 and thread 2's 999 of thread 3, counters.profile's header).
TEST(ThreadLabelRecords, NameThreadsInTheExports) {
  std::ifstream in(testing::profile_path("counters.profile"));
  std::string text, line;
  bool labelled = false;
  while (std::getline(in, line)) {
    if (!labelled && line.rfind("file:", 0) == 0) {
      text += "thread: 1 main\nthread: 2 worker\nthread: 3 worker\n";
      labelled = true;
    }
    text += line + "\n";
  }
  ASSERT_TRUE(labelled);
  const std::string path = testing::write_temporary_file("labelled.profile", text);
  const std::string callgrind = testing::annotate({"--export=callgrind", path});
  EXPECT_NE(callgrind.find("\ndesc: Threads: thread 1 (main), threads 2-3 (worker)\n"), std::string::npos) << callgrind;
  const std::string graph = testing::annotate({"--graph=invalidators", path});
  EXPECT_NE(graph.find("\\nthread 3 (worker) -> 2 (worker): 1,000\\nthread 2 (worker) -> 3 (worker): 999\""),
            std::string::npos)
      << graph;
}

}  // namespace
}  // namespace ccsim::annotate
