// lru_reference_test.cc: the simulator's hits, misses and evictions on a long random single-processor
// trace equal those of a slow, obviously correct model of the same hierarchy written here with std::list
// (one list per set, most recent first): inclusive L1/L2 where L1 hits do not refresh L2, an L2 eviction
// removes the line from L1, and a shared LLC accessed only when both private levels miss.
#include <gtest/gtest.h>

#include <algorithm>
#include <list>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// One cache level of the reference model.
class ReferenceLevel {
 public:
  explicit ReferenceLevel(const CacheGeometry& geometry)
      : sets_(geometry.present ? geometry.sets() : 0), ways_(geometry.associativity) {}

  bool present() const { return !sets_.empty(); }

  bool holds(Addr line) const {
    const std::list<Addr>& set = set_of(line);
    return std::find(set.begin(), set.end(), line) != set.end();
  }

  // Makes a held line the most recently used of its set.
  void use(Addr line) {
    erase(line);
    set_of(line).push_front(line);
  }

  // Puts a line in as the most recently used; returns the least recently used line if the set overflowed.
  std::optional<Addr> insert(Addr line) {
    std::list<Addr>& set = set_of(line);
    set.push_front(line);
    if (set.size() <= ways_) return std::nullopt;
    const Addr victim = set.back();
    set.pop_back();
    return victim;
  }

  void erase(Addr line) { set_of(line).remove(line); }

 private:
  std::list<Addr>& set_of(Addr line) { return sets_[line % sets_.size()]; }
  const std::list<Addr>& set_of(Addr line) const { return sets_[line % sets_.size()]; }

  std::vector<std::list<Addr>> sets_;
  std::size_t ways_;
};

// What the comparison covers, per level.
struct LevelCounts {
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t compulsory = 0;
  std::uint64_t evictions = 0;
};

// The reference hierarchy of one processor.
class ReferenceHierarchy {
 public:
  explicit ReferenceHierarchy(const MachineConfig& config) : l1_(config.l1), l2_(config.l2), llc_(config.llc) {}

  void access(Addr line) {
    const bool first_time = seen_.insert(line).second;
    if (l1_.holds(line)) {
      l1_.use(line);
      ++counts_[0].hits;
      return;
    }
    count_miss(0, first_time);
    if (l2_.present()) {
      if (l2_.holds(line)) {
        l2_.use(line);
        ++counts_[1].hits;
        fill_l1(line);
        return;
      }
      count_miss(1, first_time);
    }
    if (llc_.present()) {
      if (llc_.holds(line)) {
        llc_.use(line);
        ++counts_[2].hits;
      } else {
        count_miss(2, first_time);
        if (llc_.insert(line)) ++counts_[2].evictions;
      }
    }
    if (l2_.present()) {
      if (const std::optional<Addr> victim = l2_.insert(line)) {
        ++counts_[1].evictions;
        if (l1_.holds(*victim)) {
          l1_.erase(*victim);
          ++counts_[0].evictions;
        }
      }
    }
    fill_l1(line);
  }

  const LevelCounts& counts(int level) const { return counts_[level]; }

 private:
  void count_miss(int level, bool first_time) {
    ++counts_[level].misses;
    counts_[level].compulsory += first_time;
  }
  void fill_l1(Addr line) {
    if (l1_.insert(line)) ++counts_[0].evictions;
  }

  ReferenceLevel l1_;
  ReferenceLevel l2_;
  ReferenceLevel llc_;
  std::set<Addr> seen_;
  LevelCounts counts_[3];
};

struct TraceCase {
  const char* name;
  const char* l1;
  const char* l2;
  const char* llc;
  bool miss_classes;  // turns the L1 fast path off: both paths must agree with the model
};

// gtest prints a failing case by its name.
void PrintTo(const TraceCase& trace, std::ostream* out) { *out << trace.name; }

class LruReferenceTest : public ::testing::TestWithParam<TraceCase> {};

// Hits, misses, compulsory misses and evictions per level agree with the reference model on 120,000
// random accesses (fixed seed): 80% within a hot region twice the L1's size, 20% anywhere in a region
// four times the largest cache; sizes 1, 2, 4 or 8 bytes, aligned (one line each); reads and writes mixed.
TEST_P(LruReferenceTest, CountsMatchTheReferenceModel) {
  const TraceCase& trace = GetParam();
  const MachineConfig config = make_machine(trace.l1, trace.l2, trace.llc, 1, trace.miss_classes);
  Machine machine(config);
  ReferenceHierarchy reference(config);
  const std::uint64_t largest = std::max({config.l1.size_bytes, config.l2.present ? config.l2.size_bytes : 0,
                                          config.llc.present ? config.llc.size_bytes : 0});
  const std::uint32_t line_shift = static_cast<std::uint32_t>(__builtin_ctz(config.l1.line_bytes));
  std::mt19937_64 random(20240601);
  std::uniform_int_distribution<std::uint64_t> hot(0, 2 * config.l1.size_bytes - 1);
  std::uniform_int_distribution<std::uint64_t> anywhere(0, 4 * largest - 1);
  std::uniform_int_distribution<int> percent(0, 99);
  std::uniform_int_distribution<int> size_log2(0, 3);
  constexpr int kAccesses = 120000;
  for (int i = 0; i < kAccesses; ++i) {
    const std::uint32_t size = 1u << size_log2(random);
    const Addr addr = (percent(random) < 80 ? hot(random) : anywhere(random)) & ~Addr(size - 1);
    const AccessKind kind = percent(random) < 30 ? AccessKind::Write : AccessKind::Read;
    machine.run(make_access(0, kind, addr).bytes(size));
    reference.access(addr >> line_shift);
  }
  EXPECT_EQ(machine.total(kReads) + machine.total(kWrites), std::uint64_t(kAccesses));
  const Level levels[] = {Level::L1, Level::L2, Level::LLC};
  for (int level = 0; level < 3; ++level) {
    SCOPED_TRACE(std::string("level ") + event_name(level_event(levels[level], kReadMisses)));
    const LevelCounts& expected = reference.counts(level);
    auto event = [&](LevelEvent e) { return machine.total(level_event(levels[level], e)); };
    EXPECT_EQ(event(kHitTemporal) + event(kHitSpatial), expected.hits);
    EXPECT_EQ(event(kReadMisses) + event(kWriteMisses), expected.misses);
    EXPECT_EQ(event(kMissCompulsory), expected.compulsory);
    EXPECT_EQ(event(kMissReplacement), expected.misses - expected.compulsory);
    EXPECT_EQ(event(kEvictions), expected.evictions);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Geometries, LruReferenceTest,
    ::testing::Values(TraceCase{"L1_only", "1024,2,64", "none", "none", false},
                      TraceCase{"L1_L2_32_byte_lines", "2048,4,32", "8192,8,32", "none", false},
                      TraceCase{"direct_mapped_L1_L2_LLC", "512,1,64", "4096,4,64", "16384,16,64", false},
                      TraceCase{"long_lines", "4096,4,128", "16384,2,128", "none", false},
                      TraceCase{"L1_L2_LLC_slow_path_only", "1024,2,64", "4096,4,64", "16384,8,64", true},
                      // The set scans take two ways per step and an odd associativity's first way alone.
                      TraceCase{"odd_associativities", "768,3,64", "5120,5,64", "28672,7,64", false},
                      TraceCase{"odd_associativities_slow_path_only", "768,3,64", "5120,5,64", "28672,7,64", true}),
    [](const ::testing::TestParamInfo<TraceCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ccsim::test
