// phase_tests.cc: the phases' records (region-object:, barrier-object:, barrier-line:, timeline:,
// timeline-object:) of real runs, against the counts the programs' headers derive by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

using Counts = std::vector<std::uint64_t>;

// The profile's object of that name (exactly one).
unsigned object_named(const Profile& profile, const std::string& name) {
  const std::vector<unsigned> found = profile.objects_named(name);
  return found.size() == 1 ? found[0] : 0;
}

// The counts of `object` (0: a line row, by `line`) at the barrier of `source`:`line_number`; empty if none.
Counts barrier_row(const std::vector<PhaseRow>& rows, const std::string& source, unsigned line_number, unsigned object,
                   std::uint64_t line = 0) {
  for (const PhaseRow& row : rows) {
    const std::string& file = row.barrier.file;
    if (row.barrier.line == line_number && file.size() >= source.size() &&
        file.compare(file.size() - source.size(), source.size(), source) == 0 && row.object == object &&
        row.line == line) {
      return row.counts;
    }
  }
  return {};
}

class PhaseTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string dir = scratch_directory("phases_two_loops");
    path_ = dir + "/ccsim.out";
    run_ = new RunResult(run_ccsim(dir, {"--sim-mode=interleaved", "--phases=yes", "--ccsim-out-file=ccsim.out"},
                                   test_program("omp_two_loops")));
    profile_ = new Profile;
    read_ok_ = read_profile(path_, profile_, &error_);
  }
  static void TearDownTestSuite() {
    delete run_;
    delete profile_;
  }
  void SetUp() override {
    ASSERT_EQ(run_->exit_code, 0) << run_->stderr_text;
    ASSERT_TRUE(read_ok_) << error_;
  }
  static RunResult* run_;
  static Profile* profile_;
  static bool read_ok_;
  static std::string error_;
  static std::string path_;
};
RunResult* PhaseTest::run_ = nullptr;
Profile* PhaseTest::profile_ = nullptr;
bool PhaseTest::read_ok_ = false;
std::string PhaseTest::error_;
std::string PhaseTest::path_;

// omp_two_loops.c's header: summed over the 100 regions loop 1's barrier closes, a has 3 compulsory,
// 1 transfer and 198 coherence L1 misses, 198 false coherence misses, 199 false invalidations and 199
// transfers; loop 2's barrier has none of a.
TEST_F(PhaseTest, LoopOneSumsTheFalseSharingOfAAtItsChunkEdge) {
  const unsigned a = object_named(*profile_, "a");
  ASSERT_NE(a, 0u);
  const unsigned loop1 = marked_line("omp_two_loops.c", "barrier after loop 1");
  const unsigned loop2 = marked_line("omp_two_loops.c", "barrier after loop 2");
  EXPECT_EQ(barrier_row(profile_->barrier_objects, "omp_two_loops.c", loop1, a),
            (Counts{3, 1, 198, 0, 0, 198, 0, 199, 199}));
  EXPECT_EQ(barrier_row(profile_->barrier_objects, "omp_two_loops.c", loop2, a), Counts{});
}

