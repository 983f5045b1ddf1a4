// gate_expression.h: the expressions of --fail-if, a CI gate (docs/annotate.md, "Gates"):
// MEASURE[(SCOPE)] OP NUMBER[%], e.g. "false_sharing > 1%", "invalidations(obj=counters) > 1000",
// "coherence_misses(app.c:42) >= 10". Parsing needs no profile; gates.h measures them on one.
#ifndef CCSIM_ANNOTATE_GATE_EXPRESSION_H
#define CCSIM_ANNOTATE_GATE_EXPRESSION_H

#include <cstdint>
#include <string>

namespace ccsim::annotate {

// What a gate measures its count over.
enum class GateScope {
  run,       // no scope: the whole run (the selected threads)
  object,    // obj=NAME: the data objects of that name
  function,  // fn=NAME: the functions of that name, in every file
  line,      // FILE:LINE: the source line (FILE may be the last parts of the recorded path)
};

// How a gate compares its measure with its threshold; the gate holds (fails the run) when it is true.
enum class GateComparison { more, at_least, fewer, at_most };  // >, >=, <, <=

// One --fail-if expression, parsed.
struct GateExpression {
  std::string text;     // as the user wrote it, for the sentences
  std::string measure;  // an event of the profile, or a name gates.h adds (invalidations, false_sharing, ...)
  GateScope scope = GateScope::run;
  std::string scope_name;        // the object, the function or the line's file
  std::uint64_t scope_line = 0;  // the line of a GateScope::line
  GateComparison comparison = GateComparison::more;
  bool percent = false;          // the threshold is a percentage (gates.h says of what)
  double threshold_percent = 0;  // when `percent`
  std::uint64_t threshold_count = 0;  // otherwise
};

// Parses one --fail-if value. Throws UsageError, one sentence naming the part that is wrong and what
// would be right, when it is not MEASURE[(SCOPE)] OP NUMBER[%].
GateExpression parse_gate_expression(const std::string& text);

// ">", ">=", "<", "<=".
std::string comparison_symbol(GateComparison comparison);

}  // namespace ccsim::annotate

#endif
