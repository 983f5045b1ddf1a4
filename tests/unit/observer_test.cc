// observer_test.cc: the observer's notices (observer.h): one per counted slow-path event, charged to the
// same processor and reference as the count, with the addresses, byte ranges and masks the event had.
#include "ccsim/core/observer.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/edge_tables.h"
#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// An invalidation notice with its masks copied (the notice's pointers die with the callback).
struct RecordedInvalidation {
  InvalidationNotice notice;
  std::uint64_t victim_touched;  // word 0 of the mask: the tests below use lines of at most 64 bytes
  std::uint64_t victim_written;
};

// Keeps every notice it is given.
class RecordingObserver {
 public:
  explicit RecordingObserver(Simulator* sim) {
    const Observer observer{this,      on_miss,      on_coherence_miss, on_invalidation, on_eviction,
                            on_served, on_downgrade, nullptr};
    set_observer(sim, &observer);
  }

  std::vector<MissNotice> misses;
  std::vector<CoherenceMissNotice> coherence_misses;
  std::vector<RecordedInvalidation> invalidations;
  std::vector<EvictionNotice> evictions;
  std::vector<ServedNotice> served;
  std::vector<DowngradeNotice> downgrades;

 private:
  static void on_miss(void* self, const MissNotice& notice) {
    static_cast<RecordingObserver*>(self)->misses.push_back(notice);
  }
  static void on_coherence_miss(void* self, const CoherenceMissNotice& notice) {
    static_cast<RecordingObserver*>(self)->coherence_misses.push_back(notice);
  }
  static void on_invalidation(void* self, const InvalidationNotice& notice) {
    static_cast<RecordingObserver*>(self)->invalidations.push_back(
        RecordedInvalidation{notice, notice.victim_touched[0], notice.victim_written[0]});
  }
  static void on_eviction(void* self, const EvictionNotice& notice) {
    static_cast<RecordingObserver*>(self)->evictions.push_back(notice);
  }
  static void on_served(void* self, const ServedNotice& notice) {
    static_cast<RecordingObserver*>(self)->served.push_back(notice);
  }
  static void on_downgrade(void* self, const DowngradeNotice& notice) {
    static_cast<RecordingObserver*>(self)->downgrades.push_back(notice);
  }
};

// The counts of one (processor, reference) pair, by event.
using CountsByPair = std::map<std::pair<ProcId, RefId>, std::vector<std::uint64_t>>;

// Adds `amount` to one event of one pair.
void add(CountsByPair& counts, ProcId proc, RefId ref, std::uint32_t event, std::uint64_t amount = 1) {
  std::vector<std::uint64_t>& pair = counts[{proc, ref}];
  if (pair.empty()) pair.assign(kNumEvents, 0);
  pair[event] += amount;
}

// How an invalidation is counted (never as the critical subset, which is counted besides).
SharingKind sharing_kind(bool true_sharing, bool in_region) {
  if (in_region) return true_sharing ? kTrueInRegion : kFalseInRegion;
  return true_sharing ? kTrueAcrossRegions : kFalseAcrossRegions;
}

// A random 4-processor trace on a machine with every level and miss classes, with an observer that
// counts every notice again under the event the core counts it as.
class ObserverTotalsTest : public ::testing::Test {
 protected:
  // 4 processors with tiny L1 (4 lines) and L2 (16 lines) and a 32-line LLC, miss classes on; 40,000
  // accesses (fixed seed) to 48 lines, 7 refs, 8 regions, a fifth of them under a lock.
  ObserverTotalsTest()
      : machine(make_machine("256,2,64", "1024,4,64", "2048,4,64", 4, true)), observer(machine.simulator()) {
    std::mt19937_64 random(11);
    std::uniform_int_distribution<int> proc(0, 3);
    std::uniform_int_distribution<Addr> addr(0, 48 * 64 - 8);
    std::uniform_int_distribution<int> percent(0, 99);
    for (int i = 0; i < 40000; ++i) {
      Access access = make_access(static_cast<ProcId>(proc(random)),
                                  percent(random) < 40 ? AccessKind::Write : AccessKind::Read, addr(random));
      access.by_ref(static_cast<RefId>(percent(random) % 7)).in_region(static_cast<RegionId>(i / 5000));
      if (percent(random) < 20) access.holding_lock();
      machine.run(access);
    }
    for_each_reference(
        machine.simulator(),
        [](void* context, ProcId proc, RefId ref, const std::uint64_t* counts) {
          static_cast<CountsByPair*>(context)->emplace(std::make_pair(proc, ref),
                                                       std::vector<std::uint64_t>(counts, counts + kNumEvents));
        },
        &core_counts);
  }

