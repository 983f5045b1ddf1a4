// run_valgrind.cc: see run_valgrind.h. Paths come from the build (CCSIM_BUILD_DIR, CCSIM_SOURCE_DIR).
#include "tests/tool/run_valgrind.h"

#include <gtest/gtest.h>

#include <sys/mount.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ccsim_test {
namespace {

std::string quote(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The environment of a run whose addresses must not depend on the test's own environment.
constexpr const char* kFixedEnvironment = "env -i PATH=/usr/bin:/bin ";

RunResult run(const std::string& directory, const std::string& command) {
  std::string err = directory + "/stderr.txt";
  std::string full = "cd " + quote(directory) + " && " + command + " >stdout.txt 2>" + quote(err);
  int status = std::system(full.c_str());
  RunResult result;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.exit_code = 128 + WTERMSIG(status);
  std::ifstream in(err);
  std::stringstream text;
  text << in.rdbuf();
  result.stderr_text = text.str();
  return result;
}

}  // namespace

std::string scratch_directory(const std::string& test_name) {
  std::filesystem::path dir = std::filesystem::path(CCSIM_BUILD_DIR) / "tests" / "tool" / "scratch" / test_name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string test_program(const std::string& name) { return std::string(CCSIM_BUILD_DIR) + "/tests/programs/" + name; }

std::string test_source(const std::string& file) { return std::string(CCSIM_SOURCE_DIR) + "/tests/programs/" + file; }

unsigned marked_line(const std::string& file, const std::string& tag) {
  std::ifstream in(test_source(file));
  std::string text;
  for (unsigned number = 1; std::getline(in, text); ++number) {
    if (text.find("ccsim-test: " + tag) != std::string::npos) return number;
  }
  return 0;
}

RunResult run_ccsim(const std::string& directory, const std::vector<std::string>& options, const std::string& program,
                    const std::vector<std::string>& args, bool fixed_environment) {
  std::string command = (fixed_environment ? std::string(kFixedEnvironment) : std::string()) +
                        quote(std::string(CCSIM_BUILD_DIR) + "/vg-in-place") + " --tool=ccsim";
  for (const std::string& o : options) command += " " + quote(o);
  command += " " + quote(program);
  for (const std::string& a : args) command += " " + quote(a);
  return run(directory, command);
}

RunResult run_ccsim_sim(const std::string& directory, const std::vector<std::string>& arguments) {
  std::string command = quote(std::string(CCSIM_BUILD_DIR) + "/ccsim/sim/ccsim-sim");
  for (const std::string& a : arguments) command += " " + quote(a);
  return run(directory, command);
}

RunResult run_cachegrind(const std::string& directory, const std::vector<std::string>& options,
                         const std::string& program) {
  std::string command =
      std::string(kFixedEnvironment) + "valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cachegrind.out";
  for (const std::string& o : options) command += " " + quote(o);
  return run(directory, command + " " + quote(program));
}

std::string file_contents(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string annotator_output(const std::string& arguments) {
  const std::string command = std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + arguments + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  pclose(pipe);
  return output;
}

std::vector<std::string> files_starting_with(const std::string& directory, const std::string& prefix) {
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) found.push_back(entry.path().string());
  }
  return found;
}

SmallFileSystem::SmallFileSystem(const std::string& path) : path_(path) {
  mounted_ = mount("tmpfs", path.c_str(), "tmpfs", 0, "size=16k") == 0;
}

SmallFileSystem::~SmallFileSystem() {
  if (mounted_) umount(path_.c_str());
}

OneCpuOnly::OneCpuOnly() {
  EXPECT_EQ(sched_getaffinity(0, sizeof all_, &all_), 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &all_)) {
      CPU_SET(cpu, &one);
      break;
    }
  }
  EXPECT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
}

OneCpuOnly::~OneCpuOnly() { EXPECT_EQ(sched_setaffinity(0, sizeof all_, &all_), 0); }

}  // namespace ccsim_test
