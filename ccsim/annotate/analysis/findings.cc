// findings.cc: ranking the program's shared objects by the cycles their coherence traffic costs, and
// saying for each how it is shared, by which lines, and what would help.
#include "ccsim/annotate/analysis/findings.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/runtime_objects.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

std::uint64_t event(const Profile& profile, const Counts& counts, const char* name) {
  auto column = profile.event_index(name);
  return column ? counts[*column] : 0;
}

// direction: "received" or "caused".
InvalidationSplit split_of(const Profile& profile, const Counts& counts, const std::string& direction) {
  const std::string prefix = "invalidations_" + direction + "_";
  InvalidationSplit split;
  split.true_in_region = event(profile, counts, (prefix + "true_in_region").c_str());
  split.true_in_region_critical = event(profile, counts, (prefix + "true_in_region_critical").c_str());
  split.false_in_region = event(profile, counts, (prefix + "false_in_region").c_str());
  split.true_across_regions = event(profile, counts, (prefix + "true_across_regions").c_str());
  split.false_across_regions = event(profile, counts, (prefix + "false_across_regions").c_str());
  return split;
}

// The groups of objects that share detailed lines (union-find over the objects of each line). A runtime
// object is never grouped with another: crtstuff's `completed.0`, which main writes at exit, lies on the
// line of the program's first small variables, and is no part of their problem or their fix.
std::vector<std::size_t> line_groups(const std::vector<bool>& runtime, const std::vector<LineUse>& lines) {
  const std::size_t objects = runtime.size();
  std::vector<std::size_t> group(objects);
  for (std::size_t object = 0; object < objects; ++object) group[object] = object;
  auto root = [&](std::size_t object) {
    while (group[object] != object) object = group[object] = group[group[object]];
    return object;
  };
  std::map<std::uint64_t, std::size_t> first_object;  // line address -> an object on it
  for (const LineUse& line : lines) {
    if (runtime[line.object]) continue;
    auto [position, added] = first_object.emplace(line.line_address, line.object);
    if (!added) group[root(line.object)] = root(position->second);
  }
  for (std::size_t object = 0; object < objects; ++object) group[object] = root(object);
  return group;
}

// Whether `part` alone names the whole: the rest is under kSharingClassShare of it (the rule a line's class
// follows too, sharing_findings.h), so 1.5 M false and 6 true invalidations are false sharing.
bool dominates(std::uint64_t part, std::uint64_t whole) {
  return whole > 0 && static_cast<double>(whole - part) < kSharingClassShare * static_cast<double>(whole);
}

// Source lines of some objects with a count each, from `object-ref:` cells, heaviest first.
std::vector<FindingLine> lines_by(const Profile& profile, const std::vector<std::size_t>& objects,
                                  const char* count_event) {
  auto column = profile.event_index(count_event);
  std::map<CodeSite, FindingLine> by_site;
  std::map<CodeSite, std::set<ThreadId>> threads;
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    if (!column || cell.counts[*column] == 0 ||
        std::find(objects.begin(), objects.end(), cell.object) == objects.end())
      continue;
    CodeSite site = site_of(profile.references[cell.reference]);
    FindingLine& line = by_site[site];
    line.site = site;
    line.invalidations += cell.counts[*column];
    threads[site].insert(cell.thread);
  }
  std::vector<FindingLine> lines;
  for (auto& [site, line] : by_site) {
    line.threads.assign(threads[site].begin(), threads[site].end());
    lines.push_back(std::move(line));
  }
  std::stable_sort(lines.begin(), lines.end(), [](const FindingLine& a, const FindingLine& b) {
    return a.invalidations > b.invalidations;
  });
  return lines;
}

// The bytes each thread wrote in the object's detailed lines, as offsets in the object: the width of
// the narrowest thread's written span is the part one thread owns ("each thread writes its own 32
// bytes"); 0 when the line detail does not show it.
std::uint64_t thread_part_size(const std::vector<const LineUse*>& lines) {
  std::uint64_t part = 0;
  for (const LineUse* line : lines) {
    for (const ThreadBytes& use : line->threads) {
      if (use.written.empty()) continue;
      std::uint64_t span = use.written.back().second - use.written.front().first + 1;
      if (part == 0 || span < part) part = span;
    }
  }
  return part;
}

// "sum (8 B)", "progress (8 B) and limit (8 B)".
std::string objects_text(const Profile& profile, const std::vector<std::size_t>& objects) {
  std::vector<std::string> names;
  for (std::size_t index : objects) {
    const DataObject& object = profile.objects[index];
    names.push_back(object_name(object) + (object.size > 0 ? " (" + with_commas(object.size) + " B)" : ""));
  }
  if (names.size() == 1) return names.front();
  std::string last = names.back();
  names.pop_back();
  return joined(names) + " and " + last;
}