  // Expects the recount to equal the core's counts for `events`, pair by pair, and to be non-zero.
  void expect_recount(const CountsByPair& recount, const std::vector<std::uint32_t>& events) const {
    std::uint64_t total = 0;
    for (const auto& [pair, counts] : core_counts) {
      for (std::uint32_t event : events) {
        SCOPED_TRACE(std::string(event_name(event)) + " of processor " + std::to_string(pair.first) + ", ref " +
                     std::to_string(pair.second));
        const auto recounted = recount.find(pair);
        EXPECT_EQ(recounted == recount.end() ? 0 : recounted->second[event], counts[event]);
        total += counts[event];
      }
    }
    for (const auto& [pair, counts] : recount) {
      SCOPED_TRACE("processor " + std::to_string(pair.first) + ", ref " + std::to_string(pair.second));
      EXPECT_EQ(core_counts.count(pair), 1u) << "notices for a pair the core never counted";
    }
    EXPECT_GT(total, 0u);
  }

  Machine machine;
  RecordingObserver observer;
  CountsByPair core_counts;
};

// Every miss notice recounts one read or write miss of its level, its cause, and with miss classes its
// capacity/conflict split, on the accessing pair.
TEST_F(ObserverTotalsTest, MissNoticesRecountEveryMissCounter) {
  CountsByPair recount;
  for (const MissNotice& miss : observer.misses) {
    add(recount, miss.proc, miss.ref, level_event(miss.level, miss.write ? kWriteMisses : kReadMisses));
    add(recount, miss.proc, miss.ref, level_event(miss.level, miss.cause));
    if (miss.cause == kMissReplacement) {
      add(recount, miss.proc, miss.ref, level_event(miss.level, miss.capacity ? kMissCapacity : kMissConflict));
    }
  }
  std::vector<std::uint32_t> events;
  for (Level level : {Level::L1, Level::L2, Level::LLC}) {
    for (LevelEvent event :
         {kReadMisses, kWriteMisses, kMissCompulsory, kMissCoherence, kMissReplacement, kMissCapacity, kMissConflict,
          kMissTransfer}) {
      events.push_back(level_event(level, event));
    }
  }
  expect_recount(recount, events);
}

// Every served notice recounts where one L1 miss was served, on the missing pair; a transfer names the
// supplier, and only a transfer does.
TEST_F(ObserverTotalsTest, ServedNoticesRecountWhereEachMissWasServed) {
  CountsByPair recount;
  for (const ServedNotice& served : observer.served) {
    add(recount, served.proc, served.ref, served.source);
    const bool transfer = served.source >= kServedByTransferFromModified && served.source <= kServedByTransferFromShared;
    EXPECT_EQ(served.supplier_proc != ~ProcId(0), transfer);
    EXPECT_NE(served.supplier_proc, served.proc);
  }
  std::vector<std::uint32_t> events;
  for (std::uint32_t event = kServedByOwnL2; event <= kServedByMemory; ++event) events.push_back(event);
  expect_recount(recount, events);
}

// Every downgrade notice recounts one downgrade caused by the reader and one received by the owner's
// reference.
TEST_F(ObserverTotalsTest, DowngradeNoticesRecountBothSides) {
  CountsByPair recount;
  for (const DowngradeNotice& downgrade : observer.downgrades) {
    add(recount, downgrade.reader_proc, downgrade.reader_ref, kDowngradesCaused);
    add(recount, downgrade.owner_proc, downgrade.owner_ref, kDowngradesReceived);
  }
  expect_recount(recount, {kDowngradesCaused, kDowngradesReceived});
}