// Loop 2 reads b: 3 compulsory misses and 1 transfer miss, served by the other reader's copy (1
// transfer); its stores to results, one line: 1 compulsory, 1 transfer and 198 coherence L1 misses, 198
// false coherence misses, 199 false invalidations, 199 transfers. Loop 1's barrier has none of them.
TEST_F(PhaseTest, LoopTwoHasTheReadsOfBAndTheStoresOfResults) {
  const unsigned b = object_named(*profile_, "b");
  const unsigned results = object_named(*profile_, "results");
  ASSERT_NE(b, 0u);
  ASSERT_NE(results, 0u);
  const unsigned loop1 = marked_line("omp_two_loops.c", "barrier after loop 1");
  const unsigned loop2 = marked_line("omp_two_loops.c", "barrier after loop 2");
  EXPECT_EQ(barrier_row(profile_->barrier_objects, "omp_two_loops.c", loop2, b), (Counts{3, 1, 0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(barrier_row(profile_->barrier_objects, "omp_two_loops.c", loop2, results),
            (Counts{1, 1, 198, 0, 0, 198, 0, 199, 199}));
  EXPECT_EQ(barrier_row(profile_->barrier_objects, "omp_two_loops.c", loop1, b), Counts{});
}

// a's line 1 (bytes 64-127, the chunks' edge) holds all of a's sharing, and is a line-detail line: its
// barrier-line record at loop 1's barrier has the 198 false coherence misses, 199 false invalidations
// and 199 transfers.
TEST_F(PhaseTest, TheEdgeLineHasTheSharingOfLoopOne) {
  const unsigned a = object_named(*profile_, "a");
  ASSERT_NE(a, 0u);
  const std::uint64_t edge = profile_->objects.at(a).address + 64;
  const unsigned loop1 = marked_line("omp_two_loops.c", "barrier after loop 1");
  EXPECT_EQ(barrier_row(profile_->barrier_lines, "omp_two_loops.c", loop1, 0, edge),
            (Counts{0, 0, 0, 0, 0, 198, 0, 199, 199}));
}

// Each loop's barrier closes 100 regions (the regions view's two rows of 100 epochs).
TEST_F(PhaseTest, EachLoopsBarrierClosesOneHundredRegions) {
  std::map<unsigned, unsigned> regions_at;
  for (const auto& [region, line] : region_closing_lines(path_)) ++regions_at[line];
  EXPECT_EQ(regions_at[marked_line("omp_two_loops.c", "barrier after loop 1")], 100u);
  EXPECT_EQ(regions_at[marked_line("omp_two_loops.c", "barrier after loop 2")], 100u);
}

// The run has fewer than 256 regions, so each is given one by one too: a has a row in each of loop 1's
// 100 regions (round 1's misses, then each round's invalidations), and they add up to its barrier row.
// (a has one more row: main's read of a[23] after the team, in the region open at exit.)
TEST_F(PhaseTest, EachRegionOfLoopOneHasItsOwnRowOfA) {
  const unsigned a = object_named(*profile_, "a");
  ASSERT_NE(a, 0u);
  const auto closes = region_closing_lines(path_);
  const unsigned loop1 = marked_line("omp_two_loops.c", "barrier after loop 1");
  unsigned rows = 0;
  Counts sum(9, 0);
  for (const PhaseRow& row : profile_->region_objects) {
    if (row.object != a || closes.at(row.region) != loop1) continue;
    ++rows;
    for (std::size_t i = 0; i < 9; ++i) sum[i] += row.counts[i];
  }
  EXPECT_EQ(rows, 100u);
  EXPECT_EQ(sum, (Counts{3, 1, 198, 0, 0, 198, 0, 199, 199}));
}

// two_phases.c's header: 128 stores, a's 64 then b's 64, each a compulsory miss; --timeline=32 puts
// a's in intervals 0 and 1 (32 each), b's in 2 and 3: 4 intervals of 32 accesses.
TEST(TimelineTest, ObjectsFollowEachOtherEvery32Accesses) {
  const std::string dir = scratch_directory("phases_timeline");
  const RunResult run = run_ccsim(
      dir, {"--instr-atstart=no", "--trace-stack=no", "--timeline=32", "--ccsim-out-file=ccsim.out"},
      test_program("two_phases"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile profile;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  EXPECT_EQ(profile.timeline, "accesses 32 4");
  const unsigned a = object_named(profile, "a");
  const unsigned b = object_named(profile, "b");
  ASSERT_NE(a, 0u);
  ASSERT_NE(b, 0u);
  std::vector<std::string> rows;
  for (const PhaseRow& row : profile.timeline_objects) {
    std::string text = std::to_string(row.interval) + (row.object == a ? " a" : row.object == b ? " b" : " other");
    for (std::uint64_t count : row.counts) text += " " + std::to_string(count);
    rows.push_back(text);
  }
  EXPECT_EQ(rows, (std::vector<std::string>{"0 a 32 0 0 0 0 0 0 0 0", "1 a 32 0 0 0 0 0 0 0 0",
                                            "2 b 32 0 0 0 0 0 0 0 0", "3 b 32 0 0 0 0 0 0 0 0"}));
}

// Without --timeline the profile has no timeline records.
TEST_F(PhaseTest, TheTimelineIsOffByDefault) {
  EXPECT_EQ(profile_->timeline, "");
  EXPECT_TRUE(profile_->timeline_objects.empty());
}

// --phases is off by default (its cost, perf/README.md): two_phases without it has none of the phases'
// records, whatever --timeline (the test above) gives.
TEST(PhasesOptionTest, OffByDefault) {
  const std::string dir = scratch_directory("phases_off");
  const RunResult run =
      run_ccsim(dir, {"--instr-atstart=no", "--trace-stack=no", "--ccsim-out-file=ccsim.out"}, test_program("two_phases"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile profile;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  EXPECT_TRUE(profile.region_objects.empty());
  EXPECT_TRUE(profile.barrier_objects.empty());
  EXPECT_TRUE(profile.barrier_lines.empty());
}

// --phases needs the data objects it counts: one sentence, exit status 1.
TEST(PhasesOptionTest, NeedsDataObjects) {
  const std::string dir = scratch_directory("phases_no_objects");
  const RunResult run = run_ccsim(dir, {"--phases=yes", "--data-objects=no"}, test_program("two_phases"));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.stderr_text.find("the phases count data objects: it needs --data-objects=yes."), std::string::npos)
      << run.stderr_text;
}

}  // namespace
}  // namespace ccsim_test

namespace ccsim_test {
namespace {

std::string annotate_output(const std::string& arguments) {
  const std::string command = std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + arguments + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  while (pipe != nullptr && fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
  if (pipe != nullptr) pclose(pipe);
  return output;
}

// The text view of the region x object table: loop 1's barrier, its 100 epochs, and a's row with the
// header's counts (3 compulsory, 1 transfer, 198 coherence misses; 198 false coherence misses; 199 false
// invalidations; 199 transfers; zeros as dots).
TEST_F(PhaseTest, RegionObjectsViewShowsLoopOnesRowOfA) {
  const std::string view = annotate_output("--view=region-objects " + path_);
  const std::string title = "omp_two_loops.c:" +
                            std::to_string(marked_line("omp_two_loops.c", "barrier after loop 1")) +
                            " (main._omp_fn.0):";
  std::size_t at = view.find(title);
  ASSERT_NE(at, std::string::npos) << view;
  at = view.rfind('\n', at) + 1;
  EXPECT_EQ(view.substr(at, 21), "100 epochs closed by ") << view;
  std::string squeezed;
  for (char c : view.substr(at)) {
    if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ' && squeezed.back() != '\n')) squeezed += c;
  }
  EXPECT_NE(squeezed.find("\n3 1 198 . . 198 . 199 199 a (global, 192 B)\n"), std::string::npos) << view;
}

}  // namespace
}  // namespace ccsim_test
