// scenario.cc: see scenario.h.
#include "tests/unit/scenario.h"

#include <gtest/gtest.h>

#include <string>

#include "ccsim/core/host_platform.h"

namespace ccsim::test {
namespace {

// Installs the host's malloc/free/abort hooks before any test builds a core object.
class HostPlatformEnvironment : public ::testing::Environment {
 public:
  void SetUp() override { install_host_platform(); }
};

::testing::Environment* const host_platform_environment =
    ::testing::AddGlobalTestEnvironment(new HostPlatformEnvironment);

CacheGeometry parse_or_fail(const char* text, bool allow_none, const char* name) {
  CacheGeometry geometry;
  ErrorMessage error;
  EXPECT_TRUE(parse_geometry(text, allow_none, name, &geometry, &error)) << error.text;
  return geometry;
}

}  // namespace

MachineConfig make_machine(const char* l1, const char* l2, const char* llc, std::uint32_t processors,
                           bool miss_classes) {
  install_host_platform();
  MachineConfig config;
  config.l1 = parse_or_fail(l1, false, "--L1");
  config.l2 = parse_or_fail(l2, true, "--L2");
  config.llc = parse_or_fail(llc, true, "--LLC");
  config.max_processors = processors;
  config.miss_classes = miss_classes;
  ErrorMessage error;
  EXPECT_TRUE(validate_machine(config, &error)) << error.text;
  return config;
}

Machine::Machine(const MachineConfig& config) : sim_(create_simulator(config)) {}

Machine::~Machine() { destroy_simulator(sim_); }

void Machine::run(const Access& access) {
  simulate_access(sim_, access.proc, access.ref, access.addr, access.size, access.kind, access.region,
                  access.in_critical);
}

std::uint64_t Machine::count(ProcId proc, RefId ref, std::uint32_t event) const {
  struct Query {
    ProcId proc;
    RefId ref;
    std::uint32_t event;
    std::uint64_t result;
  } query{proc, ref, event, 0};
  for_each_reference(
      sim_,
      [](void* context, ProcId p, RefId r, const std::uint64_t* counts) {
        Query* q = static_cast<Query*>(context);
        if (p == q->proc && r == q->ref) q->result = counts[q->event];
      },
      &query);
  return query.result;
}

std::uint64_t Machine::processor_total(ProcId proc, std::uint32_t event) const {
  std::uint64_t counts[kNumEvents];
  processor_totals(sim_, proc, counts);
  return counts[event];
}

std::uint64_t Machine::total(std::uint32_t event) const {
  std::uint64_t counts[kNumEvents];
  machine_totals(sim_, counts);
  return counts[event];
}

std::uint64_t Machine::region_total(RegionId region, std::uint32_t event) const {
  struct Query {
    RegionId region;
    std::uint32_t event;
    std::uint64_t result;
  } query{region, event, 0};
  for_each_region(
      sim_,
      [](void* context, RegionId r, const std::uint64_t* counts) {
        Query* q = static_cast<Query*>(context);
        if (r == q->region) q->result = counts[q->event];
      },
      &query);
  return query.result;
}

std::vector<EvictorEdge> Machine::evictor_edges() const {
  std::vector<EvictorEdge> edges;
  for_each_evictor_edge(
      sim_,
      [](void* context, const EvictorEdge& edge) { static_cast<std::vector<EvictorEdge>*>(context)->push_back(edge); },
      &edges);
  return edges;
}

std::vector<InvalidatorEdge> Machine::invalidator_edges() const {
  std::vector<InvalidatorEdge> edges;
  for_each_invalidator_edge(
      sim_,
      [](void* context, const InvalidatorEdge& edge) {
        static_cast<std::vector<InvalidatorEdge>*>(context)->push_back(edge);
      },
      &edges);
  return edges;
}

InvalidatorEdge Machine::invalidator_edge(RefId victim_ref, ProcId victim_proc, RefId invalidator_ref,
                                          ProcId invalidator_proc) const {
  for (const InvalidatorEdge& edge : invalidator_edges()) {
    if (edge.victim_ref == victim_ref && edge.victim_proc == victim_proc && edge.invalidator_ref == invalidator_ref &&
        edge.invalidator_proc == invalidator_proc) {
      return edge;
    }
  }
  ADD_FAILURE() << "no invalidator edge from ref " << victim_ref << " on processor " << victim_proc << " to ref "
                << invalidator_ref << " on processor " << invalidator_proc;
  return InvalidatorEdge{};
}

std::vector<TransferEdge> Machine::transfer_edges() const {
  std::vector<TransferEdge> edges;
  for_each_transfer_edge(
      sim_,
      [](void* context, const TransferEdge& edge) { static_cast<std::vector<TransferEdge>*>(context)->push_back(edge); },
      &edges);
  return edges;
}

std::uint64_t Machine::evictor_count(RefId victim_ref, RefId evictor_ref, Level level) const {
  std::uint64_t count = 0;
  for (const EvictorEdge& edge : evictor_edges()) {
    if (edge.victim_ref == victim_ref && edge.evictor_ref == evictor_ref && edge.level == level) count += edge.count;
  }
  return count;
}

LineState Machine::state(ProcId proc, Level level, Addr addr) const { return line_state(sim_, proc, level, addr); }

std::string Machine::invariant_violation() const {
  ErrorMessage error;
  return check_invariants(sim_, &error) ? std::string() : std::string(error.text);
}

std::uint64_t invalidations_received(const Machine& machine) {
  return machine.total(kInvalidationsReceivedTrueInRegion) + machine.total(kInvalidationsReceivedFalseInRegion) +
         machine.total(kInvalidationsReceivedTrueAcrossRegions) +
         machine.total(kInvalidationsReceivedFalseAcrossRegions);
}

std::uint64_t invalidations_caused(const Machine& machine) {
  return machine.total(kInvalidationsCausedTrueInRegion) + machine.total(kInvalidationsCausedFalseInRegion) +
         machine.total(kInvalidationsCausedTrueAcrossRegions) + machine.total(kInvalidationsCausedFalseAcrossRegions);
}

}  // namespace ccsim::test
