// thread_tests.cc: one simulated processor per thread, numbered in creation order whatever id Valgrind
// reuses, and each thread named by its label (issue 13, section 1).
#include <gtest/gtest.h>
#include <sched.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const std::string kCounters = "thread_counters.c";

// The directory scratch_directory(test) made, without emptying it.
std::string scratch_directory_path(const std::string& test) {
  return std::string(CCSIM_BUILD_DIR) + "/tests/tool/scratch/" + test;
}

// 1000: short enough that, pinned to one CPU, the first worker often ends inside one time slice before
// the second is created (before threads were numbered in creation order, a third of such runs showed 2
// threads and no false sharing).
constexpr std::uint64_t kIterations = 1000;

// Runs `program args` under ccsim (interleaved, the default order) with `options`; with `one_cpu` the
// whole run is pinned to one CPU (as `taskset -c <cpu>` would: Valgrind inherits the test's affinity),
// so that a worker can finish inside one time slice before the next is created.
Profile run(const std::string& test, const std::string& program, const std::vector<std::string>& args,
            std::vector<std::string> options, bool one_cpu, std::string* stderr_text = nullptr) {
  const std::string dir = scratch_directory(test);
  options.push_back("--ccsim-out-file=ccsim.out");
  RunResult result;
  if (one_cpu) {
    OneCpuOnly pinned;
    result = run_ccsim(dir, options, test_program(program), args);
  } else {
    result = run_ccsim(dir, options, test_program(program), args);
  }
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  if (stderr_text != nullptr) *stderr_text = result.stderr_text;
  Profile profile;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  return profile;
}

// The `thread: <n> <label>` records of a profile, in their order.
std::vector<std::string> thread_records(const std::string& test) {
  std::ifstream in(scratch_directory_path(test) + "/ccsim.out");
  std::vector<std::string> records;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("thread: ", 0) == 0) records.push_back(line);
  }
  return records;
}

// The increment line's invalidations received by one thread (all kinds together).
std::uint64_t received_by(const Profile& profile, unsigned thread, unsigned line) {
  std::uint64_t total = 0;
  for (const char* event : {"invalidations_received_true_in_region", "invalidations_received_false_in_region",
                            "invalidations_received_true_across_regions",
                            "invalidations_received_false_across_regions"}) {
    const int index = profile.event_index(event);
    for (const auto& [key, values] : profile.counts) {
      const ProfileRef& ref = profile.refs.at(key.first);
      if (key.second == thread && ref.line == line && ref.file.find(kCounters) != std::string::npos) {
        total += values.at(index);
      }
    }
  }
  return total;
}

// The counters program, both workers running together: each iteration is one load and one store of the
// worker's own `long` (thread_counters.c). Replayed one access per thread per turn, while both run the
// turns go L2 L3 S2 S3: S2 removes thread 3's copy, S3 (a write miss) removes thread 2's, L2 misses and
// takes the line back Shared from thread 3, and so on: one invalidation received per iteration of each,
// always false sharing (each writes only its own 8 bytes) and in one region (no barrier). Only the
// iterations one worker runs alone have none: the first worker's head start while main goes on to create
// the second (main's few simulated accesses between the two pthread_create calls, under 64 turns), and
// as many at the second worker's end. So 2N - 2h with h < 64, the same in every run: the replay's order
// depends only on each thread's own stream, not on Valgrind's time slices, so pinned to one CPU (where
// the first worker may end before the second starts, and the second then gets its Valgrind id) and with
// Valgrind's own scheduling (--fair-sched=no; ccsim's default is fair) the counts are the same to the
// unit, and there are 3 threads.
TEST(OneProcessorPerThread, CountersAreTheSamePinnedAndUnpinned) {
  const unsigned line = marked_line(kCounters, "increment");
  const std::vector<std::string> args = {std::to_string(kIterations)};
  struct Case {
    const char* name;
    bool one_cpu;
    std::vector<std::string> options;
  };
  const std::vector<Case> cases = {{"counters_unpinned", false, {}},
                                   {"counters_pinned", true, {}},
                                   {"counters_unpinned_unfair", false, {"--fair-sched=no"}},
                                   {"counters_pinned_unfair", true, {"--fair-sched=no"}}};
  std::vector<std::uint64_t> first;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Profile p = run(c.name, "thread_counters", args, c.options, c.one_cpu);
    EXPECT_EQ(p.header["threads"], "3");
    Invalidations received = invalidations_at(p, kCounters, line, "received");
    EXPECT_EQ(received.true_sharing(), 0u);
    EXPECT_EQ(received.false_across, 0u);
    EXPECT_LE(received.false_in, 2 * kIterations);
    EXPECT_GE(received.false_in, 2 * kIterations - 2 * 64);
    EXPECT_EQ(invalidations_at(p, kCounters, line, "caused").false_in, received.false_in);
    const std::vector<std::uint64_t> counts = {received.false_in, received_by(p, 2, line), received_by(p, 3, line)};
    // Each worker receives one per overlapping iteration: half of the total each, within one.
    EXPECT_LE(counts[1] > counts[2] ? counts[1] - counts[2] : counts[2] - counts[1], 1u);
    EXPECT_EQ(counts[1] + counts[2], counts[0]);
    if (first.empty()) {
      first = counts;
    } else {
      EXPECT_EQ(counts, first);
    }
  }
}

