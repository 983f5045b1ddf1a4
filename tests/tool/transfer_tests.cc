// transfer_tests.cc: where misses are served, end to end: producer_consumer.c's derivation (in its header
// comment) against the profile the tool writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// The reference ids of the records at one source line of a file.
std::vector<unsigned> refs_at(const Profile& profile, const std::string& file_suffix, unsigned line) {
  std::vector<unsigned> refs;
  for (const auto& [id, ref] : profile.refs) {
    if (ref.line == line && ref.file.size() >= file_suffix.size() &&
        ref.file.compare(ref.file.size() - file_suffix.size(), file_suffix.size(), file_suffix) == 0) {
      refs.push_back(id);
    }
  }
  return refs;
}

TEST(Transfers, AConsumerAfterABarrierTakesEveryLineFromTheProducersModifiedCopy) {
  std::string dir = scratch_directory("producer_consumer");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"},
                            test_program("producer_consumer"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
  const std::string file = "producer_consumer.c";
  const unsigned read = marked_line(file, "read");
  const unsigned write = marked_line(file, "write");
  EXPECT_EQ(p.at_line(file, read, "L1_read_misses"), 16u);
  EXPECT_EQ(p.at_line(file, read, "L1_miss_compulsory"), 0u);
  EXPECT_EQ(p.at_line(file, read, "L1_miss_transfer"), 16u);
  EXPECT_EQ(p.at_line(file, read, "served_by_transfer_from_modified"), 16u);
  EXPECT_EQ(p.at_line(file, read, "downgrades_caused"), 16u);
  EXPECT_EQ(p.at_line(file, write, "L1_miss_compulsory"), 16u);
  EXPECT_EQ(p.at_line(file, write, "served_by_memory"), 16u);
  EXPECT_EQ(p.at_line(file, write, "downgrades_received"), 16u);

  const std::vector<unsigned> readers = refs_at(p, file, read);
  const std::vector<unsigned> writers = refs_at(p, file, write);
  std::vector<TransferRow> edges;
  for (const TransferRow& edge : p.transfers) {
    const bool to_reader = std::find(readers.begin(), readers.end(), edge.reader_ref) != readers.end();
    if (to_reader) edges.push_back(edge);
  }
  ASSERT_EQ(edges.size(), 1u);
  EXPECT_NE(std::find(writers.begin(), writers.end(), edges[0].source_ref), writers.end());
  EXPECT_EQ(edges[0].source_thread, 1u);
  EXPECT_EQ(edges[0].reader_thread, 2u);
  EXPECT_EQ(edges[0].from_modified, 16u);
  EXPECT_EQ(edges[0].from_exclusive + edges[0].from_shared, 0u);

  const std::vector<unsigned> buffer = p.objects_named("buffer");
  ASSERT_EQ(buffer.size(), 1u);
  std::uint64_t moved = 0;
  for (const ObjectTransferRow& row : p.object_transfers) {
    if (row.object != buffer[0]) continue;
    EXPECT_EQ(row.from_thread, 1u);
    EXPECT_EQ(row.to_thread, 2u);
    moved += row.from_modified + row.from_exclusive + row.from_shared;
  }
  EXPECT_EQ(moved, 16u);
  EXPECT_EQ(p.object_total(buffer[0], "served_by_transfer_from_modified"), 16u);

  // The summary on standard error has a transfers column (docs/output-format.md): main reads nothing the
  // consumer wrote (the consumer writes only its own stack), so main's row says 0; the consumer's row holds
  // every transfer of the run, the 16 reads of `buffer` among them, and the total row the same.
  const std::uint64_t transfers = p.total("served_by_transfer_from_modified") +
                                  p.total("served_by_transfer_from_exclusive") +
                                  p.total("served_by_transfer_from_shared");
  EXPECT_GE(transfers, 16u);
  // "<label> reads writes L1-misses L1-miss% transfers ...": the fifth number after the label.
  auto transfers_in_row = [&](const std::string& label) -> std::string {
    std::smatch match;
    const std::regex row("== " + label + " +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9.]+% +([0-9,]+) ");
    return std::regex_search(run.stderr_text, match, row) ? match[1].str() : "(no row " + label + ")";
  };
  EXPECT_EQ(transfers_in_row("1"), "0") << run.stderr_text;
  EXPECT_EQ(transfers_in_row("2"), std::to_string(transfers)) << run.stderr_text;
  EXPECT_EQ(transfers_in_row("total"), std::to_string(transfers)) << run.stderr_text;
  EXPECT_NE(run.stderr_text.find("L1 miss%    transfers"), std::string::npos) << run.stderr_text;
}

}  // namespace
}  // namespace ccsim_test
