// gates.cc: resolving a gate's measure and scope against the profile, measuring it, and saying which
// gates hold.
#include "ccsim/annotate/analysis/gates.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// The names a gate may measure beside the profile's events, and the events each adds up.
struct NamedMeasure {
  std::string name;
  std::vector<std::string> events;
};
const std::vector<NamedMeasure>& named_measures() {
  static const std::vector<NamedMeasure> measures = {
      {"invalidations", {"invalidations_received"}},
      {"false_sharing",
       {"invalidations_received_false_in_region", "invalidations_received_false_across_regions"}},
      {"true_sharing", {"invalidations_received_true_in_region", "invalidations_received_true_across_regions"}},
  };
  return measures;
}

constexpr std::size_t kNamesInError = 5;  // names an error suggests: enough to spot a typo

// A gate resolved against the profile: the event columns it adds up and the whole its percentage is of.
struct ResolvedGate {
  const GateExpression* expression = nullptr;
  std::vector<std::size_t> columns;
  std::string whole;                         // the event a percentage is of ("accesses", ...)
  std::optional<std::size_t> whole_column;  // nothing when the profile lacks it: every share is then 0
};

std::string gate_prefix(const GateExpression& gate) { return "--fail-if=" + gate.text + ": "; }

std::uint64_t measure_of(const ResolvedGate& gate, const Counts& counts) {
  std::uint64_t sum = 0;
  for (std::size_t column : gate.columns) sum = checked_sum(sum, counts[column]);
  return sum;
}

ResolvedGate resolve_measure(const Profile& profile, const GateExpression& expression) {
  ResolvedGate gate;
  gate.expression = &expression;
  std::vector<std::string> events = {expression.measure};
  std::vector<std::string> names;
  for (const NamedMeasure& named : named_measures()) {
    names.push_back(named.name);
    if (named.name == expression.measure) events = named.events;
  }
  for (const std::string& event : events) {
    std::optional<std::size_t> column = profile.event_index(event);
    if (!column) {
      throw OptionError(gate_prefix(expression) + "the profile has no event \"" + event + "\"; give " +
                        joined(names, ", ") + " or one of its events: " + joined(profile.events));
    }
    gate.columns.push_back(*column);
  }
  const std::string& measure = expression.measure;
  if (measure.rfind("invalidations_caused", 0) == 0) {
    gate.whole = "invalidations_caused";
  } else if (measure.rfind("invalidations", 0) == 0 || measure == "false_sharing" || measure == "true_sharing") {
    gate.whole = "invalidations_received";
  } else {
    gate.whole = "accesses";
  }
  gate.whole_column = profile.event_index(gate.whole);
  return gate;
}

// What a gate's scope holds: its counts, and the measure per line and per object inside it (to name
// where most of it is; empty for the kind the scope is itself).
struct ScopeCounts {
  Counts counts;
  std::map<std::string, std::uint64_t> per_line;    // site_label(base) -> measure
  std::map<std::string, std::uint64_t> per_object;  // object_name -> measure
};

bool names_object(const DataObject& object, const std::string& name) {
  return object_name(object) == name || object.name == name;
}

bool names_site(const GateExpression& gate, const CodeSite& site) {
  switch (gate.scope) {
    case GateScope::function:
      return site.function == gate.scope_name;
    case GateScope::line:
      return site.line == gate.scope_line && names_file(site.file, gate.scope_name);
    case GateScope::run:
    case GateScope::object:
      break;
  }
  return true;
}