// Created, joined, created, joined: the second worker starts after the first has exited (and under
// Valgrind takes its thread id), yet runs on a processor of its own. The first worker leaves the line
// Modified in its cache; the second's first load takes it Shared (a downgrade, no invalidation) and its
// first store removes the first worker's copy: exactly 1 invalidation at the increment line, received by
// thread 2 and caused by thread 3. It is false sharing (thread 2 touched bytes 0-7, thread 3 writes 8-15)
// and across regions: main's join of thread 2 ends main's region 0, and thread 3, created after it,
// starts in main's new region, while thread 2 last touched the line in region 0 (docs/model.md,
// "Regions"). Nothing else invalidates it: main reads the counters only after
// both joins, taking the line Shared from thread 3. Before processors were given per thread the two
// workers shared one processor whenever Valgrind reused the id, and this count was 0.
TEST(OneProcessorPerThread, ASecondWorkerAfterTheFirstExitedInvalidatesItsLine) {
  const unsigned line = marked_line(kCounters, "increment");
  for (bool one_cpu : {false, true}) {
    SCOPED_TRACE(one_cpu ? "pinned" : "unpinned");
    Profile p = run(one_cpu ? "serial_pinned" : "serial", "thread_counters", {std::to_string(kIterations), "serial"},
                    {}, one_cpu);
    EXPECT_EQ(p.header["threads"], "3");
    Invalidations received = invalidations_at(p, kCounters, line, "received");
    EXPECT_EQ(received.false_across, 1u);
    EXPECT_EQ(received.total(), 1u);
    EXPECT_EQ(received_by(p, 2, line), 1u);
    EXPECT_EQ(invalidations_at(p, kCounters, line, "caused").false_across, 1u);
  }
}

// Four std::thread workers, each created after the previous one was joined (std_threads.cc), pinned to
// one CPU so that Valgrind gives them all one id: still four threads, 2..5, labelled std::thread. Each
// worker's 1000 increments are 1000 reads and 1000 writes of its own element of one line. Worker k's
// first load takes the line Shared from worker k-1's Modified copy, and its first store removes that
// copy (false sharing: other bytes); earlier workers' copies were already removed the same way, and main
// touches the line only after the last join. So threads 2, 3 and 4 receive 1 invalidation each at the
// increment line, threads 3, 4 and 5 cause 1 each: 3 in all, each across regions (main's join of worker
// k-1 ends its region; worker k starts in main's next one).
TEST(OneProcessorPerThread, StdThreadWorkersOneAfterAnotherAreThreadsOfTheirOwn) {
  const std::string file = "std_threads.cc";
  const unsigned line = marked_line(file, "increment");
  Profile p = run("std_threads", "std_threads", {"1000"}, {}, true);
  EXPECT_EQ(p.header["threads"], "5");
  EXPECT_EQ(thread_records("std_threads"),
            (std::vector<std::string>{"thread: 1 main", "thread: 2 std::thread", "thread: 3 std::thread",
                                      "thread: 4 std::thread", "thread: 5 std::thread"}));
  const int writes = p.event_index("writes");
  const int received = p.event_index("invalidations_received_false_across_regions");
  const int caused = p.event_index("invalidations_caused_false_across_regions");
  std::map<unsigned, std::vector<std::uint64_t>> by_thread;  // thread -> writes, received, caused
  for (const auto& [key, values] : p.counts) {
    const ProfileRef& ref = p.refs.at(key.first);
    if (ref.line != line || ref.file.find(file) == std::string::npos) continue;
    std::vector<std::uint64_t>& sums = by_thread[key.second];
    sums.resize(3);
    sums[0] += values.at(writes);
    sums[1] += values.at(received);
    sums[2] += values.at(caused);
  }
  EXPECT_EQ(by_thread, (std::map<unsigned, std::vector<std::uint64_t>>{
                           {2, {1000, 1, 0}}, {3, {1000, 1, 1}}, {4, {1000, 1, 1}}, {5, {1000, 0, 1}}}));
  EXPECT_EQ(invalidations_at(p, file, line, "received").total(), 3u);
}

