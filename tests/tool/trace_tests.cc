// trace_tests.cc: --trace-out and ccsim-sim (docs/traces.md). A trace is the stream the simulation
// workers read; simulated again with the run's own options it must give the run's profile byte for byte
// (the recorded pid included: the profile is the recorded run's), with other caches or another replay
// order the counts of that machine (a scenario worked out by hand, and the profile of a run made with
// those options), and every mistake a user can make with a trace is one sentence and a non-zero exit.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

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

}  // namespace

// The run's own options: its profile, byte for byte, whatever the number of workers simulating it.
TEST(Traces, SimulatedAgainWithTheRunsOptionsATraceGivesTheRunsProfile) {
  expect_same_profile_again("trace_same_false_sharing", "pthread_false_sharing", {}, {});
  expect_same_profile_again("trace_same_churn_workers", "heap_churn", {"--sim-threads=2"}, {"--sim-threads=3"});
  expect_same_profile_again("trace_same_native", "pthread_mutex_counter", {"--sim-mode=native"}, {}, {"2", "1000"});
}

// A program that forks: each process writes its profile (%p), and the trace holds the process the run
// started, whose profile it gives again, under that process's pid.
TEST(Traces, ATraceOfAProgramThatForksGivesTheProfileOfTheProcessItStarted) {
  const std::string dir = scratch_directory("trace_same_fork");
  RunResult run = run_ccsim(dir, {"--trace-out=trace.zst", "--ccsim-out-file=recorded.%p"}, test_program("fork_family"),
                            {}, true);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  RunResult sim = run_ccsim_sim(dir, {"--ccsim-out-file=again", dir + "/trace.zst"});
  ASSERT_EQ(sim.exit_code, 0) << sim.stderr_text;
  const std::string again = file_contents(dir + "/again");
  const std::size_t pid_at = again.find("\npid: ");
  ASSERT_NE(pid_at, std::string::npos);
  const std::string pid = again.substr(pid_at + 6, again.find('\n', pid_at + 1) - pid_at - 6);
  EXPECT_GT(files_starting_with(dir, "recorded.").size(), 1u);  // the children's profiles too
  EXPECT_TRUE(file_contents(dir + "/recorded." + pid) == again) << "the profile of process " << pid << " differs";
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
  RunResult native = run_ccsim_sim(dir, {"--sim-mode=native", "--ccsim-out-file=never", trace});
  EXPECT_EQ(native.exit_code, 1);
  EXPECT_NE(native.stderr_text.find("ccsim: the trace '" + trace + "' was recorded in a replay order (interleaved "
                                    "or piped), which records other calls than the native order: re-simulate it "
                                    "with --sim-mode=interleaved or piped.\n"),
            std::string::npos)
      << native.stderr_text;

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
  RunResult cut = run_ccsim_sim(dir, {"--ccsim-out-file=never", dir + "/cut.zst"});
  EXPECT_EQ(cut.exit_code, 1);
  EXPECT_NE(cut.stderr_text.find("ccsim: the trace '" + dir + "/cut.zst' ends before the recorded run did (cut short "
                                 "or damaged); no profile was written.\n"),
            std::string::npos)
      << cut.stderr_text;
  EXPECT_FALSE(std::filesystem::exists(dir + "/never"));
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
