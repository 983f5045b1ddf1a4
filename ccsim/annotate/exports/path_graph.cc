// path_graph.cc: merging a site's paths into (function, thread) nodes and writing them as dot.
#include "ccsim/annotate/exports/path_graph.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/object_paths.h"
#include "ccsim/annotate/exports/graph.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// One node: a function on a thread, and the runs of the drawn paths merged into it.
struct Node {
  std::size_t id = 0;
  std::uint64_t lives = 0;  // lives that passed through it (a life passing twice counts twice)
  std::uint64_t accesses = 0, misses = 0, transfer = 0, cycles = 0;
};
using NodeKey = std::tuple<std::string, ThreadId>;  // function, thread

// One edge between two nodes (or from "allocated", to "freed"): the lives that took it.
struct Step {
  std::uint64_t lives = 0;
  bool changed = false;
};

std::string per_life(std::uint64_t total, std::uint64_t lives) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", lives == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(lives));
  std::string shown = text;
  if (shown.size() > 2 && shown.compare(shown.size() - 2, 2, ".0") == 0) shown.resize(shown.size() - 2);
  return shown;
}

// Darker for more cycles per life: gray95 for none, gray45 for the site's costliest node.
std::string shade(double cycles, double most) {
  const int level = most <= 0 ? 95 : 95 - static_cast<int>(50.0 * cycles / most + 0.5);
  return "gray" + std::to_string(level);
}

// A cluster per site; every number in a node is per life through it.
void write_site(std::ostream& out, const Profile& profile, const PathSite& site, std::size_t number,
                const Options& options) {
  const std::size_t drawn = std::min(site.paths.size(), options.graph_top);
  std::map<NodeKey, Node> nodes;
  std::map<std::pair<std::size_t, std::size_t>, Step> steps;  // node ids; 0 allocated, 1 freed, 2 live at exit
  std::uint64_t drawn_lives = 0;
  for (std::size_t p = 0; p < drawn; ++p) {
    const ObjectPath& path = site.paths[p];
    drawn_lives += path.lives;
    std::size_t previous = 0;
    for (const PathRun& run : path.runs) {
      auto [position, added] = nodes.emplace(NodeKey{run.function, run.thread}, Node{});
      Node& node = position->second;
      if (added) node.id = nodes.size() + 2;
      node.lives += path.lives;
      node.accesses += run.reads + run.writes;
      node.misses += run.misses();
      node.transfer += run.transfer;
      node.cycles += run_cycles(run, options.latencies);
      Step& step = steps[{previous, node.id}];
      step.lives += path.lives;
      step.changed = step.changed || run.changed;
      previous = node.id;
    }
    steps[{previous, path.freed ? 1 : 2}].lives += path.lives;
  }
  double most = 0;
  for (const auto& [key, node] : nodes) most = std::max(most, static_cast<double>(node.cycles) / static_cast<double>(node.lives));
  const std::string prefix = "s" + std::to_string(number) + "_";
  out << "subgraph cluster_" << number << " {\nlabel=\""
      << dot_escaped(object_description(profile.objects[site.object]) + "\n" + with_commas(site.lives_stored) +
                     " lives followed, " + std::to_string(drawn) + " of " + std::to_string(site.paths.size()) +
                     " paths drawn (" + with_commas(drawn_lives) + " lives)")
      << "\";\n";
  out << prefix << "0 [label=\"allocated\", shape=plaintext];\n";
  out << prefix << "1 [label=\"freed\", shape=plaintext];\n";
  bool any_live = false;
  for (const auto& [ends, step] : steps) any_live = any_live || ends.second == 2;
  if (any_live) out << prefix << "2 [label=\"live at exit\", shape=plaintext];\n";
  for (const auto& [key, node] : nodes) {
    const auto& [function, thread] = key;
    const double cycles = static_cast<double>(node.cycles) / static_cast<double>(node.lives);
    const std::string label = (function.empty() ? std::string("(unknown)") : function) + "\nthread " +
                              std::to_string(thread) + "\naccesses " + per_life(node.accesses, node.lives) +
                              ", L1 misses " + per_life(node.misses, node.lives) + " (from another core " +
                              per_life(node.transfer, node.lives) + ")\ncycles " + per_life(node.cycles, node.lives);
    out << prefix << node.id << " [label=\"" << dot_escaped(label) << "\", style=filled, fillcolor=\""
        << shade(cycles, most) << "\"];\n";
  }
  for (const auto& [ends, step] : steps) {
    const std::string lives = with_commas(step.lives) + (step.lives == 1 ? " life" : " lives");
    out << prefix << ends.first << " -> " << prefix << ends.second << " [label=\""
        << dot_escaped(step.changed ? lives + "\nchanges thread" : lives) << "\""
        << (step.changed ? ", color=\"red\", fontcolor=\"red\", penwidth=5" : ", color=\"gray35\", penwidth=1")
        << "];\n";
  }
  out << "}\n";
}

}  // namespace

void write_path_graph(std::ostream& out, const Profile& profile, const Options& options) {
  const std::string title =
      profile.path_sites.empty()
          ? "ccsim object paths: this profile has none (no heap site was followed)"
          : "ccsim object paths: each followed heap site's blocks from allocation to free, as (function, thread) "
            "runs; thick red: the data changes thread; darker: more memory time per life";
  out << "digraph G {\nlabel=\"" << dot_escaped(title) << "\";\nlabelloc=t;\nfontname=\"Helvetica\";\n"
      << "node [shape=box, fontname=\"Helvetica\"];\nedge [fontname=\"Helvetica\", fontsize=10];\n";
  for (std::size_t s = 0; s < profile.path_sites.size(); ++s) write_site(out, profile, profile.path_sites[s], s, options);
  out << "}\n";
}

}  // namespace ccsim::annotate