// 300 threads, each created after the previous one was joined, so Valgrind gives nearly all of them the
// same id: they still are 300 processors besides main's, threads 2..301, each labelled by its start
// routine, and each wrote its element of `slots` once: 300 writes at the marked line, one per thread.
// The exit summary keeps 16 thread rows of the 301 and says the other 301 - 16 = 285 are left out.
TEST(OneProcessorPerThread, ThreeHundredShortLivedThreadsAreThreeHundredAndOneThreads) {
  std::string stderr_text;
  Profile p = run("short_lived_threads", "short_lived_threads", {"300"}, {}, false, &stderr_text);
  EXPECT_NE(stderr_text.find("(285 more threads, none with more coherence traffic than those shown; "
                             "ccsim-annotate --view=summary lists every thread)\n"),
            std::string::npos)
      << stderr_text;
  unsigned summary_rows = 0;  // lines after the summary's heading, up to the total row
  std::istringstream lines(stderr_text);
  bool in_summary = false;
  for (std::string text; std::getline(lines, text);) {
    const std::string body = text.substr(text.find("== ") == std::string::npos ? 0 : text.find("== ") + 3);
    if (body.rfind("thread ", 0) == 0) in_summary = true;
    else if (body.rfind("total ", 0) == 0) in_summary = false;
    else if (in_summary && !body.empty() && body[0] >= '0' && body[0] <= '9') ++summary_rows;
  }
  EXPECT_EQ(summary_rows, 16u) << stderr_text;
  EXPECT_EQ(p.header["threads"], "301");
  const unsigned line = marked_line("short_lived_threads.c", "write");
  const int writes = p.event_index("writes");
  unsigned threads_writing = 0;
  for (const auto& [key, values] : p.counts) {
    const ProfileRef& ref = p.refs.at(key.first);
    if (ref.line != line || ref.file.find("short_lived_threads.c") == std::string::npos) continue;
    EXPECT_EQ(values.at(writes), 1u) << "thread " << key.second;
    EXPECT_GE(key.second, 2u);
    EXPECT_LE(key.second, 301u);
    ++threads_writing;
  }
  EXPECT_EQ(threads_writing, 300u);
  const std::vector<std::string> labels = thread_records("short_lived_threads");
  ASSERT_EQ(labels.size(), 301u);
  EXPECT_EQ(labels.front(), "thread: 1 main");
  EXPECT_EQ(labels[1], "thread: 2 short_lived");
  EXPECT_EQ(labels.back(), "thread: 301 short_lived");
}

// Past Valgrind's --max-threads (here 10: 10 processors) threads take the processors of exited ones,
// oldest exit first, and the user is told. short_lived_threads.c with 20 workers, each joined before the next
// is created: main is processor 0 and workers #1-#9 processors 1-9 (the limit); then #10 takes processor
// 1 (the first to exit), #11 processor 2, ..., #18 processor 9, #19 processor 1 again, #20 processor 2.
// So 11 workers reuse a processor; threads 2 and 3 (processors 1 and 2) have 3 writes each at the marked
// line, threads 4-10 two each: 20 in all.
TEST(OneProcessorPerThread, PastMaxThreadsThreadsShareProcessorsAndTheUserIsTold) {
  std::string stderr_text;
  Profile p = run("max_threads", "short_lived_threads", {"20"}, {"--max-threads=10"}, false, &stderr_text);
  EXPECT_EQ(p.header["threads"], "10");
  EXPECT_NE(stderr_text.find("ccsim: the program created 21 threads, more than the 10 processors ccsim simulates "
                             "(Valgrind's --max-threads): its last 11 threads ran on processors of threads that "
                             "had exited, whose counts they share. Run with --max-threads=21 for one processor "
                             "per thread.\n"),
            std::string::npos)
      << stderr_text;
  const unsigned line = marked_line("short_lived_threads.c", "write");
  const int writes = p.event_index("writes");
  std::map<unsigned, std::uint64_t> by_thread;
  for (const auto& [key, values] : p.counts) {
    const ProfileRef& ref = p.refs.at(key.first);
    if (ref.line == line && ref.file.find("short_lived_threads.c") != std::string::npos) by_thread[key.second] += values.at(writes);
  }
  EXPECT_EQ(by_thread, (std::map<unsigned, std::uint64_t>{
                           {2, 3}, {3, 3}, {4, 2}, {5, 2}, {6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 2}}));
}