std::string advice_for(const Profile& profile, const Finding& finding) {
  const std::string line_size = std::to_string(profile.header.line_size);
  const std::string name = objects_text(profile, finding.objects);
  bool heap = false;
  for (std::size_t object : finding.objects) heap = heap || profile.objects[object].kind == "heap";
  if (finding.sharing.kind == SharingClass::Kind::false_sharing) {
    std::uint64_t part = thread_part_size(finding.lines);
    std::string text;
    if (finding.objects.size() > 1) {
      text = name + " share " + line_size + "-byte lines and different threads use them: give each its own line "
             "(alignas(" + line_size + ") on each, or pad between them)";
    } else if (part > 0 && part < profile.header.line_size) {
      text = "each thread writes its own " + std::to_string(part) + " bytes of " + name + ", and threads' parts share " +
             line_size + "-byte lines: pad each thread's part to " + line_size + " bytes and align it (alignas(" +
             line_size + ")), so that no two threads write one line";
    } else {
      text = "threads use different bytes of the same " + line_size + "-byte lines of " + name +
             ": give each thread's data its own lines (pad it to " + line_size + " bytes, alignas(" + line_size + "))";
    }
    if (heap) text += "; allocate per-thread blocks with aligned_alloc(" + line_size + ", size rounded up to " + line_size + ")";
    if (finding.sharing.when == SharingClass::When::across_regions)
      text += "; the traffic is across regions, so it costs once per region, not per access";
    return text;
  }
  if (finding.sharing.kind == SharingClass::Kind::true_sharing) {
    if (finding.sharing.when == SharingClass::When::across_regions) {
      return "threads use bytes of " + name + " another thread wrote in an earlier region: keep each thread on the "
             "same part of the data in successive regions (the same static schedule), or accept one transfer per region";
    }
    return std::string(finding.sharing.critical ? "the threads update the same bytes of " + name + " under a lock"
                                                : "the threads write and read the same bytes of " + name) +
           ": accumulate privately and combine once (a per-thread partial result, or an OpenMP reduction), so that "
           "the line moves once per thread instead of once per update";
  }
  return "threads both exchange bytes of " + name + " and write bytes of its lines that only they use: pad the "
         "bytes only one thread writes to their own " + line_size + "-byte lines (alignas(" + line_size +
         ")), and accumulate the shared bytes privately and combine once";
}

}  // namespace

SharingClass sharing_class(const InvalidationSplit& split) {
  SharingClass sharing;
  std::uint64_t total = split.total();
  if (dominates(split.false_sharing(), total)) {
    sharing.kind = SharingClass::Kind::false_sharing;
  } else if (dominates(split.true_sharing(), total)) {
    sharing.kind = SharingClass::Kind::true_sharing;
  } else {
    sharing.kind = SharingClass::Kind::true_and_false_sharing;
  }
  std::uint64_t across = split.true_across_regions + split.false_across_regions;
  if (dominates(total - across, total)) {
    sharing.when = SharingClass::When::in_region;
  } else if (dominates(across, total)) {
    sharing.when = SharingClass::When::across_regions;
  } else {
    sharing.when = SharingClass::When::in_and_across_regions;
  }
  sharing.critical = sharing.kind != SharingClass::Kind::false_sharing &&
                     sharing.when != SharingClass::When::across_regions &&
                     2 * split.true_in_region_critical > split.true_in_region;
  return sharing;
}

std::string class_text(const SharingClass& sharing) {
  std::string text = sharing.kind == SharingClass::Kind::false_sharing  ? "false sharing"
                     : sharing.kind == SharingClass::Kind::true_sharing ? "true sharing"
                                                                        : "true and false sharing";
  if (sharing.critical) return text + " in critical sections";
  switch (sharing.when) {
    case SharingClass::When::in_region:
      return text + " in parallel regions";
    case SharingClass::When::across_regions:
      return text + " across regions";
    case SharingClass::When::in_and_across_regions:
      break;
  }
  return text + " in and across regions";
}

