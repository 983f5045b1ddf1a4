// graph.cc: aggregating edges to graph nodes, choosing the edges to draw, and writing dot.
#include "ccsim/annotate/exports/graph.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "ccsim/annotate/analysis/culprit_edges.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/exports/path_graph.h"
#include "ccsim/annotate/text/printable_text.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// A node: a code site and the data object its references touched, all threads together.
struct NodeKey {
  CodeSite site;
  std::string object;
  bool operator<(const NodeKey& other) const {
    return std::tie(site, object) < std::tie(other.site, other.object);
  }
};

// An edge between two nodes: all thread pairs of the culprit edges between them.
struct NodeEdge {
  NodeKey culprit;
  NodeKey victim;
  std::uint64_t count = 0;
  InvalidationSplit split;
  TransferSplit transfers;
  std::map<std::pair<ThreadId, ThreadId>, std::uint64_t> thread_pairs;  // (culprit, victim) -> count
};

// Vertex and edge properties of the Boost graph: exactly what the dot writer prints.
struct VertexLabel {
  std::string label;
};
struct EdgeStyle {
  std::string label;
  std::string color;
  double pen_width = 1;
};
// bidirectionalS rather than directedS: the in-edge lists cost nothing at this size, and Boost 1.74's
// directed edge iterator trips a GCC 12 -Wmaybe-uninitialized false positive in write_graphviz.
using CulpritGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, VertexLabel, EdgeStyle>;

constexpr std::size_t kThreadPairsInLabel = 3;  // more pairs make labels unreadable; "+N more" says so

std::string node_label(const NodeKey& node) {
  std::string label = site_location(node.site, FileNames::base);
  if (!node.site.function.empty() && label != node.site.function) label += "\n" + node.site.function;
  if (!node.object.empty()) label += "\n" + node.object;
  return label;
}

bool matches_node(const NodeKey& node, const std::string& wanted) {
  std::size_t colon = wanted.rfind(':');
  if (colon == std::string::npos) return false;
  std::string file = wanted.substr(0, colon);
  if (std::to_string(node.site.line) != wanted.substr(colon + 1)) return false;
  return names_file(node.site.file, file);
}

std::vector<NodeEdge> node_edges(const std::vector<CulpritEdge>& edges) {
  std::map<std::pair<NodeKey, NodeKey>, NodeEdge> by_nodes;
  for (const CulpritEdge& edge : edges) {
    NodeKey culprit{edge.culprit.site, edge.culprit.object};
    NodeKey victim{edge.victim.site, edge.victim.object};
    NodeEdge& node_edge = by_nodes[{culprit, victim}];
    node_edge.culprit = culprit;
    node_edge.victim = victim;
    node_edge.count += edge.count;
    node_edge.split.add(edge.split);
    node_edge.transfers.from_modified += edge.transfers.from_modified;
    node_edge.thread_pairs[{edge.culprit.thread, edge.victim.thread}] += edge.count;
  }
  std::vector<NodeEdge> result;
  for (auto& [key, edge] : by_nodes) result.push_back(std::move(edge));
  return result;
}

// The edges to draw: those touching --graph-node when given (else those with at least --threshold of
// all edges' count), the --graph-top heaviest.
std::vector<const NodeEdge*> chosen_edges(const std::vector<NodeEdge>& edges, const Options& options) {
  std::uint64_t total = 0;
  for (const NodeEdge& edge : edges) total += edge.count;
  double needed = options.threshold_percent / 100.0 * static_cast<double>(total);
  std::vector<const NodeEdge*> chosen;
  for (const NodeEdge& edge : edges) {
    if (options.graph_node.empty() && static_cast<double>(edge.count) < needed) continue;
    if (options.graph_node.empty() || matches_node(edge.culprit, options.graph_node) ||
        matches_node(edge.victim, options.graph_node)) {
      chosen.push_back(&edge);
    }
  }
  if (chosen.empty() && !options.graph_node.empty()) {
    std::set<std::string> locations;
    for (const NodeEdge& edge : edges) {
      locations.insert(site_location(edge.culprit.site, FileNames::base));
      locations.insert(site_location(edge.victim.site, FileNames::base));
    }
    std::vector<std::string> examples(locations.begin(), locations.end());
    if (examples.size() > 10) examples.resize(10);
    std::string nodes = joined(examples);
    throw OptionError("--graph-node=" + options.graph_node +
                      " matches no node of the graph; give file:line of one of its nodes" +
                      (nodes.empty() ? " (the graph has none)" : ", e.g. " + nodes));
  }
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](const NodeEdge* a, const NodeEdge* b) { return a->count > b->count; });
  if (chosen.size() > options.graph_top) chosen.resize(options.graph_top);
  return chosen;
}

// The pairs of an edge's label: "thread 2 -> 3", with labels "thread 2 (worker) -> 3 (worker)".
std::string thread_pair_text(const Profile& profile, ThreadId culprit, ThreadId victim) {
  auto label = profile.header.thread_labels.find(victim);
  return profile.thread_name(culprit) + " -> " + std::to_string(victim) +
         (label != profile.header.thread_labels.end() ? " (" + label->second + ")" : "");
}

