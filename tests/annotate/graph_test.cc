// graph_test.cc: --graph=invalidators|evictors. The dot text is read back by Graphviz's own dot (the
// test is skipped when configure found no dot), which must accept it without a warning; the nodes and
// edges it reports are compared with the ones derived from the scenarios of the test profiles.
#include "ccsim/annotate/exports/graph.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ccsim/annotate/errors.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;

// An edge as dot laid it out: its end nodes' labels and its own label and colour.
struct DrawnEdge {
  std::string culprit;
  std::string victim;
  std::string label;
  std::string color;
  bool operator<(const DrawnEdge& other) const {
    return std::tie(culprit, victim, label, color) <
           std::tie(other.culprit, other.victim, other.label, other.color);
  }
  bool operator==(const DrawnEdge& other) const { return !(*this < other) && !(other < *this); }
};

// What dot made of a graph: node labels and edges ("\n" in labels as dot's two characters \n).
struct DrawnGraph {
  std::set<std::string> nodes;
  std::set<DrawnEdge> edges;
};

void PrintTo(const DrawnEdge& edge, std::ostream* out) {
  *out << edge.culprit << " -> " << edge.victim << " [" << edge.label << ", " << edge.color << "]";
}

// Runs `dot -Tjson` on `dot_text`; fails the test when dot warns or fails.
DrawnGraph drawn_by_dot(const std::string& dot_text) {
  std::string path = testing::write_temporary_file("graph.dot", dot_text);
  testing::ProgramResult dot = testing::run_command(std::string(CCSIM_DOT) + " -Tjson '" + path + "'");
  EXPECT_EQ(dot.exit_code, 0);
  EXPECT_EQ(dot.standard_error, "");  // no warning: labels are quoted and escaped properly
  DrawnGraph graph;
  nlohmann::json json = nlohmann::json::parse(dot.standard_output);
  std::vector<std::string> labels;
  for (const auto& node : json.value("objects", nlohmann::json::array())) {
    labels.push_back(node["label"]);
    graph.nodes.insert(node["label"].get<std::string>());
  }
  for (const auto& edge : json.value("edges", nlohmann::json::array())) {
    graph.edges.insert({labels.at(edge["tail"].get<std::size_t>()),
                        labels.at(edge["head"].get<std::size_t>()), edge["label"], edge["color"]});
  }
  return graph;
}

class GraphTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot (Debian package graphviz)";
  }
};

// counters: both workers' references are the one node of line 12 and object counters; the edge from it
// to itself adds up 999 (thread 2 -> 3) and 1000 (thread 3 -> 2) invalidations, all false: blue.
TEST_F(GraphTest, DrawsFalseSharingAsABlueEdge) {
  DrawnGraph graph = drawn_by_dot(annotate({"--graph=invalidators", profile_path("counters.profile")}));
  std::string node = "counters.c:12\\nworker\\ncounters";
  EXPECT_EQ(graph.nodes, std::set<std::string>{node});
  EXPECT_EQ(graph.edges,
            (std::set<DrawnEdge>{
                {node, node, "1,999 (100.0%)\\nthread 3 -> 2: 1,000\\nthread 2 -> 3: 999", "blue"}}));
}

// shared_sum: line 15 invalidates itself 199 times (true, red), line 24 invalidates line 20 once (true
// across regions, red); each edge is all of its victim's invalidations.
TEST_F(GraphTest, DrawsTrueSharingAsRedEdges) {
  DrawnGraph graph = drawn_by_dot(annotate({"--graph=invalidators", profile_path("shared_sum.profile")}));
  std::string line15 = "shared_sum.c:15\\nmain._omp_fn.0\\nsum";
  std::string line20 = "shared_sum.c:20\\nmain\\nsum";
  std::string line24 = "shared_sum.c:24\\nmain._omp_fn.1\\nsum";
  EXPECT_EQ(graph.nodes, (std::set<std::string>{line15, line20, line24}));
  EXPECT_EQ(graph.edges, (std::set<DrawnEdge>{
                             {line15, line15, "199 (100.0%)\\nthread 2 -> 1: 100\\nthread 1 -> 2: 99", "red"},
                             {line24, line20, "1 (100.0%)\\nthread 2 -> 1: 1", "red"}}));
}

