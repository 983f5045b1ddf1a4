// fuzz_parser.cc: a libFuzzer target for ccsim-annotate. It feeds arbitrary bytes to the profile reader
// and, when they make a valid profile, runs every text view (except source, which reads files named by
// the profile), both graphs, both exports and a diff, so that a crash anywhere after reading is found
// too. Built and run by scripts/fuzz-annotate.sh with clang++ -fsanitize=fuzzer,address,undefined; it
// is not part of make check.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/exports/callgrind_export.h"
#include "ccsim/annotate/analysis/derived_events.h"
#include "ccsim/annotate/analysis/diff.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/views/event_columns.h"
#include "ccsim/annotate/exports/graph.h"
#include "ccsim/annotate/exports/json_export.h"
#include "ccsim/annotate/parsing/merge.h"
#include "ccsim/annotate/parsing/parser.h"
#include "ccsim/annotate/views/views.h"

using namespace ccsim::annotate;

namespace {

void exercise(Profile profile) {
  Profile doubled = profile;
  add_profile(doubled, profile);
  add_derived_events(profile, LatencyTable{});
  Options options;
  options.views = {View::overview, View::summary,  View::lines,   View::functions,    View::objects,
                   View::matrix,   View::findings, View::regions, View::invalidators, View::evictors,
                   View::object_threads, View::line_threads, View::locks, View::blocks};
  options.threshold_percent = 0;
  EventColumns columns = choose_event_columns(profile, options);
  Analysis analysis = analyse(profile);
  std::ostringstream sink;
  print_views({analysis, options, columns, sink});
  for (GraphKind graph : {GraphKind::invalidators, GraphKind::evictors}) {
    options.graph = graph;
    write_culprit_graph(sink, analysis, options);
  }
  write_json(sink, analysis, options);
  write_callgrind(sink, analysis, columns);
  print_diff(sink, analysis, analysis, columns, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    exercise(parse_profile(in, "fuzz-input"));
  } catch (const ProfileError&) {
    // A rejected input: the expected outcome for most of them.
  } catch (const OptionError&) {
    // The default options do not fit this profile (it has no L1 events, say): also a clean outcome.
  }
  return 0;
}
