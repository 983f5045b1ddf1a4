// run_valgrind.h: runs programs under the ccsim built in this tree (and under stock Cachegrind) for the
// end-to-end tests, capturing exit status and stderr.
#ifndef CCSIM_TESTS_TOOL_RUN_VALGRIND_H
#define CCSIM_TESTS_TOOL_RUN_VALGRIND_H

#include <sched.h>

#include <string>
#include <vector>

namespace ccsim_test {

struct RunResult {
  int exit_code = -1;    // the process's exit status, or 128 + signal when killed by a signal
  std::string stderr_text;
};

// A fresh empty directory under the build tree for one test's output files.
std::string scratch_directory(const std::string& test_name);
// A program built by the test suite (tests/programs/<name>).
std::string test_program(const std::string& name);
// The source file of a test program, and the line marked `ccsim-test: <tag>` in it.
std::string test_source(const std::string& file);
unsigned marked_line(const std::string& file, const std::string& tag);

// valgrind --tool=ccsim <options> <program> <args>, run in `directory`; with `fixed_environment`, the
// program's environment is only PATH=/usr/bin:/bin (as for run_cachegrind), so that its stack, which lies
// below the environment, starts at the same place whatever the environment of the test run.
RunResult run_ccsim(const std::string& directory, const std::vector<std::string>& options, const std::string& program,
                    const std::vector<std::string>& args = {}, bool fixed_environment = false);
// ccsim-sim <arguments> (a trace simulated again: docs/traces.md), run in `directory`.
RunResult run_ccsim_sim(const std::string& directory, const std::vector<std::string>& arguments);
// valgrind --tool=cachegrind --cache-sim=yes <options> <program>, run in `directory`, in the fixed
// environment (the parity tests compare it with run_ccsim's in that environment).
RunResult run_cachegrind(const std::string& directory, const std::vector<std::string>& options,
                         const std::string& program);
// While it lives, the calling thread, and every process it starts (Valgrind inherits the affinity), may run
// on one CPU only, the first it could run on before: as under `taskset -c <cpu>`. The affinity is given
// back at its end.
class OneCpuOnly {
 public:
  OneCpuOnly();
  ~OneCpuOnly();
  OneCpuOnly(const OneCpuOnly&) = delete;
  OneCpuOnly& operator=(const OneCpuOnly&) = delete;
  // How many CPUs the thread could run on before.
  int usable_before() const { return CPU_COUNT(&all_); }

 private:
  cpu_set_t all_;
};

// A tmpfs of 16 KiB mounted on `path` for one test, when the test may mount (root): a file system that
// really fills up. Unmounted when the test ends.
class SmallFileSystem {
 public:
  explicit SmallFileSystem(const std::string& path);
  ~SmallFileSystem();
  SmallFileSystem(const SmallFileSystem&) = delete;
  SmallFileSystem& operator=(const SmallFileSystem&) = delete;
  bool mounted() const { return mounted_; }

 private:
  std::string path_;
  bool mounted_ = false;
};

// The whole text of a file ("" when it cannot be read).
std::string file_contents(const std::string& path);

// What the built ccsim-annotate prints, its errors included, given `arguments` (a profile and options,
// as a shell would split them): e.g. the default view of a profile.
std::string annotator_output(const std::string& arguments);

// Files in `directory` whose names start with `prefix`.
std::vector<std::string> files_starting_with(const std::string& directory, const std::string& prefix);

}  // namespace ccsim_test

#endif
