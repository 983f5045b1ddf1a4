// views_test.cc: every text view on the hand-written profiles of tests/annotate/profiles/. The expected
// numbers are derived in the comments from the scenario each profile describes at its top.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;

using Cells = std::vector<std::string>;

// The output of ccsim-annotate `options` on the test profile `profile`.
std::string view_of(const std::string& profile, std::vector<std::string> options) {
  options.push_back(profile_path(profile));
  return annotate(options);
}

// The default columns, in order: reads writes L1_misses coherence_misses invalidations_received
// invalidations_caused.

// counters: threads 2 and 3 write 1000 times each, 1 compulsory + 999 coherence misses each; thread 1
// has 2 reads, 1 compulsory miss. So L1 misses: thread 1: 1 of 2 accesses (50.0%); threads 2 and 3:
// 1000 of 1000 (100.0%); total 2001, of which 3 compulsory and 1998 coherence.
TEST(SummaryViewTest, BreaksL1MissesDownByCausePerThread) {
  std::string table = section(view_of("counters.profile", {"--view=summary"}), "L1 misses by cause");
  // thread reads writes misses of-accesses compulsory coherence replacement temporal spatial evictions use
  EXPECT_EQ(row_starting_with(table, "1"),
            (Cells{"1", "2", "0", "1", "50.0%", "1", "0", "0", "0", "1", "0", "-"}));
  EXPECT_EQ(row_starting_with(table, "2"),
            (Cells{"2", "0", "1,000", "1,000", "100.0%", "1", "999", "0", "0", "0", "0", "-"}));
  EXPECT_EQ(row_starting_with(table, "total"),
            (Cells{"total", "2", "2,000", "2,001", "100.0%", "3", "1,998", "0", "0", "1", "0", "-"}));
}

// counters: thread 2 receives one false in-region invalidation per write of thread 3 (1000) and causes
// one per write after its first (999); thread 3 the other way round. Nothing is true or across regions.
TEST(SummaryViewTest, SplitsInvalidationsReceivedAndCaused) {
  std::string output = view_of("counters.profile", {"--view=summary"});
  std::string received = section(output, "Invalidations received");
  std::string caused = section(output, "Invalidations caused");
  // thread, true in-region, of which critical, false in-region, true across, false across, total
  EXPECT_EQ(row_starting_with(received, "2"), (Cells{"2", "0", "0", "1,000", "0", "0", "1,000"}));
  EXPECT_EQ(row_starting_with(received, "3"), (Cells{"3", "0", "0", "999", "0", "0", "999"}));
  EXPECT_EQ(row_starting_with(received, "total"), (Cells{"total", "0", "0", "1,999", "0", "0", "1,999"}));
  EXPECT_EQ(row_starting_with(caused, "2"), (Cells{"2", "0", "0", "999", "0", "0", "999"}));
  EXPECT_EQ(row_starting_with(caused, "3"), (Cells{"3", "0", "0", "1,000", "0", "0", "1,000"}));
}

// counters: each worker's 999 coherence misses are false sharing (the other thread only wrote the other
// counter's bytes). Thread 2 received 1000 invalidations: 999 / 1000 = 99.9% led to a miss (its last
// copy was never touched again); thread 3: 999 / 999 = 100.0%.
TEST(SummaryViewTest, ComparesCoherenceMissesWithInvalidations) {
  std::string table = section(view_of("counters.profile", {"--view=summary"}), "Coherence misses");
  EXPECT_EQ(row_starting_with(table, "2"), (Cells{"2", "0", "999", "999", "99.9%"}));
  EXPECT_EQ(row_starting_with(table, "3"), (Cells{"3", "0", "999", "999", "100.0%"}));
  EXPECT_EQ(row_starting_with(table, "1"), (Cells{"1", "0", "0", "0", "-"}));  // no invalidation: 0/0
}

