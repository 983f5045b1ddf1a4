// findings_test.cc: the findings that open the overview, on the hand-written profile findings.profile
// (its scenario and counts are at its top): ranking by cost, class from per-class counts, culprits
// beside victims, advice, the runtime left out, --latency, the order's limits, the JSON export, short
// object names and the graph's thread pairs.
#include "ccsim/annotate/analysis/findings.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;
using testing::write_temporary_file;

// The memory time of findings.profile with the default latencies (l1=4, other-core=75, upgrade=65,
// memory=200; L1 only): 20,000 accesses, 8,601 L1 misses, of which 5,495 coherence misses:
// 11,399 hits x 4 = 45,596; 8,601 - 5,495 = 3,106 misses from memory x 200 = 621,200; 5,495 x 75 =
// 412,125; 7,497 invalidations caused x 65 = 487,305. Total 1,566,226 cycles.
// Costs: limit + progress (one line): 1,499 x 75 + 1,499 x 65 = 209,860 (13.4%); sum: 998 x 75 + 999 x
// 65 = 139,785 (8.9%); table: 2,000 x 65 = 130,000 (8.3%); stdout (runtime): 2,998 x 75 + 2,999 x 65 =
// 419,785 (26.8%). The program's shared data: 479,645 (30.6%).
std::string findings_of(std::vector<std::string> options, const std::string& profile = "findings.profile") {
  options.push_back(profile_path(profile));
  return section(annotate(options), "Findings");
}

// Ranked by cost, not by invalidations received: table receives the most (2,000) but a one-time serial
// write costs least; the critical section (999) comes before it; the false sharing first.
TEST(FindingsTest, RanksByCostNotByInvalidationsReceived) {
  std::string findings = findings_of({"--view=findings"});
  std::size_t first = findings.find("\n1. limit (global, 8 B) and progress (global, 8 B): false sharing in parallel "
                                    "regions, about 13% of the simulated memory time of the run\n");
  std::size_t second = findings.find("\n2. sum (global, 8 B): true sharing in critical sections, about 8.9% of the "
                                     "simulated memory time of the run\n");
  std::size_t third = findings.find("\n3. table (global, 64,000 B): true sharing across regions, about 8.3% of the "
                                    "simulated memory time of the run\n");
  EXPECT_NE(first, std::string::npos) << findings;
  EXPECT_NE(second, std::string::npos) << findings;
  EXPECT_NE(third, std::string::npos) << findings;
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);
  EXPECT_NE(findings.find("(1,566,226 cycles; --latency). The program's shared data: about 31%.\n"), std::string::npos)
      << findings;
}

// The store (app.c:30, thread 2) is the culprit and the loop condition that only reads (app.c:40,
// thread 3) the victim, side by side, each with its 1,499 invalidations.
TEST(FindingsTest, PutsCulpritsBesideVictims) {
  std::string findings = findings_of({"--view=findings"});
  EXPECT_NE(findings.find("   caused  writing line (culprit)      received  line that lost its copies (victim)\n"
                          "    1,499  app.c:30 (worker) thread 2     1,499  app.c:40 (worker) thread 3\n"),
            std::string::npos)
      << findings;
}

// The per-class counts of each finding, and its advice with the objects' sizes and the line size.
TEST(FindingsTest, GivesCountsAndConcreteAdvice) {
  std::string findings = findings_of({"--view=findings"});
  EXPECT_NE(findings.find("   999 invalidations: 0 false (0.0%), 999 true (100.0%); 999 in-region, 0 across regions; "
                          "999 by writers holding a lock; 998 coherence misses\n"),
            std::string::npos)
      << findings;
  // The profile has no field: records: the fix ends by saying how to have the fields named.
  EXPECT_NE(findings.find("   fix: limit (8 B) and progress (8 B) share 64-byte lines and different threads use "
                          "them: give each its own line (alignas(64) on each, or pad between them); the profile "
                          "names no fields or local variables here: rerun ccsim with Valgrind's "
                          "--read-var-info=yes (on a program built with -g) to have them named.\n"),
            std::string::npos)
      << findings;
  EXPECT_NE(findings.find("   line 0x601000 holds bytes 0-7 of limit: thread 3 reads bytes 0-7 of limit\n"), std::string::npos)
      << findings;
  EXPECT_NE(findings.find("fix: the threads update the same bytes of sum (8 B) under a lock: accumulate privately "
                          "and combine once"),
            std::string::npos)
      << findings;
}

