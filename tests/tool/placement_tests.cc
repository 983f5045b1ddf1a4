// placement_tests.cc: end-to-end tests of the sharing predicted for other placements of a heap block
// (`placement:` records; docs/data-objects.md, "Placement"), on tests/programs/placement_structs.c: two
// threads updating their own 64-byte struct, side by side in one block, 1,000 times each.
//
// The counts by hand. Each update of thread t's struct writes its bytes 0-7 (sum += i) and 56-63 (count++),
// each a load and a store. With the structs starting at u mod 64 (the block's start plus where the structs
// are in it), thread 2's struct covers [u, u + 64) and thread 3's [u + 64, u + 128) of the virtual line
// grid. At u = 0 each struct has a line of its own: 0 invalidations. At u = 16, 32 or 48 thread 2's count
// and thread 3's sum share a line, and nothing else does. The barrier starts both loops together, and
// --quantum=1 replays the two threads access by access: both run the same code, so in each round thread
// 3's store of sum comes between thread 2's store of count in that round and the one before, whichever
// thread goes first. So the shared line changes hands at every one of those 2 x 1,000 stores but the
// first (thread 2 had no copy yet): 1,999 false invalidations, none true (nobody writes a byte the other
// touched).
//
// Lines of 128 bytes: the structs at u mod 128 share no line at u = 64; at every other start a line holds
// bytes of both, and it changes hands between 2 and 4 times per round (which of the two threads takes the
// first turn decides where in that range): 2,000 to 4,000.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

constexpr std::uint64_t kUpdates = 1000;
constexpr std::uint64_t kSharedLine = 2 * kUpdates - 1;

struct PlacementRun {
  Profile profile;
  unsigned block_mod_64 = 0;
  unsigned block_mod_128 = 0;
  unsigned object = 0;  // the structs' heap object
};

// placement_structs in `mode` under ccsim; the block's offsets as the program printed them.
PlacementRun run_structs(const std::string& mode, const std::string& sim_mode = "interleaved") {
  PlacementRun run;
  const std::string directory = scratch_directory("placement_" + mode + "_" + sim_mode);
  const RunResult result =
      run_ccsim(directory, {"--sim-mode=" + sim_mode, "--quantum=1", "--ccsim-out-file=ccsim.out"},
                test_program("placement_structs"), {mode});
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  std::string error;
  EXPECT_TRUE(read_profile(directory + "/ccsim.out", &run.profile, &error)) << error;
  std::ifstream out(directory + "/stdout.txt");
  std::string line;
  std::getline(out, line);
  EXPECT_EQ(std::sscanf(line.c_str(), "block at %u mod 64, %u mod 128", &run.block_mod_64, &run.block_mod_128), 2)
      << line;
  const std::string site =
      "placement_structs.c:" + std::to_string(marked_line("placement_structs.c", mode + " block")) + " main";
  for (const auto& [id, object] : run.profile.objects) {
    if (object.kind == "heap" && object.name.rfind(site, 0) == 0) run.object = id;
  }
  EXPECT_NE(run.object, 0u) << "no heap object from " << site;
  return run;
}

// The row of the run's object for lines of `line_bytes` starting at `start`; fails when there is none.
PlacementRow row_of(const PlacementRun& run, unsigned line_bytes, unsigned start) {
  for (const PlacementRow& row : run.profile.placements) {
    if (row.object == run.object && row.line_bytes == line_bytes && row.start == start) return row;
  }
  ADD_FAILURE() << "no placement record for lines of " << line_bytes << " starting at " << start;
  return PlacementRow{};
}

// The false invalidations of 64-byte lines with the structs at `u` mod 64 (above).
std::uint64_t expected_false(unsigned u) { return u % 64 == 0 ? 0 : kSharedLine; }

