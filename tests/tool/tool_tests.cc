// tool_tests.cc: end-to-end tests of `valgrind --tool=ccsim` on small programs built by the test suite.
// Expected numbers are derived from each program's source, in the comment above each assertion.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// Options shared by the tests that check native-order behaviour and the Cachegrind comparison.
const std::vector<std::string> kNative = {"--sim-mode=native", "--ccsim-out-file=ccsim.out"};

Profile read_or_fail(const std::string& path) {
  Profile profile;
  std::string error;
  EXPECT_TRUE(read_profile(path, &profile, &error)) << error;
  return profile;
}

// Per-function sums of a cachegrind.out file: function -> event -> count.
std::map<std::string, std::map<std::string, std::uint64_t>> cachegrind_by_function(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> events;
  std::map<std::string, std::map<std::string, std::uint64_t>> result;
  std::string text, function;
  while (std::getline(in, text)) {
    if (text.rfind("events: ", 0) == 0) {
      std::istringstream fields(text.substr(8));
      for (std::string e; fields >> e;) events.push_back(e);
    } else if (text.rfind("fn=", 0) == 0) {
      function = text.substr(3);
    } else if (!text.empty() && isdigit(static_cast<unsigned char>(text[0]))) {
      std::istringstream fields(text);
      unsigned line;
      fields >> line;
      std::uint64_t value;
      for (size_t i = 0; i < events.size() && fields >> value; ++i) result[function][events[i]] += value;
    }
  }
  return result;
}

struct ParityCase {
  const char* program;
  std::vector<const char*> functions;  // the program's own kernels: aligned accesses only
};

class CachegrindParity : public ::testing::TestWithParam<ParityCase> {};

// With the same D1 geometry, ccsim's L1 misses per kernel function equal Cachegrind's D1 misses exactly:
// both are LRU, write-allocate, and see the same access stream. Reads+writes also equal Dr+Dw, because
// the kernels' accesses are aligned (no straddling, which the two count differently). Cachegrind counts
// a modify as a read and ccsim as a write, so the comparison is of read+write sums.
TEST_P(CachegrindParity, KernelL1MissesEqualCachegrindD1Misses) {
  const ParityCase& c = GetParam();
  std::string dir = scratch_directory(std::string("parity_") + c.program);
  std::string program = test_program(c.program);
  // Both in the same fixed environment: the stack (below the environment) then starts at the same place
  // whatever the test's environment, and so do the lines the calls' return addresses fall in.
  RunResult ccsim = run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=ccsim.out", "--L1=32768,8,64",
                                    "--L2=none", "--LLC=none"}, program, {}, true);
  ASSERT_EQ(ccsim.exit_code, 0) << ccsim.stderr_text;
  RunResult cachegrind = run_cachegrind(dir, {"--D1=32768,8,64", "--LL=8388608,16,64"}, program);
  ASSERT_EQ(cachegrind.exit_code, 0) << cachegrind.stderr_text;
  Profile profile = read_or_fail(dir + "/ccsim.out");
  auto reference = cachegrind_by_function(dir + "/cachegrind.out");
  for (const char* function : c.functions) {
    SCOPED_TRACE(function);
    auto& cg = reference[function];
    ASSERT_GT(cg["Dr"] + cg["Dw"], 0u) << "Cachegrind saw no accesses in " << function;
    EXPECT_EQ(profile.in_function(function, "reads") + profile.in_function(function, "writes"), cg["Dr"] + cg["Dw"]);
    EXPECT_EQ(profile.in_function(function, "L1_read_misses") + profile.in_function(function, "L1_write_misses"),
              cg["D1mr"] + cg["D1mw"]);
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, CachegrindParity,
                         ::testing::Values(ParityCase{"sweep", {"sequential_sweep", "strided_sweep"}},
                                           ParityCase{"random_walk", {"walk"}},
                                           ParityCase{"transpose", {"transpose"}}),
                         [](const auto& info) { return std::string(info.param.program); });