// A flag threads write beside a setting another thread reads (mixed_sharing.profile, counts at its top):
// 999 true and 499 false invalidations, so true and false sharing; the fix names both parts: dim, which had
// only false sharing (499 received by thread 4), is to have a line of its own; modified, the only object
// whose bytes had true sharing, is to be accumulated privately.
TEST(FindingsTest, TrueAndFalseSharingAdvisesForEachPart) {
  std::string findings = findings_of({"--view=findings"}, "mixed_sharing.profile");
  EXPECT_NE(findings.find("1. modified (global, 4 B) and dim (global, 4 B): true and false sharing in parallel regions"),
            std::string::npos)
      << findings;
  EXPECT_NE(findings.find("   1,498 invalidations: 499 false (33.3%), 999 true (66.7%); 1,498 in-region, 0 across "
                          "regions; 0 by writers holding a lock; 1,497 coherence misses\n"),
            std::string::npos)
      << findings;
  EXPECT_NE(findings.find("   fix: dim (4 B) shares 64-byte lines with bytes other threads write: give it a line of "
                          "its own (alignas(64)); and the threads write and read the same bytes of modified (4 B): accumulate those privately and combine once (a "
                          "per-thread partial result, or an OpenMP reduction); the profile names no fields or local "
                          "variables here: rerun ccsim with Valgrind's --read-var-info=yes (on a program built with "
                          "-g) to have them named.\n"),
            std::string::npos)
      << findings;
}

// stdout in libc.so.6 costs the most (26.8%) but is the runtime's: left out and summed up, unless
// --runtime=show, which makes it the first finding.
TEST(FindingsTest, LeavesTheRuntimeOutUnlessAsked) {
  std::string hidden = findings_of({"--view=findings"});
  EXPECT_EQ(hidden.find("_IO_2_1_stdout_"), std::string::npos) << hidden;
  // Its only object is libc's, so libc's part is the whole.
  EXPECT_NE(hidden.find("(runtime): 1 object of the runtime with coherence traffic, about 27% of the memory time "
                        "(libc about 27%), left out (--runtime=show includes them).\n"),
            std::string::npos)
      << hidden;
  std::string shown = findings_of({"--view=findings", "--runtime=show"});
  EXPECT_NE(shown.find("\n1. _IO_2_1_stdout_ in libc.so.6 (global, 224 B): true sharing in parallel regions, about 27%"),
            std::string::npos)
      << shown;
  std::string invalidators = section(annotate({"--view=invalidators", profile_path("findings.profile")}), "Invalidators");
  EXPECT_EQ(invalidators.find("fileops.c"), std::string::npos) << invalidators;
  EXPECT_NE(invalidators.find("(5 of 5 victims shown"), std::string::npos) << invalidators;
}

// --latency changes the ranking: with upgrades free and other-core 150, limit + progress cost 1,499 x
// 150 = 224,850 and sum 998 x 150 = 149,700, table nothing (no coherence miss), so it is no finding.
TEST(FindingsTest, LatencyOptionChangesTheCost) {
  std::string findings = findings_of({"--view=findings", "--latency=other-core=150,upgrade=0"});
  EXPECT_EQ(findings.find("table"), std::string::npos) << findings;
  // Memory time: 45,596 + 621,200 + 5,495 x 150 = 1,491,046; 224,850 / 1,491,046 = 15.1%.
  EXPECT_NE(findings.find("(1,491,046 cycles; --latency)"), std::string::npos) << findings;
  EXPECT_NE(findings.find("about 15% of the simulated memory time"), std::string::npos) << findings;
}