Findings find_findings(const Analysis& analysis, const LatencyTable& latencies, bool show_runtime) {
  const Profile& profile = *analysis.profile;
  Findings result;
  result.memory_cycles = memory_cycles(profile, analysis.totals, latencies);
  result.line_uses = collect_line_uses(profile);
  std::vector<std::size_t> group = line_groups(analysis.runtime_objects, result.line_uses);
  std::map<std::size_t, Finding> by_group;
  std::map<std::size_t, std::vector<std::pair<std::uint64_t, std::size_t>>> costs;  // group -> (cycles, object)
  std::map<std::size_t, InvalidationSplit> received, caused;
  for (const ObjectRow& row : analysis.objects) {
    std::uint64_t cycles = coherence_cycles(profile, row.counts, latencies);
    if (cycles == 0) continue;
    if (analysis.runtime_objects[row.object] && !show_runtime) {
      const bool allocator = is_allocator_object(profile.objects[row.object]);
      (allocator ? result.allocator_cycles : result.runtime_cycles) += cycles;
      if (!allocator) result.runtime_part_cycles[analysis.object_parts[row.object]] += cycles;
      ++(allocator ? result.allocator_objects : result.runtime_objects);
      continue;
    }
    std::size_t key = group[row.object];
    Finding& finding = by_group[key];
    costs[key].push_back({cycles, row.object});
    received[key].add(split_of(profile, row.counts, "received"));
    caused[key].add(split_of(profile, row.counts, "caused"));
    finding.coherence_misses += event(profile, row.counts, "coherence_misses");
    finding.invalidations_caused += event(profile, row.counts, "invalidations_caused");
    finding.cycles += cycles;
  }
  for (auto& [key, finding] : by_group) {
    std::stable_sort(costs[key].begin(), costs[key].end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [cycles, object] : costs[key]) finding.objects.push_back(object);
    finding.split = received[key].total() >= caused[key].total() ? received[key] : caused[key];
    finding.sharing = sharing_class(finding.split);
    finding.culprits = lines_by(profile, finding.objects, "invalidations_caused");
    finding.victims = lines_by(profile, finding.objects, "invalidations_received");
    for (const LineUse& line : result.line_uses) {
      if (std::find(finding.objects.begin(), finding.objects.end(), line.object) != finding.objects.end())
        finding.lines.push_back(&line);
    }
    finding.advice = advice_for(profile, finding);
    result.findings.push_back(std::move(finding));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding& a, const Finding& b) { return a.cycles > b.cycles; });
  return result;
}

std::string share_text(std::uint64_t cycles, std::uint64_t memory_cycles) {
  if (memory_cycles == 0) return "an unknown share";
  double share = 100.0 * static_cast<double>(cycles) / static_cast<double>(memory_cycles);
  if (share < 0.1) return "less than 0.1%";
  char text[32];
  std::snprintf(text, sizeof text, share < 10 ? "about %.1f%%" : "about %.0f%%", share);
  return text;
}

std::vector<const Finding*> shown_findings(const Findings& findings, double threshold_percent,
                                           std::uint64_t min_invalidations, std::size_t most) {
  std::vector<const Finding*> shown;
  for (const Finding& finding : findings.findings) {
    double share = findings.memory_cycles == 0 ? 0
                                               : 100.0 * static_cast<double>(finding.cycles) /
                                                     static_cast<double>(findings.memory_cycles);
    if (shown.size() == most || share < threshold_percent) break;  // the rest cost less
    if (finding.split.total() < min_invalidations) continue;       // fewer invalidations need not cost less
    shown.push_back(&finding);
  }
  return shown;
}

std::string order_limit_sentence(const ProfileHeader& header) {
  // What each order does to threads that pass data back and forth (docs/synchronization.md, "The orders
  // of simulation"): the piped replay lets the lowest-numbered thread that can run go on after every
  // synchronization event, so a lock's release hands it back to the same thread.
  std::string order;
  if (header.sim_mode == "piped") {
    order = "piped order, which replays one thread at a time up to each synchronization event and then lets "
            "the lowest-numbered thread that can run go on, so a thread keeps running through its lock "
            "hand-offs and runs all its critical sections before the next one goes";
  } else if (header.sim_mode == "native") {
    order = "native order, which follows Valgrind's coarse thread switches (every few hundred thousand basic "
            "blocks, or when a thread blocks), so a thread runs thousands of iterations, critical sections "
            "included, before another one goes";
  } else {
    return "";
  }
  return "This profile was simulated in " + order + ": data that threads pass back and forth, true sharing "
         "under a lock and false sharing in their loops alike, mostly does not show here; rerun with "
         "--sim-mode=interleaved to see it.";
}

std::string no_finding_sentence(const ProfileHeader& header, double threshold_percent,
                                std::uint64_t min_invalidations) {
  std::string sentence = "No shared object's coherence traffic reaches " + percentage_option(threshold_percent) +
                         " of the simulated memory time (--threshold) with at least " +
                         with_commas(min_invalidations) + " invalidations (--min-invalidations)";
  if (order_limit_sentence(header).empty()) return sentence + ": coherence is not what limits this run.";
  return sentence + " in this order, which hides most of it; rerun with --sim-mode=interleaved to see whether "
                    "coherence limits this run.";
}

}  // namespace ccsim::annotate
