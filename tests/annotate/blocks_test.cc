// blocks_test.cc: the block histograms on the hand-written chunk_edges.profile (its header derives every
// count): --view=blocks, the chunk-edge finding under the object's finding, the JSON export's `blocks` and
// the HTML report's strip.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;

using Cells = std::vector<std::string>;

const char kEdgeSentence[] =
    "threads' chunks share their edge lines: align each chunk to 64 bytes (or make each chunk a multiple of 64 "
    "bytes); 19 of its 19 invalidations fall on 1 edge block: block 1 (bytes 64-127, cells[8]..cells[15]) between "
    "threads 2 and 3";

// Per block: L1 misses compulsory/coherence/replacement summed over threads (line 1: 1 + 1 compulsory,
// 9 + 9 coherence), coherence misses and invalidations true/false, the threads, the fields at its ends.
TEST(BlocksViewTest, ListsEachBlocksCountsThreadsAndFields) {
  const std::string text = section(annotate({"--view=blocks", profile_path("chunk_edges.profile")}), "Blocks");
  EXPECT_NE(text.find("cells (global, 192 B): 3 blocks with events (64 B blocks); 19 invalidations received, "
                      "22 L1 misses\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(row_starting_with(text, "0"), (Cells{"0", "0-63", "1/0/0", ".", ".", "2", "cells[0]..cells[7]"}));
  EXPECT_EQ(row_starting_with(text, "1"),
            (Cells{"1", "64-127", "2/18/0", "0/18", "0/19", "2", "3", "cells[8]..cells[15]"}));
  EXPECT_EQ(row_starting_with(text, "2"), (Cells{"2", "128-191", "1/0/0", ".", ".", "3", "cells[16]..cells[23]"}));
  EXPECT_NE(text.find(std::string("chunk edges: ") + kEdgeSentence + ".\n"), std::string::npos) << text;
}

// The chunk edges are said under the object's finding too (19 invalidations: under the default
// --min-invalidations, so it is lowered).
TEST(BlocksViewTest, FindingSaysThatChunksShareTheirEdgeLines) {
  const std::string text = annotate({"--view=findings", "--min-invalidations=1", profile_path("chunk_edges.profile")});
  EXPECT_NE(text.find(std::string("   chunk edges: ") + kEdgeSentence + ".\n"), std::string::npos) << text;
}

// The JSON gives each bucket with its bytes, fields, totals and threads, and the edge with its two threads.
TEST(BlocksExportTest, JsonGivesBucketsThreadsAndEdges) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path("chunk_edges.profile")}));
  ASSERT_EQ(json["blocks"].size(), 1u);
  const nlohmann::json& cells = json["blocks"][0];
  EXPECT_EQ(cells["object"], "cells");
  ASSERT_EQ(cells["buckets"].size(), 3u);
  const nlohmann::json& edge = cells["buckets"][1];
  EXPECT_EQ(edge["block"], 1);
  EXPECT_EQ(edge["first_byte"], 64);
  EXPECT_EQ(edge["last_byte"], 127);
  EXPECT_EQ(edge["fields"], "cells[8]..cells[15]");
  EXPECT_EQ(edge["counts"]["invalidations_received_false"], 19);
  EXPECT_EQ(edge["counts"]["L1_miss_coherence"], 18);
  ASSERT_EQ(edge["threads"].size(), 2u);
  EXPECT_EQ(edge["threads"][0]["thread"], 2);
  EXPECT_EQ(edge["threads"][0]["counts"]["invalidations_received_false"], 9);
  EXPECT_EQ(edge["threads"][1]["counts"]["invalidations_received_false"], 10);
  EXPECT_EQ(cells["not_in_blocks"]["invalidations_received_false"], 0);
  EXPECT_EQ(cells["chunk_edges"]["sentence"], kEdgeSentence);
  EXPECT_EQ(cells["chunk_edges"]["edges"][0]["threads"], nlohmann::json::array({2, 3}));
}

// The strip: one cell per block, thread 2's colour, both threads' in bands with the invalidations' full
// 8-pixel bar (it has the object's most), thread 3's, no bar where no invalidation; then the edges.
TEST(BlocksExportTest, HtmlStripColoursEachBlockByItsThreads) {
  const std::string page = testing::html_report("blocks_html", {profile_path("chunk_edges.profile")});
  const std::string cells = testing::div_from(page, "<div class=\"strip\">");
  ASSERT_FALSE(cells.empty());
  EXPECT_NE(cells.find("<span style=\"background:#ff7f0e\" title=\"block 0 "
                       "(bytes 0-63, cells[0]..cells[7]): 1 L1 misses"),
            std::string::npos)
      << cells;
  EXPECT_NE(cells.find("<span style=\"background:linear-gradient(#ff7f0e 0%,#ff7f0e 50%,#2ca02c 50%,#2ca02c "
                       "100%);box-shadow:inset 0 -8px #d62728\" title=\"block 1 (bytes 64-127"),
            std::string::npos)
      << cells;
  EXPECT_NE(cells.find("<span style=\"background:#2ca02c\" title=\"block 2 "),
            std::string::npos)
      << cells;
  EXPECT_NE(page.find("<p class=\"fix\">chunk edges: threads&#39; chunks share their edge lines"), std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