// The summary says what all coherence traffic costs: 5,495 coherence misses x 75 + 7,497 invalidations
// caused x 65 = 899,430 of 1,566,226 cycles, 57.4%.
TEST(FindingsTest, SummarySaysWhatCoherenceCosts) {
  std::string summary = annotate({"--view=summary", profile_path("findings.profile")});
  EXPECT_NE(summary.find("Coherence traffic (coherence misses and invalidated copies, all objects): about 57% of the "
                         "simulated memory time of the run (--latency).\n"),
            std::string::npos)
      << summary;
}

// A malformed --latency is a usage error naming the places.
TEST(FindingsTest, RejectsAMalformedLatency) {
  LatencyTable table;
  std::string error;
  EXPECT_FALSE(parse_latencies("l4=3", table, error));
  EXPECT_EQ(error,
            "--latency=l4=3: \"l4=3\" is not <place>=<cycles>; the places are l1, l2, llc, memory, other-core, "
            "upgrade, the cycles a whole number up to 1000000, e.g. --latency=memory=300,other-core=120");
  EXPECT_TRUE(parse_latencies("memory=300,l1=5", table, error));
  EXPECT_EQ(latency_text(table), "l1=5,l2=10,llc=40,memory=300,other-core=75,upgrade=65");
}

// A class names an object alone when the others have under 10% of the counts: 1.5 M false and 6 true
// invalidations are false sharing; 2 false and 2 true are both; critical when most true in-region ones held a lock.
TEST(FindingsTest, ClassFollowsTheCounts) {
  InvalidationSplit mostly_false;
  mostly_false.false_in_region = 1500000;
  mostly_false.true_in_region = 6;
  EXPECT_EQ(class_text(sharing_class(mostly_false)), "false sharing in parallel regions");
  InvalidationSplit mixed;
  mixed.false_across_regions = 2;
  mixed.true_in_region = 2;
  mixed.true_in_region_critical = 2;
  EXPECT_EQ(class_text(sharing_class(mixed)), "true and false sharing in critical sections");
  InvalidationSplit across;
  across.true_across_regions = 10;
  EXPECT_EQ(class_text(sharing_class(across)), "true sharing across regions");
}

// Piped and native profiles say what their order cannot show and how to see it, in the findings (and
// so in the overview), before the findings they do show; interleaved ones do not. (The whole sentences,
// and the verdict when nothing is shown, are in no_finding_test.cc.)
TEST(FindingsTest, SaysWhatPipedAndNativeOrdersCannotShow) {
  std::ifstream in(profile_path("findings.profile"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string interleaved = "sim-mode: interleaved";
  std::string piped_text = text;
  piped_text.replace(piped_text.find(interleaved), interleaved.size(), "sim-mode: piped");
  std::string piped = write_temporary_file("piped.profile", piped_text);
  std::string overview = annotate({piped});
  std::size_t caveat = overview.find("This profile was simulated in piped order, which replays one thread at a "
                                     "time up to each synchronization event");
  EXPECT_NE(caveat, std::string::npos) << overview;
  EXPECT_LT(caveat, overview.find("\n1. limit (global, 8 B) and progress (global, 8 B)")) << overview;
  std::string native_text = text;
  native_text.replace(native_text.find(interleaved), interleaved.size(), "sim-mode: native");
  std::string native = write_temporary_file("native.profile", native_text);
  EXPECT_NE(annotate({"--view=findings", native}).find("simulated in native order"), std::string::npos);
  EXPECT_EQ(findings_of({}).find("rerun with --sim-mode=interleaved"), std::string::npos);
}

// The JSON export carries each finding whole: objects, class, per-class counts, cost, writing and
// losing source lines, and the line detail with the stores that invalidated it.
TEST(FindingsTest, JsonCarriesEachFindingWhole) {
  nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path("findings.profile")}));
  const nlohmann::json& list = json["findings"]["list"];
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(json["findings"]["memory_cycles"], 1566226);
  EXPECT_EQ(list[0]["objects"][0]["name"], "limit");
  EXPECT_EQ(list[0]["objects"][1]["name"], "progress");
  EXPECT_EQ(list[0]["sharing"], "false");
  EXPECT_EQ(list[0]["invalidations"]["false_in_region"], 1499);
  EXPECT_EQ(list[0]["cycles"], 209860);
  EXPECT_EQ(list[0]["writing_lines"][0]["line"], 30);
  EXPECT_EQ(list[0]["writing_lines"][0]["threads"], nlohmann::json::array({2}));
  EXPECT_EQ(list[0]["losing_lines"][0]["line"], 40);
  EXPECT_EQ(list[1]["objects"][0]["name"], "sum");
  EXPECT_EQ(list[1]["critical"], true);
  EXPECT_EQ(list[1]["invalidations"]["true_in_region_critical"], 999);
  const nlohmann::json& sum_line = list[1]["cache_lines"][0];
  EXPECT_EQ(sum_line["line_address"], "0x601040");
  ASSERT_EQ(sum_line["writers"].size(), 2u);
  EXPECT_EQ(sum_line["writers"][0]["line"], 50);
  EXPECT_EQ(sum_line["writers"][1]["invalidations"], 500);
  EXPECT_EQ(json["findings"]["runtime_objects_left_out"], 1);
}