// Two threads increment adjacent words of one line, 2,000,000 times each. Each increment writes its
// counter once (a modify, or a load and a store): 4,000,000 writes at that line. Neither thread ever
// touches the other's word, so every invalidation charged to that line is false sharing; Valgrind
// switches threads at least a few times during 4 M increments, so there are some.
TEST(FalseSharing, AdjacentCountersGiveOnlyFalseSharingAtTheIncrementLine) {
  std::string dir = scratch_directory("false_sharing");
  RunResult run = run_ccsim(dir, kNative, test_program("pthread_false_sharing"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  unsigned line = marked_line("pthread_false_sharing.c", "increment");
  ASSERT_NE(line, 0u);
  const std::string file = "pthread_false_sharing.c";
  EXPECT_EQ(p.at_line(file, line, "writes"), 4000000u);
  Invalidations received = invalidations_at(p, file, line, "received");
  Invalidations caused = invalidations_at(p, file, line, "caused");
  EXPECT_GT(received.false_sharing(), 0u);
  EXPECT_EQ(received.true_sharing(), 0u);
  // Every invalidation at this line is caused by the other thread's increment at the same line.
  EXPECT_EQ(caused.false_sharing(), received.false_sharing());
  EXPECT_EQ(caused.true_sharing(), 0u);
  EXPECT_EQ(p.at_line(file, line, "coherence_miss_true"), 0u);
}

// The same with each counter padded to its own 64-byte line: the threads share no line, so nothing is
// invalidated at the increment line, received or caused.
TEST(FalseSharing, PaddedCountersGiveNoInvalidations) {
  std::string dir = scratch_directory("padded");
  RunResult run = run_ccsim(dir, kNative, test_program("pthread_padded"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  unsigned line = marked_line("pthread_false_sharing.c", "increment");
  const std::string file = "pthread_false_sharing.c";
  EXPECT_EQ(p.at_line(file, line, "writes"), 4000000u);
  EXPECT_EQ(invalidations_at(p, file, line, "received").total(), 0u);
  EXPECT_EQ(invalidations_at(p, file, line, "caused").total(), 0u);
}

// Two threads update one counter (alone on its line) under a mutex, 200,000 times each: 400,000 writes at
// the increment line. Each increment reads and writes the same word, so whenever the other thread's
// increment removes this thread's copy, the bytes overlap: only true sharing.
TEST(MutexCounter, SharedCounterGivesTrueSharingAtTheIncrementLine) {
  std::string dir = scratch_directory("mutex_counter");
  RunResult run = run_ccsim(dir, kNative, test_program("pthread_mutex_counter"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  unsigned line = marked_line("pthread_mutex_counter.c", "increment");
  const std::string file = "pthread_mutex_counter.c";
  EXPECT_EQ(p.at_line(file, line, "writes"), 400000u);
  Invalidations received = invalidations_at(p, file, line, "received");
  EXPECT_GT(received.true_sharing(), 0u);
  EXPECT_EQ(received.false_sharing(), 0u);
}

// exit(42) from a second thread: Valgrind exits with 42 and the profile is complete.
TEST(Lifecycle, ExitCodeFromAnyThreadIsPreserved) {
  std::string dir = scratch_directory("exit_code");
  RunResult run = run_ccsim(dir, kNative, test_program("exit_code"));
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  EXPECT_EQ(p.header["threads"], "2");
}

// A client killed by SIGSEGV still leaves a complete profile (the summary matches the counts), and the
// 1024 stores of its initialisation loop are in it.
TEST(Lifecycle, SegfaultingClientLeavesACompleteProfile) {
  std::string dir = scratch_directory("segfault");
  RunResult run = run_ccsim(dir, kNative, test_program("segfault"));
  EXPECT_EQ(run.exit_code, 128 + 11) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  EXPECT_GE(p.in_function("main", "writes"), 1024u);
  EXPECT_TRUE(files_starting_with(dir, "ccsim.out.tmp").empty());
}

// --ccsim-out-file naming a special file (here a named pipe; /dev/null and /dev/stdout alike) gets the
// profile written into it: renaming a temporary file over it would replace the device or pipe with a
// regular file (as root, /dev/null itself). A reader thread drains the pipe while the tool writes.
TEST(Lifecycle, ProfileIsWrittenIntoASpecialFileInPlace) {
  std::string dir = scratch_directory("special_file");
  const std::string pipe_path = dir + "/profile.pipe";
  ASSERT_EQ(mkfifo(pipe_path.c_str(), 0600), 0);
  // Opened without blocking before the tool runs, then read until the run is over and the pipe is empty
  // (with no writer connected, a read returns 0 at once: the thread retries until the run has ended).
  const int reader = open(pipe_path.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  std::atomic<bool> run_over{false};
  std::string received;
  std::thread drain([&] {
    char buffer[4096];
    for (;;) {
      const ssize_t n = read(reader, buffer, sizeof buffer);
      if (n > 0) {
        received.append(buffer, static_cast<std::size_t>(n));
      } else if (run_over) {
        break;
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
  });
  RunResult run = run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=" + pipe_path}, test_program("exit_code"));
  run_over = true;
  drain.join();
  close(reader);
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  struct stat status;
  ASSERT_EQ(stat(pipe_path.c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode)) << "the named pipe was replaced";
  EXPECT_TRUE(files_starting_with(dir, "profile.pipe.tmp").empty());
  // What came through the pipe is the whole profile (read_profile checks its summary against its counts).
  std::ofstream(dir + "/received.out") << received;
  Profile p = read_or_fail(dir + "/received.out");
  EXPECT_EQ(p.header["threads"], "2");
}

// A forking client leaves one profile per process, each named by its own pid.
TEST(Lifecycle, ForkingClientLeavesTwoProfiles) {
  std::string dir = scratch_directory("fork");
  RunResult run = run_ccsim(dir, {"--sim-mode=native"}, test_program("forker"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::vector<std::string> profiles = files_starting_with(dir, "ccsim.out.");
  ASSERT_EQ(profiles.size(), 2u);
  for (const std::string& path : profiles) {
    SCOPED_TRACE(path);
    Profile p = read_or_fail(path);
    EXPECT_EQ(path.substr(path.rfind('.') + 1), p.header["pid"]);
    // Each process stores its 256 array elements after the fork.
    EXPECT_GE(p.in_function("main", "writes"), 256u);
  }
}

// A statically linked program has no dynamic linker to load ccsim's preload: the tool says so once,
// before it runs, naming the program and what is lost, and the run goes on. pthread_false_sharing.c
// linked with -static: its accesses are simulated as ever (the increment line's store, once per
// iteration of each of the 2 threads: 2 x 2,000,000 writes), but no synchronization is seen (one region,
// no lock) and no heap block (no heap object). The same program linked dynamically gets no such sentence.
TEST(Lifecycle, AStaticallyLinkedProgramIsSaidToLackThePreload) {
  const std::string dir = scratch_directory("static_program");
  const std::string program = test_program("static_false_sharing");
  RunResult run = run_ccsim(dir, {"--ccsim-out-file=" + dir + "/profile"}, program);
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const std::string sentence = "ccsim: " + program + " is statically linked, so ccsim's preload cannot be loaded into "
                               "it: its threads' synchronization, its heap blocks and its runtime's code are not seen, "
                               "and the profile will have no regions (one for the whole run), locks or heap blocks "
                               "(link it dynamically to have them).\n";
  const std::size_t said = run.stderr_text.find(sentence);
  EXPECT_NE(said, std::string::npos) << run.stderr_text;
  EXPECT_EQ(run.stderr_text.find(sentence, said + 1), std::string::npos) << "said twice";
  Profile p = read_or_fail(dir + "/profile");
  EXPECT_EQ(p.at_line("pthread_false_sharing.c", marked_line("pthread_false_sharing.c", "increment"), "writes"), 4000000u);
  std::ifstream in(dir + "/profile");
  std::string line;
  unsigned regions = 0;
  while (std::getline(in, line)) regions += line.rfind("region: ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(regions, 1u);
  EXPECT_TRUE(p.locks.empty());
  for (const auto& [id, object] : p.objects) EXPECT_NE(object.kind, "heap") << object.name;
  RunResult dynamic = run_ccsim(dir, {"--ccsim-out-file=" + dir + "/dynamic"}, test_program("pthread_false_sharing"));
  EXPECT_EQ(dynamic.stderr_text.find("is statically linked"), std::string::npos) << dynamic.stderr_text;
}

// --trace-stack=no skips accesses to the thread's own stack (calls push return addresses, so there are
// some) and says how many; the kernels' global-array accesses are all still simulated.
TEST(Options, TraceStackNoSkipsOwnStackAccesses) {
  std::string dir = scratch_directory("trace_stack");
  RunResult run = run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=ccsim.out", "--trace-stack=no"},
                            test_program("sweep"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p = read_or_fail(dir + "/ccsim.out");
  EXPECT_EQ(p.header["trace-stack"], "no");
  EXPECT_GT(p.skipped_count("stack"), 0u);
  // sequential_sweep: 3 rounds x 131072 x (1 load + 1 store) = 786432 line accesses.
  EXPECT_EQ(p.in_function("sequential_sweep", "reads") + p.in_function("sequential_sweep", "writes"), 786432u);
}

struct BadOption {
  const char* option;
  const char* message;  // a part of the one-sentence error
};

class RejectsBadOption : public ::testing::TestWithParam<BadOption> {};

// Every bad value stops Valgrind before the client runs, with a sentence naming the option.
TEST_P(RejectsBadOption, WithItsMessage) {
  std::string dir = scratch_directory("bad_option");
  RunResult run = run_ccsim(dir, {GetParam().option}, test_program("exit_code"));
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.exit_code, 42) << "the client ran";
  EXPECT_NE(run.stderr_text.find(GetParam().message), std::string::npos) << run.stderr_text;
}

INSTANTIATE_TEST_SUITE_P(
    Options, RejectsBadOption,
    ::testing::Values(BadOption{"--L1=32768,8", "--L1"}, BadOption{"--L1=none", "--L1"},
                      BadOption{"--L1=30000,8,64", "--L1"}, BadOption{"--L2=1048576,16,48", "--L2"},
                      BadOption{"--LLC=big", "--LLC"}, BadOption{"--sim-mode=fast", "native, interleaved or piped"},
                      BadOption{"--schedule=fifo", "round-robin or random"},
                      BadOption{"--quantum=0", "whole number from 1"}, BadOption{"--max-buffer=lots", "whole number"},
                      BadOption{"--max-buffer=8193", "whole number from 1 to 8192"},
                      BadOption{"--trace-stack=maybe", "'yes' or 'no'"},
                      BadOption{"--miss-classes=1", "'yes' or 'no'"},
                      BadOption{"--ccsim-out-file=", "must not be empty"},
                      // 2^64 + 1 and 2^64 + 5 used to wrap to 1 and 5; a leading space or a sign was accepted.
                      BadOption{"--max-buffer=18446744073709551617", "whole number from 1 to 8192"},
                      BadOption{"--quantum=18446744073709551621", "whole number from 1 to 1000000"},
                      BadOption{"--seed=18446744073709551616", "whole number from 0 to 9223372036854775807"},
                      BadOption{"--quantum= 5", "whole number from 1 to 1000000"},
                      BadOption{"--quantum=+5", "whole number from 1 to 1000000"},
                      BadOption{"--line-detail=-1", "whole number from 0 to 100000"}));

// Line sizes must agree across levels: checked after all options are read, and refused with exit status
// 1 before the client runs (this used to print the sentence, go on, and crash with a segfault).
TEST(Options, MismatchedLineSizesAreRejected) {
  std::string dir = scratch_directory("line_sizes");
  for (const std::vector<std::string>& levels :
       {std::vector<std::string>{"--L1=32768,8,64", "--L2=1048576,16,128"}, std::vector<std::string>{"--L1=32768,8,32"},
        std::vector<std::string>{"--LLC=8388608,16,128"}}) {
    SCOPED_TRACE(levels[0]);
    RunResult run = run_ccsim(dir, levels, test_program("exit_code"));
    EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
    EXPECT_NE(run.stderr_text.find("every level must use the same line size."), std::string::npos) << run.stderr_text;
  }
}

// --help lists every ccsim option with its default.
TEST(Options, HelpShowsEveryOptionWithItsDefault) {
  std::string dir = scratch_directory("help");
  RunResult run = run_ccsim(dir, {"--help"}, "");
  std::ifstream out(dir + "/stdout.txt");
  std::stringstream text;
  text << out.rdbuf();
  for (const char* option : {"--L1=", "--L2=", "--LLC=", "--miss-classes=", "--sim-mode=", "--quantum=", "--schedule=",
                             "--seed=", "--max-buffer=", "--trace-runtime=", "--trace-stack=", "--instr-atstart=",
                             "--ccsim-out-file="}) {
    SCOPED_TRACE(option);
    EXPECT_NE(text.str().find(option), std::string::npos);
  }
  EXPECT_NE(text.str().find("[32768,8,64]"), std::string::npos);
}

}  // namespace
}  // namespace ccsim_test
