// test_support.cc: the helpers of test_support.h.
#include "tests/annotate/test_support.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/parser.h"
#include "ccsim/annotate/run.h"

namespace ccsim::annotate::testing {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace {

std::string shell_quoted(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::vector<std::string> cells_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> cells;
  for (std::string cell; in >> cell;) cells.push_back(cell);
  return cells;
}

}  // namespace

std::string profile_path(const std::string& name) {
  return std::string(CCSIM_TEST_SRCDIR) + "/tests/annotate/profiles/" + name;
}

std::string annotate(const std::vector<std::string>& arguments) {
  std::vector<const char*> argv = {"ccsim-annotate"};
  for (const std::string& argument : arguments) argv.push_back(argument.c_str());
  CommandLine command_line = parse_command_line(static_cast<int>(argv.size()), argv.data());
  std::ostringstream out;
  run(command_line.options, out);
  return out.str();
}

ProgramResult run_command(const std::string& command_line) {
  std::string error_file = temporary_path("stderr.txt");
  ProgramResult result;
  FILE* pipe = popen((command_line + " 2>" + shell_quoted(error_file)).c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    result.standard_output.append(buffer, n);
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.standard_error = read_file(error_file);
  return result;
}

ProgramResult run_annotate_program(const std::vector<std::string>& arguments) {
  std::string command_line = shell_quoted(CCSIM_ANNOTATE_PROGRAM);
  for (const std::string& argument : arguments) command_line += " " + shell_quoted(argument);
  return run_command(command_line);
}

std::string temporary_path(const std::string& name) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string prefix =
      test == nullptr ? "annotate" : std::string(test->test_suite_name()) + "." + test->name();
  return ::testing::TempDir() + "ccsim-annotate-" + prefix + "-" + name;
}

std::string html_report(const std::string& dir_name, std::vector<std::string> arguments) {
  const std::string dir = temporary_path(dir_name);
  std::filesystem::remove_all(dir);
  arguments.insert(arguments.begin(), "--html=" + dir);
  annotate(arguments);
  return read_file(dir + "/index.html");
}

std::string div_from(const std::string& page, const std::string& opening, std::size_t from) {
  const std::size_t start = page.find(opening, from);
  if (start == std::string::npos) return "";
  return page.substr(start, page.find("</div>", start) - start);
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

std::string write_temporary_file(const std::string& name, const std::string& text) {
  std::string path = temporary_path(name);
  std::ofstream(path) << text;
  return path;
}

std::string section(const std::string& output, const std::string& title) {
  std::size_t start = output.find("\n-- " + title);
  if (start == std::string::npos) return "";
  std::size_t body = output.find('\n', output.find('\n', start + 1) + 1);  // after the title and its rule
  std::size_t end = output.find("\n-----", body + 1);
  return output.substr(body + 1, end == std::string::npos ? std::string::npos : end - body);
}

std::vector<std::string> row_starting_with(const std::string& text, const std::string& first_cell) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells = cells_of(line);
    if (!cells.empty() && cells.front() == first_cell) return cells;
  }
  return {};
}

std::vector<std::string> counts_before(const std::string& text, const std::string& label) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.size() >= label.size() && line.compare(line.size() - label.size(), label.size(), label) == 0) {
      return cells_of(line.substr(0, line.size() - label.size()));
    }
  }
  return {};
}

Profile parse_text(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  return parse_profile(in, name);
}

std::string rejection_of(const std::string& text, const std::string& name) {
  try {
    parse_text(text, name);
  } catch (const ProfileError& error) {
    return error.what();
  }
  return "accepted";
}

std::string small_profile(int threads, const std::string& program, std::uint64_t spin,
                          const std::string& extra_header, const std::string& after_names) {
  return "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./" + program +
         "\nsim-mode: interleaved\nthreads: " + std::to_string(threads) +
         "\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
         "trace-stack: yes\nevents: reads writes\nskipped: spin " + std::to_string(spin) + "\n" + extra_header +
         "file: 1 " + program + ".c\n" + after_names + "fn: 1 main\nobj: 1 /tmp/" + program +
         "\nref: 1 0x401000 1 1 1 3\ncounts: 1 1 5 2\nsummary: 5 2\n";
}

std::string shared_lines_profile() {
  // Events: reads writes L1_read_misses L1_write_misses coherence_miss_true coherence_miss_false, then the
  // received invalidations: true in region, its critical part, false in region, true across, false across.
  return "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./app\nsim-mode: interleaved\n"
         "threads: 3\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
         "trace-stack: yes\n"
         "events: reads writes L1_read_misses L1_write_misses coherence_miss_true coherence_miss_false "
         "invalidations_received_true_in_region invalidations_received_true_in_region_critical "
         "invalidations_received_false_in_region invalidations_received_true_across_regions "
         "invalidations_received_false_across_regions\n"
         "file: 1 /src/app.c\nfn: 1 worker\nfn: 2 main\nobj: 1 /src/app\n"
         "ref: 1 0x401000 1 1 1 10\nref: 2 0x401010 1 1 1 20\nref: 3 0x401020 1 1 2 30\nref: 4 0x401030 1 1 2 40\n"
         "counts: 1 2 100 0 60 0 0 40 0 0 50 0 0\n"
         "counts: 2 3 0 100 0 40 30 0 30 0 0 0 0\n"
         "counts: 3 1 200 0 20 0 0 0 0 0 0 0 20\n"
         "counts: 4 1 100 0\n"
         "object: 1 global 0x404040 8 0 flags\nobject: 2 global 0x404080 8 0 sum\n"
         "object: 3 global 0x4040c0 800 0 table\n"
         "object-counts: 1 1 200 0 20 0 0 0 0 0 0 0 20\nobject-counts: 1 2 100 0 60 0 0 40 0 0 50 0 0\n"
         "object-counts: 2 3 0 100 0 40 30 0 30 0 0 0 0\nobject-counts: 3 1 100 0\n"
         "object-ref: 1 1 2 0 0 60 0 0 40 0 0 50 0 0\nobject-ref: 1 3 1 0 0 20 0 0 0 0 0 0 0 20\n"
         "object-ref: 2 2 3 0 0 0 40 30 0 30 0 0 0 0\n"
         "summary: 400 100 80 40 30 40 30 0 50 0 20\n";
}

}  // namespace ccsim::annotate::testing
