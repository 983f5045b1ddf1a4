// findings.cc: ranking the program's shared objects by the cycles their coherence traffic costs, and
// saying for each how it is shared, by which lines, and what would help.
#include "ccsim/annotate/analysis/findings.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "ccsim/annotate/analysis/data_names.h"
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
// bytes"); 0 when the line detail does not show it, or when fewer than two threads write (a reader beside one
// writer owns no written part).
std::uint64_t thread_part_size(const std::vector<const LineUse*>& lines) {
  std::uint64_t part = 0;
  std::set<ThreadId> writers;
  for (const LineUse* line : lines) {
    for (const ThreadBytes& use : line->threads) {
      if (use.written.empty()) continue;
      writers.insert(use.thread);
      std::uint64_t span = use.written.back().second - use.written.front().first + 1;
      if (part == 0 || span < part) part = span;
    }
  }
  return writers.size() < 2 ? 0 : part;
}

bool overlap(const ByteRanges& a, const ByteRanges& b) {
  for (const auto& [a_first, a_last] : a) {
    for (const auto& [b_first, b_last] : b) {
      if (a_first <= b_last && b_first <= a_last) return true;
    }
  }
  return false;
}

// The names of every run of `ranges` (named_bytes()), each once; empty when some run has none, or when a
// name is an element of an array ("counters[1].n": the per-thread-part advice fits arrays better).
std::vector<std::string> member_names(const Profile& profile, const LineUse& line, const ByteRanges& ranges) {
  std::vector<std::string> names;
  for (const NamedBytes& run : named_bytes(profile, line, ranges)) {
    if (run.names.empty()) return {};
    for (const std::string& name : run.names) {
      if (name.find('[') != std::string::npos) return {};
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

// The invalidations `thread`'s stores to the line caused (its line-writer: records).
std::uint64_t caused_on_line(const Profile& profile, const LineUse& line, ThreadId thread) {
  std::uint64_t total = 0;
  for (const LineWriter& writer : profile.line_writers) {
    if (writer.line_address == line.line_address && writer.object == line.object && writer.thread == thread)
      total += writer.invalidations;
  }
  return total;
}

// False sharing of named fields or variables, in their names: "st.produced written by thread 3 (writer) and
// st.limit read by thread 2 (reader) share line 0x10c040: put limit on its own line (alignas(64)) or move it
// away from produced". From the hottest line where a writer (the one whose stores caused the most
// invalidations there first) and another thread use disjoint named bytes; empty when there is none.
std::string field_advice(const Profile& profile, const Finding& finding) {
  const std::string line_size = std::to_string(profile.header.line_size);
  for (const LineUse* line : finding.lines) {
    std::vector<const ThreadBytes*> writers;
    for (const ThreadBytes& use : line->threads) {
      if (!use.written.empty()) writers.push_back(&use);
    }
    std::stable_sort(writers.begin(), writers.end(), [&](const ThreadBytes* a, const ThreadBytes* b) {
      return caused_on_line(profile, *line, a->thread) > caused_on_line(profile, *line, b->thread);
    });
    for (const ThreadBytes* writer : writers) {
      const std::vector<std::string> written = member_names(profile, *line, writer->written);
      if (written.empty()) continue;
      for (const ThreadBytes& other : line->threads) {
        if (other.thread == writer->thread) continue;
        const bool writes = !other.written.empty();
        const ByteRanges& bytes = writes ? other.written : other.read;
        if (bytes.empty() || overlap(bytes, writer->written) || overlap(other.read, writer->written)) continue;
        const std::vector<std::string> used = member_names(profile, *line, bytes);
        if (used.empty()) continue;
        std::vector<std::string> moved, kept;
        for (const std::string& name : used) moved.push_back(member_name(name));
        for (const std::string& name : written) kept.push_back(member_name(name));
        return joined(written, " and ") + " written by " + profile.thread_name(writer->thread) + " and " +
               joined(used, " and ") + (writes ? " written by " : " read by ") + profile.thread_name(other.thread) +
               " share line " + hex(line->line_address) + ": put " + joined(moved, " and ") +
               (moved.size() == 1 ? " on its own line (alignas(" : " on their own line (alignas(") + line_size +
               ")) or move " + (moved.size() == 1 ? "it" : "them") + " away from " + joined(kept, " and ");
      }
    }
  }
  return "";
}

// "sum (8 B)", "progress (8 B) and limit (8 B)".
std::string objects_text(const Profile& profile, const std::vector<std::size_t>& objects) {
  std::vector<std::string> names;
  for (std::size_t index : objects) {
    const DataObject& object = profile.objects[index];
    names.push_back(object_name(object) + (object.size > 0 ? " (" + with_commas(object.size) + " B)" : ""));
  }
  // A finding on lines whose data no object holds (a profile written with --data-objects=no, or a line of
  // the allocator's own memory) names none: "the data" (an empty list crashed here).
  if (names.empty()) return "the data";
  if (names.size() == 1) return names.front();
  std::string last = names.back();
  names.pop_back();
  return joined(names) + " and " + last;
}

// When none of a finding's variables and stacks has its fields or local variables named, how to have them
// named: Valgrind reads the types and locations of variables only with --read-var-info=yes
// (docs/data-objects.md, "Fields" says why it is not the default); empty otherwise.
std::string names_hint(const Profile& profile, const Finding& finding) {
  bool nameable = false;
  for (std::size_t object : finding.objects) {
    const std::string& kind = profile.objects[object].kind;
    if (has_names(profile, object)) return "";
    nameable = nameable || kind == "global" || kind == "stack";
  }
  if (!nameable || finding.lines.empty()) return "";
  return "; the profile names no fields or local variables here: rerun ccsim with Valgrind's --read-var-info=yes "
         "(on a program built with -g) to have them named";
}

std::string advice_text(const Profile& profile, const Finding& finding);

std::string advice_for(const Profile& profile, const Finding& finding) {
  return advice_text(profile, finding) + names_hint(profile, finding);
}

std::string advice_text(const Profile& profile, const Finding& finding) {
  const std::string line_size = std::to_string(profile.header.line_size);
  const std::string name = objects_text(profile, finding.objects);
  bool heap = false;
  for (std::size_t object : finding.objects) heap = heap || profile.objects[object].kind == "heap";
  if (finding.sharing.kind == SharingClass::Kind::false_sharing) {
    std::uint64_t part = thread_part_size(finding.lines);
    // Named fields or variables have their own sentence; else what the bytes say.
    std::string text = field_advice(profile, finding);
    if (!text.empty()) {
      // said in the fields' names
    } else if (finding.objects.size() > 1) {
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
  // True and false sharing: the false part's fix, in the names of the fields or variables where the profile
  // has them, else of the objects with no true sharing of their own; then the true part's, for the objects
  // whose bytes threads really exchange.
  std::string text = field_advice(profile, finding);
  std::vector<std::size_t> falsely_shared;
  for (std::size_t object : finding.objects) {
    if (std::find(finding.truly_shared.begin(), finding.truly_shared.end(), object) == finding.truly_shared.end())
      falsely_shared.push_back(object);
  }
  if (!text.empty()) {
    // said in the fields' names
  } else if (!falsely_shared.empty()) {
    text = objects_text(profile, falsely_shared) + (falsely_shared.size() == 1 ? " shares " : " share ") + line_size +
           "-byte lines with bytes other threads write: give " + (falsely_shared.size() == 1 ? "it" : "them") +
           " a line of " + (falsely_shared.size() == 1 ? "its" : "their") + " own (alignas(" + line_size + "))";
  } else {
    text = "threads write bytes of " + name + " beside bytes other threads use: give each thread's bytes their own " +
           line_size + "-byte lines (alignas(" + line_size + "))";
  }
  return text + "; and the threads write and read the same bytes of " + objects_text(profile, finding.truly_shared) +
         ": accumulate those privately and combine once (a per-thread partial result, or an OpenMP reduction)";
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
  std::vector<bool> truly_shared(profile.objects.size(), false);
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
    const InvalidationSplit object_received = split_of(profile, row.counts, "received");
    const InvalidationSplit object_caused = split_of(profile, row.counts, "caused");
    received[key].add(object_received);
    caused[key].add(object_caused);
    truly_shared[row.object] = object_received.true_sharing() + object_caused.true_sharing() > 0;
    finding.coherence_misses += event(profile, row.counts, "coherence_misses");
    finding.invalidations_caused += event(profile, row.counts, "invalidations_caused");
    finding.cycles += cycles;
  }
  for (auto& [key, finding] : by_group) {
    std::stable_sort(costs[key].begin(), costs[key].end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [cycles, object] : costs[key]) {
      finding.objects.push_back(object);
      if (truly_shared[object]) finding.truly_shared.push_back(object);
    }
    finding.split = received[key].total() >= caused[key].total() ? received[key] : caused[key];
    finding.sharing = sharing_class(finding.split);
    finding.culprits = lines_by(profile, finding.objects, "invalidations_caused");
    finding.victims = lines_by(profile, finding.objects, "invalidations_received");
    for (const LineUse& line : result.line_uses) {
      if (std::find(finding.objects.begin(), finding.objects.end(), line.object) != finding.objects.end())
        finding.lines.push_back(&line);
    }
    for (std::size_t object : finding.objects)
      finding.object_texts.push_back(finding_object_text(profile, finding, object));
    finding.advice = advice_for(profile, finding);
    result.findings.push_back(std::move(finding));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding& a, const Finding& b) { return a.cycles > b.cycles; });
  return result;
}

std::string finding_object_text(const Profile& profile, const Finding& finding, std::size_t object) {
  const DataObject& data = profile.objects[object];
  if (data.kind != "stack") return object_description(data);
  std::vector<const LineUse*> lines;
  for (const LineUse* line : finding.lines) {
    if (line->object == object) lines.push_back(line);
  }
  std::vector<std::string> labels;
  for (const Variable& variable : variables_in(profile, lines)) labels.push_back(variable.label);
  if (labels.empty()) return object_description(data);
  return joined(labels, " and ") + ", " + object_name(data) + " (stack)";
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

std::size_t finding_line_rows(const Finding& finding) {
  // Lines come heaviest first: the lines at 10% or more of their side are a prefix of it.
  auto lines_at_a_tenth = [](const std::vector<FindingLine>& lines) {
    std::uint64_t total = 0;
    for (const FindingLine& line : lines) total += line.invalidations;
    std::size_t count = 0;
    while (count < lines.size() && lines[count].invalidations * 10 >= total) ++count;
    return count;
  };
  const std::size_t heaviest = std::min(kFindingLinesShown, std::max(finding.culprits.size(), finding.victims.size()));
  return std::max({heaviest, lines_at_a_tenth(finding.culprits), lines_at_a_tenth(finding.victims)});
}

}  // namespace ccsim::annotate
