// sim_tests.cc: ccsim-sim's own parts on the host: the trace's header read through libzstd (from traces
// made here, byte by byte as ccsim/trace/format.h lays them out), and the Valgrind command put back
// together from it. The whole round trip (the tool writing a trace, ccsim-sim simulating it) is
// tests/tool/trace_tests.cc's.
#include <zstd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ccsim/sim/sim_command.h"
#include "ccsim/sim/trace_header.h"
#include "ccsim/trace/format.h"

namespace {

namespace tf = ccsim::trace_format;

// A header as the tool lays it out: words, then fields of (kind, byte count, bytes padded to words).
class HeaderWords {
 public:
  HeaderWords() {
    words_.push_back(tf::kMagic);
    words_.push_back(tf::kVersion);
  }
  HeaderWords& field(std::uint32_t kind, const std::string& text) {
    words_.push_back(kind);
    words_.push_back(static_cast<std::uint32_t>(text.size()));
    std::vector<std::uint32_t> padded(tf::padded_words(static_cast<std::uint32_t>(text.size())), 0);
    if (!text.empty()) std::memcpy(padded.data(), text.data(), text.size());
    words_.insert(words_.end(), padded.begin(), padded.end());
    return *this;
  }
  HeaderWords& end() {
    words_.push_back(tf::kEnd);
    words_.push_back(0);
    return *this;
  }
  std::vector<std::uint32_t>& words() { return words_; }

 private:
  std::vector<std::uint32_t> words_;
};

// Writes `bytes`, compressed, into a file of the temporary directory; returns its path.
std::string compressed_file(const std::string& name, const void* data, std::size_t bytes) {
  const std::string path = std::filesystem::temp_directory_path() / ("ccsim_sim_tests_" + name);
  std::vector<char> out(ZSTD_compressBound(bytes));
  const std::size_t size = ZSTD_compress(out.data(), out.size(), data, bytes, 3);
  EXPECT_FALSE(ZSTD_isError(size));
  std::ofstream(path, std::ios::binary).write(out.data(), static_cast<std::streamsize>(size));
  return path;
}

HeaderWords recorded_run() {
  HeaderWords header;
  header.field(tf::kProgram, "./app")
      .field(tf::kArgument, "input.txt")
      .field(tf::kArgument, "with space")
      .field(tf::kValgrindArgument, "--tool=ccsim")
      .field(tf::kValgrindArgument, "--trace-out=app.trace")
      .field(tf::kValgrindArgument, "--ccsim-out-file=run.out")
      .field(tf::kValgrindArgument, "--log-file=run.log")
      .field(tf::kValgrindArgument, "--fair-sched=yes")
      .field(tf::kDirectory, "/home/user/app")
      .field(tf::kValgrindLib, "/home/user/ccsim/build/vg-lib")
      .field(tf::kPid, "4242")
      .field(tf::kProgramStamp, "12345 1700000000")
      .end();
  return header;
}

}  // namespace

TEST(TraceHeader, ReadsEveryFieldTheToolWrites) {
  HeaderWords header = recorded_run();
  header.words().push_back(3);  // the stream's first record follows the header
  const std::string path = compressed_file("every_field", header.words().data(), header.words().size() * 4);
  ccsim::TraceHeader read;
  std::string error;
  ASSERT_TRUE(ccsim::read_trace_header(path, &read, &error)) << error;
  EXPECT_EQ(read.program, "./app");
  EXPECT_EQ(read.arguments, (std::vector<std::string>{"input.txt", "with space"}));
  EXPECT_EQ(read.valgrind_arguments.size(), 5u);
  EXPECT_EQ(read.directory, "/home/user/app");
  EXPECT_EQ(read.valgrind_lib, "/home/user/ccsim/build/vg-lib");
  EXPECT_EQ(read.launcher, "");
  EXPECT_EQ(read.pid, "4242");
}

TEST(TraceHeader, MistakesAreOneSentence) {
  ccsim::TraceHeader read;
  std::string error;
  EXPECT_FALSE(ccsim::read_trace_header("/nonexistent/trace", &read, &error));
  EXPECT_EQ(error, "the trace '/nonexistent/trace' cannot be opened: No such file or directory.");

  const std::string text = std::filesystem::temp_directory_path() / "ccsim_sim_tests_text";
  std::ofstream(text) << "ccsim-profile-version: 2\n";
  EXPECT_FALSE(ccsim::read_trace_header(text, &read, &error));
  EXPECT_EQ(error.rfind("'" + text + "' is not a ccsim trace (zstd: ", 0), 0u) << error;

  std::uint32_t other[2] = {0x12345678u, 1};
  const std::string not_ours = compressed_file("not_ours", other, sizeof other);
  EXPECT_FALSE(ccsim::read_trace_header(not_ours, &read, &error));
  EXPECT_EQ(error, "'" + not_ours + "' is not a ccsim trace.");

  std::uint32_t newer[2] = {tf::kMagic, tf::kVersion + 1};
  const std::string future = compressed_file("newer", newer, sizeof newer);
  EXPECT_FALSE(ccsim::read_trace_header(future, &read, &error));
  EXPECT_EQ(error, "the trace '" + future + "' has format version " + std::to_string(tf::kVersion + 1) +
                       "; this ccsim-sim reads version " + std::to_string(tf::kVersion) + ".");

  HeaderWords header = recorded_run();
  const std::string cut = compressed_file("cut", header.words().data(), 5 * 4);  // inside the program's name
  EXPECT_FALSE(ccsim::read_trace_header(cut, &read, &error));
  EXPECT_EQ(error, "the trace '" + cut + "' is damaged: it ends inside its header.");
}

// The recorded command, from the recorded directory, with the recorded run's own profile, trace and log
// dropped, the user's options after the recorded ones (the last wins), the profile's name and the trace
// made absolute against the user's directory, --trace-in before the program.
TEST(SimCommand, IsTheRecordedCommandWithTheUsersOptionsAfterIt) {
  HeaderWords words = recorded_run();
  const std::string path = compressed_file("command", words.words().data(), words.words().size() * 4);
  ccsim::TraceHeader header;
  std::string error;
  ASSERT_TRUE(ccsim::read_trace_header(path, &header, &error)) << error;
  const ccsim::SimCommand command =
      ccsim::sim_command(header, {"--L1=4096,1,64", "--ccsim-out-file=dm.out"}, "", "app.trace", "/home/user/try");
  EXPECT_EQ(command.argv, (std::vector<std::string>{"valgrind", "--tool=ccsim", "--fair-sched=yes", "--L1=4096,1,64",
                                                    "--ccsim-out-file=/home/user/try/dm.out",
                                                    "--trace-in=/home/user/try/app.trace", "./app", "input.txt",
                                                    "with space"}));
  EXPECT_EQ(command.directory, "/home/user/app");
  EXPECT_EQ(command.valgrind_lib, "/home/user/ccsim/build/vg-lib");

  // No profile name given: ccsim's default, in the user's directory; another valgrind when named.
  const ccsim::SimCommand plain = ccsim::sim_command(header, {}, "/opt/vg/bin/valgrind", "/traces/a", "/tmp");
  EXPECT_EQ(plain.argv, (std::vector<std::string>{"/opt/vg/bin/valgrind", "--tool=ccsim", "--fair-sched=yes",
                                                  "--ccsim-out-file=/tmp/ccsim.out.%p", "--trace-in=/traces/a", "./app",
                                                  "input.txt", "with space"}));
}