EdgeStyle edge_style(const Profile& profile, const NodeEdge& edge, std::uint64_t victim_total, std::uint64_t heaviest,
                     GraphKind kind) {
  EdgeStyle style;
  style.label = with_commas(edge.count) + " (" + percent(edge.count, victim_total) + ")";
  std::vector<std::pair<std::pair<ThreadId, ThreadId>, std::uint64_t>> heaviest_pairs(edge.thread_pairs.begin(),
                                                                                     edge.thread_pairs.end());
  std::stable_sort(heaviest_pairs.begin(), heaviest_pairs.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::size_t pairs = 0;
  for (const auto& [threads, count] : heaviest_pairs) {
    if (pairs++ == kThreadPairsInLabel) break;
    style.label += "\n" + thread_pair_text(profile, threads.first, threads.second) + ": " + with_commas(count);
  }
  if (edge.thread_pairs.size() > kThreadPairsInLabel) {
    style.label +=
        "\n+" + std::to_string(edge.thread_pairs.size() - kThreadPairsInLabel) + " more thread pairs";
  }
  if (kind == GraphKind::transfers) {
    // A line written by the writer moved (from Modified) against one only read there (E or S).
    style.color = 2 * edge.transfers.from_modified >= edge.count ? "darkorange" : "darkgreen";
  } else if (kind == GraphKind::evictors) {
    style.color = "gray35";
  } else if (3 * edge.split.true_sharing() >= 2 * edge.count) {
    style.color = "red";
  } else if (3 * edge.split.false_sharing() >= 2 * edge.count) {
    style.color = "blue";
  } else {
    style.color = "purple";
  }
  style.pen_width =
      1.0 + 4.0 * static_cast<double>(edge.count) / static_cast<double>(std::max<std::uint64_t>(heaviest, 1));
  return style;
}

}  // namespace

std::string dot_escaped(const std::string& text) {
  std::string escaped;
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    std::size_t length = utf8_length(text, i);
    if (c == '"' || c == '\\') {
      escaped += '\\';
      escaped += c;
    } else if (c == '\n') {
      escaped += "\\n";
    } else if (length == 0 || static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      escaped += '?';
    } else {
      escaped.append(text, i, length);
      i += length;
      continue;
    }
    ++i;
  }
  return escaped;
}

void write_culprit_graph(std::ostream& out, const Analysis& analysis, const Options& options) {
  const GraphKind kind = options.graph;
  if (kind == GraphKind::paths) return write_path_graph(out, *analysis.profile, options);
  std::vector<NodeEdge> edges = node_edges(edges_to_show(kind == GraphKind::invalidators ? invalidation_edges(analysis)
                                                         : kind == GraphKind::transfers ? transfer_edges(analysis)
                                                                                        : eviction_edges(analysis, options.level),
                                                         options.show_runtime, 0));
  std::map<NodeKey, std::uint64_t> victim_totals;  // every edge into a node, drawn or not
  for (const NodeEdge& edge : edges) victim_totals[edge.victim] += edge.count;
  std::vector<const NodeEdge*> chosen = chosen_edges(edges, options);
  std::uint64_t heaviest = chosen.empty() ? 0 : chosen.front()->count;

  CulpritGraph graph;
  std::map<NodeKey, CulpritGraph::vertex_descriptor> vertices;
  auto vertex_of = [&](const NodeKey& node) {
    auto [position, added] = vertices.emplace(node, 0);
    if (added) position->second = boost::add_vertex(VertexLabel{node_label(node)}, graph);
    return position->second;
  };
  for (const NodeEdge* edge : chosen) {
    auto culprit = vertex_of(edge->culprit);
    auto victim = vertex_of(edge->victim);
    boost::add_edge(culprit, victim,
                    edge_style(*analysis.profile, *edge, victim_totals[edge->victim], heaviest, kind), graph);
  }

  std::string title =
      kind == GraphKind::invalidators
          ? "ccsim invalidators: culprit store -> victim reference; red: mostly true sharing, "
            "blue: mostly false sharing, purple: mixed"
      : kind == GraphKind::transfers
          ? "ccsim transfers: writer (last to touch the supplying copy) -> reader that missed; orange: mostly "
            "from a Modified copy, green: mostly from clean copies"
          : "ccsim evictors (" + options.level + "): culprit access -> victim reference";
  auto graph_writer = [&](std::ostream& dot) {
    dot << "label=\"" << dot_escaped(title) << "\";\nlabelloc=t;\nfontname=\"Helvetica\";\nrankdir=LR;\n"
        << "node [shape=box, fontname=\"Helvetica\"];\nedge [fontname=\"Helvetica\", fontsize=10];\n";
  };
  auto vertex_writer = [&](std::ostream& dot, CulpritGraph::vertex_descriptor vertex) {
    dot << "[label=\"" << dot_escaped(graph[vertex].label) << "\"]";
  };
  auto edge_writer = [&](std::ostream& dot, CulpritGraph::edge_descriptor edge) {
    const EdgeStyle& style = graph[edge];
    char width[32];
    std::snprintf(width, sizeof width, "%.1f", style.pen_width);
    dot << "[label=\"" << dot_escaped(style.label) << "\", color=\"" << style.color << "\", fontcolor=\""
        << style.color << "\", penwidth=" << width << "]";
  };
  boost::write_graphviz(out, graph, vertex_writer, edge_writer, graph_writer);
}

}  // namespace ccsim::annotate