// shared_sum: thread 1 misses in L2 on its 100 writes (1 compulsory, 99 coherence) and on its read in
// region 2 (coherence): 101 misses of 101 accesses, 1 compulsory + 100 coherence. Its 100 received
// invalidations in region 1 were all by writes in the critical section; the one of region 3 is across.
TEST(SummaryViewTest, ShowsEveryPrivateLevelAndTheCriticalSubset) {
  std::string output = view_of("shared_sum.profile", {"--view=summary"});
  std::string l2 = section(output, "L2 misses by cause");
  // thread misses of-accesses compulsory coherence replacement temporal spatial evictions spatial-use
  EXPECT_EQ(row_starting_with(l2, "1"), (Cells{"1", "101", "100.0%", "1", "100", "0", "0", "0", "0", "-"}));
  std::string received = section(output, "Invalidations received");
  EXPECT_EQ(row_starting_with(received, "1"), (Cells{"1", "100", "100", "0", "1", "0", "101"}));
  EXPECT_EQ(row_starting_with(received, "2"), (Cells{"2", "99", "99", "0", "0", "0", "99"}));
}

// conflict: 18 replacement misses, all conflict (a 2-line fully associative cache holds both lines);
// 19 evictions of lines with 8 of 64 bytes used: 152 / (19 x 64) = 12.5% spatial use.
TEST(SummaryViewTest, ShowsMissClassesAndSpatialUse) {
  std::string table = section(view_of("conflict.profile", {"--view=summary"}), "L1 misses by cause");
  // thread reads writes misses of-accesses compulsory coherence replacement capacity conflict temporal
  // spatial evictions spatial-use
  EXPECT_EQ(row_starting_with(table, "1"),
            (Cells{"1", "20", "0", "20", "100.0%", "2", "0", "18", "0", "18", "0", "0", "19", "12.5%"}));
}

// counters with no threshold: line 12 (both workers: 2000 writes, 2000 misses, 1998 coherence misses,
// 1999 invalidations received and caused) ranks before line 30 (thread 1's two reads of refs 2 and 3
// added up: 2 reads, 1 miss, no invalidation). The ratio columns: line 12 missed on 2,000 of 2,000
// accesses (100.0%), 1,998 of its 2,000 misses coherence misses (99.9%); line 30 on 1 of 2 (50.0%), none
// coherence (0.0%); temporal_ratio: line 12 has no hit ("-"), line 30's one hit is spatial (bytes 8-15
// not touched before: 0.0%); spatial_use: no line was evicted ("-"); line 12 holds all 1,999 invalidations
// received, so both rows are at 100.0% cumulative.
TEST(LinesViewTest, RanksLinesByInvalidationsThenMisses) {
  std::string table = section(view_of("counters.profile", {"--view=lines", "--threshold=0"}), "Lines");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:12 (worker)"),
            (Cells{"0", "2,000", "2,000", "1,998", "1,999", "1,999", "100.0%", "99.9%", "-", "-", "100.0%"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:30 (main)"),
            (Cells{"2", "0", "1", "0", "0", "0", "50.0%", "0.0%", "0.0%", "-", "100.0%"}));
  EXPECT_LT(table.find("counters.c:12"), table.find("counters.c:30"));
}

// With the default threshold of 0.1%, line 30 (0 invalidations, 1 of 2001 L1 misses = 0.05%) reaches
// neither sort event's threshold and is hidden.
TEST(LinesViewTest, HidesLinesBelowTheThreshold) {
  std::string table = section(view_of("counters.profile", {"--view=lines"}), "Lines");
  EXPECT_EQ(table.find("counters.c:30"), std::string::npos);
  EXPECT_NE(table.find("(1 of 2 lines shown"), std::string::npos);
}

// --top=1 keeps the heaviest line only, even with no threshold.
TEST(LinesViewTest, CutsAtTop) {
  std::string table =
      section(view_of("counters.profile", {"--view=lines", "--threshold=0", "--top=1"}), "Lines");
  EXPECT_NE(table.find("counters.c:12"), std::string::npos);
  EXPECT_EQ(table.find("counters.c:30"), std::string::npos);
}

// --show and --sort choose the columns: sorting by reads puts line 30 (2 reads) first, and reads
// (a sort event not in --show) is added as a column after L1_misses, before the ratio columns (1 miss of 2
// accesses, no coherence miss) and the cumulative share of reads (line 30 has both reads: 100.0%).
TEST(LinesViewTest, FollowsShowAndSort) {
  std::string table =
      section(view_of("counters.profile", {"--view=lines", "--show=L1_misses", "--sort=reads"}), "Lines");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:30 (main)"),
            (Cells{"1", "2", "50.0%", "0.0%", "0.0%", "-", "100.0%"}));
  EXPECT_EQ(row_starting_with(table, "L1_misses"),
            (Cells{"L1_misses", "reads", "L1_miss_ratio", "coherence_share", "temporal_ratio", "spatial_use",
                   "cumulative", "line", "(function)"}));
}

