// block_tests.cc: block histograms end to end (docs/data-objects.md, "Blocks"): an array split among 4
// threads in chunks that are not a multiple of 64 bytes has its invalidations at the 3 edge blocks and
// nowhere else, and the reader names the chunk edges; chunks of whole lines have none; a large array is
// counted in buckets. The expected numbers are derived in tests/programs/chunk_edges.c.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/parsing/parser.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

using ccsim::annotate::BlockBucket;
using ccsim::annotate::ObjectBlocks;
using ccsim::annotate::Profile;

constexpr std::uint64_t kRounds = 100;

Profile run_chunks(const std::string& test_name, const std::vector<std::string>& arguments,
                   const std::vector<std::string>& more_options = {}) {
  const std::string directory = scratch_directory("blocks_" + test_name);
  std::vector<std::string> options = {"--sim-mode=interleaved", "--quantum=1", "--ccsim-out-file=ccsim.out"};
  options.insert(options.end(), more_options.begin(), more_options.end());
  const RunResult result = run_ccsim(directory, options, test_program("chunk_edges"), arguments);
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  return ccsim::annotate::read_profile_file(directory + "/ccsim.out");
}

// The blocks of the global `name`; fails the test when it has none.
ObjectBlocks blocks_of(const Profile& profile, const std::string& name) {
  for (const ObjectBlocks& blocks : ccsim::annotate::object_blocks(profile)) {
    if (profile.objects[blocks.object].name == name) return blocks;
  }
  ADD_FAILURE() << "no blocks of " << name;
  return {};
}

// Chunks of 125 longs (1,000 bytes): 2 x 100 - 1 = 199 false invalidations in each of blocks 15, 31 and 46,
// 100 received by the later chunk's thread and 99 by the earlier's, none in the other 60 blocks; each
// thread has 1 compulsory L1 miss in each block it alone stores to; in an edge block the later thread's
// first store is compulsory and the earlier's a transfer miss (it finds the later's Modified copy), and
// each has 99 coherence misses (false) there.
TEST(BlockHistograms, ChunksNotAMultipleOf64BytesShareExactlyTheirThreeEdgeBlocks) {
  const Profile profile = run_chunks("edges", {"125"});
  const ObjectBlocks data = blocks_of(profile, "data");
  ASSERT_EQ(data.buckets.size(), 63u);  // lines 0-62; line 63 is never touched
  const std::map<std::uint64_t, std::pair<unsigned, unsigned>> edges = {{15, {2, 3}}, {31, {3, 4}}, {46, {4, 5}}};
  for (const BlockBucket& bucket : data.buckets) {
    SCOPED_TRACE("block " + std::to_string(bucket.block));
    EXPECT_EQ(bucket.lines, 1u);
    EXPECT_EQ(bucket.offset, static_cast<std::int64_t>(64 * bucket.block));
    auto edge = edges.find(bucket.block);
    if (edge == edges.end()) {
      EXPECT_EQ(bucket.invalidations(), 0u);
      EXPECT_EQ(bucket.threads.size(), 1u);
      EXPECT_EQ(bucket.total[0], 1u);  // one compulsory miss
      EXPECT_EQ(bucket.l1_misses(), 1u);
      continue;
    }
    const auto [earlier, later] = edge->second;
    ASSERT_EQ(bucket.threads.size(), 2u);
    EXPECT_EQ(bucket.total[6], 2 * kRounds - 1);  // false
    EXPECT_EQ(bucket.total[5], 0u);               // true
    EXPECT_EQ(bucket.threads.at(later)[6], kRounds);
    EXPECT_EQ(bucket.threads.at(earlier)[6], kRounds - 1);
    EXPECT_EQ(bucket.threads.at(later)[0], 1u);    // compulsory
    EXPECT_EQ(bucket.threads.at(later)[7], 0u);    // transfer
    EXPECT_EQ(bucket.threads.at(earlier)[0], 0u);  // compulsory
    EXPECT_EQ(bucket.threads.at(earlier)[7], 1u);  // transfer
    for (unsigned thread : {earlier, later}) {
      EXPECT_EQ(bucket.threads.at(thread)[1], kRounds - 1);  // coherence
      EXPECT_EQ(bucket.threads.at(thread)[4], kRounds - 1);  // false coherence misses
    }
  }
  EXPECT_EQ(data.total[5] + data.total[6], 3 * (2 * kRounds - 1));
  ASSERT_TRUE(data.has_edges);
  ASSERT_EQ(data.edges.edges.size(), 3u);
  EXPECT_EQ(data.edges.sentence,
            "threads' chunks share their edge lines: align each chunk to 64 bytes (or make each chunk a multiple of "
            "64 bytes); 597 of its 597 invalidations fall on 3 edge blocks: block 15 (bytes 960-1023) between "
            "threads 2 and 3; block 31 (bytes 1984-2047) between threads 3 and 4; block 46 (bytes 2944-3007) "
            "between threads 4 and 5");
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(data.not_in_blocks[i], 0u) << i;
}

// Chunks of 128 longs (1,024 bytes = 16 lines): no line holds two chunks, so no invalidation and no edge.
TEST(BlockHistograms, ChunksOfWholeLinesShareNoBlock) {
  const Profile profile = run_chunks("aligned", {"128"});
  const ObjectBlocks data = blocks_of(profile, "data");
  ASSERT_EQ(data.buckets.size(), 64u);
  for (const BlockBucket& bucket : data.buckets) {
    SCOPED_TRACE("block " + std::to_string(bucket.block));
    EXPECT_EQ(bucket.invalidations(), 0u);
    ASSERT_EQ(bucket.threads.size(), 1u);
    EXPECT_EQ(bucket.threads.begin()->first, 2 + bucket.block / 16);
  }
  EXPECT_FALSE(data.has_edges);
}

// `big`, 600 lines: buckets of 4 blocks (600 / 2 = 300 buckets would pass 256, 600 / 4 = 150 do not), each
// with 4 compulsory misses of thread 1. --block-histograms=0 writes no object's blocks but those named.
TEST(BlockHistograms, LargeArrayIsCountedInBucketsOfWholeBlocks) {
  const Profile profile = run_chunks("big", {"big"}, {"--block-histograms=0", "--block-objects=big"});
  const ObjectBlocks big = blocks_of(profile, "big");
  ASSERT_EQ(big.buckets.size(), 150u);
  for (std::size_t i = 0; i < big.buckets.size(); ++i) {
    SCOPED_TRACE("bucket " + std::to_string(i));
    const BlockBucket& bucket = big.buckets[i];
    EXPECT_EQ(bucket.lines, 4u);
    EXPECT_EQ(bucket.block, 4 * i);
    EXPECT_EQ(bucket.first_byte, 256 * i);
    EXPECT_EQ(bucket.last_byte, 256 * i + 255);
    ASSERT_EQ(bucket.threads.size(), 1u);
    EXPECT_EQ(bucket.threads.at(1)[0], 4u);
  }
  std::set<std::size_t> with_blocks;
  for (const auto& block : profile.blocks) with_blocks.insert(block.object);
  EXPECT_EQ(with_blocks.size(), 1u);  // big's alone
}

}  // namespace
}  // namespace ccsim_test
