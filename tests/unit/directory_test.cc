// directory_test.cc: the directory's records (coherence.h): the holders of a line kept in its record for
// processors 0-63 and apart for the rest, and the index from lines to records as records come and go.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ccsim/core/coherence.h"

namespace ccsim::test {
namespace {

constexpr Addr kLine = 0x4000;

class DirectoryTest : public ::testing::Test {
 protected:
  void SetUp() override { directory_.init(4096, 64); }

  Directory directory_;
};

// Holders on both sides of 64 and the last processor, 4095, all belong to the one record of the line:
// each is a holder, the others are not, and the count is 4.
TEST_F(DirectoryTest, HoldersOnBothSidesOfSixtyFourShareTheLinesRecord) {
  const std::uint32_t entry = directory_.find_or_add(kLine);
  const std::vector<ProcId> holders = {0, 63, 64, 4095};
  for (ProcId proc : holders) directory_.add_holder(entry, proc);
  for (ProcId proc : holders) {
    SCOPED_TRACE("holder " + std::to_string(proc));
    EXPECT_TRUE(directory_.is_holder(entry, proc));
  }
  for (ProcId proc : {1u, 62u, 65u, 4094u}) {
    SCOPED_TRACE("not a holder " + std::to_string(proc));
    EXPECT_FALSE(directory_.is_holder(entry, proc));
  }
  EXPECT_EQ(directory_.holder_count(entry), 4u);
  EXPECT_TRUE(directory_.has_holders(entry));
}

// A record stays while any processor holds the line, whichever word its bit is in, and goes with the
// last holder: removing 4095 and 0 leaves 64; removing 64 too lets the record be dropped.
TEST_F(DirectoryTest, RecordIsDroppedWithItsLastHolderOnlyInAnyWord) {
  const std::uint32_t entry = directory_.find_or_add(kLine);
  for (ProcId proc : {0u, 64u, 4095u}) directory_.add_holder(entry, proc);
  directory_.remove_holder(entry, 4095);
  directory_.remove_holder(entry, 0);
  directory_.release_if_unused(entry);
  EXPECT_EQ(directory_.find(kLine), entry);
  EXPECT_TRUE(directory_.has_holders(entry));
  directory_.remove_holder(entry, 64);
  EXPECT_FALSE(directory_.has_holders(entry));
  directory_.release_if_unused(entry);
  EXPECT_EQ(directory_.find(kLine), Directory::kAbsent);
}

// Removing the owner (the E or M holder) leaves the line with no owner and clean.
TEST_F(DirectoryTest, RemovingTheOwnerClearsOwnerAndDirty) {
  const std::uint32_t entry = directory_.find_or_add(kLine);
  directory_.add_holder(entry, 100);
  directory_.record(entry).owner = 100;
  directory_.record(entry).dirty = true;
  directory_.remove_holder(entry, 100);
  EXPECT_EQ(directory_.record(entry).owner, kNoProcessor);
  EXPECT_FALSE(directory_.record(entry).dirty);
}

// Dropping records reaches the index through the place kept in each record: over 48 lines (three index
// chunks of 16), one holder each, dropping lines 8-39 (the whole middle chunk and halves of the others)
// leaves exactly lines 0-7 and 40-47 found, each with its own record; the dropped lines can be added again.
TEST_F(DirectoryTest, DroppedRecordsLeaveTheIndexAgreeingWithTheRest) {
  std::vector<std::uint32_t> entries;
  for (Addr line = 0; line < 48; ++line) {
    entries.push_back(directory_.find_or_add(line));
    directory_.add_holder(entries.back(), 1);
  }
  for (Addr line = 8; line < 40; ++line) {
    directory_.remove_holder(entries[line], 1);
    directory_.release_if_unused(entries[line]);
  }
  for (Addr line = 0; line < 48; ++line) {
    SCOPED_TRACE("line " + std::to_string(line));
    const bool kept = line < 8 || line >= 40;
    EXPECT_EQ(directory_.find(line), kept ? entries[line] : Directory::kAbsent);
  }
  const std::uint32_t again = directory_.find_or_add(20);
  EXPECT_EQ(directory_.find(20), again);
  EXPECT_EQ(directory_.record(again).line, 20u);
  EXPECT_FALSE(directory_.has_holders(again));
}

}  // namespace
}  // namespace ccsim::test
