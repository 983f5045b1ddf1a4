// trace_tests.cc: --trace-out and ccsim-sim (docs/traces.md). A trace is the stream the simulation
// workers read; simulated again with the run's own options it must give the run's profile byte for byte
// (the recorded pid included: the profile is the recorded run's), with other caches or another replay
// order the counts of that machine (a scenario worked out by hand, and the profile of a run made with
// those options), recorded in one kind of order the profile of a run in the other, for every process of a
// program that forks that process's profile; every mistake a user can make with a trace is one sentence
// and a non-zero exit, and a run that ends without its trace leaves no part of it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "ccsim/trace/format.h"
#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

using namespace ccsim_test;

namespace {

// The profile without the counts that differ between any two runs of a program (real-time waits:
// docs/synchronization.md, "Determinism") and its pid.
std::string without_run_lines(const std::string& profile) {
  std::istringstream in(profile);
  std::string line, kept;
  while (std::getline(in, line)) {
    if (line.rfind("pid: ", 0) == 0 || line.rfind("skipped: runtime ", 0) == 0 ||
        line.rfind("skipped: spin ", 0) == 0 ||
        line.rfind("spin-wait: ", 0) == 0) {
      continue;
    }
    kept += line + "\n";
  }
  return kept;
}

// Records `program` with ccsim's defaults and `options` into dir/trace.zst and dir/recorded (in the
// fixed environment, so that a second run of the program records the same stream).
void record(const std::string& dir, const std::string& program, const std::vector<std::string>& options = {},
            const std::vector<std::string>& args = {}) {
  std::vector<std::string> all = {"--trace-out=" + dir + "/trace.zst", "--ccsim-out-file=" + dir + "/recorded"};
  all.insert(all.end(), options.begin(), options.end());
  RunResult run = run_ccsim(dir, all, test_program(program), args, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  ASSERT_TRUE(std::filesystem::exists(dir + "/trace.zst")) << run.stderr_text;
}

void expect_same_profile_again(const std::string& name, const std::string& program,
                               const std::vector<std::string>& record_options,
                               const std::vector<std::string>& sim_options, const std::vector<std::string>& args = {}) {
  const std::string dir = scratch_directory(name);
  record(dir, program, record_options, args);
  std::vector<std::string> arguments = sim_options;
  arguments.push_back("--ccsim-out-file=again");
  arguments.push_back(dir + "/trace.zst");
  RunResult sim = run_ccsim_sim(dir, arguments);
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  const std::string recorded = file_contents(dir + "/recorded");
  ASSERT_FALSE(recorded.empty());
  EXPECT_TRUE(recorded == file_contents(dir + "/again")) << program << ": the profile simulated again differs";
}

// A trace the tool refuses: ccsim-sim in `dir` with `arguments` exits 1, its standard error holds every
// one of `parts` (one sentence, told in pieces where it names a pid the test cannot know), and no profile
// is written.
void expect_refused(const std::string& dir, const std::vector<std::string>& arguments,
                    const std::vector<std::string>& parts) {
  std::vector<std::string> all = {"--ccsim-out-file=never"};
  all.insert(all.end(), arguments.begin(), arguments.end());
  RunResult sim = run_ccsim_sim(dir, all);
  EXPECT_EQ(sim.exit_code, 1) << sim.stderr_text;
  for (const std::string& part : parts) EXPECT_NE(sim.stderr_text.find(part), std::string::npos) << sim.stderr_text;
  EXPECT_FALSE(std::filesystem::exists(dir + "/never"));
}

// A trace decompressed (ccsim/trace/format.h): its header's fields and the bytes after them, to craft
// a damaged trace from a good one. zstd, as ccsim runs it, does the (de)compressing.
struct TraceFile {
  std::vector<std::pair<std::uint32_t, std::string>> fields;  // each field's kind and text, without kEnd's
  std::string stream;                                          // the recorded stream, after the header
};

TraceFile read_trace(const std::string& path) {
  TraceFile trace;
  std::string bytes;
  FILE* zstd = popen(("zstd -q -d -c '" + path + "'").c_str(), "r");
  if (zstd == nullptr) return trace;
  char buffer[65536];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, zstd)) > 0;) bytes.append(buffer, got);
  pclose(zstd);
  auto word = [&bytes](std::size_t at) {
    std::uint32_t value = 0;
    if (at + 4 <= bytes.size()) std::memcpy(&value, bytes.data() + at, 4);
    return value;
  };
  std::size_t at = 8;  // the magic and the version
  while (at + 8 <= bytes.size() && word(at) != ccsim::trace_format::kEnd) {
    const std::uint32_t length = word(at + 4);
    trace.fields.emplace_back(word(at), bytes.substr(at + 8, length));
    at += 8 + ccsim::trace_format::padded_words(length) * 4;
  }
  trace.stream = bytes.substr(std::min(at + 8, bytes.size()));
  return trace;
}