// counters: worker has line 12's counts and ratios; main has line 30's.
TEST(FunctionsViewTest, AddsUpLinesPerFunction) {
  std::string table =
      section(view_of("counters.profile", {"--view=functions", "--threshold=0"}), "Functions");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:worker"),
            (Cells{"0", "2,000", "2,000", "1,998", "1,999", "1,999", "100.0%", "99.9%", "-", "-", "100.0%"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:main"),
            (Cells{"2", "0", "1", "0", "0", "0", "50.0%", "0.0%", "0.0%", "-", "100.0%"}));
}

// counters: every access is to the one object, so its row equals the totals: 2,001 misses of 2,002
// accesses (99.95%, printed 100.0%), 1,998 of them coherence misses (99.85%: 99.9%), its one hit spatial
// (temporal_ratio 0.0%), no eviction (spatial_use "-"), all invalidations.
TEST(ObjectsViewTest, ShowsEachObjectWithItsCounts) {
  std::string table = section(view_of("counters.profile", {"--view=objects"}), "Data objects");
  EXPECT_EQ(counts_before(table, "counters (global, 16 B) at 0x404040 in /home/me/ccsim-example/counters.c"),
            (Cells{"2", "2,000", "2,001", "1,998", "1,999", "1,999", "100.0%", "99.9%", "0.0%", "-", "100.0%"}));
}

// producer_consumer (version 2): buffer's 16 lines moved from thread 1's copies to thread 2's misses,
// "16 among 2 threads"; a version 1 profile (counters) has no such column.
TEST(ObjectsViewTest, SaysHowOftenAnObjectMovedBetweenThreads) {
  const std::string table = section(view_of("producer_consumer.profile", {"--view=objects"}), "Data objects");
  EXPECT_NE(table.find("moved between threads"), std::string::npos) << table;
  EXPECT_NE(table.find("16 among 2 threads  buffer (global, 1,024 B)"), std::string::npos) << table;
  const std::string old = section(view_of("counters.profile", {"--view=objects"}), "Data objects");
  EXPECT_EQ(old.find("moved between threads"), std::string::npos) << old;
}

// producer_consumer: thread 1's 16 misses compulsory and from memory, thread 2's 16 transfer misses, all
// from thread 1's Modified copies, each a downgrade caused by 2 and received by 1.
TEST(SummaryViewTest, SaysWhereL1MissesWereServed) {
  const std::string view = view_of("producer_consumer.profile", {"--view=summary"});
  const std::string causes = section(view, "L1 misses by cause");
  EXPECT_NE(causes.find("compulsory  transfer  coherence"), std::string::npos) << causes;
  const std::string served = section(view, "Where L1 misses were served");
  EXPECT_NE(served.find("     1  main                  0               0            0          0      16        "
                        "          0                   16"),
            std::string::npos)
      << served;
  EXPECT_NE(served.find("     2  consumer             16               0            0         16       0        "
                        "         16                    0"),
            std::string::npos)
      << served;
}

// conflict, by L1 misses: line 9 missed 10 times, all on a; line 10 10 times, all on b; each object and
// each line 10 in total, 20 in all.
TEST(MatrixViewTest, CrossesLinesWithObjects) {
  std::string table =
      section(view_of("conflict.profile", {"--view=matrix", "--sort=L1_misses"}), "Code x data");
  EXPECT_EQ(row_starting_with(table, "a"), (Cells{"a", "b", "total", "line", "(function)"}));
  EXPECT_EQ(counts_before(table, "(all lines)"), (Cells{"10", "10", "20"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/conflict.c:9 (sum_pairs)"), (Cells{"10", ".", "10"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/conflict.c:10 (sum_pairs)"), (Cells{".", "10", "10"}));
}

// conflict (its header): line 9's 10 evicted lines had 8 of their 64 bytes used each (80 of 640: 12.5%
// spatial use), line 10's 9 likewise (72 of 576: 12.5%); no access hit, so no temporal ratio ("-").
TEST(LinesViewTest, SpatialUseAndTemporalRatio) {
  std::string table = section(view_of("conflict.profile", {"--view=lines", "--show=L1_misses,L1_evictions",
                                                           "--sort=L1_misses", "--threshold=0"}),
                              "Lines");
  // L1_misses, L1_evictions, L1_miss_ratio, coherence_share, temporal_ratio, spatial_use, cumulative
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/conflict.c:9 (sum_pairs)"),
            (Cells{"10", "10", "100.0%", "0.0%", "-", "12.5%", "50.0%"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/conflict.c:10 (sum_pairs)"),
            (Cells{"10", "9", "100.0%", "0.0%", "-", "12.5%", "100.0%"}));
}

// counters: thread 2 wrote bytes 0-7 and thread 3 bytes 8-15 of the same line: false sharing (all 1,999
// invalidations are false); each thread's part is 8 bytes, so the advice pads it to the 64-byte line.
TEST(FindingsViewTest, ExplainsFalseSharing) {
  std::string output = view_of("counters.profile", {"--view=findings"});
  EXPECT_NE(output.find("1. counters (global, 16 B): false sharing in parallel regions, about 100% of the "
                        "simulated memory time of the run\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("   line 0x404040 holds bytes 0-15 of counters: thread 2 writes bytes 0-7 of counters, "
                        "thread 3 writes bytes 8-15 of counters\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("fix: each thread writes its own 8 bytes of counters (16 B), and threads' parts share "
                        "64-byte lines: pad each thread's part to 64 bytes and align it (alignas(64))"),
            std::string::npos)
      << output;
}

// shared_sum: both threads read and write bytes 0-7 of sum, 199 of its 200 invalidations by writers
// holding the lock: true sharing in critical sections, and the advice to accumulate privately.
TEST(FindingsViewTest, ExplainsTrueSharing) {
  std::string output = view_of("shared_sum.profile", {"--view=findings"});
  EXPECT_NE(output.find("1. sum (global, 8 B): true sharing in critical sections"), std::string::npos) << output;
  EXPECT_NE(output.find("   line 0x404080 holds bytes 0-7 of sum: thread 1 reads and writes bytes 0-7 of sum, "
                        "thread 2 reads and writes bytes 0-7 of sum\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("fix: the threads update the same bytes of sum (8 B) under a lock: accumulate privately "
                        "and combine once"),
            std::string::npos)
      << output;
}

// shared_sum: region 1 carries 199 of the 200 invalidations (99.5%), all true and critical; region 3
// the one across-region invalidation (0.5%); region 2 none, so it comes last.
TEST(RegionsViewTest, RanksRegionsByInvalidations) {
  std::string table = section(view_of("shared_sum.profile", {"--view=regions", "--regions=each"}), "Regions");
  // region, true in, critical, false in, true across, false across, total, coherence misses, L1 misses, share
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/shared_sum.c:17 (main._omp_fn.0)"),
            (Cells{"1", "199", "199", "0", "0", "0", "199", "198", "200", "99.5%"}));
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/shared_sum.c:25 (main._omp_fn.1)"),
            (Cells{"3", "0", "0", "0", "1", "0", "1", "0", "0", "0.5%"}));
  EXPECT_LT(table.find("shared_sum.c:25"), table.find("shared_sum.c:23"));
}

// An iterative code: a time-step loop of 100 steps, each running two parallel loops, whose barriers close
// the regions (app.c:20 in worker, then app.c:30 in worker): 200 regions, ids 1..200, the odd ones closed at
// line 20, the even ones at line 30. Each region of the first loop receives 3 false in-region
// invalidations, each of the second 1 true across regions. By barrier (the default): 2 rows, 100 epochs
// each: 300 false in region (75.0% of 400) and 100 true across (25.0%). --regions=each lists the 200.
std::string iterative_profile() {
  std::string text =
      "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./app\nsim-mode: interleaved\n"
      "threads: 2\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\n"
      "events: reads writes invalidations_received_true_in_region invalidations_received_true_in_region_critical "
      "invalidations_received_false_in_region invalidations_received_true_across_regions "
      "invalidations_received_false_across_regions\n"
      "file: 1 /src/app.c\nfn: 1 worker\nobj: 1 /src/app\n"
      "ref: 1 0x401000 1 1 1 10\ncounts: 1 2 1000 1000 0 0 300 100 0\n";
  for (int step = 0; step < 100; ++step) {
    text += "region: " + std::to_string(2 * step + 1) + " 1 1 20 0 0 0 0 3 0 0\n";
    text += "region: " + std::to_string(2 * step + 2) + " 1 1 30 0 0 0 0 0 1 0\n";
  }
  return text + "summary: 1000 1000 0 0 300 100 0\n";
}

TEST(RegionsViewTest, SumsTheEpochsOfEachBarrier) {
  const std::string file = testing::write_temporary_file("iterative.profile", iterative_profile());
  std::string table = section(annotate({"--view=regions", file}), "Regions");
  // epochs, true in, critical, false in, true across, false across, total, share (the profile has no miss
  // events, so no miss columns)
  EXPECT_EQ(counts_before(table, "/src/app.c:20 (worker)"), (Cells{"100", "0", "0", "300", "0", "0", "300", "75.0%"}))
      << table;
  EXPECT_EQ(counts_before(table, "/src/app.c:30 (worker)"), (Cells{"100", "0", "0", "0", "100", "0", "100", "25.0%"}))
      << table;
  EXPECT_NE(table.find("(2 of 2 barriers shown, closing 200 regions, most invalidations first; share is of all "
                       "invalidations received; --regions=each lists every region)"),
            std::string::npos)
      << table;
  std::string each = section(annotate({"--view=regions", "--regions=each", "--top=1000", file}), "Regions");
  EXPECT_NE(each.find("(200 of 200 regions shown"), std::string::npos) << each;
  // The JSON export has both: every region, and the barriers with their epochs and summed counts.
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", file}));
  EXPECT_EQ(json["regions"].size(), 200u);
  ASSERT_EQ(json["barriers"].size(), 2u);
  EXPECT_EQ(json["barriers"][0]["line"], 20);
  EXPECT_EQ(json["barriers"][0]["epochs"], 100);
  EXPECT_EQ(json["barriers"][0]["counts"]["invalidations_received_false_in_region"], 300);
  EXPECT_EQ(json["barriers"][1]["line"], 30);
  EXPECT_EQ(json["barriers"][1]["counts"]["invalidations_received_true_across_regions"], 100);
}

// findings.profile's scenario (its header): table's 1,000 lines were read by threads 2 and 3 and then
// written by main, 1,000 invalidations received by each; limit's copies on thread 3 lost 1,499 times to
// thread 2's writes to progress; sum's 999 went 500 to thread 2 and 499 to thread 3. Each row adds up to
// the object's count in the objects view; stdout, the runtime's, is left out.
TEST(ObjectThreadsViewTest, GivesEachThreadsPartOfEachObject) {
  std::string table = section(view_of("findings.profile", {"--view=object-threads"}), "Data objects by thread");
  EXPECT_NE(table.find("invalidations_received       thread 2        thread 3  object\n"), std::string::npos) << table;
  EXPECT_NE(table.find("                 2,000  1,000 (50.0%)   1,000 (50.0%)  table (global, 64,000 B)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("                 1,499              .  1,499 (100.0%)  limit (global, 8 B)\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("                   999    500 (50.1%)     499 (49.9%)  sum (global, 8 B)\n"), std::string::npos)
      << table;
  EXPECT_EQ(table.find("_IO_2_1_stdout_"), std::string::npos) << table;
  // The JSON export gives the same per object: table's threads 2 and 3, 1,000 each (main, thread 1, wrote
  // it and received none).
  const nlohmann::json json = nlohmann::json::parse(view_of("findings.profile", {"--json"}));
  bool found_table = false;
  for (const auto& object : json["objects"]) {
    if (object["name"] != "table") continue;
    found_table = true;
    std::map<int, std::uint64_t> received;
    for (const auto& thread : object["threads"]) received[thread["thread"]] = thread["counts"]["invalidations_received"];
    EXPECT_EQ(received, (std::map<int, std::uint64_t>{{1, 0}, {2, 1000}, {3, 1000}}));
  }
  EXPECT_TRUE(found_table);
}

// The same per source line (findings.profile's header): app.c:45 read table on threads 2 and 3, which
// lost 1,000 copies each; app.c:40 (limit's reader, thread 3) lost 1,499; app.c:50 (the sum under the lock)
// 500 on thread 2 and 499 on thread 3; libc's fileops.c:1200 is the runtime's, left out.
TEST(LineThreadsViewTest, GivesEachThreadsPartOfEachLine) {
  std::string table = section(view_of("findings.profile", {"--view=line-threads"}), "Lines by thread");
  EXPECT_NE(table.find("                 2,000  1,000 (50.0%)   1,000 (50.0%)  /home/me/findings/app.c:45 (worker)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("                 1,499              .  1,499 (100.0%)  /home/me/findings/app.c:40 (worker)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("                   999    500 (50.1%)     499 (49.9%)  /home/me/findings/app.c:50 (worker)\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(table.find("fileops.c"), std::string::npos) << table;
}

// Ten threads, thread t receiving t invalidations on one object (55 in all): the 8 heaviest threads (3 to
// 10) have a column each, threads 1 and 2 are summed (1 + 2 = 3, 5.5%).
TEST(ObjectThreadsViewTest, SumsTheLightestThreadsBeyondEight) {
  std::string text =
      "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./app\nsim-mode: interleaved\n"
      "threads: 10\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\nevents: reads writes invalidations_received_true_in_region\n"
      "file: 1 /src/app.c\nfn: 1 worker\nobj: 1 /src/app\nref: 1 0x401000 1 1 1 10\n";
  for (int thread = 1; thread <= 10; ++thread) {
    text += "counts: 1 " + std::to_string(thread) + " 0 1 " + std::to_string(thread) + "\n";
  }
  text += "object: 1 global 0x404040 64 0 slots\n";
  for (int thread = 1; thread <= 10; ++thread) {
    text += "object-counts: 1 " + std::to_string(thread) + " 0 1 " + std::to_string(thread) + "\n";
  }
  text += "summary: 0 10 55\n";
  const std::string file = testing::write_temporary_file("ten_threads.profile", text);
  std::string table = section(annotate({"--view=object-threads", "--sort=invalidations_received_true_in_region", file}),
                              "Data objects by thread");
  EXPECT_NE(table.find("thread 3"), std::string::npos) << table;
  EXPECT_EQ(table.find("thread 2 "), std::string::npos) << table;
  EXPECT_NE(table.find("2 other threads"), std::string::npos) << table;
  EXPECT_NE(table.find("10 (18.2%)"), std::string::npos) << table;  // thread 10: 10 of 55
  EXPECT_NE(table.find("3 (5.5%)  slots (global, 64 B)"), std::string::npos) << table;  // threads 1 and 2
}

// counters: each worker's copies were removed only by the other worker's writes to line 12.
TEST(InvalidatorsViewTest, NamesTheCulpritOfEachVictim) {
  std::string output = view_of("counters.profile", {"--view=invalidators"});
  EXPECT_NE(
      output.find("- counters written at counters.c:12 on thread 2 was invalidated 1,000 times (1,000 false "
                  "sharing): 100.0% by counters.c:12 on thread 3.\n"),
      std::string::npos);
  EXPECT_NE(output.find("- counters written at counters.c:12 on thread 3 was invalidated 999 times (999 false "
                        "sharing): 100.0% by counters.c:12 on thread 2.\n"),
            std::string::npos);
}

// shared_sum: thread 1's read at line 20 lost its copy once, to thread 2's write at line 24 in the
// next region; the 100 invalidations of thread 1's writes were all by critical-section writes.
TEST(InvalidatorsViewTest, SaysAcrossRegionsAndCritical) {
  std::string output = view_of("shared_sum.profile", {"--view=invalidators"});
  EXPECT_NE(
      output.find("- sum read at shared_sum.c:20 on thread 1 was invalidated 1 time (1 true sharing; 1 across "
                  "regions): 100.0% by shared_sum.c:24 on thread 2.\n"),
      std::string::npos);
  EXPECT_NE(
      output.find("- sum written at shared_sum.c:15 on thread 1 was invalidated 100 times (100 true sharing; "
                  "100 by writes in critical sections): 100.0% by shared_sum.c:15 on thread 2.\n"),
      std::string::npos);
}

// A victim with seven culprits: the sentence names the five heaviest and sums up the rest. Reference 1 on
// thread 2 (line 1) lost 28 copies: 7, 6, 5, 4, 3 to lines 2-6 (25.0%, 21.4%, 17.9%, 14.3%, 10.7%) and 2 + 1
// to lines 7 and 8 (3 of 28: 10.7% together).
TEST(InvalidatorsViewTest, SumsUpCulpritsBeyondTheFifth) {
  std::string profile =
      "ccsim-profile-version: 1\ncreator: test\npid: 1\ncommand: ./many\nsim-mode: native\nthreads: 2\n"
      "line-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\nevents: reads writes\nfile: 1 many.c\nfn: 1 f\n";
  for (int line = 1; line <= 8; ++line) {
    profile += "ref: " + std::to_string(line) + " 0x40" + std::to_string(line) + " 0 1 1 " +
               std::to_string(line) + "\n";
  }
  profile += "counts: 1 2 0 1\n";
  for (int culprit = 2, count = 7; culprit <= 6; ++culprit, --count) {
    profile += "invalidator: 1 2 " + std::to_string(culprit) + " 1 " + std::to_string(count) + " 0 0 0 0\n";
  }
  profile += "invalidator: 1 2 7 1 2 0 0 0 0\ninvalidator: 1 2 8 1 1 0 0 0 0\nsummary: 0 1\n";
  std::string output =
      annotate({"--view=invalidators", testing::write_temporary_file("many.profile", profile)});
  EXPECT_NE(
      output.find("was invalidated 28 times (28 true sharing): 25.0% by many.c:2 on thread 1, 21.4% by "
                  "many.c:3 on thread 1, 17.9% by many.c:4 on thread 1, 14.3% by many.c:5 on thread 1, 10.7% "
                  "by many.c:6 on thread 1, and 2 more, 10.7% together.\n"),
      std::string::npos);
}

// conflict: every b access evicted a's line (10 times), every a access after the first b's (9).
TEST(EvictorsViewTest, NamesTheEvictorOfEachVictim) {
  std::string output = view_of("conflict.profile", {"--view=evictors"});
  EXPECT_NE(
      output.find("- a read at conflict.c:9 on thread 1 was evicted from L1 10 times: 100.0% by conflict.c:10 "
                  "on thread 1.\n"),
      std::string::npos);
  EXPECT_NE(
      output.find("- b read at conflict.c:10 on thread 1 was evicted from L1 9 times: 100.0% by conflict.c:9 "
                  "on thread 1.\n"),
      std::string::npos);
}

// counters.c is found through --include (the profile names it by an absolute path of another machine).
// With the default context of 8, line 12 shows lines 4-20 and line 30 lines 22-33: lines 1-3 and 21
// are skipped, so markers stand before lines 4 and 22. The margin holds each line's counts, "." for
// lines without any.
TEST(SourceViewTest, AnnotatesTheSourceWithCountsInTheMargin) {
  std::string output = view_of("counters.profile",
                               {"--view=source", "--threshold=0",
                                "--include=" + std::string(CCSIM_TEST_SRCDIR) + "/tests/annotate/profiles"});
  std::string source = section(output, "Source: /home/me/ccsim-example/counters.c");
  EXPECT_EQ(counts_before(source, "  for (int i = 0; i < ITERATIONS; i++) counters[id]++;"),
            (Cells{"0", "2,000", "2,000", "1,998", "1,999", "1,999"}));
  EXPECT_EQ(counts_before(source, "  total = counters[0] + counters[1];"),
            (Cells{"2", "0", "1", "0", "0", "0"}));
  EXPECT_EQ(counts_before(source, "  long total;"), (Cells{".", ".", ".", ".", ".", "."}));
  EXPECT_NE(source.find("\n-- line 4 -"), std::string::npos);
  EXPECT_NE(source.find("\n-- line 22 -"), std::string::npos);
  EXPECT_EQ(source.find("#include <pthread.h>"), std::string::npos);  // line 3, outside every context
  EXPECT_EQ(source.find("for (int id = 0;"), std::string::npos);      // line 21, between the two contexts
}

// --context=0 prints only the counted lines 12 and 30, each after a marker (lines before each are skipped).
TEST(SourceViewTest, ShowsNoContextWhenAskedForNone) {
  std::string output = view_of("counters.profile",
                               {"--view=source", "--threshold=0", "--context=0",
                                "--include=" + std::string(CCSIM_TEST_SRCDIR) + "/tests/annotate/profiles"});
  std::string source = section(output, "Source: /home/me/ccsim-example/counters.c");
  EXPECT_NE(source.find("\n-- line 12 -"), std::string::npos);
  EXPECT_NE(source.find("\n-- line 30 -"), std::string::npos);
  EXPECT_EQ(source.find("long id = (long)arg;"), std::string::npos);  // line 11
}

// --auto=yes annotates the sources after the chosen views.
TEST(SourceViewTest, AutoAnnotatesAfterTheViews) {
  std::string output = view_of("counters.profile",
                               {"--view=lines", "--auto=yes",
                                "--include=" + std::string(CCSIM_TEST_SRCDIR) + "/tests/annotate/profiles"});
  EXPECT_LT(output.find("\n-- Lines"), output.find("\n-- Source: /home/me/ccsim-example/counters.c"));
}

// Without --include the absolute path of the profile does not exist here: the file is listed as not
// found, with the option that would help.
TEST(SourceViewTest, ListsSourcesNotFound) {
  std::string output = view_of("counters.profile", {"--view=source"});
  EXPECT_NE(output.find(
                "/home/me/ccsim-example/counters.c\n(give the directory that holds them with --include=DIR)"),
            std::string::npos);
}

// The overview of counters has the summary, the lines, the invalidators and the objects.
TEST(OverviewTest, CombinesSummaryLinesInvalidatorsAndObjects) {
  std::string output = view_of("counters.profile", {});
  for (const char* title : {"ccsim profile", "L1 misses by cause", "Lines", "Invalidators", "Data objects"}) {
    SCOPED_TRACE(title);
    EXPECT_NE(output.find("\n-- " + std::string(title)), std::string::npos);
  }
}

// conflict has no invalidator edge, so the overview leaves that section out.
TEST(OverviewTest, LeavesOutInvalidatorsWhenThereAreNone) {
  EXPECT_EQ(view_of("conflict.profile", {}).find("\n-- Invalidators"), std::string::npos);
}

// The header block names the run and the machine of the profile.
TEST(HeaderTest, DescribesRunAndMachine) {
  std::string output = view_of("shared_sum.profile", {"--view=summary"});
  EXPECT_NE(output.find("Command:      ./shared_sum (pid 5151, ccsim 0.1.0)\n"), std::string::npos);
  EXPECT_NE(
      output.find("Machine:      interleaved simulation of 2 threads; L1 32768 B 8-way; L2 1048576 B 16-way; "
                  "LLC none; 64 B lines\n"),
      std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