// The overview's tables show the split in short columns, explained once, with each count's share of its
// column. app.c:40 (the loop condition): 1,500 of 20,000 accesses (7.5%), 1,500 of 8,601 L1 misses
// (17.4%), 1,499 of 5,495 coherence misses (27.3%), 1,499 of 7,497 invalidations (20.0%), none caused,
// all false in-region (1,499 of 1,499). fileops.c:1200 is the runtime's: one "(runtime: 1 line ...)" row.
// Its ratios: 1,500 misses of 1,500 accesses (100.0%), 1,499 of them coherence misses (99.9%); ranked
// by invalidations received under the runtime's row (2,999), app.c:45 (2,000) and app.c:65 under it
// (0), it brings the running sum to 2,999 + 2,000 + 1,499 = 6,498 of 7,497 (86.7%).
TEST(FindingsTest, OverviewTablesShowTheSplitWithShares) {
  std::string overview = annotate({profile_path("findings.profile")});
  EXPECT_NE(overview.find("\nColumns: L1 miss = L1 misses, coh miss = coherence misses, inval = invalidations "
                          "received"),
            std::string::npos)
      << overview;
  std::string lines = section(overview, "Lines");
  EXPECT_EQ(row_starting_with(lines, "accesses"),
            (std::vector<std::string>{"accesses", "L1", "miss", "coh", "miss", "inval", "caused", "F", "in", "T",
                                      "in", "crit", "F", "across", "T", "across", "L1_miss_ratio", "coherence_share",
                                      "cumulative", "line", "(function)"}));
  EXPECT_EQ(counts_before(lines, "/home/me/findings/app.c:40 (worker)"),
            (std::vector<std::string>{"1,500", "(7.5%)", "1,500", "(17.4%)", "1,499", "(27.3%)", "1,499", "(20.0%)",
                                      "0", "1,499", "(100.0%)", "0", "0", "0", "0", "100.0%", "99.9%", "86.7%"}));
  // The runtime's one line is fileops.c's, in libc.so.6: libc's part is all of its accesses.
  EXPECT_NE(lines.find("(runtime: 1 line, of their accesses libc 100.0%; --runtime=show lists them)"),
            std::string::npos)
      << lines;
  EXPECT_EQ(lines.find("fileops.c"), std::string::npos) << lines;
}

