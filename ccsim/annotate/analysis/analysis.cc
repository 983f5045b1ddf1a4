// analysis.cc: adding the profile's records up per thread, line, function and object.
#include "ccsim/annotate/analysis/analysis.h"

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/runtime_objects.h"

namespace ccsim::annotate {

namespace {

// Per reference, the data object it accessed most (by reads + writes), or nothing.
std::vector<std::optional<std::size_t>> main_objects(const Profile& profile) {
  auto reads = profile.event_index("reads");
  auto writes = profile.event_index("writes");
  // Per reference, the accesses it made to each object.
  std::vector<std::map<std::size_t, std::uint64_t>> accesses(profile.references.size());
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    std::uint64_t count = 0;
    if (reads && writes) {
      count = checked_sum(cell.counts[*reads], cell.counts[*writes]);
    } else {
      for (std::uint64_t c : cell.counts) count = checked_sum(count, c);
    }
    std::uint64_t& sum = accesses[cell.reference][cell.object];
    sum = checked_sum(sum, count);
  }
  std::vector<std::optional<std::size_t>> objects(profile.references.size());
  for (std::size_t reference = 0; reference < accesses.size(); ++reference) {
    const std::map<std::size_t, std::uint64_t>& per_object = accesses[reference];
    auto best = per_object.end();
    for (auto it = per_object.begin(); it != per_object.end(); ++it) {
      if (best == per_object.end() || it->second > best->second) best = it;
    }
    if (best != per_object.end()) objects[reference] = best->first;
  }
  return objects;
}

}  // namespace

Analysis analyse(const Profile& profile) {
  Analysis analysis;
  analysis.profile = &profile;
  analysis.totals.assign(profile.events.size(), 0);
  std::map<ThreadId, Counts> threads;
  std::map<CodeSite, Counts> lines;
  std::map<std::pair<std::string, std::string>, Counts> functions;
  for (const ThreadCounts& record : profile.counts) {
    const Reference& reference = profile.references[record.reference];
    add_counts(analysis.totals, record.counts);
    add_counts(threads[record.thread], record.counts);
    add_counts(lines[site_of(reference)], record.counts);
    add_counts(functions[{reference.file, reference.function}], record.counts);
  }
  for (auto& [thread, counts] : threads) analysis.threads.push_back({thread, std::move(counts)});
  for (auto& [site, counts] : lines) {
    analysis.line_index_.emplace(site, analysis.lines.size());
    analysis.lines.push_back({site, std::move(counts)});
  }
  for (auto& [key, counts] : functions)
    analysis.functions.push_back({key.first, key.second, std::move(counts)});

  for (std::size_t object = 0; object < profile.objects.size(); ++object) {
    analysis.objects.push_back({object, Counts(profile.events.size(), 0)});
  }
  for (const ObjectThreadCounts& record : profile.object_counts) {
    add_counts(analysis.objects[record.object].counts, record.counts);
  }
  std::vector<bool> in_runtime_library = runtime_references(profile);
  analysis.runtime_objects = runtime_objects(profile, in_runtime_library);
  analysis.runtime_references = in_runtime_library;
  std::vector<std::optional<std::size_t>> main = main_objects(profile);
  analysis.reference_objects.resize(profile.references.size());
  for (std::size_t reference = 0; reference < main.size(); ++reference) {
    if (!main[reference]) continue;
    analysis.reference_objects[reference] = object_name(profile.objects[*main[reference]]);
    if (analysis.runtime_objects[*main[reference]]) analysis.runtime_references[reference] = true;
  }
  analysis.object_parts = object_parts(profile);
  const std::vector<RuntimePart> parts = reference_parts(profile, main, analysis.object_parts);
  // A line or function is the runtime's when none of its counted references is the program's; its part
  // is that of its references with the most accesses.
  std::map<CodeSite, bool> program_lines;
  std::map<std::pair<std::string, std::string>, bool> program_functions;
  std::map<CodeSite, PartAccesses> line_parts;
  std::map<std::pair<std::string, std::string>, PartAccesses> function_parts;
  for (const ThreadCounts& record : profile.counts) {
    const Reference& reference = profile.references[record.reference];
    bool program = !analysis.runtime_references[record.reference];
    program_lines[site_of(reference)] |= program;
    program_functions[{reference.file, reference.function}] |= program;
    std::uint64_t accesses = accesses_of(profile, record.counts);
    std::uint64_t& line = line_parts[site_of(reference)][parts[record.reference]];
    line = checked_sum(line, accesses);
    std::uint64_t& function = function_parts[{reference.file, reference.function}][parts[record.reference]];
    function = checked_sum(function, accesses);
  }
  for (LineRow& row : analysis.lines) {
    row.runtime = !program_lines[row.site];
    row.part = largest_first(line_parts[row.site]).front().first;
  }
  for (FunctionRow& row : analysis.functions) {
    row.runtime = !program_functions[{row.file, row.function}];
    row.part = largest_first(function_parts[{row.file, row.function}]).front().first;
  }
  return analysis;
}

const LineRow* Analysis::line_of(const CodeSite& site) const {
  auto found = line_index_.find(site);
  return found == line_index_.end() ? nullptr : &lines[found->second];
}

std::string Analysis::access_of(const CodeSite& site) const {
  auto reads = profile->event_index("reads");
  auto writes = profile->event_index("writes");
  const LineRow* row = line_of(site);
  if (!reads || !writes || row == nullptr) return "accessed";
  bool read = row->counts[*reads] > 0;
  bool written = row->counts[*writes] > 0;
  if (read && written) return "read and written";
  if (written) return "written";
  if (read) return "read";
  return "accessed";
}

}  // namespace ccsim::annotate