// Miss notices carry the region of the access: per region they recount the region totals of L1 misses.
TEST_F(ObserverTotalsTest, MissNoticesCarryTheRegionOfTheAccess) {
  std::map<RegionId, std::uint64_t> l1_misses_by_region;
  for (const MissNotice& miss : observer.misses) {
    if (miss.level == Level::L1) ++l1_misses_by_region[miss.region];
  }
  for (RegionId region = 0; region < 8; ++region) {
    SCOPED_TRACE("region " + std::to_string(region));
    EXPECT_GT(l1_misses_by_region[region], 0u);
    EXPECT_EQ(l1_misses_by_region[region],
              machine.region_total(region, l1(kReadMisses)) + machine.region_total(region, l1(kWriteMisses)));
  }
}

// Every coherence-miss notice recounts one true or false coherence miss of the missing pair.
TEST_F(ObserverTotalsTest, CoherenceMissNoticesRecountCoherenceMisses) {
  CountsByPair recount;
  for (const CoherenceMissNotice& miss : observer.coherence_misses) {
    add(recount, miss.proc, miss.ref, miss.true_sharing ? kCoherenceMissTrue : kCoherenceMissFalse);
  }
  expect_recount(recount, {kCoherenceMissTrue, kCoherenceMissFalse});
}

// Every invalidation notice recounts one invalidation received by the victim and one caused by the
// writer, of the same kind, critical included.
TEST_F(ObserverTotalsTest, InvalidationNoticesRecountBothSides) {
  CountsByPair recount;
  for (const RecordedInvalidation& recorded : observer.invalidations) {
    const InvalidationNotice& notice = recorded.notice;
    const SharingKind kind = sharing_kind(notice.true_sharing, notice.in_region);
    add(recount, notice.victim_proc, notice.victim_ref, kInvalidationsReceivedTrueInRegion + kind);
    add(recount, notice.writer_proc, notice.writer_ref, kInvalidationsCausedTrueInRegion + kind);
    if (notice.critical) {
      add(recount, notice.victim_proc, notice.victim_ref, kInvalidationsReceivedTrueInRegionCritical);
      add(recount, notice.writer_proc, notice.writer_ref, kInvalidationsCausedTrueInRegionCritical);
    }
  }
  std::vector<std::uint32_t> events;
  for (std::uint32_t event = kInvalidationsReceivedTrueInRegion; event <= kInvalidationsCausedFalseAcrossRegions;
       ++event) {
    events.push_back(event);
  }
  expect_recount(recount, events);
}

// An invalidation notice is true sharing exactly when the written bytes meet the victim's touched mask,
// and critical only when true and in region.
TEST_F(ObserverTotalsTest, InvalidationNoticesAgreeWithTheirMasks) {
  ASSERT_FALSE(observer.invalidations.empty());
  for (const RecordedInvalidation& recorded : observer.invalidations) {
    const InvalidationNotice& notice = recorded.notice;
    const std::uint64_t written_bytes = bit_run(notice.written_offset, notice.written_size);
    EXPECT_EQ(notice.true_sharing, (recorded.victim_touched & written_bytes) != 0);
    EXPECT_TRUE(!notice.critical || (notice.true_sharing && notice.in_region));
    EXPECT_EQ(notice.line_address % 64, 0u);
  }
}

// Every eviction notice recounts one eviction of its level and the bytes it used, on the victim pair.
TEST_F(ObserverTotalsTest, EvictionNoticesRecountEvictionsAndBytesUsed) {
  CountsByPair recount;
  for (const EvictionNotice& eviction : observer.evictions) {
    add(recount, eviction.victim_proc, eviction.victim_ref, level_event(eviction.level, kEvictions));
    add(recount, eviction.victim_proc, eviction.victim_ref, level_event(eviction.level, kEvictedBytesUsed),
        eviction.bytes_used);
  }
  std::vector<std::uint32_t> events;
  for (Level level : {Level::L1, Level::L2, Level::LLC}) {
    events.push_back(level_event(level, kEvictions));
    events.push_back(level_event(level, kEvictedBytesUsed));
  }
  expect_recount(recount, events);
}

constexpr Addr kLine = 0x4000;

