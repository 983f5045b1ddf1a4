// drill_down.cc: collecting one object's or one function's rows from the code x data cells, and whose
// accesses evicted (whose stores invalidated) its lines from the edge records.
#include "ccsim/annotate/analysis/drill_down.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

constexpr std::size_t kNearMatches = 5;  // names an unknown-name error offers

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Levenshtein distance, for names one typo away.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The names like `name`: containing it or contained in it (ignoring case), or a few edits away; at most
// kNearMatches, closest first.
std::vector<std::string> near_matches(const std::string& name, const std::set<std::string>& names) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  const std::string wanted = lower(name);
  for (const std::string& candidate : names) {
    const std::string text = lower(candidate);
    std::size_t distance = edit_distance(wanted, text);
    bool near = text.find(wanted) != std::string::npos || (!text.empty() && wanted.find(text) != std::string::npos) ||
                distance <= std::max<std::size_t>(2, wanted.size() / 3);
    if (near) scored.emplace_back(distance, candidate);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> result;
  for (std::size_t i = 0; i < scored.size() && i < kNearMatches; ++i) result.push_back(scored[i].second);
  return result;
}

[[noreturn]] void unknown_name(const std::string& option, const std::string& name, const std::string& kind,
                               const std::set<std::string>& names) {
  const std::vector<std::string> near = near_matches(name, names);
  throw OptionError("--" + option + "=" + name + ": the profile has no " + kind + " named \"" + name + "\"" +
                    (names.empty()  ? "; it has none at all"
                     : near.empty() ? "; none is named like it either (--view=" + kind + "s lists them)"
                                    : "; near matches: " + joined(near)));
}

// Rows by label, summed, ranked by cycles (when the profile has them), then L1 misses, then label.
std::vector<DrillDownRow> ranked(const Profile& profile, const std::map<std::string, Counts>& sums) {
  std::vector<DrillDownRow> rows;
  for (const auto& [label, counts] : sums) rows.push_back({label, counts});
  const auto cycles = profile.event_index("cycles");
  const auto misses = profile.event_index("L1_misses");
  auto key = [&](const DrillDownRow& row) {
    return std::make_pair(cycles ? row.counts[*cycles] : 0, misses ? row.counts[*misses] : 0);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const DrillDownRow& a, const DrillDownRow& b) { return key(a) > key(b); });
  return rows;
}

void add_to(std::map<std::string, Counts>& sums, const std::string& label, const Counts& counts) {
  Counts& sum = sums[label];
  if (sum.empty()) sum.assign(counts.size(), 0);
  add_counts(sum, counts);
}

// The evictions of the subject's lines by culprit (an object's name or a function's label) and level,
// added up over the records' threads (and, for a function, its references).
using EvictionSums = std::map<std::pair<std::string, std::string>, std::uint64_t>;

void add_eviction(EvictionSums& sums, const std::string& culprit, const std::string& level, std::uint64_t count) {
  std::uint64_t& sum = sums[{culprit, level}];
  sum = checked_sum(sum, count);
}

// Most evictions first; a tie keeps the order of the culprit's name, then of the level.
std::vector<Evictor> most_evictions_first(const EvictionSums& sums) {
  std::vector<Evictor> evictors;
  for (const auto& [key, count] : sums) evictors.push_back({key.first, key.second, count});
  std::stable_sort(evictors.begin(), evictors.end(),
                   [](const Evictor& a, const Evictor& b) { return a.evictions > b.evictions; });
  return evictors;
}

bool names_object(const DataObject& object, const std::string& name) {
  return object_name(object) == name || object.name == name;
}

// "fill" names every function fill; "a.c:fill" only that of a file ending in /a.c.
bool names_function(const CodeSite& site, const std::string& name) {
  const std::size_t colon = name.rfind(':');
  if (colon == std::string::npos) return site.function == name;
  return site.function == name.substr(colon + 1) && names_file(site.file, name.substr(0, colon));
}

}  // namespace

DrillDown object_drill_down(const Analysis& analysis, const std::string& name) {
  const Profile& profile = *analysis.profile;
  DrillDown result;
  result.totals.assign(profile.events.size(), 0);
  std::vector<bool> chosen(profile.objects.size(), false);
  std::set<std::string> names;
  for (std::size_t object = 0; object < profile.objects.size(); ++object) {
    names.insert(object_name(profile.objects[object]));
    if (!names_object(profile.objects[object], name)) continue;
    chosen[object] = true;
    ++result.matched;
    if (result.subject.empty()) result.subject = object_description(profile.objects[object]);
  }
  if (result.matched == 0) unknown_name("object", name, "object", names);
  if (result.matched > 1) result.subject = name + " (" + std::to_string(result.matched) + " objects of that name)";
  for (const ObjectRow& row : analysis.objects) {
    if (chosen[row.object]) add_counts(result.totals, row.counts);
  }
  std::map<std::string, Counts> functions;
  std::map<std::string, Counts> lines;
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    if (!chosen[cell.object]) continue;
    const CodeSite site = site_of(profile.references[cell.reference]);
    add_to(functions, function_label(site), cell.counts);
    add_to(lines, site_label(site, FileNames::full), cell.counts);
  }
  result.functions = ranked(profile, functions);
  result.lines = ranked(profile, lines);
  EvictionSums evictions;
  for (const ObjectEvictor& edge : profile.object_evictors) {
    if (chosen[edge.victim]) add_eviction(evictions, object_name(profile.objects[edge.evictor]), edge.level, edge.count);
  }
  result.evicted_by = most_evictions_first(evictions);
  return result;
}

DrillDown function_drill_down(const Analysis& analysis, const std::string& name) {
  const Profile& profile = *analysis.profile;
  DrillDown result;
  result.totals.assign(profile.events.size(), 0);
  std::set<std::string> names;
  std::set<std::string> files;
  for (const FunctionRow& row : analysis.functions) {
    names.insert(row.function);
    if (!names_function({row.file, 0, row.function}, name)) continue;
    ++result.matched;
    files.insert(row.file.empty() ? "???" : row.file);
    add_counts(result.totals, row.counts);
  }
  if (result.matched == 0) unknown_name("function", name, "function", names);
  result.subject = name + " (" + joined(std::vector<std::string>(files.begin(), files.end())) + ")";
  std::map<std::string, Counts> objects;
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    if (names_function(site_of(profile.references[cell.reference]), name))
      add_to(objects, object_name(profile.objects[cell.object]), cell.counts);
  }
  result.objects = ranked(profile, objects);
  EvictionSums evictions;
  for (const EvictorEdge& edge : profile.evictor_edges) {
    if (names_function(site_of(profile.references[edge.victim]), name))
      add_eviction(evictions, function_label(site_of(profile.references[edge.evictor])), edge.level, edge.count);
  }
  result.evicted_by = most_evictions_first(evictions);
  std::map<std::string, InvalidationSplit> invalidators;  // invalidating function -> its splits added up
  for (const InvalidatorEdge& edge : profile.invalidator_edges) {
    if (names_function(site_of(profile.references[edge.victim]), name))
      invalidators[function_label(site_of(profile.references[edge.invalidator]))].add(edge.split);
  }
  for (const auto& [function, split] : invalidators) result.invalidated_by.push_back({function, split});
  std::stable_sort(result.invalidated_by.begin(), result.invalidated_by.end(),
                   [](const Invalidator& a, const Invalidator& b) { return a.split.total() > b.split.total(); });
  return result;
}

}  // namespace ccsim::annotate
