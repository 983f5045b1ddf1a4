// object_cache_tests.cc: the replay orders' object caches (ccsim/tool/data_objects/object_access_counts.h)
// on the host: how many object lookups a stream of accesses costs, which object each access is counted
// against, that a change of the layout empties an entry wherever it has moved in its set, and that old
// entries are swept off the list of remembered ranges (cached_ranges.h), and that each access is counted
// in the cell of its object, reference and processor (object_cells.h). The layers below are replaced by a
// table of made-up objects (find_object() and data_object() are defined here) and the cells by a list
// (object_cell() is defined here), so every lookup of either is counted.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/data_objects/object_access_counts.h"
#include "ccsim/tool/data_objects/object_cells.h"
#include "ccsim/tool/data_objects/object_paths.h"

namespace ccsim {
namespace {

constexpr std::uint32_t kProcessors = 4;

// The made-up layout: object `object` over [low, high]; an address outside every extent is the unknown
// object, over itself alone.
struct TestExtent {
  Addr low;
  Addr high;
  ObjectId object;
};
std::vector<TestExtent> layout;
std::vector<DataObject> objects;
int lookups = 0;
std::vector<std::unique_ptr<ObjectCell>> cells;  // every cell made, in the order of their first use
int cell_lookups = 0;

}  // namespace

// The layers the cache looks up through, for this test: the made-up layout, each call counted.
ObjectExtent find_object(Addr address) {
  ++lookups;
  for (const TestExtent& extent : layout) {
    if (extent.low <= address && address <= extent.high) {
      return ObjectExtent{extent.object, extent.low, extent.low, extent.high, 0};
    }
  }
  return ObjectExtent{kUnknownObject, address, address, address, 0};
}
// No reference of this test is an allocator twin: every access is charged by its address.
ObjectExtent object_extent_for(RefId, Addr address) { return find_object(address); }
DataObject& data_object(ObjectId id) { return objects[id]; }
std::uint32_t object_count() { return objects.size(); }
// No heap site is followed for its paths (object_paths.h) in this test: the counting path's hook stays off.
bool paths_on = false;
bool follow_path_access(const ObjectExtent&, RefId, ProcId, Addr, std::uint32_t, AccessKind) { return false; }
// Nor are block histograms kept (object_blocks.h): an object's first access fixes no buckets here.
void fix_block_shape(ObjectId, Addr) {}
// The code x data cells (object_statistics.cc keeps them in the tool): a list, each call counted.
ObjectCell* object_cell(ObjectId object, RefId ref, ProcId proc) {
  ++cell_lookups;
  for (const auto& cell : cells) {
    if (cell->object == object && cell->ref == ref && cell->proc == proc) return cell.get();
  }
  cells.push_back(std::make_unique<ObjectCell>(ObjectCell{object, ref, proc, {}}));
  return cells.back().get();
}

namespace {

// Objects 1, 2, 3 are three 4 KiB blocks; object 4 is what the first block's bytes become after it is
// freed and allocated again. Lines are 64 bytes.
constexpr Addr kFirst = 0x10000;
constexpr Addr kSecond = 0x30000;
constexpr Addr kThird = 0x50000;

class ProcessorObjectCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    install_host_platform();
    forget_all_ranges();  // ranges of the previous test's tables
    layout = {{kFirst, kFirst + 0xfff, 1}, {kSecond, kSecond + 0xfff, 2}, {kThird, kThird + 0xfff, 3}};
    objects.assign(5, DataObject{});
    lookups = 0;
    cells.clear();
    cell_lookups = 0;
    init_object_access_counts(64, kProcessors);
  }

  // One 8-byte read replayed on `processor` by `ref`, as the replay sink counts it (threads/sync.cc).
  static void read(ProcId processor, RefId ref, Addr address) {
    ProcessorObjectCache& entry = processor_object_cache(processor, ref);
    ReferenceObjectCache* cache = &entry;
    if (!processor_object_cache_covers(entry, ref, address)) {
      cache = refill_processor_object_cache(processor, ref, address, 8, AccessKind::Read);
    }
    count_object_access_in_cache(cache, address, 8, AccessKind::Read);
  }

  // The reads counted against `object` on `processor` (by every reference), as object-counts: has them.
  static std::uint64_t reads(ObjectId object, ProcId processor) {
    std::uint64_t sum = 0;
    for (const auto& cell : cells) {
      if (cell->object == object && cell->proc == processor) sum += cell->counts[kReads];
    }
    return sum;
  }
  // The reads of one cell (object, ref, processor), as its object-ref: record has them.
  static std::uint64_t cell_reads(ObjectId object, RefId ref, ProcId processor) {
    for (const auto& cell : cells) {
      if (cell->object == object && cell->ref == ref && cell->proc == processor) return cell->counts[kReads];
    }
    return 0;
  }
};

// References 5 and 517 share a set (their ids are equal modulo the table's size). Alternating 1,000 times,
// each reading its own block: each looks its object up once, 2 lookups in all, and each block has its
// 1,000 reads. (A direct-mapped table looked up at every access: 2,000.)
TEST_F(ProcessorObjectCacheTest, TwoReferencesOfOneSetKeepAnEntryEach) {
  for (int i = 0; i < 1000; ++i) {
    read(0, 5, kFirst + 8 * (i % 512));
    read(0, 517, kSecond + 8 * (i % 512));
  }
  EXPECT_EQ(lookups, 2);
  EXPECT_EQ(reads(1, 0), 1000u);
  EXPECT_EQ(reads(2, 0), 1000u);
}