// Every start of the run's layouts, checked against the hand counts; `inner` is where the structs are in
// the block.
void expect_hand_counts(const PlacementRun& run, unsigned inner) {
  for (unsigned start = 0; start < 64; start += 16) {
    SCOPED_TRACE("64-byte lines, block at " + std::to_string(start));
    const PlacementRow row = row_of(run, 64, start + run.block_mod_64 % 16);
    EXPECT_EQ(row.false_sharing, expected_false(start + run.block_mod_64 % 16 + inner));
    EXPECT_EQ(row.true_sharing, 0u);
    EXPECT_EQ(row.blocks, 1u);
    EXPECT_EQ(row.block_offset, run.block_mod_128);
  }
  for (unsigned start = 0; start < 128; start += 16) {
    SCOPED_TRACE("128-byte lines, block at " + std::to_string(start));
    const unsigned u = (start + run.block_mod_128 % 16 + inner) % 128;
    const PlacementRow row = row_of(run, 128, start + run.block_mod_128 % 16);
    if (u == 64) {
      EXPECT_EQ(row.false_sharing, 0u);
    } else {
      EXPECT_GE(row.false_sharing, 2 * kUpdates);
      EXPECT_LE(row.false_sharing, 4 * kUpdates);
    }
  }
}

// aligned_alloc(64, 128): the block, and the structs, at 0 mod 64. This run has no invalidation of the
// block, and the layouts at 16, 32 and 48 have 1,999 each.
TEST(Placement, AlignedStructsAreCleanHereAndFalselyShareAtEveryOtherStart) {
  const PlacementRun run = run_structs("aligned");
  ASSERT_EQ(run.block_mod_64, 0u);
  EXPECT_EQ(row_of(run, 64, 0).false_sharing, 0u);
  for (unsigned start : {16u, 32u, 48u}) EXPECT_EQ(row_of(run, 64, start).false_sharing, kSharedLine);
  expect_hand_counts(run, 0);
  // The simulation agrees with the block's own layout: nothing of the block was invalidated.
  EXPECT_EQ(run.profile.object_total(run.object, "invalidations_received_false_in_region"), 0u);
}

// The structs 32 bytes into a block at 0 mod 64: 1,999 false invalidations in this run, the simulation's
// and the prediction's for the block's own start alike; a block at 32 mod 64 would put the structs on line
// boundaries (0).
TEST(Placement, MisalignedStructsFalselyShareHereAndNotAtThirtyTwo) {
  const PlacementRun run = run_structs("inside");
  ASSERT_EQ(run.block_mod_64, 0u);
  EXPECT_EQ(row_of(run, 64, 0).false_sharing, kSharedLine);
  EXPECT_EQ(row_of(run, 64, 32).false_sharing, 0u);
  expect_hand_counts(run, 32);
  EXPECT_EQ(run.profile.object_total(run.object, "invalidations_received_false_in_region"), kSharedLine);
  EXPECT_EQ(run.profile.object_total(run.object, "invalidations_received_true_in_region"), 0u);
}

// calloc(2, 64), wherever the allocator puts it: the hand counts for the start the program printed.
TEST(Placement, CallocStructsFollowTheirBlocksStart) {
  const PlacementRun run = run_structs("calloc");
  expect_hand_counts(run, 0);
  EXPECT_EQ(run.profile.object_total(run.object, "invalidations_received_false_in_region"),
            expected_false(run.block_mod_64));
}

// Every order predicts the block's own layout as the simulation counts it (the order decides how often
// the threads take the line from each other, not whether the two agree).
TEST(Placement, OwnLayoutAgreesWithTheSimulationInEveryOrder) {
  for (const char* sim_mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(sim_mode);
    const PlacementRun run = run_structs("inside", sim_mode);
    std::uint64_t predicted = 0;
    for (const PlacementRow& row : run.profile.placements) {
      if (row.object == run.object && row.line_bytes == 64 && row.start == 0) predicted = row.false_sharing;
    }
    EXPECT_EQ(predicted, run.profile.object_total(run.object, "invalidations_received_false_in_region") +
                             run.profile.object_total(run.object, "invalidations_received_false_across_regions"));
  }
}

}  // namespace
}  // namespace ccsim_test
