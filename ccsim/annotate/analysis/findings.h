// findings.h: the answer a first look needs: which data objects' coherence traffic costs the most, how
// they are shared (false / true, in / across regions, critical), which lines write and which lose their
// copies, and what to change. The default overview opens with them (view_findings.cc).
#ifndef CCSIM_ANNOTATE_FINDINGS_H
#define CCSIM_ANNOTATE_FINDINGS_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/analysis/sharing_findings.h"

namespace ccsim::annotate {

// How an object's invalidations are shared, from its per-class counts (not from one line's bytes): a
// class names the finding alone when the others have less than kSharingClassShare (10%) of the
// invalidations, as a line's class does, so 1.5 M false and 6 true invalidations are false sharing.
struct SharingClass {
  enum class Kind { false_sharing, true_sharing, true_and_false_sharing } kind = Kind::false_sharing;
  enum class When { in_region, across_regions, in_and_across_regions } when = When::in_region;
  bool critical = false;  // true sharing whose writers mostly held a lock
};

SharingClass sharing_class(const InvalidationSplit& split);
// "false sharing in parallel regions", "true sharing in critical sections", "true sharing across regions".
std::string class_text(const SharingClass& sharing);

// A source line that writes the object's shared lines (a culprit) or loses its copies (a victim).
struct FindingLine {
  CodeSite site;
  std::uint64_t invalidations = 0;  // caused (culprit) or received (victim)
  std::vector<ThreadId> threads;    // ascending
};

// One shared data object, or several that share detailed cache lines (a variable written by one thread
// beside one another thread reads are one problem, with one fix).
struct Finding {
  std::vector<std::size_t> objects;  // indices into Profile::objects, most costly first
  // Of `objects`, those whose bytes had true-sharing invalidations (received or caused), in the same order:
  // what a finding of true and false sharing advises to accumulate privately.
  std::vector<std::size_t> truly_shared;
  // The invalidations of the objects' lines per class: those their bytes received, or those stores to
  // their bytes caused when that is more (a written variable whose neighbour loses the copies).
  InvalidationSplit split;
  std::uint64_t coherence_misses = 0;
  std::uint64_t invalidations_caused = 0;
  std::uint64_t cycles = 0;        // coherence_cycles() of the object's counts
  SharingClass sharing;
  std::vector<FindingLine> culprits;  // heaviest first
  std::vector<FindingLine> victims;   // heaviest first
  std::vector<const LineUse*> lines;  // the objects' line-detail lines, hottest first (into Findings::line_uses)
  // How the title names each of `objects`: "st (global, 64 B)", or a stack by the local variables its lines
  // hold, "results in main, stack of thread 1" (finding_object_text()).
  std::vector<std::string> object_texts;
  std::string advice;                 // one sentence: what to change
};

// The findings of a profile, most costly first, and what they are measured against.
struct Findings {
  std::uint64_t memory_cycles = 0;  // memory_cycles() of all threads' counts (the whole run)
  std::vector<Finding> findings;    // every program object with coherence cost, most costly first
  std::uint64_t runtime_cycles = 0;    // the runtime objects' coherence cost (left out unless shown)
  std::size_t runtime_objects = 0;     // how many runtime objects have coherence cost
  std::map<RuntimePart, std::uint64_t> runtime_part_cycles;  // runtime_cycles per part (runtime_parts.h)
  std::uint64_t allocator_cycles = 0;  // the same for the allocator's own memory (is_allocator_object),
  std::size_t allocator_objects = 0;   // which is not counted among the runtime's
  std::vector<LineUse> line_uses;      // collect_line_uses() of the profile
};

// show_runtime: treat runtime objects like the program's (--runtime=show).
Findings find_findings(const Analysis& analysis, const LatencyTable& latencies, bool show_runtime);

// How a finding's title names one of its objects: object_description(), except for a stack whose lines
// hold local variables the profile names: "results in main, stack of thread 1 (stack)".
std::string finding_object_text(const Profile& profile, const Finding& finding, std::size_t object);

// cycles as a share of the memory time: "about 93%", "about 4.2%", "less than 0.1%".
std::string share_text(std::uint64_t cycles, std::uint64_t memory_cycles);

// What a report shows of the findings (--view=findings, the overview, the HTML report): at most `most`,
// most costly first, each reaching `threshold_percent` of the memory time (--threshold) and
// `min_invalidations` invalidations of its objects' lines, Finding::split.total() (--min-invalidations).
// The floor is absolute because the share is not enough: in a short run, a handful of invalidations at
// start-up or one hand-off of a result pass 0.1% of a small memory time, and are no problem to fix.
std::vector<const Finding*> shown_findings(const Findings& findings, double threshold_percent,
                                           std::uint64_t min_invalidations, std::size_t most);

// One sentence saying what the profile's simulation order cannot show and how to see it; empty for
// the interleaved order, which can show everything the model knows.
std::string order_limit_sentence(const ProfileHeader& header);

// The sentence when no finding is shown. In interleaved order, that coherence is not what limits this run;
// in piped or native order only that nothing shows in this order, naming the order to run instead: their
// order hides most of the traffic (order_limit_sentence), so its absence says nothing about the run.
std::string no_finding_sentence(const ProfileHeader& header, double threshold_percent,
                                std::uint64_t min_invalidations);

// How many rows of writing and losing lines a finding shows (text and HTML alike): its 5 heaviest of
// each, and beyond them every line that caused or received at least 10% of the finding's invalidations
// on its side (10 at most can), so that no line that matters is left to the JSON alone.
constexpr std::size_t kFindingLinesShown = 5;
std::size_t finding_line_rows(const Finding& finding);

}  // namespace ccsim::annotate

#endif