// Two processors alternately write different words of one line, 100 rounds: P0 bytes 0-7 (ref 10), P1
// bytes 8-15 (ref 11). Every write but the first removes the other's Modified copy: 199 invalidations,
// alternately of P0's copy by P1 (written bytes 8-15; P0 touched and wrote bytes 0-7, mask 0xff) and of
// P1's copy by P0 (written bytes 0-7; P1 touched and wrote bytes 8-15, mask 0xff00), all false sharing,
// in region 0, outside any lock.
TEST(ObserverScenarioTest, FalseSharingPingPongNamesBytesAndMasks) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  RecordingObserver observer(machine.simulator());
  for (int round = 0; round < 100; ++round) {
    machine.run(store(0, kLine).by_ref(10));
    machine.run(store(1, kLine + 8).by_ref(11));
  }
  ASSERT_EQ(observer.invalidations.size(), 199u);
  for (std::size_t i = 0; i < observer.invalidations.size(); ++i) {
    SCOPED_TRACE("invalidation " + std::to_string(i));
    const RecordedInvalidation& recorded = observer.invalidations[i];
    const InvalidationNotice& notice = recorded.notice;
    const bool by_p1 = i % 2 == 0;
    EXPECT_EQ(notice.writer_proc, by_p1 ? 1u : 0u);
    EXPECT_EQ(notice.writer_ref, by_p1 ? 11u : 10u);
    EXPECT_EQ(notice.victim_proc, by_p1 ? 0u : 1u);
    EXPECT_EQ(notice.victim_ref, by_p1 ? 10u : 11u);
    EXPECT_EQ(notice.line_address, kLine);
    EXPECT_EQ(notice.written_offset, by_p1 ? 8u : 0u);
    EXPECT_EQ(notice.written_size, 8u);
    EXPECT_EQ(recorded.victim_touched, by_p1 ? 0xffull : 0xff00ull);
    EXPECT_EQ(recorded.victim_written, by_p1 ? 0xffull : 0xff00ull);
    EXPECT_FALSE(notice.true_sharing);
    EXPECT_TRUE(notice.in_region);
    EXPECT_FALSE(notice.critical);
    EXPECT_EQ(notice.writer_region, 0u);
  }
}

// In the same ping-pong each processor's writes after its first are coherence misses at L1 and L2, and
// false ones: 99 per processor, 198 coherence-miss notices, each with the bytes of the write that missed.
TEST(ObserverScenarioTest, FalseSharingPingPongReportsFalseCoherenceMisses) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  RecordingObserver observer(machine.simulator());
  for (int round = 0; round < 100; ++round) {
    machine.run(store(0, kLine).by_ref(10));
    machine.run(store(1, kLine + 8).by_ref(11));
  }
  ASSERT_EQ(observer.coherence_misses.size(), 198u);
  for (const CoherenceMissNotice& miss : observer.coherence_misses) {
    SCOPED_TRACE("processor " + std::to_string(miss.proc));
    EXPECT_FALSE(miss.true_sharing);
    EXPECT_EQ(miss.address, kLine + 8 * miss.proc);
    EXPECT_EQ(miss.size, 8u);
    EXPECT_EQ(miss.ref, 10u + miss.proc);
  }
}

// A direct-mapped L1 of 8 lines, no L2: P0 reads 8 bytes of line 0 at `first` (ref 1), then the next 8
// (ref 3), then line 512, which maps to the same set (ref 2). The notices of the run (one eviction).
std::vector<EvictionNotice> evictions_after_two_reads(Addr first) {
  Machine machine(make_machine("512,1,64", "none", "none", 1));
  RecordingObserver observer(machine.simulator());
  machine.run(load(0, first).by_ref(1));
  machine.run(load(0, first + 8).by_ref(3));
  machine.run(load(0, 512).by_ref(2));
  return observer.evictions;
}