void write_trace(const TraceFile& trace, const std::string& path) {
  std::string bytes;
  auto word = [&bytes](std::uint32_t value) { bytes.append(reinterpret_cast<const char*>(&value), 4); };
  word(ccsim::trace_format::kMagic);
  word(ccsim::trace_format::kVersion);
  for (const auto& [kind, text] : trace.fields) {
    word(kind);
    word(static_cast<std::uint32_t>(text.size()));
    bytes += text;
    bytes.append(ccsim::trace_format::padded_words(static_cast<std::uint32_t>(text.size())) * 4 - text.size(), '\0');
  }
  word(ccsim::trace_format::kEnd);
  word(0);
  std::ofstream(path + ".raw", std::ios::binary) << bytes << trace.stream;
  ASSERT_EQ(std::system(("zstd -q -f '" + path + ".raw' -o '" + path + "'").c_str()), 0);
}

// Where the fields of `kind` are among the header's.
std::vector<std::size_t> fields_of_kind(const TraceFile& trace, std::uint32_t kind) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < trace.fields.size(); ++i) {
    if (trace.fields[i].first == kind) found.push_back(i);
  }
  return found;
}

}  // namespace

// The run's own options: its profile, byte for byte, whatever the number of workers simulating it.
TEST(Traces, SimulatedAgainWithTheRunsOptionsATraceGivesTheRunsProfile) {
  expect_same_profile_again("trace_same_false_sharing", "pthread_false_sharing", {}, {});
  expect_same_profile_again("trace_same_churn_workers", "heap_churn", {"--sim-threads=2"}, {"--sim-threads=3"});
  expect_same_profile_again("trace_same_native", "pthread_mutex_counter", {"--sim-mode=native"}, {}, {"2", "1000"});
  // The semaphores' events (stream version 3) and a condition's hand-off travel in the trace too.
  expect_same_profile_again("trace_same_semaphores", "semaphore_handoff", {}, {"--sim-threads=2"});
  expect_same_profile_again("trace_same_condition", "condition_handoff", {}, {});
}

// The pid in a profile's "pid: " line.
std::string profile_pid(const std::string& profile) {
  const std::size_t at = profile.find("\npid: ");
  if (at == std::string::npos) return "";
  return profile.substr(at + 6, profile.find('\n', at + 1) - at - 6);
}

