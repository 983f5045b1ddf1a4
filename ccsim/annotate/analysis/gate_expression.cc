// gate_expression.cc: reading MEASURE[(SCOPE)] OP NUMBER[%], with one sentence for each way it can be
// wrong.
#include "ccsim/annotate/analysis/gate_expression.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <tuple>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/record.h"

namespace ccsim::annotate {

namespace {

const char* const kForm = "write MEASURE[(SCOPE)] OP NUMBER[%], e.g. --fail-if='invalidations > 1000'";
const char* const kScopes = "give obj=NAME, fn=NAME or FILE:LINE, e.g. obj=counters or app.c:42";

std::string trimmed(const std::string& text) {
  std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool is_measure_character(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The usage error of the expression `text`: "--fail-if=<text>: <what>".
[[noreturn]] void fail(const std::string& text, const std::string& what) {
  throw UsageError("--fail-if=" + text + ": " + what);
}

// Reads the scope between the parentheses into `gate`.
void read_scope(const std::string& scope, GateExpression& gate) {
  const std::string& text = gate.text;
  if (scope.empty()) fail(text, "\"()\" names no scope; " + std::string(kScopes));
  // The named scopes: their prefix, kind, and what they name.
  const std::tuple<std::string, GateScope, std::string> named[] = {{"obj=", GateScope::object, "object"},
                                                                   {"fn=", GateScope::function, "function"}};
  for (const auto& [prefix, kind, noun] : named) {
    if (scope.rfind(prefix, 0) != 0) continue;
    gate.scope = kind;
    gate.scope_name = trimmed(scope.substr(prefix.size()));
    if (gate.scope_name.empty()) fail(text, "\"" + scope + "\" names no " + noun + "; " + kScopes);
    return;
  }
  std::size_t colon = scope.rfind(':');
  if (colon == std::string::npos || colon == 0 || !parse_unsigned(scope.substr(colon + 1), gate.scope_line) ||
      gate.scope_line == 0) {
    fail(text, "\"" + scope + "\" is not a scope; " + kScopes);
  }
  gate.scope = GateScope::line;
  gate.scope_name = scope.substr(0, colon);
}

// Reads the comparison at the start of `rest` into `gate` and returns its length, 0 when there is none.
std::size_t read_comparison(const std::string& rest, GateExpression& gate) {
  if (rest.rfind(">=", 0) == 0) gate.comparison = GateComparison::at_least;
  else if (rest.rfind("<=", 0) == 0) gate.comparison = GateComparison::at_most;
  else if (rest.rfind(">", 0) == 0) gate.comparison = GateComparison::more;
  else if (rest.rfind("<", 0) == 0) gate.comparison = GateComparison::fewer;
  else return 0;
  return gate.comparison == GateComparison::at_least || gate.comparison == GateComparison::at_most ? 2 : 1;
}

void read_threshold(const std::string& number, GateExpression& gate) {
  const std::string& text = gate.text;
  const std::string symbol = comparison_symbol(gate.comparison);
  if (number.empty()) fail(text, "\"" + symbol + "\" has no number after it; give a count (1000) or a percentage (1%)");
  if (number.back() == '%') {
    const std::string digits = trimmed(number.substr(0, number.size() - 1));
    char* end = nullptr;
    gate.percent = true;
    gate.threshold_percent = std::strtod(digits.c_str(), &end);
    if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits.front())) || *end != '\0' ||
        !std::isfinite(gate.threshold_percent)) {
      fail(text, "\"" + number + "\" is not a percentage; give a number followed by %, e.g. 1% or 0.5%");
    }
    return;
  }
  if (!parse_unsigned(number, gate.threshold_count)) {
    const bool decimal = number.find_first_not_of("0123456789.") == std::string::npos;
    fail(text, "\"" + number + "\" is not " + (decimal ? "a whole number" : "a number") +
         "; give a whole count (1000) or a percentage (1%)");
  }
}

}  // namespace

std::string comparison_symbol(GateComparison comparison) {
  switch (comparison) {
    case GateComparison::more:
      return ">";
    case GateComparison::at_least:
      return ">=";
    case GateComparison::fewer:
      return "<";
    case GateComparison::at_most:
      break;
  }
  return "<=";
}

GateExpression parse_gate_expression(const std::string& text) {
  GateExpression gate;
  gate.text = trimmed(text);
  if (gate.text.empty()) {
    throw UsageError("--fail-if= needs an expression; " + std::string(kForm));
  }
  const std::string& expression = gate.text;
  std::size_t at = 0;
  while (at < expression.size() && is_measure_character(expression[at])) ++at;
  gate.measure = expression.substr(0, at);
  if (gate.measure.empty()) {
    fail(expression, "it starts with \"" + expression.substr(0, 1) + "\", not with what it measures; " + kForm);
  }
  std::string rest = trimmed(expression.substr(at));
  if (!rest.empty() && rest.front() == '(') {
    std::size_t close = rest.rfind(')');
    if (close == std::string::npos) fail(expression, "\"" + rest + "\" has no closing \")\"; " + kForm);
    read_scope(trimmed(rest.substr(1, close - 1)), gate);
    rest = trimmed(rest.substr(close + 1));
  }
  std::size_t symbol = read_comparison(rest, gate);
  if (symbol == 0) {
    fail(expression, rest.empty() ? "\"" + expression + "\" has no comparison; give >, >=, < or <= and a number, e.g. " +
                            gate.measure + " > 1000"
                      : "\"" + rest + "\" does not start with a comparison; give >, >=, < or <=");
  }
  read_threshold(trimmed(rest.substr(symbol)), gate);
  return gate;
}

}  // namespace ccsim::annotate