// Reading bytes 0-15: line 0 leaves L1, last touched by ref 3, pushed out by ref 2, 16 bytes used from
// byte 0.
TEST(ObserverScenarioTest, EvictionNamesTheLastToucherAndTheEvictor) {
  const std::vector<EvictionNotice> evictions = evictions_after_two_reads(0);
  ASSERT_EQ(evictions.size(), 1u);
  const EvictionNotice& eviction = evictions[0];
  EXPECT_EQ(eviction.victim_proc, 0u);
  EXPECT_EQ(eviction.victim_ref, 3u);
  EXPECT_EQ(eviction.evictor_proc, 0u);
  EXPECT_EQ(eviction.evictor_ref, 2u);
  EXPECT_EQ(eviction.line_address, 0u);
  EXPECT_EQ(eviction.level, Level::L1);
  EXPECT_EQ(eviction.bytes_used, 16u);
  EXPECT_EQ(eviction.first_byte_used, 0u);
}

// The notice says where the victim's data lies: reading bytes 40-55, the first byte used is byte 40, not
// the line's first byte, which nobody touched: 16 bytes used from byte 40.
TEST(ObserverScenarioTest, EvictionNamesTheFirstByteUsed) {
  const std::vector<EvictionNotice> evictions = evictions_after_two_reads(40);
  ASSERT_EQ(evictions.size(), 1u);
  EXPECT_EQ(evictions[0].line_address, 0u);
  EXPECT_EQ(evictions[0].first_byte_used, 40u);
  EXPECT_EQ(evictions[0].bytes_used, 16u);
}

// A shared direct-mapped LLC of 8 lines: P0 reads line 0 (ref 5), then P1 reads line 512 (ref 6), which
// maps to the same LLC set. P1's own L1 set was empty, so the one eviction notice is the LLC's, naming a
// victim and an evictor on different processors.
TEST(ObserverScenarioTest, SharedCacheEvictionNamesBothProcessors) {
  Machine machine(make_machine("512,1,64", "none", "512,1,64", 2));
  RecordingObserver observer(machine.simulator());
  machine.run(load(0, 0).by_ref(5));
  machine.run(load(1, 512).by_ref(6));
  ASSERT_EQ(observer.evictions.size(), 1u);
  const EvictionNotice& eviction = observer.evictions[0];
  EXPECT_EQ(eviction.level, Level::LLC);
  EXPECT_EQ(eviction.victim_proc, 0u);
  EXPECT_EQ(eviction.victim_ref, 5u);
  EXPECT_EQ(eviction.evictor_proc, 1u);
  EXPECT_EQ(eviction.evictor_ref, 6u);
  EXPECT_EQ(eviction.bytes_used, 8u);
}

// A first read misses L1 compulsorily (one notice, with its address, size and region); reading the same
// bytes again hits and produces no notice.
TEST(ObserverScenarioTest, HitsProduceNoNotices) {
  Machine machine(make_machine("32768,8,64", "none", "none", 1));
  RecordingObserver observer(machine.simulator());
  machine.run(load(0, kLine + 16).bytes(4).in_region(3));
  machine.run(load(0, kLine + 16).bytes(4).in_region(3));
  ASSERT_EQ(observer.misses.size(), 1u);
  EXPECT_EQ(observer.misses[0].address, kLine + 16);
  EXPECT_EQ(observer.misses[0].size, 4u);
  EXPECT_EQ(observer.misses[0].level, Level::L1);
  EXPECT_EQ(observer.misses[0].cause, kMissCompulsory);
  EXPECT_FALSE(observer.misses[0].write);
  EXPECT_EQ(observer.misses[0].region, 3u);
}

// After set_observer(nullptr) a miss is counted but not noticed; an observer with only `miss` set gets
// misses and nothing else.
TEST(ObserverScenarioTest, NullObserverAndNullCallbacksAreNotCalled) {
  Machine machine(make_machine("512,1,64", "none", "none", 1));
  int misses = 0;
  const Observer misses_only{&misses, [](void* count, const MissNotice&) { ++*static_cast<int*>(count); }, nullptr,
                             nullptr, nullptr, nullptr, nullptr, nullptr};
  set_observer(machine.simulator(), &misses_only);
  machine.run(load(0, 0));
  machine.run(load(0, 512));  // misses and evicts line 0: an eviction nobody asked to hear about
  set_observer(machine.simulator(), nullptr);
  machine.run(load(0, 1024));
  EXPECT_EQ(misses, 2);
  EXPECT_EQ(machine.total(l1(kReadMisses)), 3u);
}

}  // namespace
}  // namespace ccsim::test
