// options.cc: the option table (one readable block) and the checks that need no profile.
#include "ccsim/annotate/options.h"

#include <boost/program_options.hpp>
#include <map>
#include <sstream>
#include <tuple>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/record.h"
#include "ccsim/annotate/text/numbers.h"

namespace po = boost::program_options;

namespace ccsim::annotate {

namespace {

const std::map<std::string, View> kViewNames = {
    {"overview", View::overview}, {"summary", View::summary},
    {"lines", View::lines},       {"functions", View::functions},
    {"source", View::source},     {"objects", View::objects},
    {"matrix", View::matrix},     {"findings", View::findings},
    {"regions", View::regions},   {"invalidators", View::invalidators},
    {"evictors", View::evictors}, {"object-threads", View::object_threads},
    {"line-threads", View::line_threads}, {"locks", View::locks},
    {"blocks", View::blocks},
    {"region-objects", View::region_objects}, {"region-lines", View::region_lines},
    {"timeline", View::timeline},
    {"sets", View::sets},         {"working-set", View::working_set},
    {"paths", View::paths},
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) items.push_back(item);
  if (!text.empty() && text.back() == ',') items.push_back("");
  return items;
}

std::vector<std::string> event_list(const std::string& option, const std::string& text) {
  std::vector<std::string> events = split_commas(text);
  for (const std::string& event : events) {
    if (event.empty()) {
      throw UsageError("--" + option + "=" + text + " has an empty event name; give event names " +
                       "separated by commas, e.g. --" + option + "=L1_misses,invalidations_received");
    }
  }
  return events;
}

std::string view_list() {
  std::vector<std::string> names;
  for (const auto& [name, view] : kViewNames) names.push_back(name);
  return joined(names);
}

std::vector<View> parse_views(const std::string& text) {
  std::vector<View> views;
  for (const std::string& name : split_commas(text)) {
    auto found = kViewNames.find(name);
    if (found == kViewNames.end()) {
      throw UsageError("--view=" + text + ": \"" + name + "\" is not a view; the views are " + view_list());
    }
    views.push_back(found->second);
  }
  if (views.empty()) throw UsageError("--view= needs at least one view; the views are " + view_list());
  return views;
}

// The option table: every option, its default and one line of help.
po::options_description visible_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
    ("help,h", "print this help and exit")
    ("version", "print ccsim's version and exit")
    ("view", po::value<std::string>()->default_value("overview"),
     "views, comma-separated: overview (findings, summary, lines, invalidators, objects), findings, summary, "
     "lines, line-threads, functions, source, objects, object-threads, blocks, matrix, regions, invalidators, "
     "evictors, locks, sets (cache sets and objects' set histograms), working-set (lines per object and level, live "
     "heap blocks per site), paths, region-objects, region-lines (per barrier, or per region with --regions=each, "
     "its objects or detailed lines), timeline (the profile's --timeline)")
    ("show", po::value<std::string>(),
     "events to show, comma-separated (default: reads, writes, <level>_misses, coherence_misses, "
     "invalidations_received, invalidations_caused)")
    ("sort", po::value<std::string>(),
     "events to sort by, comma-separated (default: invalidations_received, <level>_misses)")
    ("threshold", po::value<double>()->default_value(0.1, "0.1"),
     "hide rows below this percentage of every sort event's total, and findings below this percentage of the "
     "simulated memory time")
    ("min-invalidations", po::value<std::string>()->default_value(std::to_string(Options::kDefaultMinInvalidations)),
     "a finding needs at least this many invalidations of its objects' lines, as well as --threshold")
    ("threads", po::value<std::string>(), "threads to add up, e.g. 1,3-4 (default: all)")
    ("level", po::value<std::string>()->default_value("L1"),
     "cache level of the default miss column and of --view=evictors: L1, L2 or LLC")
    ("top", po::value<std::string>()->default_value("20"), "rows per ranked table")
    ("context", po::value<std::string>()->default_value("8"), "source lines shown around each annotated line")
    ("auto", po::value<std::string>()->default_value("no"), "yes: annotate the source files found on disk")
    ("include,I", po::value<std::vector<std::string>>(), "directory to search for source files (repeatable)")
    ("graph", po::value<std::string>(), "draw a graph instead of text: invalidators, evictors, transfers or paths (the object paths' data flow)")
    ("format", po::value<std::string>()->default_value("dot"), "graph format: dot")
    ("graph-top", po::value<std::string>()->default_value("20"), "heaviest edges kept in a graph")
    ("graph-node", po::value<std::string>(), "keep only the graph edges touching this file:line")
    ("output,o", po::value<std::string>(), "write the graph or export to FILE (default: standard output)")
    ("json", po::value<std::string>()->implicit_value("-"),
     "write the analysed profile as JSON to FILE (default: standard output)")
    ("export", po::value<std::string>(), "write the profile in another tool's format: callgrind")
    ("diff", "compare profiles A B (before, after), or A B C ... (versions in order), per line, object, thread, "
     "barrier, invalidator edge and evictor edge (per level)")
    ("html", po::value<std::string>(),
     "write an HTML report into directory DIR (DIR/index.html: findings, byte maps of the hot lines, sortable "
     "tables, graphs as SVG, annotated source; works offline; needs Graphviz's dot); with --diff, the two "
     "runs side by side; prints where the page is")
    ("latency", po::value<std::string>()->default_value(latency_text(LatencyTable{})),
     "cycles charged per access served by l1 (a hit), l2, llc, memory, other-core (another thread's copy) and "
     "per upgrade (a copy invalidated): the derived event cycles (--show/--sort=cycles, with memory_time, its "
     "share of the run's) and the cost of findings; give any of them, e.g. memory=300")
    ("runtime", po::value<std::string>()->default_value("hide"),
     "hide: group the objects of the loader, C/C++ libraries and OpenMP runtimes as (runtime), out of "
     "findings, rankings and graphs; show: treat them like the program's")
    ("heap-paths", po::value<std::string>()->default_value("merge"),
     "merge: heap blocks of one allocation site are one object, whatever path reached it; separate: one "
     "object per allocation stack, named by the whole stack")
    ("regions", po::value<std::string>()->default_value("by-barrier"),
     "by-barrier: the regions view sums the regions closed by one barrier (a parallel loop's epochs are one "
     "row); each: one row per region (also for --view=region-objects)")
    ("object", po::value<std::string>(),
     "drill down on one data object (its name as the objects view gives it): the functions and lines that "
     "touch it, their misses by cause and by where served, cycles, and the objects that evicted its lines; "
     "replaces the default view, else follows --view's")
    ("function", po::value<std::string>(),
     "drill down on one function (NAME or FILE:NAME): the data objects it touches, with the same columns, "
     "and the functions that evicted or invalidated the lines its code touched")
    ("matrix-rows", po::value<std::string>()->default_value("lines"),
     "lines or functions: the rows of --view=matrix (whose cells are % of the run's memory time, cycles, "
     "unless --sort names another event)")
    ("sum-different", "sum profiles of different programs (their commands name different executables), "
     "which are refused otherwise")
    ("fail-if", po::value<std::vector<std::string>>(),
     "a CI gate (repeatable): MEASURE[(obj=NAME|fn=NAME|FILE:LINE)] >|>=|<|<= NUMBER[%], e.g. 'false_sharing > 1%' "
     "or 'invalidations(obj=counters) > 1000'; when one holds, it is named on standard error and the exit "
     "status is 3");
  // clang-format on
  return options;
}

