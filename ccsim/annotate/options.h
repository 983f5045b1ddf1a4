// options.h: ccsim-annotate's command line, parsed in one place (options.cc) with Boost.Program_options.
#ifndef CCSIM_ANNOTATE_OPTIONS_H
#define CCSIM_ANNOTATE_OPTIONS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/gate_expression.h"
#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/analysis/thread_selection.h"

namespace ccsim::annotate {

// The text views; --view takes a comma-separated list of them, printed in the order given.
enum class View {
  overview,      // findings + summary + top lines + top invalidators + objects (the default)
  summary,       // per thread and total: accesses, misses by cause, invalidations, coherence misses
  lines,         // source lines ranked by the sort events
  functions,     // functions ranked by the sort events
  source,        // source files annotated with counts in the margin
  objects,       // data objects ranked by the sort events
  object_threads,  // data objects with one column per thread, for the first sort event
  line_threads,    // source lines likewise
  blocks,        // per object, its line-sized blocks: misses, invalidations and threads (block: records)
  matrix,        // code x data: lines by objects
  findings,      // the costliest shared objects: class, writing and losing lines, advice, cost
  regions,       // which regions carry the invalidations
  invalidators,  // per victim reference, who invalidated its copies
  evictors,      // per victim reference, who evicted its lines
  locks,         // per lock: acquisitions, hand-offs, waiting, what its critical sections invalidated
  // The phases (view_phases.cc): per barrier (or region) its objects, its detailed lines; the timeline.
  region_objects,
  region_lines,
  timeline,
  sets,          // per level its worst cache sets, per object its set histogram (--working-set=yes records)
  working_set,   // per object and level its lines on average and at peak; per heap site its live blocks
  paths,         // per followed heap site: its blocks' paths from allocation to free (object paths)
  // Drill-downs, added by --object=NAME and --function=NAME (not --view names).
  object_detail,    // one object: its functions and lines, the objects that evicted it
  function_detail,  // one function: the objects it touches
};

// What --graph draws.
enum class GraphKind { none, invalidators, evictors, transfers, paths };

// Every option, with its default; options.cc fills it from the command line.
struct Options {
  // The default of --min-invalidations: a few dozen invalidations are what starting threads and handing
  // results over once cost; a loop that ping-pongs a line makes thousands.
  static constexpr std::uint64_t kDefaultMinInvalidations = 100;

  std::vector<std::string> profile_files;
  std::vector<std::string> show_events;  // empty: the default set (event_columns.h)
  std::vector<std::string> sort_events;  // empty: the default order (event_columns.h)
  double threshold_percent = 0.1;        // rows below this share of every sort event's total are hidden
  // A finding needs at least this many invalidations as well as --threshold's share of the memory time:
  // start-up and one-off hand-offs (a handful of invalidations in a short run) are no finding.
  std::uint64_t min_invalidations = kDefaultMinInvalidations;
  ThreadSelection threads;               // empty: all threads
  std::string level = "L1";    // the level whose misses are shown by default and whose evictors count
  std::size_t top = 20;        // rows per ranked table
  std::size_t context = 8;     // source lines shown around each annotated line
  bool auto_annotate = false;  // annotate source files found on disk after the views
  std::vector<std::string> include_dirs;  // where relative (or moved) source files are looked for
  std::vector<View> views = {View::overview};
  GraphKind graph = GraphKind::none;
  std::size_t graph_top = 20;  // heaviest edges kept in a graph
  std::string graph_node;      // file:line; when set, only edges touching it are drawn
  std::string output;          // --output=FILE for graphs and exports; empty: standard output
  bool json = false;
  std::string json_file;  // --json=FILE; "-" or empty: --output or standard output
  bool export_callgrind = false;
  bool diff = false;  // --diff A B: compare two profiles
  std::string html_dir;  // --html=DIR: the HTML report (exports/html_report.h); empty: none
  LatencyTable latencies;     // --latency: cycles per place an access is served from
  bool show_runtime = false;  // --runtime=show: the runtime's objects count like the program's
  bool separate_heap_paths = false;  // --heap-paths=separate: one heap object per allocation stack
  // --regions=each: the regions view lists every region (every barrier epoch); by default it sums the
  // regions closed by one barrier (one row per parallel loop or barrier, with its epochs counted).
  bool each_region = false;
  bool sum_different = false;  // --sum-different: sum profiles of different programs (refused otherwise)
  // --object=NAME, --function=NAME: the drill-down views (views/view_drill_down.cc); empty: none.
  std::string object_detail;
  std::string function_detail;
  bool matrix_by_function = false;  // --matrix-rows=functions: the matrix's rows are functions, not lines
  std::vector<GateExpression> fail_if;  // --fail-if (repeatable): the CI gates (analysis/gates.h), in order
};

// The outcome of parsing: either options to run with, or a request for the help text or the version.
struct CommandLine {
  bool help = false;
  bool version = false;
  Options options;
};

// Parses argv. Throws UsageError (one sentence) when the command line is malformed: unknown option,
// bad value, wrong number of profile files.
CommandLine parse_command_line(int argc, const char* const argv[]);

// The usage text: synopsis and every option with its default.
std::string usage_text();

}  // namespace ccsim::annotate

#endif
