// finding_text.cc: thread lists, invalidation splits and the runtime left out of the findings, in words.
#include "ccsim/annotate/text/finding_text.h"

#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

std::string threads_text(const std::vector<ThreadId>& threads) {
  std::string text;
  for (std::size_t i = 0; i < threads.size();) {
    std::size_t j = i;
    while (j + 1 < threads.size() && threads[j + 1] == threads[j] + 1) ++j;
    text += (text.empty() ? "" : ",") + std::to_string(threads[i]);
    if (j > i) text += (j == i + 1 ? "," : "-") + std::to_string(threads[j]);
    i = j + 1;
  }
  return (threads.size() == 1 ? "thread " : "threads ") + text;
}

std::string split_text(const InvalidationSplit& split) {
  std::uint64_t total = split.total();
  std::uint64_t across = split.true_across_regions + split.false_across_regions;
  return with_commas(total) + (total == 1 ? " invalidation: " : " invalidations: ") +
         with_commas(split.false_sharing()) + " false (" +
         percent(split.false_sharing(), total) + "), " + with_commas(split.true_sharing()) + " true (" +
         percent(split.true_sharing(), total) + "); " + with_commas(total - across) + " in-region, " +
         with_commas(across) + " across regions; " + with_commas(split.true_in_region_critical) +
         " by writers holding a lock";
}

std::string runtime_findings_sentence(const Findings& findings) {
  if (findings.runtime_objects == 0) return "";
  std::vector<std::string> parts;
  for (const auto& [part, part_cycles] : largest_first(findings.runtime_part_cycles))
    parts.push_back(runtime_part_name(part) + " " + share_text(part_cycles, findings.memory_cycles));
  return "(runtime): " + std::to_string(findings.runtime_objects) +
         (findings.runtime_objects == 1 ? " object" : " objects") + " of the runtime with coherence traffic, " +
         share_text(findings.runtime_cycles, findings.memory_cycles) + " of the memory time (" + joined(parts) +
         "), left out (--runtime=show includes them).";
}

std::string allocator_findings_sentence(const Findings& findings) {
  if (findings.allocator_objects == 0) return "";
  return "(allocator): the program's allocator (its headers, free lists and arenas) has coherence traffic, " +
         share_text(findings.allocator_cycles, findings.memory_cycles) +
         " of the memory time, left out (--runtime=show includes it).";
}

}  // namespace ccsim::annotate