std::string require_one_of(const po::variables_map& values, const std::string& option,
                           const std::vector<std::string>& allowed) {
  std::string value = values[option].as<std::string>();
  for (const std::string& name : allowed) {
    if (value == name) return value;
  }
  throw UsageError("--" + option + "=" + value + " is not allowed; use " + joined(allowed, " or "));
}

// A whole number option; Boost's own conversion would turn "-1" into a huge unsigned value.
std::size_t count_option(const po::variables_map& values, const std::string& option, std::uint64_t minimum) {
  std::string text = values[option].as<std::string>();
  std::uint64_t value = 0;
  if (!parse_unsigned(text, value) || value < minimum || value > 1000000000) {
    throw UsageError("--" + option + "=" + text + " is not allowed; give a whole number from " +
                     std::to_string(minimum) + " to 1000000000");
  }
  return static_cast<std::size_t>(value);
}

Options options_from(const po::variables_map& values) {
  Options options;
  if (values.count("profile")) options.profile_files = values["profile"].as<std::vector<std::string>>();
  if (values.count("show")) options.show_events = event_list("show", values["show"].as<std::string>());
  if (values.count("sort")) options.sort_events = event_list("sort", values["sort"].as<std::string>());
  options.threshold_percent = values["threshold"].as<double>();
  if (!(options.threshold_percent >= 0 && options.threshold_percent <= 100)) {
    throw UsageError("--threshold must be a percentage between 0 and 100");
  }
  if (values.count("threads")) options.threads = parse_thread_selection(values["threads"].as<std::string>());
  options.level = require_one_of(values, "level", {"L1", "L2", "LLC"});
  options.top = count_option(values, "top", 1);
  options.min_invalidations = count_option(values, "min-invalidations", 0);
  options.context = count_option(values, "context", 0);
  options.auto_annotate = require_one_of(values, "auto", {"yes", "no"}) == "yes";
  if (values.count("include")) options.include_dirs = values["include"].as<std::vector<std::string>>();
  options.views = parse_views(values["view"].as<std::string>());
  if (values.count("graph")) {
    const std::string graph = require_one_of(values, "graph", {"invalidators", "evictors", "transfers", "paths"});
    options.graph = graph == "invalidators" ? GraphKind::invalidators
                    : graph == "evictors"   ? GraphKind::evictors
                    : graph == "paths"      ? GraphKind::paths
                                            : GraphKind::transfers;
  }
  require_one_of(values, "format", {"dot"});
  options.graph_top = count_option(values, "graph-top", 1);
  if (values.count("graph-node")) options.graph_node = values["graph-node"].as<std::string>();
  if (values.count("output")) options.output = values["output"].as<std::string>();
  if (values.count("json")) {
    options.json = true;
    options.json_file = values["json"].as<std::string>();
  }
  if (values.count("export"))
    options.export_callgrind = require_one_of(values, "export", {"callgrind"}) == "callgrind";
  options.diff = values.count("diff") > 0;
  if (values.count("html")) {
    options.html_dir = values["html"].as<std::string>();
    if (options.html_dir.empty()) throw UsageError("--html= needs a directory, e.g. --html=report");
  }
  std::string latency_error;
  if (!parse_latencies(values["latency"].as<std::string>(), options.latencies, latency_error))
    throw UsageError(latency_error);
  options.show_runtime = require_one_of(values, "runtime", {"hide", "show"}) == "show";
  options.separate_heap_paths = require_one_of(values, "heap-paths", {"merge", "separate"}) == "separate";
  options.each_region = require_one_of(values, "regions", {"by-barrier", "each"}) == "each";
  options.sum_different = values.count("sum-different") > 0;
  options.matrix_by_function = require_one_of(values, "matrix-rows", {"lines", "functions"}) == "functions";
  // The drill-downs follow the views given, or replace the default one.
  for (const auto& [option, view, name] : {std::tuple{"object", View::object_detail, &options.object_detail},
                                           std::tuple{"function", View::function_detail, &options.function_detail}}) {
    if (!values.count(option)) continue;
    *name = values[option].as<std::string>();
    if (name->empty()) throw UsageError(std::string("--") + option + "= needs a name, e.g. --" + option + "=counters");
    if (values["view"].defaulted() && (options.views.size() != 1 || options.views.front() == View::overview))
      options.views.clear();
    options.views.push_back(view);
  }
  if (values.count("fail-if")) {
    for (const std::string& text : values["fail-if"].as<std::vector<std::string>>())
      options.fail_if.push_back(parse_gate_expression(text));
  }
  return options;
}