// A third reference of the set replaces the one filled longest ago: 5, 517, 1029 each look up (3); 517 is
// then still there (no lookup); 5 was replaced by 1029 and looks up again (4); 1029 and 5 are then the
// set's two, so 1029 and 5 again cost nothing, and 517, replaced by 5, looks up (5).
TEST_F(ProcessorObjectCacheTest, AThirdReferenceReplacesTheOldestFilled) {
  read(0, 5, kFirst);
  read(0, 517, kSecond);
  read(0, 1029, kThird);
  EXPECT_EQ(lookups, 3);
  read(0, 517, kSecond);
  EXPECT_EQ(lookups, 3);
  read(0, 5, kFirst);
  EXPECT_EQ(lookups, 4);
  read(0, 1029, kThird);
  read(0, 5, kFirst);
  EXPECT_EQ(lookups, 4);
  read(0, 517, kSecond);
  EXPECT_EQ(lookups, 5);
  EXPECT_EQ(reads(1, 0), 3u);
  EXPECT_EQ(reads(2, 0), 3u);
  EXPECT_EQ(reads(3, 0), 2u);
}

// Reference 5's entry moves to the second place of its set when 517 comes. The first block is then freed
// and its bytes become object 4: the moved entry is emptied with the others, so 5's next read looks up
// again (3 lookups) and is counted against object 4, not against the freed block's object 1.
TEST_F(ProcessorObjectCacheTest, AnEntryMovedInItsSetIsStillForgottenWhenItsObjectEnds) {
  read(0, 5, kFirst);
  read(0, 517, kSecond);
  EXPECT_EQ(lookups, 2);
  layout[0].object = 4;
  forget_ranges(kFirst, kFirst + 0xfff);
  read(0, 5, kFirst + 64);
  EXPECT_EQ(lookups, 3);
  EXPECT_EQ(reads(1, 0), 1u);
  EXPECT_EQ(reads(4, 0), 1u);
  // 517's entry, over the second block, was not touched by the change.
  read(0, 517, kSecond + 64);
  EXPECT_EQ(lookups, 3);
}

// One reference on two processors, each reading its own block in turn (one instruction of a parallel
// loop, round-robin): each processor's entry keeps its own block, 2 lookups for 200 reads.
TEST_F(ProcessorObjectCacheTest, EachProcessorKeepsItsOwnEntryForOneReference) {
  for (int i = 0; i < 100; ++i) {
    read(0, 9, kFirst + 8 * i);
    read(1, 9, kSecond + 8 * i);
  }
  EXPECT_EQ(lookups, 2);
  EXPECT_EQ(reads(1, 0), 100u);
  EXPECT_EQ(reads(2, 1), 100u);
  EXPECT_EQ(reads(1, 1), 0u);
}

// The list of remembered ranges holds only entries filled lately: 100 references each fill an entry,
// then 512 changes elsewhere (two sweep periods, cached_ranges.cc: at least one sweep) leave no range
// remembered, and the next read of an old entry looks its object up again (101 lookups) and still counts
// it against its own block.
TEST_F(ProcessorObjectCacheTest, OldEntriesAreSweptSoThatChangesWalkOnlyRecentOnes) {
  for (RefId ref = 0; ref < 100; ++ref) read(0, ref, kFirst + 8 * ref);
  EXPECT_EQ(lookups, 100);
  EXPECT_GE(filled_range_count(), 100u);
  for (int change = 0; change < 512; ++change) forget_ranges(0x900000 + 64 * change, 0x900000 + 64 * change + 31);
  EXPECT_EQ(filled_range_count(), 0u);
  read(0, 5, kFirst + 40);
  EXPECT_EQ(lookups, 101);
  EXPECT_EQ(reads(1, 0), 101u);
}

// Two references reading one block, 30 and 10 times, and the first one also another block 5 times: each
// (object, reference) pair has its own cell, whose reads add up to the object's (40 for the first block).
// One cell lookup per filling that changes object: 5 -> first, 6 -> first, 5 -> second, 5 -> first (4).
TEST_F(ProcessorObjectCacheTest, EachReferenceCountsInItsOwnCell) {
  for (int i = 0; i < 30; ++i) read(0, 5, kFirst + 8 * i);
  for (int i = 0; i < 10; ++i) read(0, 6, kFirst + 8 * i);
  for (int i = 0; i < 5; ++i) read(0, 5, kSecond + 8 * i);
  read(0, 5, kFirst);
  EXPECT_EQ(cell_reads(1, 5, 0), 31u);
  EXPECT_EQ(cell_reads(1, 6, 0), 10u);
  EXPECT_EQ(cell_reads(2, 5, 0), 5u);
  EXPECT_EQ(reads(1, 0), 41u);
  EXPECT_EQ(cells.size(), 3u);
  EXPECT_EQ(cell_lookups, 4);
}

// An entry refilled for another extent of the object it holds (a heap bin's next block, pointer chasing)
// keeps its cell: the two blocks are one object here, and reading them in turn 100 times costs 200
// object lookups but a single cell lookup.
TEST_F(ProcessorObjectCacheTest, ARefillWithinTheSameObjectKeepsItsCell) {
  layout[1].object = 1;
  for (int i = 0; i < 100; ++i) {
    read(0, 5, kFirst + 8 * i);
    read(0, 5, kSecond + 8 * i);
  }
  EXPECT_EQ(lookups, 200);
  EXPECT_EQ(cell_lookups, 1);
  EXPECT_EQ(cell_reads(1, 5, 0), 200u);
}

}  // namespace
}  // namespace ccsim