// A program that forks: each process writes its profile (%p) and its trace, and each trace gives its
// process's profile again, byte for byte. fork_family: the run's process forks a child, which forks a
// grandchild, so the grandchild's trace continues its parent's, which continues the first's. With %p in
// the trace's name each process expands it with its pid; without, a child adds ".<pid>" to its parent's
// name. And recorded with two workers, simulated again with three.
TEST(Traces, EachProcessOfAProgramThatForksKeepsATraceThatGivesItsProfile) {
  struct Naming {
    const char* directory;
    const char* trace;  // --trace-out
    std::vector<std::string> record, simulate;
  };
  std::string plain_directory;  // the run without %p
  std::set<std::uint64_t> writes_to_data;  // by the simulated-again profiles of one run's processes
  for (const Naming& naming : {Naming{"trace_fork_pid", "trace.%p.zst", {}, {}},
                               Naming{"trace_fork_plain", "trace.zst", {"--sim-threads=2"}, {"--sim-threads=3"}}}) {
    const std::string dir = scratch_directory(naming.directory);
    const bool plain = std::string(naming.trace) == "trace.zst";
    if (plain) plain_directory = dir;
    std::vector<std::string> options = {std::string("--trace-out=") + naming.trace, "--ccsim-out-file=recorded.%p"};
    options.insert(options.end(), naming.record.begin(), naming.record.end());
    RunResult run = run_ccsim(dir, options, test_program("fork_family"), {}, true);
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    const std::vector<std::string> profiles = files_starting_with(dir, "recorded.");
    const std::vector<std::string> traces = files_starting_with(dir, "trace.");
    ASSERT_EQ(profiles.size(), 3u) << naming.trace;
    ASSERT_EQ(traces.size(), 3u) << naming.trace;  // and no temporary file left
    std::vector<std::string> pids;
    for (const std::string& profile : profiles) pids.push_back(profile_pid(file_contents(profile)));
    for (const std::string& pid : pids) {
      // The run's first process writes the name as given; a child its pid in it, or after it.
      std::string trace = dir + "/trace." + pid + ".zst";
      if (plain) trace = dir + "/trace.zst";
      if (plain && std::filesystem::exists(dir + "/trace.zst." + pid)) trace = dir + "/trace.zst." + pid;
      ASSERT_TRUE(std::filesystem::exists(trace)) << trace;
      std::vector<std::string> arguments = naming.simulate;
      arguments.push_back("--ccsim-out-file=again." + pid);
      arguments.push_back(trace);
      RunResult sim = run_ccsim_sim(dir, arguments);
      ASSERT_EQ(sim.exit_code, 0) << trace << ": " << sim.stderr_text;
      EXPECT_TRUE(file_contents(dir + "/recorded." + pid) == file_contents(dir + "/again." + pid))
          << "the profile of process " << pid << " simulated again from " << trace << " differs";
      Profile p;
      std::string error;
      ASSERT_TRUE(read_profile(dir + "/again." + pid, &p, &error)) << error;
      const std::vector<unsigned> data = p.objects_named("data");
      ASSERT_EQ(data.size(), 1u);
      writes_to_data.insert(p.object_total(data[0], "writes"));
    }
    // By hand: nothing writes `data` before the first fork; the parent writes 256 longs after it, the
    // child 128 before it forks the grandchild, whose profile continues the child's and adds its 64. Each
    // trace gives its own process: 256, 128 and 128 + 64 = 192, which the grandchild's trace gives only
    // by following both its ancestors' streams.
    EXPECT_EQ(writes_to_data, (std::set<std::uint64_t>{128, 192, 256})) << naming.trace;
    writes_to_data.clear();
    if (plain) continue;
    // The family moved together to another directory: each parent's trace is found beside its child's.
    std::filesystem::create_directory(dir + "/moved");
    for (const std::string& trace : traces) {
      std::filesystem::rename(trace, dir + "/moved/" + std::filesystem::path(trace).filename().string());
    }
    for (const std::string& pid : pids) {
      RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=moved." + pid, dir + "/moved/trace." + pid + ".zst"});
      ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
      EXPECT_TRUE(file_contents(dir + "/recorded." + pid) == file_contents(dir + "/moved." + pid))
          << "the profile of process " << pid << " simulated again from the moved traces differs";
    }
    EXPECT_EQ(pids.size(), 3u);
  }
  // A child's trace needs the traces it continues: without the first process's, one sentence and no
  // profile (the child and the grandchild both continue it).
  const std::string dir = plain_directory;
  std::filesystem::rename(dir + "/trace.zst", dir + "/moved.zst");
  const std::vector<std::string> children = files_starting_with(dir, "trace.zst.");
  ASSERT_EQ(children.size(), 2u);
  for (const std::string& child : children) {
    expect_refused(dir, {child}, {"ccsim: the trace '" + child + "' continues the trace '" + dir + "/trace.zst' of the "
                                  "process that forked it, which cannot be opened: No such file or directory.\n"});
  }
  // Nor with another run's trace under the first's name (recorded again since): that trace is of another
  // process, whose pid the children's headers do not name.
  const std::string again = scratch_directory("trace_fork_again");
  RunResult rerun = run_ccsim(again, {"--trace-out=trace.zst", "--ccsim-out-file=recorded.%p"},
                              test_program("fork_family"), {}, true);
  ASSERT_EQ(rerun.exit_code, 0) << rerun.stderr_text;
  std::filesystem::copy_file(again + "/trace.zst", dir + "/trace.zst");
  expect_refused(dir, {children[0]},
                 {"ccsim: the trace '" + dir + "/trace.zst' is not the one the trace '" + children[0] +
                      "' continues: it is the trace of process ",
                  " (recorded again since?).\n"});
  // Nor with the first's trace cut short before the fork: its header whole (a few hundred bytes) and 8 KiB
  // of the stream, a few hundred of the dynamic loader's accesses, long before main forks.
  const std::string cut = "cd " + dir + " && zstd -q -d -c moved.zst | head -c 8192 | zstd -q -c -f -o trace.zst";
  ASSERT_EQ(std::system(cut.c_str()), 0);
  expect_refused(dir, {children[0]},
                 {"ccsim: the trace '" + dir + "/trace.zst' ends before the fork that the trace '" + children[0] +
                  "' continues from (cut short or damaged); no profile was written.\n"});
}

