// drill_down.h: one data object or one function looked at alone (--object=NAME, --function=NAME):
// MemSpy's detailed display of one data bin (DisplayAll, Fig. 3) and dprof's per-function and per-line
// tables of one data structure. Built from the code x data cells (`object-ref:` records); what pushed the
// subject's lines out (MemSpy's "causes of replacements") from the `object-evictor:` records (version 2) for
// an object and from the `evictor:` records for a function, whose `invalidator:` records also say whose
// stores removed its copies (the invalidator list of Marathe's ccSIM, seen from the victim).
#ifndef CCSIM_ANNOTATE_DRILL_DOWN_H
#define CCSIM_ANNOTATE_DRILL_DOWN_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"

namespace ccsim::annotate {

// One row of a drill-down: a function, a source line or an object, and the cells' counts added up.
struct DrillDownRow {
  std::string label;
  Counts counts;
};

// Whose accesses evicted the subject's lines at one level, and how often: an object (of an object's lines)
// or a function (of the lines a function's code last touched; itself among them when it evicts its own).
struct Evictor {
  std::string culprit;  // object_name, or "file:function" (function_label)
  std::string level;    // "L1", "L2", "LLC"
  std::uint64_t evictions = 0;
};

// A function whose stores invalidated copies the subject function's code last touched: its
// `invalidator:` records added up, over its references and both threads of each record.
struct Invalidator {
  std::string function;  // "file:function" (function_label)
  InvalidationSplit split;
};

// What --object=NAME or --function=NAME shows.
struct DrillDown {
  std::string subject;  // "left (global, 4,096 B)", "fill (/src/a.c)"
  // The subject's own totals: for an object its object-counts: records (reads and writes included), for
  // a function its counts: records.
  Counts totals;
  // The code x data cells of the subject, added up: for an object, by function and by source line; for
  // a function, by object (and `lines` empty). With their reads and writes (so L1 hits) from version 2
  // on (Profile::cells_keep_accesses); a version 1 profile's keep the slow-path events only.
  std::vector<DrillDownRow> functions;
  std::vector<DrillDownRow> lines;
  std::vector<DrillDownRow> objects;
  // Most evictions first (then by name and level): for an object the objects, for a function the functions.
  std::vector<Evictor> evicted_by;
  std::vector<Invalidator> invalidated_by;  // for a function: most invalidations first (empty for an object)
  std::size_t matched = 0;          // how many objects or (file, function)s the name matched
};

// Throws OptionError when no object (no function) has that name: one sentence naming near matches.
// An object is named by its short name (object_name) or its recorded name; a function by its name, or
// "file:function" with the file as --graph-node takes it. Rows are ranked by cycles, then L1 misses.
DrillDown object_drill_down(const Analysis& analysis, const std::string& name);
DrillDown function_drill_down(const Analysis& analysis, const std::string& name);

}  // namespace ccsim::annotate

#endif