// A profile with two heap objects of one malloc (app.c:10 in make_buffer) reached from app.c:20 (64 B
// blocks, read 100 times by thread 2) and from app.c:30 (128 B, read 50 times by thread 3).
std::string two_path_profile() {
  return write_temporary_file("heap_paths.profile",
                              "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 1\ncommand: ./app\n"
                              "sim-mode: interleaved\nthreads: 3\nline-size: 64\ncache: L1 32768 8 64\n"
                              "cache: L2 none\ncache: LLC none\nmiss-classes: no\ntrace-stack: yes\n"
                              "events: reads writes\nfile: 1 /src/app.c\nfn: 1 worker\nobj: 1 /src/app\n"
                              "ref: 1 0x401000 1 1 1 40\ncounts: 1 2 100\ncounts: 1 3 50\n"
                              "object: 1 heap 0x0 64 1 app.c:10 make_buffer <- app.c:20 main\n"
                              "object: 2 heap 0x0 128 1 app.c:10 make_buffer <- app.c:30 main\n"
                              "object-counts: 1 2 100\nobject-counts: 2 3 50\nsummary: 150 0\n");
}

// Blocks of one site reached by two paths are one object (150 reads, the larger size), unless
// --heap-paths=separate, which keeps both, named by their whole stacks. With reads and writes only, the
// tables have no ratio column; the cumulative share of reads is 150 of 150, or 100 and 150 of 150.
TEST(FindingsTest, MergesTheHeapPathsOfOneSite) {
  std::string merged = section(annotate({"--view=objects", "--show=reads", "--sort=reads", two_path_profile()}),
                               "Data objects");
  EXPECT_EQ(counts_before(merged, "heap block at app.c:10 in make_buffer (heap, 128 B) in /src/app.c"),
            (std::vector<std::string>{"150", "100.0%"}))
      << merged;
  std::string separate = section(annotate({"--view=objects", "--show=reads", "--sort=reads", "--heap-paths=separate",
                                           two_path_profile()}),
                                 "Data objects");
  EXPECT_EQ(counts_before(separate, "heap block allocated at app.c:10 make_buffer <- app.c:20 main (heap, 64 B) in /src/app.c"),
            (std::vector<std::string>{"100", "66.7%"}))
      << separate;
  EXPECT_EQ(counts_before(separate, "heap block allocated at app.c:10 make_buffer <- app.c:30 main (heap, 128 B) in /src/app.c"),
            (std::vector<std::string>{"50", "100.0%"}))
      << separate;
}

// Thread 3's two stores at app.c:10 (`x = y = 0`: ref 1 writes x, ref 2 writes y) remove thread 2's
// copies 30 and 20 times (of 50): the two culprits would both read "app.c:10 on thread 3", so each
// names its object.
TEST(FindingsTest, CulpritListsNeverRepeatTheSameText) {
  std::string profile = write_temporary_file(
      "two_stores.profile",
      "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 1\ncommand: ./app\nsim-mode: interleaved\n"
      "threads: 3\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\nevents: reads writes invalidations_received_true_in_region "
      "invalidations_received_true_in_region_critical invalidations_received_false_in_region "
      "invalidations_received_true_across_regions invalidations_received_false_across_regions "
      "invalidations_caused_true_in_region invalidations_caused_true_in_region_critical "
      "invalidations_caused_false_in_region invalidations_caused_true_across_regions "
      "invalidations_caused_false_across_regions\n"
      "file: 1 /src/app.c\nfn: 1 worker\nobj: 1 /src/app\n"
      "ref: 1 0x401000 1 1 1 10\nref: 2 0x401004 1 1 1 10\nref: 3 0x401010 1 1 1 20\n"
      "counts: 1 3 0 30 0 0 0 0 0 0 0 30\ncounts: 2 3 0 20 0 0 0 0 0 0 0 20\ncounts: 3 2 100 0 0 0 50\n"
      "invalidator: 3 2 1 3 0 0 30 0 0\ninvalidator: 3 2 2 3 0 0 20 0 0\n"
      "object: 1 global 0x601000 8 0 x\nobject: 2 global 0x601008 8 0 y\n"
      "object-counts: 1 2 60 0 0 0 30\nobject-counts: 1 3 0 30 0 0 0 0 0 0 0 30\n"
      "object-counts: 2 2 40 0 0 0 20\nobject-counts: 2 3 0 20 0 0 0 0 0 0 0 20\n"
      "object-ref: 1 1 3 0 0 0 0 0 0 0 0 0 30\nobject-ref: 1 3 2 0 0 0 0 30\n"
      "object-ref: 2 2 3 0 0 0 0 0 0 0 0 0 20\nobject-ref: 2 3 2 0 0 0 0 20\n"
      "summary: 100 50 0 0 50 0 0 0 0 50 0 0\n");
  std::string view = annotate({"--view=invalidators", profile});
  EXPECT_NE(view.find("was invalidated 50 times (50 false sharing): 60.0% by app.c:10 on thread 3 (x), 40.0% by "
                      "app.c:10 on thread 3 (y).\n"),
            std::string::npos)
      << view;
}