void check_combination(const Options& options) {
  // --html writes the report of --diff when both are given, so together they are one output.
  int outputs = (options.graph != GraphKind::none) + options.json + options.export_callgrind +
                (options.diff || !options.html_dir.empty());
  if (outputs > 1) {
    throw UsageError(
        "--graph, --json, --export and --diff (or --html) each make a whole output; give one of them "
        "(--html goes with --diff)");
  }
  if (options.diff && options.profile_files.size() < 2) {
    throw UsageError("--diff compares two or more profiles (before, after, or versions in order), not " +
                     std::to_string(options.profile_files.size()));
  }
  if (options.diff && !options.html_dir.empty() && options.profile_files.size() != 2) {
    throw UsageError("--diff --html puts two profiles side by side (before, after), not " +
                     std::to_string(options.profile_files.size()) + "; the text --diff takes more");
  }
  if (options.profile_files.empty())
    throw UsageError("no profile given; name one or more ccsim.out.<pid> files");
  if (options.diff && !options.fail_if.empty()) {
    throw UsageError("--fail-if measures one run, not a --diff; give it with the AFTER profile in a run of its own");
  }
  if (!options.graph_node.empty() && options.graph == GraphKind::none) {
    throw UsageError("--graph-node applies to a graph; add --graph=invalidators, --graph=evictors or --graph=transfers");
  }
  if (!options.graph_node.empty() && options.graph == GraphKind::paths) {
    throw UsageError("--graph-node picks a code site of the invalidator, evictor or transfer graph; the path graph "
                     "has none: leave it out (--graph-top keeps each site's heaviest paths)");
  }
}

}  // namespace

std::string usage_text() {
  std::ostringstream text;
  text << "usage: ccsim-annotate [options] ccsim.out.<pid> [more profiles of the same machine, summed]\n"
       << "       ccsim-annotate --diff [options] BEFORE AFTER\n\n"
       << visible_options();
  return text.str();
}

CommandLine parse_command_line(int argc, const char* const argv[]) {
  po::options_description all;
  all.add(visible_options());
  all.add_options()("profile", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("profile", -1);
  // A bare --json means standard output; spelled --json=- so that Boost does not take the next word
  // (the profile) as its value.
  std::vector<std::string> arguments(argv + 1, argv + argc);
  for (std::string& argument : arguments) {
    if (argument == "--json") argument = "--json=-";
  }
  po::variables_map values;
  try {
    po::store(po::command_line_parser(arguments).options(all).positional(positional).run(), values);
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(error.what());
  }
  CommandLine command_line;
  if (values.count("help")) {
    command_line.help = true;
    return command_line;
  }
  if (values.count("version")) {
    command_line.version = true;
    return command_line;
  }
  command_line.options = options_from(values);
  check_combination(command_line.options);
  return command_line;
}

}  // namespace ccsim::annotate