// --graph-top=1 keeps the heaviest edge (199) and the nodes it touches.
TEST_F(GraphTest, KeepsTheHeaviestEdges) {
  DrawnGraph graph =
      drawn_by_dot(annotate({"--graph=invalidators", "--graph-top=1", profile_path("shared_sum.profile")}));
  EXPECT_EQ(graph.nodes, std::set<std::string>{"shared_sum.c:15\\nmain._omp_fn.0\\nsum"});
  EXPECT_EQ(graph.edges.size(), 1u);
}

// --graph-node=shared_sum.c:20 keeps the only edge touching line 20.
TEST_F(GraphTest, KeepsEdgesTouchingTheChosenNode) {
  DrawnGraph graph = drawn_by_dot(
      annotate({"--graph=invalidators", "--graph-node=shared_sum.c:20", profile_path("shared_sum.profile")}));
  EXPECT_EQ(graph.nodes, (std::set<std::string>{"shared_sum.c:20\\nmain\\nsum",
                                                "shared_sum.c:24\\nmain._omp_fn.1\\nsum"}));
}

// producer_consumer: line 10 (main's store, buffer) supplied the 16 lines line 5 (consumer's load) missed
// on, all from Modified copies: one orange edge, writer -> reader.
TEST_F(GraphTest, DrawsTransfersFromWriterToReader) {
  DrawnGraph graph = drawn_by_dot(annotate({"--graph=transfers", profile_path("producer_consumer.profile")}));
  std::string writer = "producer_consumer.c:10\\nmain\\nbuffer";
  std::string reader = "producer_consumer.c:5\\nconsumer\\nbuffer";
  EXPECT_EQ(graph.nodes, (std::set<std::string>{writer, reader}));
  EXPECT_EQ(graph.edges,
            (std::set<DrawnEdge>{{writer, reader, "16 (100.0%)\\nthread 1 (main) -> 2 (consumer): 16", "darkorange"}}));
}

// conflict: line 10 evicted line 9's lines 10 times, line 9 line 10's 9 times; evictions are grey.
TEST_F(GraphTest, DrawsEvictors) {
  DrawnGraph graph = drawn_by_dot(annotate({"--graph=evictors", profile_path("conflict.profile")}));
  std::string line9 = "conflict.c:9\\nsum_pairs\\na";
  std::string line10 = "conflict.c:10\\nsum_pairs\\nb";
  EXPECT_EQ(graph.edges, (std::set<DrawnEdge>{{line10, line9, "10 (100.0%)\\nthread 1 -> 1: 10", "gray35"},
                                              {line9, line10, "9 (100.0%)\\nthread 1 -> 1: 9", "gray35"}}));
}

// A --graph-node that is no node of the graph is an option error that names some that are.
TEST_F(GraphTest, RejectsAnUnknownNode) {
  try {
    annotate({"--graph=invalidators", "--graph-node=nowhere.c:1", profile_path("shared_sum.profile")});
    FAIL() << "accepted";
  } catch (const OptionError& error) {
    EXPECT_EQ(
        std::string(error.what()),
        "--graph-node=nowhere.c:1 matches no node of the graph; give file:line of one of its nodes, e.g. "
        "shared_sum.c:15, shared_sum.c:20, shared_sum.c:24");
  }
}

// Quotes, backslashes and newlines are escaped; a byte that is not UTF-8 becomes '?'.
TEST(DotEscapeTest, EscapesWhatDotWouldMisread) {
  EXPECT_EQ(dot_escaped("operator\"\"_x\\y\nz"), "operator\\\"\\\"_x\\\\y\\nz");
  EXPECT_EQ(dot_escaped("caf\xC3\xA9 \xFF"), "caf\xC3\xA9 ?");
}

}  // namespace
}  // namespace ccsim::annotate