// Heap blocks are named by their innermost frame with a source line, the whole stack kept; mappings by
// their start and file name; GCC's static-initialization frames by what they initialize.
TEST(FindingsTest, NamesObjectsBriefly) {
  DataObject heap{"heap", 0, 0, "", "0x4868841 [malloc_hook] <- linear_regression.c:133 main <- libc-start.c:392 x"};
  EXPECT_EQ(object_name(heap), "heap block at linear_regression.c:133 in main");
  DataObject init{"heap", 0, 0, "", "0x401234 [_GLOBAL__sub_I_table.cc]"};
  EXPECT_EQ(object_name(init), "heap block at 0x401234 in static initialization of table.cc");
  DataObject mapping{"unknown", 0x4a74000, 24576, "",
                     "mapping 0x4a74000-0x4a79fff of /usr/lib/x86_64-linux-gnu/libc.so.6"};
  EXPECT_EQ(object_name(mapping), "mapping 0x4a74000 of libc.so.6");
  DataObject anonymous{"unknown", 0x4835000, 8192, "", "anonymous mapping 0x4835000-0x4836fff"};
  EXPECT_EQ(object_name(anonymous), "anonymous mapping 0x4835000");
}

}  // namespace
}  // namespace ccsim::annotate

namespace ccsim::annotate {
namespace {

// `counts` lines, heaviest first, each at its own source line.
std::vector<FindingLine> lines_with(const std::vector<std::uint64_t>& counts) {
  std::vector<FindingLine> lines;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    FindingLine line;
    line.site = CodeSite{"app.c", 10 + i, "work"};
    line.invalidations = counts[i];
    lines.push_back(line);
  }
  return lines;
}

// A finding shows its 5 heaviest writing and losing lines, and every further line with 10% or more of
// its side's invalidations: writers 20, 15, 14, 13, 12, 11, 10 (95 in all: the last is 10.5%) make 7 rows;
// an eighth writer of 5 (5 of 100) adds none; 3 lines on either side make 3 rows.
TEST(FindingLinesTest, EveryLineWithATenthOfItsSideIsShown) {
  Finding finding;
  finding.culprits = lines_with({20, 15, 14, 13, 12, 11, 10});
  finding.victims = lines_with({90, 5});
  EXPECT_EQ(finding_line_rows(finding), 7u);
  finding.culprits = lines_with({20, 15, 14, 13, 12, 11, 10, 5});
  EXPECT_EQ(finding_line_rows(finding), 7u);
  finding.culprits = lines_with({1, 1, 1});
  finding.victims = lines_with({3});
  EXPECT_EQ(finding_line_rows(finding), 3u);
  finding.culprits = lines_with({50, 10, 10, 10, 10, 10, 1});
  finding.victims = lines_with({});
  EXPECT_EQ(finding_line_rows(finding), 5u);  // 10 of 101 is under a tenth: the heaviest 5 and none more
}

}  // namespace
}  // namespace ccsim::annotate