// The `kNamesInError` names with the most of the measure, for an error's examples.
std::string heaviest_names(const std::map<std::string, std::uint64_t>& measures) {
  std::vector<std::pair<std::string, std::uint64_t>> sorted(measures.begin(), measures.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> names;
  for (std::size_t i = 0; i < sorted.size() && i < kNamesInError; ++i) names.push_back(sorted[i].first);
  return joined(names);
}

ScopeCounts scope_counts(const Analysis& analysis, const ResolvedGate& gate) {
  const Profile& profile = *analysis.profile;
  const GateExpression& expression = *gate.expression;
  ScopeCounts scope;
  scope.counts.assign(profile.events.size(), 0);
  bool found = expression.scope == GateScope::run;
  std::map<std::string, std::uint64_t> candidates;  // what the scope could have named, for the error
  auto add = [&](std::map<std::string, std::uint64_t>& sums, const std::string& name, const Counts& counts) {
    std::uint64_t& sum = sums[name];
    sum = checked_sum(sum, measure_of(gate, counts));
  };
  if (expression.scope == GateScope::object) {
    for (const ObjectRow& row : analysis.objects) {
      const DataObject& object = profile.objects[row.object];
      add(candidates, object_name(object), row.counts);
      if (!names_object(object, expression.scope_name)) continue;
      found = true;
      add_counts(scope.counts, row.counts);
    }
    for (const ObjectReferenceCounts& cell : profile.object_references) {
      if (names_object(profile.objects[cell.object], expression.scope_name))
        add(scope.per_line, site_label(site_of(profile.references[cell.reference]), FileNames::base), cell.counts);
    }
  } else {
    for (const LineRow& row : analysis.lines) {
      const std::string label = expression.scope == GateScope::function ? row.site.function
                                                                         : site_location(row.site, FileNames::base);
      add(candidates, label, row.counts);
      if (!names_site(expression, row.site)) continue;
      found = true;
      if (expression.scope != GateScope::run) add_counts(scope.counts, row.counts);
      if (expression.scope != GateScope::line) add(scope.per_line, site_label(row.site, FileNames::base), row.counts);
    }
    if (expression.scope == GateScope::run) {
      scope.counts = analysis.totals;
      for (const ObjectRow& row : analysis.objects)
        add(scope.per_object, object_name(profile.objects[row.object]), row.counts);
    } else {
      for (const ObjectReferenceCounts& cell : profile.object_references) {
        if (names_site(expression, site_of(profile.references[cell.reference])))
          add(scope.per_object, object_name(profile.objects[cell.object]), cell.counts);
      }
    }
  }
  if (!found) {
    const std::string kind = expression.scope == GateScope::object     ? "data object"
                             : expression.scope == GateScope::function ? "function"
                                                                       : "source line";
    const std::string name = expression.scope == GateScope::line
                                 ? expression.scope_name + ":" + std::to_string(expression.scope_line)
                                 : "\"" + expression.scope_name + "\"";
    const std::string examples = heaviest_names(candidates);
    throw OptionError(gate_prefix(expression) + "the profile has no " + kind + " " + name +
                      (examples.empty() ? "; it has no " + kind + " at all"
                                        : "; its " + kind + "s with the most " + expression.measure + " are " + examples));
  }
  return scope;
}

// Whether `value` compares with `threshold` as the gate says: a count with a count, a share with a
// percentage.
template <class Number>
bool holds(GateComparison comparison, Number value, Number threshold) {
  switch (comparison) {
    case GateComparison::more:
      return value > threshold;
    case GateComparison::at_least:
      return value >= threshold;
    case GateComparison::fewer:
      return value < threshold;
    case GateComparison::at_most:
      break;
  }
  return value <= threshold;
}

std::string relation_words(GateComparison comparison) {
  switch (comparison) {
    case GateComparison::more:
      return "more than";
    case GateComparison::at_least:
      return "at least";
    case GateComparison::fewer:
      return "less than";
    case GateComparison::at_most:
      break;
  }
  return "at most";
}

// "app.c:40 (worker) with 1,500": the name with the largest nonzero measure, or "" when there is none.
std::string heaviest(const std::map<std::string, std::uint64_t>& measures) {
  auto best = measures.end();
  for (auto it = measures.begin(); it != measures.end(); ++it) {
    if (it->second > 0 && (best == measures.end() || it->second > best->second)) best = it;
  }
  return best == measures.end() ? "" : best->first + " with " + with_commas(best->second);
}

std::string scope_words(const GateExpression& gate) {
  switch (gate.scope) {
    case GateScope::object:
      return "data object " + gate.scope_name;
    case GateScope::function:
      return "function " + gate.scope_name;
    case GateScope::line:
      return "line " + gate.scope_name + ":" + std::to_string(gate.scope_line);
    case GateScope::run:
      break;
  }
  return "the run";
}

// A measured share with three significant digits: 18.6512 -> "18.7%", 70 -> "70%", 0.012345 -> "0.0123%".
std::string measured_percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g%%", share);
  return text;
}

// The sentence of a gate that holds, or "" when it does not.
std::string crossed_sentence(const Analysis& analysis, const ResolvedGate& gate, const ScopeCounts& scope) {
  const GateExpression& expression = *gate.expression;
  const std::uint64_t value = measure_of(gate, scope.counts);
  std::string measured = scope_words(expression) + " has " + expression.measure + " = " + with_commas(value);
  std::string threshold;
  if (expression.percent) {
    const std::uint64_t whole = gate.whole_column ? analysis.totals[*gate.whole_column] : 0;
    const double share = whole == 0 ? 0 : 100.0 * static_cast<double>(value) / static_cast<double>(whole);
    if (!holds(expression.comparison, share, expression.threshold_percent)) return "";
    measured += ", " + measured_percent(share) + " of the run's " + with_commas(whole) + " " + gate.whole;
    threshold = percentage_option(expression.threshold_percent);
  } else {
    if (!holds(expression.comparison, value, expression.threshold_count)) return "";
    threshold = with_commas(expression.threshold_count);
  }
  std::vector<std::string> where;
  if (std::string line = heaviest(scope.per_line); !line.empty()) where.push_back("at " + line);
  if (std::string object = heaviest(scope.per_object); !object.empty()) where.push_back("in " + object);
  return "--fail-if=" + expression.text + " holds: " + measured + ", " + relation_words(expression.comparison) + " " +
         threshold + (where.empty() ? "" : "; most of it " + joined(where, " and "));
}

}  // namespace

std::vector<std::string> crossed_gates(const Analysis& analysis, const std::vector<GateExpression>& gates) {
  std::vector<std::pair<ResolvedGate, ScopeCounts>> measured;
  for (const GateExpression& expression : gates) {
    ResolvedGate gate = resolve_measure(*analysis.profile, expression);
    ScopeCounts scope = scope_counts(analysis, gate);
    measured.emplace_back(std::move(gate), std::move(scope));
  }
  std::vector<std::string> sentences;
  for (const auto& [gate, scope] : measured) {
    if (std::string sentence = crossed_sentence(analysis, gate, scope); !sentence.empty())
      sentences.push_back(sentence);
  }
  return sentences;
}

}  // namespace ccsim::annotate