// ccsim-annotate names every thread by its number and label: in the overview's header ("thread 1 (main),
// threads 2-3 (worker)"), its per-thread tables, its sentences ("thread 2 (worker) writes bytes 0-7"),
// in the JSON export (each thread row's "name", and the header's labels) and in the HTML report.
// thread_counters.c starts both workers with pthread_create(..., worker, ...).
TEST(ThreadLabels, OverviewAndJsonNameThreadsByStartRoutine) {
  run("labels", "thread_counters", {"100"}, {}, false);
  EXPECT_EQ(thread_records("labels"),
            (std::vector<std::string>{"thread: 1 main", "thread: 2 worker", "thread: 3 worker"}));
  const std::string profile = scratch_directory_path("labels") + "/ccsim.out";
  const std::string annotate = std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate ";
  auto output_of = [](const std::string& command) {
    std::string text;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    char buffer[4096];
    for (std::size_t n; pipe != nullptr && (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    if (pipe != nullptr) pclose(pipe);
    return text;
  };
  const std::string overview = output_of(annotate + profile);
  EXPECT_NE(overview.find("\nThreads:      all (thread 1 (main), threads 2-3 (worker))\n"), std::string::npos)
      << overview;
  // The per-thread tables: the number, then the label in a `name` column.
  EXPECT_NE(overview.find("\nthread  name "), std::string::npos) << overview;
  for (const char* row : {"\n     1  main  ", "\n     2  worker  ", "\n     3  worker  "}) {
    EXPECT_NE(overview.find(row), std::string::npos) << row;
  }
  // A sentence of the findings names the threads whose bytes share the line.
  EXPECT_NE(overview.find("thread 2 (worker) writes bytes 0-7 of "), std::string::npos) << overview;
  EXPECT_NE(overview.find(", thread 3 (worker) writes bytes 8-15 of "), std::string::npos) << overview;
  const nlohmann::json json = nlohmann::json::parse(output_of(annotate + "--json=- " + profile));
  EXPECT_EQ(json["header"]["thread_labels"], (nlohmann::json{{"1", "main"}, {"2", "worker"}, {"3", "worker"}}));
  ASSERT_EQ(json["threads"].size(), 3u);
  EXPECT_EQ(json["threads"][0]["name"], "thread 1 (main)");
  EXPECT_EQ(json["threads"][1]["name"], "thread 2 (worker)");
  EXPECT_EQ(json["threads"][2]["name"], "thread 3 (worker)");
  // The HTML report: the header (as the text's Threads: line says it), the per-thread summary and the byte
  // map of the counters' line.
  const std::string html_dir = scratch_directory_path("labels") + "/html";
  output_of(annotate + "--html=" + html_dir + " " + profile);
  std::ifstream page_file(html_dir + "/index.html");
  const std::string page((std::istreambuf_iterator<char>(page_file)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("<dt>Threads</dt><dd>all (thread 1 (main), threads 2-3 (worker))</dd>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"number\" data-value=\"2\">thread 2 (worker)</td>"), std::string::npos);
  EXPECT_NE(page.find("<th title=\"thread 3 (worker)\">thread 3 (worker)</th>"), std::string::npos);
}

// An OpenMP team of 4 (omp_critical_sum.c's one parallel region): main is the master and keeps its
// name; the runtime's 3 workers, created in order, are named by their place in the team
// (omp_get_thread_num() of omp_get_num_threads()), with libgomp and with libomp alike.
TEST(ThreadLabels, OpenMpWorkersAreNamedByTheirPlaceInTheTeam) {
  for (const char* program : {"omp_critical_sum", "omp_critical_sum_libomp"}) {
    SCOPED_TRACE(program);
    if (!std::ifstream(test_program(program)).good()) continue;  // clang's libomp build is absent
    const std::string test = std::string("labels_") + program;
    Profile p = run(test, program, {"4"}, {}, false);
    EXPECT_EQ(p.header["threads"], "4");
    EXPECT_EQ(thread_records(test), (std::vector<std::string>{"thread: 1 main", "thread: 2 omp thread 1 of 4",
                                                               "thread: 3 omp thread 2 of 4",
                                                               "thread: 4 omp thread 3 of 4"}));
  }
}

}  // namespace
}  // namespace ccsim_test
