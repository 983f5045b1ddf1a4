// scenario.h: builders that let a unit test read like the scenario it checks: a machine from geometry
// strings, accesses with their processor, reference, region and lock state, and the counts the
// simulator reports for them.
#ifndef CCSIM_TESTS_UNIT_SCENARIO_H
#define CCSIM_TESTS_UNIT_SCENARIO_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/core/events.h"
#include "ccsim/core/geometry.h"
#include "ccsim/core/simulator.h"

namespace ccsim::test {

// A machine from Cachegrind-style geometry strings ("size,assoc,line" or "none"); fails the test on a
// string parse_geometry rejects.
MachineConfig make_machine(const char* l1, const char* l2 = "none", const char* llc = "none",
                           std::uint32_t processors = 4, bool miss_classes = false);

// One access to simulate. Defaults: 8 bytes, reference 1, region 0, outside any lock.
struct Access {
  ProcId proc;
  AccessKind kind;
  Addr addr;
  std::uint32_t size = 8;
  RefId ref = 1;
  RegionId region = 0;
  bool in_critical = false;

  Access& bytes(std::uint32_t count) {
    size = count;
    return *this;
  }
  Access& by_ref(RefId id) {
    ref = id;
    return *this;
  }
  Access& in_region(RegionId id) {
    region = id;
    return *this;
  }
  Access& holding_lock() {
    in_critical = true;
    return *this;
  }
};

inline Access make_access(ProcId proc, AccessKind kind, Addr addr) { return Access{proc, kind, addr}; }
inline Access load(ProcId proc, Addr addr) { return make_access(proc, AccessKind::Read, addr); }
inline Access store(ProcId proc, Addr addr) { return make_access(proc, AccessKind::Write, addr); }

// A simulator that cleans up after itself, with the questions tests ask of it.
class Machine {
 public:
  explicit Machine(const MachineConfig& config);
  ~Machine();
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  void run(const Access& access);

  // The count of `event` for one (processor, reference) pair, for one processor, for the whole machine.
  std::uint64_t count(ProcId proc, RefId ref, std::uint32_t event) const;
  std::uint64_t processor_total(ProcId proc, std::uint32_t event) const;
  std::uint64_t total(std::uint32_t event) const;
  // The per-region total of `event` (0 when the region has none).
  std::uint64_t region_total(RegionId region, std::uint32_t event) const;

  std::vector<EvictorEdge> evictor_edges() const;
  std::vector<InvalidatorEdge> invalidator_edges() const;
  // The edge from `victim` to `invalidator`; fails the test when there is none.
  InvalidatorEdge invalidator_edge(RefId victim_ref, ProcId victim_proc, RefId invalidator_ref,
                                   ProcId invalidator_proc) const;
  std::uint64_t evictor_count(RefId victim_ref, RefId evictor_ref, Level level) const;
  std::vector<TransferEdge> transfer_edges() const;

  LineState state(ProcId proc, Level level, Addr addr) const;
  // Empty when every invariant holds, else the first violation.
  std::string invariant_violation() const;

  Simulator* simulator() { return sim_; }

 private:
  Simulator* sim_;
};

// A level's event, e.g. l1(kMissCompulsory) for L1_miss_compulsory.
constexpr std::uint32_t l1(LevelEvent event) { return level_event(Level::L1, event); }
constexpr std::uint32_t l2(LevelEvent event) { return level_event(Level::L2, event); }
constexpr std::uint32_t llc(LevelEvent event) { return level_event(Level::LLC, event); }

// All invalidations of the machine (true/false x in/across region; the critical subset is not added again).
std::uint64_t invalidations_received(const Machine& machine);
std::uint64_t invalidations_caused(const Machine& machine);

}  // namespace ccsim::test

#endif