// A family of traces that does not hold together, as ccsim never writes one (headers edited by hand), is
// refused before anything is simulated, in one sentence each. fork_family's child's trace names one trace
// it continues (the first process's), the grandchild's two (the first's, then the child's).
TEST(Traces, AFamilyOfTracesThatDoesNotHoldTogetherIsRefused) {
  const std::string dir = scratch_directory("trace_fork_crafted");
  RunResult run = run_ccsim(dir, {"--trace-out=trace.zst", "--ccsim-out-file=recorded.%p"}, test_program("fork_family"),
                            {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const std::uint32_t kParent = ccsim::trace_format::kParentTrace;
  std::string child, grandchild;
  for (const std::string& path : files_starting_with(dir, "trace.zst.")) {
    (fields_of_kind(read_trace(path), kParent).size() == 1 ? child : grandchild) = path;
  }
  ASSERT_FALSE(child.empty());
  ASSERT_FALSE(grandchild.empty());
  const TraceFile child_trace = read_trace(child);
  const TraceFile grandchild_trace = read_trace(grandchild);
  const std::size_t parent = fields_of_kind(child_trace, kParent)[0];
  // The field is "<fork> <pid> <path>", the path absolute: "1 <pid> <dir>/trace.zst".
  const std::string& parent_text = child_trace.fields[parent].second;
  ASSERT_EQ(parent_text.rfind("1 ", 0), 0u) << parent_text;
  ASSERT_EQ(parent_text.substr(parent_text.size() - dir.size() - 11), " " + dir + "/trace.zst") << parent_text;

  // The trace it continues named by a relative path.
  TraceFile relative = child_trace;
  relative.fields[parent].second = parent_text.substr(0, parent_text.size() - dir.size() - 10) + "trace.zst";
  write_trace(relative, dir + "/relative.zst");
  expect_refused(dir, {dir + "/relative.zst"},
                 {"ccsim: the trace '" + dir + "/relative.zst' is damaged (a trace it continues is misnamed).\n"});

  // 65 traces continued, one more than a program forking 64 processes deep keeps.
  TraceFile deep = child_trace;
  deep.fields.insert(deep.fields.begin() + parent, 64, deep.fields[parent]);
  write_trace(deep, dir + "/deep.zst");
  expect_refused(dir, {dir + "/deep.zst"}, {"ccsim: the trace '" + dir + "/deep.zst' is damaged (it continues more "
                                            "than 64 traces, which ccsim never writes).\n"});

  // The grandchild's two ancestors named in the wrong order: the first it names is then the child's trace,
  // which is not the trace of a first process (it continues one itself); the process it would have forked
  // is the next one named, the first process.
  TraceFile swapped = grandchild_trace;
  const std::vector<std::size_t> ancestors = fields_of_kind(swapped, kParent);
  ASSERT_EQ(ancestors.size(), 2u);
  std::swap(swapped.fields[ancestors[0]].second, swapped.fields[ancestors[1]].second);
  write_trace(swapped, dir + "/swapped.zst");
  expect_refused(dir, {dir + "/swapped.zst"},
                 {"ccsim: the trace '" + child + "' is not the trace of the process that forked '" + dir +
                  "/trace.zst' (it continues other traces, not the ones '" + dir + "/swapped.zst' names).\n"});

  // The grandchild naming the first process's second fork (it forks once) where the child's trace names
  // its first: the same number of ancestors, but another line of them.
  TraceFile other_fork = grandchild_trace;
  std::string& first = other_fork.fields[ancestors[0]].second;
  ASSERT_EQ(first.rfind("1 ", 0), 0u) << first;
  first[0] = '2';
  write_trace(other_fork, dir + "/other_fork.zst");
  expect_refused(dir, {dir + "/other_fork.zst"},
                 {"ccsim: the trace '" + child + "' is not the trace of the process that forked '" + dir +
                  "/other_fork.zst' (it continues other traces, not the ones '" + dir + "/other_fork.zst' names).\n"});

  // The grandchild's trace read and written back unchanged gives its profile: the refusals are the edits'.
  write_trace(grandchild_trace, dir + "/unchanged.zst");
  RunResult unchanged = run_ccsim_sim(dir, {"--ccsim-out-file=unchanged", dir + "/unchanged.zst"});
  ASSERT_EQ(unchanged.exit_code, 0) << unchanged.stderr_text;
  const std::string pid = grandchild_trace.fields[fields_of_kind(grandchild_trace, ccsim::trace_format::kPid)[0]].second;
  EXPECT_TRUE(file_contents(dir + "/recorded." + pid) == file_contents(dir + "/unchanged"));
}

// A forked process whose trace cannot be made says so in one sentence and fails, as a trace not written
// whole does, and keeps its profile: a trace's name of 240 characters fits the first process's temporary
// file (its last component plus 15 characters within NAME_MAX, 255), but with a child's ".<pid>" it does
// not. The child's exit status 1 makes fork_family's exit 1 too. Its own child (the grandchild) keeps no
// trace either: the trace it would continue is missing.
TEST(Traces, AForkedProcessWhoseTraceCannotBeMadeSaysSo) {
  const std::string dir = scratch_directory("trace_fork_long_name");
  const std::string name(240, 't');
  RunResult run = run_ccsim(dir, {"--trace-out=" + name, "--ccsim-out-file=recorded.%p"}, test_program("fork_family"));
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  const std::string sentence = "' of this forked process cannot be written: its name is too long for its temporary "
                               "file.\n";
  const std::size_t at = run.stderr_text.find(sentence);
  ASSERT_NE(at, std::string::npos) << run.stderr_text;
  EXPECT_EQ(run.stderr_text.find(sentence, at + 1), std::string::npos) << run.stderr_text;  // once: the child's
  EXPECT_NE(run.stderr_text.find("ccsim: the trace '" + dir + "/" + name + "."), std::string::npos) << run.stderr_text;
  EXPECT_EQ(files_starting_with(dir, "recorded.").size(), 3u);
  EXPECT_EQ(files_starting_with(dir, name).size(), 1u);  // the first process's trace, and no temporary file
  EXPECT_TRUE(std::filesystem::exists(dir + "/" + name));
}

// A forked process that execs at once (exec_after_work.c's "fork": the child execs the program, which
// Valgrind does not follow without --trace-children) writes no profile (docs/output-format.md) and no
// trace: its worker removes the temporary file the child made for it once the child is gone. The parent's
// trace is whole (its exit code is the exec'd image's 7, which its child returned).
TEST(Traces, AForkedProcessThatExecsLeavesNoTrace) {
  const std::string dir = scratch_directory("trace_fork_exec");
  RunResult run = run_ccsim(dir, {"--trace-out=trace.%p.zst", "--ccsim-out-file=recorded.%p"},
                            test_program("exec_after_work"), {"fork"}, true);
  EXPECT_EQ(run.exit_code, 7) << run.stderr_text;
  const std::vector<std::string> profiles = files_starting_with(dir, "recorded.");
  ASSERT_EQ(profiles.size(), 1u);
  const std::string pid = profile_pid(file_contents(profiles[0]));
  // The child's worker notices within a second that the child is gone (its checks are 200 ms apart).
  for (int i = 0; i < 50 && files_starting_with(dir, "trace.").size() > 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::vector<std::string> traces = files_starting_with(dir, "trace.");
  ASSERT_EQ(traces.size(), 1u) << (traces.size() > 1 ? traces[1] : "");
  EXPECT_EQ(traces[0], dir + "/trace." + pid + ".zst");
  RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=again", traces[0]});
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  EXPECT_TRUE(file_contents(profiles[0]) == file_contents(dir + "/again"));
}

// sweep.c recorded with ccsim's default caches (no miss classes), then simulated with a 4 KiB
// direct-mapped L1 and miss classes: the scenario worked out by hand in sim_worker_tests.cc
// (SeveralWorkersWithDataObjectsCountTheArraysCapacityAndConflictMissesOfTheScenario): each array
// 3 x 131072 + 2 x 16384 + 1 = 425985 capacity and 3 x 114688 = 344064 conflict misses at L1.
TEST(Traces, AnotherCacheGivesTheCountsOfThatCache) {
  const std::string dir = scratch_directory("trace_other_cache");
  record(dir, "sweep");
  RunResult sim = run_ccsim_sim(dir, {"--L1=4096,1,64", "--miss-classes=yes", "--ccsim-out-file=direct_mapped",
                                      dir + "/trace.zst"});
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  Profile p;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/direct_mapped", &p, &error)) << error;
  for (const char* array : {"a", "b"}) {
    const std::vector<unsigned> objects = p.objects_named(array);
    ASSERT_EQ(objects.size(), 1u) << array;
    EXPECT_EQ(p.object_count(objects[0], 1, "L1_miss_capacity"), 425985u) << array;
    EXPECT_EQ(p.object_count(objects[0], 1, "L1_miss_conflict"), 344064u) << array;
  }
}

// Another replay order, other caches, the phases and the working set: the profile of a run made with those
// options (the program's stream does not depend on them), but for the counts that differ between any two
// runs.
TEST(Traces, AnotherOrderAndLineSizeGiveTheProfileOfARunWithThem) {
  const std::string dir = scratch_directory("trace_other_order");
  record(dir, "omp_false_sharing");
  const std::vector<std::string> options = {"--sim-mode=piped", "--L1=16384,4,128", "--L2=262144,8,128", "--LLC=none",
                                            "--phases=yes", "--working-set=yes"};
  std::vector<std::string> arguments = options;
  arguments.push_back("--ccsim-out-file=again");
  arguments.push_back(dir + "/trace.zst");
  RunResult sim = run_ccsim_sim(dir, arguments);
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  std::vector<std::string> direct = options;
  direct.push_back("--sim-threads=1");
  direct.push_back("--ccsim-out-file=" + dir + "/direct");
  RunResult run = run_ccsim(dir, direct, test_program("omp_false_sharing"), {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(without_run_lines(file_contents(dir + "/again")), without_run_lines(file_contents(dir + "/direct")));
}

// The stream is recorded alike in every order (threads/sync.h, records_replay_calls()), so a trace recorded
// in the native order is simulated in a replay order and the reverse. std_threads: four threads, each
// created after the previous one was joined (joins by stream, which only the replay needs), each
// std::thread's state a heap block freed at the join and its memory allocated again for the next (a freed
// block's mark and its reuse, the replay's too). Its threads run one at a time, so its serial order, and
// with it the native order's profile, repeats from run to run (sim_worker_tests.cc, kNativeOrderDiffers
// names the programs whose native order does not: heap_reuse_pingpong failed this test 3 times in 6).
// Each simulation gives the profile of a run made in its order.
TEST(Traces, ATraceRecordedInOneKindOfOrderIsSimulatedInTheOther) {
  struct Crossing {
    const char* name;
    const char* recorded;   // the recording's --sim-mode
    const char* simulated;  // the re-simulation's
  };
  for (const Crossing& crossing : {Crossing{"trace_native_to_interleaved", "native", "interleaved"},
                                   Crossing{"trace_interleaved_to_native", "interleaved", "native"}}) {
    const std::string dir = scratch_directory(crossing.name);
    record(dir, "std_threads", {std::string("--sim-mode=") + crossing.recorded});
    const std::string order = std::string("--sim-mode=") + crossing.simulated;
    RunResult sim = run_ccsim_sim(dir, {order, "--ccsim-out-file=again", dir + "/trace.zst"});
    ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
    RunResult run = run_ccsim(dir, {order, "--sim-threads=1", "--ccsim-out-file=" + dir + "/direct"},
                              test_program("std_threads"), {}, true);
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    const std::string again = file_contents(dir + "/again");
    EXPECT_NE(again.find(std::string("\nsim-mode: ") + crossing.simulated + "\n"), std::string::npos) << crossing.name;
    EXPECT_EQ(without_run_lines(again), without_run_lines(file_contents(dir + "/direct"))) << crossing.name;
  }
}

// Every mistake is one sentence and a non-zero exit, before anything is simulated.
TEST(Traces, MistakesAreToldInOneSentence) {
  const std::string dir = scratch_directory("trace_mistakes");
  record(dir, "pthread_false_sharing");
  const std::string trace = dir + "/trace.zst";

  RunResult none = run_ccsim_sim(dir, {});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.stderr_text, "ccsim-sim: no trace given (ccsim-sim --help).\n");

  RunResult missing = run_ccsim_sim(dir, {dir + "/nothing.zst"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.stderr_text, "ccsim-sim: the trace '" + dir + "/nothing.zst' cannot be opened: No such file or "
                                 "directory.\n");

  RunResult profile = run_ccsim_sim(dir, {dir + "/recorded"});
  EXPECT_EQ(profile.exit_code, 2);
  EXPECT_EQ(profile.stderr_text.rfind("ccsim-sim: '" + dir + "/recorded' is not a ccsim trace", 0), 0u)
      << profile.stderr_text;

  RunResult in = run_ccsim_sim(dir, {"--trace-out=again.zst", trace});
  EXPECT_EQ(in.exit_code, 2);
  EXPECT_EQ(in.stderr_text, "ccsim-sim: '--trace-out=again.zst' is not an option of ccsim-sim: the trace to simulate "
                            "is its argument (ccsim-sim --help).\n");

  RunResult two = run_ccsim_sim(dir, {trace, trace});
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_EQ(two.stderr_text, "ccsim-sim: one trace at a time: '" + trace + "' and '" + trace + "' were given.\n");

  // What the program's threads recorded cannot change.
  RunResult recording = run_ccsim_sim(dir, {"--data-objects=no", "--ccsim-out-file=never", trace});
  EXPECT_EQ(recording.exit_code, 1);
  EXPECT_NE(recording.stderr_text.find("ccsim: this run has '--data-objects=no', which the trace '" + trace +
                                       "' was not recorded with: only the simulation's options may change "
                                       "(docs/traces.md).\n"),
            std::string::npos)
      << recording.stderr_text;

  // A trace of another stream's records (a ccsim whose stream changed): the header's "stream <n>" made 0.
  const std::string patch = "perl -0777 -pe 's/( stream )\\d(\\0\\0\\0\\0)/${1}0$2/'";
  const std::string command =
      "cd " + dir + " && zstd -q -d -c trace.zst | " + patch + " | zstd -q -c > other_stream.zst";
  ASSERT_EQ(std::system(command.c_str()), 0);
  RunResult other = run_ccsim_sim(dir, {"--ccsim-out-file=never", dir + "/other_stream.zst"});
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.stderr_text.find("ccsim: the trace '" + dir + "/other_stream.zst' was written by ccsim "),
            std::string::npos)
      << other.stderr_text;
  EXPECT_NE(other.stderr_text.find(" stream 0, whose records this build (ccsim "), std::string::npos)
      << other.stderr_text;
  EXPECT_NE(other.stderr_text.find(") does not read: simulate it with that ccsim, or record it again.\n"),
            std::string::npos)
      << other.stderr_text;

  // Another valgrind that cannot be run; the trace given to the tool with another program, or with
  // --trace-out too (valgrind --tool=ccsim --trace-in=..., as ccsim-sim runs it).
  RunResult no_valgrind = run_ccsim_sim(dir, {"--valgrind=" + dir + "/no-valgrind", trace});
  EXPECT_EQ(no_valgrind.exit_code, 2);
  EXPECT_EQ(no_valgrind.stderr_text, "ccsim-sim: valgrind ('" + dir + "/no-valgrind') cannot be run: No such file or "
                                     "directory (--valgrind names another).\n");
  RunResult other_program = run_ccsim(dir, {"--trace-in=" + trace, "--ccsim-out-file=never"}, test_program("sweep"));
  EXPECT_EQ(other_program.exit_code, 1);
  EXPECT_NE(other_program.stderr_text.find("ccsim: the trace '" + trace + "' was recorded from the program '" +
                                           test_program("pthread_false_sharing") + "', not '" + test_program("sweep") +
                                           "': ccsim-sim runs the recorded command.\n"),
            std::string::npos)
      << other_program.stderr_text;
  RunResult both =
      run_ccsim(dir, {"--trace-in=" + trace, "--trace-out=again.zst"}, test_program("pthread_false_sharing"));
  EXPECT_EQ(both.exit_code, 1);
  EXPECT_NE(both.stderr_text.find("a re-simulated trace (--trace-in) is already a trace: drop one of the two.\n"),
            std::string::npos)
      << both.stderr_text;

  // A trace cut short: no profile, rather than the profile of part of the run.
  {
    std::ifstream in(trace, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream out(dir + "/cut.zst", std::ios::binary);
    out << bytes.substr(0, bytes.size() / 2);
  }
  expect_refused(dir, {dir + "/cut.zst"}, {"ccsim: the trace '" + dir + "/cut.zst' ends before the recorded run did "
                                           "(cut short or damaged); no profile was written.\n"});
}

// The program's file is the tool's start-up state: a program changed since the trace was recorded is
// refused, rather than simulated from another state.
TEST(Traces, AProgramChangedSinceTheRecordingIsRefused) {
  const std::string dir = scratch_directory("trace_changed_program");
  const std::string program = dir + "/program";
  std::filesystem::copy_file(test_program("pthread_false_sharing"), program);
  RunResult run = run_ccsim(dir, {"--trace-out=trace.zst", "--ccsim-out-file=recorded"}, program, {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::ofstream(program, std::ios::app) << '\0';  // one byte more
  RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=never", dir + "/trace.zst"});
  EXPECT_EQ(sim.exit_code, 1);
  EXPECT_NE(sim.stderr_text.find("ccsim: the program '" + program + "' has changed since the trace '" + dir +
                                 "/trace.zst' was recorded (its size or time of change differs): record the trace "
                                 "again.\n"),
            std::string::npos)
      << sim.stderr_text;
}

// Where the trace cannot be written: before the program runs, one sentence; when the disk fills while
// it runs (/dev/full), the profile is still written, the run says why the trace is lost and exits 1.
TEST(Traces, ATraceThatCannotBeWrittenIsToldAndTheProfileKept) {
  const std::string dir = scratch_directory("trace_unwritable");
  RunResult nowhere =
      run_ccsim(dir, {"--trace-out=" + dir + "/no/such/dir/trace.zst"}, test_program("pthread_false_sharing"));
  EXPECT_EQ(nowhere.exit_code, 1);
  EXPECT_NE(nowhere.stderr_text.find("'" + dir + "/no/such/dir/trace.zst' cannot be opened for writing: No such file "
                                     "or directory.\n"),
            std::string::npos)
      << nowhere.stderr_text;
  RunResult directory = run_ccsim(dir, {"--trace-out=" + dir}, test_program("pthread_false_sharing"));
  EXPECT_EQ(directory.exit_code, 1);
  EXPECT_NE(directory.stderr_text.find("'" + dir + "' is a directory.\n"), std::string::npos) << directory.stderr_text;
  RunResult full = run_ccsim(dir, {"--trace-out=/dev/full", "--ccsim-out-file=" + dir + "/kept"},
                             test_program("pthread_false_sharing"));
  EXPECT_EQ(full.exit_code, 1);
  EXPECT_NE(full.stderr_text.find("ccsim: the trace '/dev/full' was not written whole: zstd ended with code "),
            std::string::npos)
      << full.stderr_text;
  EXPECT_NE(full.stderr_text.find(" (is the disk full?).\n"), std::string::npos) << full.stderr_text;
  Profile p;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/kept", &p, &error)) << error;
  EXPECT_TRUE(std::filesystem::exists("/dev/full"));
}

// A hostile directory: a symbolic link planted under the trace's name is replaced, never written through
// (the trace is written beside it and renamed over it, as the profile is).
TEST(Traces, ALinkPlantedUnderTheTracesNameIsNotWrittenThrough) {
  const std::string dir = scratch_directory("trace_planted_link");
  std::ofstream(dir + "/victim") << "keep";
  std::filesystem::create_symlink(dir + "/victim", dir + "/trace.zst");
  RunResult run = run_ccsim(dir, {"--trace-out=trace.zst", "--ccsim-out-file=recorded"},
                            test_program("pthread_false_sharing"), {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(file_contents(dir + "/victim"), "keep");
  EXPECT_FALSE(std::filesystem::is_symlink(dir + "/trace.zst"));
  RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=again", dir + "/trace.zst"});
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  EXPECT_TRUE(file_contents(dir + "/recorded") == file_contents(dir + "/again"));
}

// A disk that fills while the trace is written: the trace already under the name is left as it was, no
// temporary file is left behind, the user reads why, the profile is written, and the run fails (1).
TEST(Traces, AFullFileSystemKeepsTheOldTraceAndTheProfile) {
  const std::string dir = scratch_directory("trace_disk_full");
  const std::string small = dir + "/small";
  std::filesystem::create_directory(small);
  SmallFileSystem file_system(small);
  if (!file_system.mounted()) GTEST_SKIP() << "mounting a tmpfs needs root; /dev/full is tested above";
  std::ofstream(small + "/trace.zst") << "the previous trace\n";
  // pthread_false_sharing's trace takes tens of KiB (8 million accesses), more than the 16 KiB there.
  RunResult run = run_ccsim(dir, {"--trace-out=small/trace.zst", "--ccsim-out-file=" + dir + "/kept"},
                            test_program("pthread_false_sharing"));
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  // The name as the tool expanded it: absolute (Valgrind's %p expansion makes it so).
  EXPECT_NE(run.stderr_text.find("ccsim: the trace '" + small + "/trace.zst' was not written whole: zstd ended with "
                                 "code "),
            std::string::npos)
      << run.stderr_text;
  EXPECT_NE(run.stderr_text.find(" (is the disk full?); the file already there is left as it was.\n"),
            std::string::npos)
      << run.stderr_text;
  EXPECT_EQ(file_contents(small + "/trace.zst"), "the previous trace\n");
  EXPECT_EQ(files_starting_with(small, "trace.zst.tmp").size(), 0u);
  Profile p;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/kept", &p, &error)) << error;
}

// A run that ends without its trace leaves nothing half-written beside the name, and a trace already
// under the name as it was: a simulation worker killed (a debug option) with one worker, which is the one
// writing the trace, and with two, where the writer lives on (the tool removes the temporary file as it
// ends the run), and the tool's own process killed outright (SIGKILL: the worker writing the trace
// notices within a second or so and removes it).
TEST(Traces, ARunThatEndsWithoutItsTraceLeavesNoPartOfIt) {
  const std::string dir = scratch_directory("trace_lost");
  for (const char* workers : {"--sim-threads=1", "--sim-threads=2"}) {
    std::ofstream(dir + "/trace.zst") << "the previous trace\n";
    RunResult run = run_ccsim(dir, {workers, "--sim-worker-fail-after=1", "--trace-out=trace.zst",
                                    "--ccsim-out-file=never"}, test_program("pthread_false_sharing"));
    EXPECT_EQ(run.exit_code, 1) << workers << ": " << run.stderr_text;
    EXPECT_NE(run.stderr_text.find("no profile was written"), std::string::npos) << workers << ": " << run.stderr_text;
    EXPECT_EQ(file_contents(dir + "/trace.zst"), "the previous trace\n") << workers;
    EXPECT_EQ(files_starting_with(dir, "trace.zst.tmp").size(), 0u) << workers;
  }
  // long_run sweeps for 30 s; the tool is killed 2 s after its temporary file appears (it opens it before
  // forking its worker, so the worker runs by then), and the worker then has 10 s to notice.
  const std::string command = "cd " + dir + " && { " + CCSIM_BUILD_DIR + "/vg-in-place --tool=ccsim --trace-out=trace.zst "
                              "--ccsim-out-file=never " + test_program("long_run") + " 30 >/dev/null 2>&1 & } && "
                              "pid=$! && for i in $(seq 100); do ls trace.zst.tmp* >/dev/null 2>&1 && break; sleep 0.1; "
                              "done && sleep 2 && kill -9 $pid && for i in $(seq 100); do ls trace.zst.tmp* >/dev/null "
                              "2>&1 || break; sleep 0.1; done";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(file_contents(dir + "/trace.zst"), "the previous trace\n");
  EXPECT_EQ(files_starting_with(dir, "trace.zst.tmp").size(), 0u);
  EXPECT_FALSE(std::filesystem::exists(dir + "/never"));
}

// With --trace-children=yes the image the program execs runs under ccsim too, in the same process: its
// trace takes "<name>.2" as its profile does, and each trace gives its image's profile again.
TEST(Traces, AnImageTheProgramExecsKeepsATraceOfItsOwn) {
  const std::string dir = scratch_directory("trace_exec");
  RunResult run = run_ccsim(dir, {"--trace-children=yes", "--trace-out=trace.zst", "--ccsim-out-file=recorded"},
                            test_program("exec_after_work"), {}, true);
  ASSERT_EQ(run.exit_code, 7) << run.stderr_text;  // the image after the exec exits with 7
  for (const std::string suffix : {"", ".2"}) {
    ASSERT_TRUE(std::filesystem::exists(dir + "/trace.zst" + suffix)) << suffix;
    RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=again" + suffix, dir + "/trace.zst" + suffix});
    ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
    const std::string recorded = file_contents(dir + "/recorded" + suffix);
    EXPECT_FALSE(recorded.empty()) << suffix;
    EXPECT_TRUE(recorded == file_contents(dir + "/again" + suffix))
        << "the profile of image '" << suffix << "' differs";
  }
  EXPECT_NE(file_contents(dir + "/recorded"), file_contents(dir + "/recorded.2"));
}

// The recorded directory is where the program ran and its relative names point: when it is gone, ccsim-sim
// says so in one sentence instead of starting Valgrind elsewhere.
TEST(Traces, ARecordedDirectoryThatIsGoneIsToldInOneSentence) {
  const std::string dir = scratch_directory("trace_directory_gone");
  const std::string gone = dir + "/gone";
  std::filesystem::create_directory(gone);
  RunResult run = run_ccsim(gone, {"--trace-out=" + dir + "/trace.zst", "--ccsim-out-file=" + dir + "/recorded"},
                            test_program("sweep"), {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::filesystem::remove_all(gone);
  RunResult sim = run_ccsim_sim(dir, {dir + "/trace.zst"});
  EXPECT_EQ(sim.exit_code, 2);
  EXPECT_EQ(sim.stderr_text, "ccsim-sim: the trace was recorded in '" + gone + "', which cannot be entered now: No "
                             "such file or directory.\n");
}
