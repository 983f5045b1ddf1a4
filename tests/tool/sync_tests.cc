// sync_tests.cc: end-to-end tests of synchronization awareness (regions, critical sections, runtime
// exclusion) and of the interleaved and piped simulation orders, on OpenMP and pthread programs. Each
// program's header comment derives the numbers asserted here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// Runs `program` under ccsim with `options` and reads its profile (ccsim.out in a fresh directory).
Profile profile_of(const std::string& test, const std::string& program, std::vector<std::string> options) {
  std::string dir = scratch_directory(test);
  options.push_back("--ccsim-out-file=ccsim.out");
  RunResult run = run_ccsim(dir, options, test_program(program));
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile profile;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  return profile;
}

const std::string kCritical = "omp_critical_counter.c";

// NBF (the thesis' Table 3.3): 2 threads x 1000 critical increments of one counter. Interleaved, the
// critical sections alternate and each but the first removes the other's Modified copy: 1999 true,
// in-region, critical invalidations. Piped, each thread runs its 1000 in one go: 1.
TEST(CriticalPingPong, InterleavedShowsTheThesisPingPongAndPipedDoesNot) {
  unsigned line = marked_line(kCritical, "increment");
  Profile interleaved = profile_of("nbf_interleaved", "omp_critical_counter", {"--sim-mode=interleaved"});
  Profile piped = profile_of("nbf_piped", "omp_critical_counter", {"--sim-mode=piped"});
  Invalidations i = invalidations_at(interleaved, kCritical, line, "received");
  Invalidations p = invalidations_at(piped, kCritical, line, "received");
  EXPECT_EQ(i.true_in_critical, 1999u);
  EXPECT_EQ(i.total(), 1999u);
  EXPECT_EQ(p.true_in_critical, 1u);
  EXPECT_EQ(p.total(), 1u);
  EXPECT_GE(i.true_in_critical, 10 * p.true_in_critical);
  // The caused side mirrors the received side: the other thread's increment removed each copy.
  EXPECT_EQ(invalidations_at(interleaved, kCritical, line, "caused").true_in_critical, 1999u);
}

// The same with omp_set_lock/omp_unset_lock instead of a critical construct: the same 1999.
TEST(CriticalPingPong, LockApiGivesTheSameNumbers) {
  unsigned line = marked_line(kCritical, "increment");
  Profile p = profile_of("lock_api", "omp_lock_counter", {"--sim-mode=interleaved"});
  EXPECT_EQ(invalidations_at(p, kCritical, line, "received").true_in_critical, 1999u);
}

// Moving the critical section out of the loop (one update per thread) collapses the ping-pong to the
// single invalidation of the second update.
TEST(CriticalPingPong, CriticalOutsideTheLoopCollapsesThePingPong) {
  unsigned line = marked_line(kCritical, "update once");
  Profile p = profile_of("nbf_fixed", "omp_critical_once", {"--sim-mode=interleaved"});
  Invalidations i = invalidations_at(p, kCritical, line, "received");
  EXPECT_EQ(i.true_in_critical, 1u);
  EXPECT_EQ(i.total(), 1u);
}

const std::string kFalseSharing = "omp_false_sharing.c";

// Two threads x 2000 increments of adjacent counters, interleaved access by access: each increment's
// write removes the other thread's copy, 4000 false in-region invalidations (derivation in the program).
// Padded, none. Piped: only the second thread's first write finds the first's copy: 1.
TEST(FalseSharingCounters, InterleavedPaddedAndPiped) {
  unsigned line = marked_line(kFalseSharing, "increment");
  Invalidations shared = invalidations_at(profile_of("omp_fs", "omp_false_sharing", {"--sim-mode=interleaved"}),
                                          kFalseSharing, line, "received");
  EXPECT_EQ(shared.false_in, 4000u);
  EXPECT_EQ(shared.total(), 4000u);
  Invalidations padded = invalidations_at(
      profile_of("omp_fs_padded", "omp_false_sharing_padded", {"--sim-mode=interleaved"}), kFalseSharing, line,
      "received");
  EXPECT_EQ(padded.total(), 0u);
  Invalidations piped = invalidations_at(profile_of("omp_fs_piped", "omp_false_sharing", {"--sim-mode=piped"}),
                                         kFalseSharing, line, "received");
  EXPECT_EQ(piped.false_in, 1u);
  EXPECT_EQ(piped.total(), 1u);
}

// LLVM's libomp (clang -fopenmp), observed through OMPT, gives the same classification. clang compiles an
// increment into one read-modify-write, so in the false-sharing program every write but thread 0's first
// removes the other's copy: 2 x 2000 - 1 = 3999 (the program derives it). The critical ping-pong gives
// libgomp's 1999 true, in-region, critical invalidations: libomp's lock entry points run whole as runtime
// code (ccsim/preload/libomp_intercepts.c), so its lock code puts neither thread ahead.
bool libomp_built(const std::string& program) { return std::ifstream(test_program(program)).good(); }

TEST(LibOmp, FalseSharingCountersAreFalseInRegion) {
  if (!libomp_built("omp_false_sharing_libomp")) GTEST_SKIP() << "clang's libomp build is absent";
  Invalidations i = invalidations_at(
      profile_of("libomp_fs", "omp_false_sharing_libomp", {"--sim-mode=interleaved"}), kFalseSharing,
      marked_line(kFalseSharing, "increment"), "received");
  EXPECT_EQ(i.false_in, 3999u);
  EXPECT_EQ(i.total(), 3999u);
}

// libomp allocates its own bookkeeping inside calls the program makes (the 48-byte block of
// __kmpc_global_thread_num, called from main): such a heap object is the runtime's, as its innermost
// allocating frame is in libomp, and so it stays out of findings and rankings. Every heap object whose
// name (its allocation stack) passes through a __kmpc_ entry point has origin "runtime", and there is
// at least one.
TEST(LibOmp, HeapBlocksTheRuntimeAllocatesAreTheRuntimes) {
  if (!libomp_built("omp_false_sharing_libomp")) GTEST_SKIP() << "clang's libomp build is absent";
  Profile p = profile_of("libomp_heap", "omp_false_sharing_libomp", {"--sim-mode=interleaved"});
  unsigned runtime_blocks = 0;
  for (const auto& [id, object] : p.objects) {
    if (object.kind != "heap" || object.name.find("__kmpc_") == std::string::npos) continue;
    EXPECT_EQ(object.origin, "runtime") << "object " << id << ": " << object.name;
    ++runtime_blocks;
  }
  EXPECT_GE(runtime_blocks, 1u);
}

TEST(LibOmp, CriticalPingPongIsTrueInRegionCritical) {
  if (!libomp_built("omp_critical_counter_libomp")) GTEST_SKIP() << "clang's libomp build is absent";
  Invalidations i = invalidations_at(
      profile_of("libomp_nbf", "omp_critical_counter_libomp", {"--sim-mode=interleaved"}), kCritical,
      marked_line(kCritical, "increment"), "received");
  EXPECT_EQ(i.true_in_critical, 1999u);
  EXPECT_EQ(i.total(), i.true_in_critical);
}

// wupwise: a serial zeroing, a parallel initialisation, a serial read by the master. Thread 1's half
// (64 lines) is lost by the master across regions and re-read: 64 true across-region invalidations
// caused at the parallel init line and received at the zeroing line, 64 true coherence misses at the
// serial read line and no other L1 miss there.
TEST(Regions, ParallelInitThenSerialReadIsAcrossRegionTrueSharing) {
  const std::string file = "omp_parallel_init.c";
  Profile p = profile_of("wupwise", "omp_parallel_init", {"--sim-mode=interleaved"});
  Invalidations caused = invalidations_at(p, file, marked_line(file, "parallel init"), "caused");
  Invalidations received = invalidations_at(p, file, marked_line(file, "zeroing"), "received");
  EXPECT_EQ(caused.true_across, 64u);
  EXPECT_EQ(caused.total(), 64u);
  EXPECT_EQ(received.true_across, 64u);
  EXPECT_EQ(received.total(), 64u);
  unsigned read = marked_line(file, "serial read");
  EXPECT_EQ(p.at_line(file, read, "coherence_miss_true"), 64u);
  EXPECT_EQ(p.at_line(file, read, "coherence_miss_false"), 0u);
  EXPECT_EQ(p.at_line(file, read, "L1_read_misses"), 64u);
}

// pthread barriers make regions: 200 phases, 398 true across-region invalidations split between the
// two lines as the program derives, and the regions are closed at the two barrier lines.
TEST(Regions, PthreadBarrierPhasesAreRegions) {
  const std::string file = "pthread_barrier_phases.c";
  std::string dir = scratch_directory("pthread_phases");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"},
                            test_program("pthread_barrier_phases"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
  Invalidations own_caused = invalidations_at(p, file, marked_line(file, "own"), "caused");
  Invalidations other_caused = invalidations_at(p, file, marked_line(file, "other"), "caused");
  Invalidations own_received = invalidations_at(p, file, marked_line(file, "own"), "received");
  Invalidations other_received = invalidations_at(p, file, marked_line(file, "other"), "received");
  EXPECT_EQ(own_caused.true_across, 198u);
  EXPECT_EQ(other_caused.true_across, 200u);
  EXPECT_EQ(own_received.true_across, 200u);
  EXPECT_EQ(other_received.true_across, 198u);
  EXPECT_EQ(own_caused.total() + other_caused.total(), 398u);
  // Every region with an invalidation was closed by one of the two barrier calls.
  unsigned after_own = marked_line(file, "barrier after own");
  unsigned after_other = marked_line(file, "barrier after other");
  std::map<unsigned, unsigned> regions = region_closing_lines(dir + "/ccsim.out");
  ASSERT_FALSE(regions.empty());
  unsigned closed_by_barriers = 0;
  for (const auto& [id, line] : regions) closed_by_barriers += line == after_own || line == after_other;
  EXPECT_GE(closed_by_barriers, 198u);
}

// A mutex-protected counter: every true in-region invalidation at the increment is critical (the
// writer holds the mutex), and none is false sharing.
TEST(CriticalSections, PthreadMutexCounterIsCritical) {
  const std::string file = "pthread_mutex_counter.c";
  Profile p = profile_of("pthread_mutex", "pthread_mutex_counter", {"--sim-mode=interleaved"});
  Invalidations i = invalidations_at(p, file, marked_line(file, "increment"), "received");
  EXPECT_GT(i.true_in_critical, 0u);
  EXPECT_EQ(i.true_in_critical, i.true_in);
  EXPECT_EQ(i.false_in + i.false_across, 0u);
}

// A lock taken and released from runtime code is the runtime's own (libomp sleeps and wakes waiting
// threads with a pthread mutex, only when they waited long enough) and is not reported: the two workers
// of runtime_mutex_counter.c, whose mutex calls are bracketed as runtime code, increment their counter
// unsynchronized for the replay, 2 x 1000 true in-region invalidations, none critical (the program
// derives them; a reported mutex gives 1,999 critical ones).
TEST(CriticalSections, LocksTakenInRuntimeCodeAreNotTheProgramsSynchronization) {
  const std::string file = "runtime_mutex_counter.c";
  Profile p = profile_of("runtime_mutex", "runtime_mutex_counter", {"--sim-mode=interleaved"});
  Invalidations i = invalidations_at(p, file, marked_line(file, "increment"), "received");
  EXPECT_EQ(i.true_in, 2000u);
  EXPECT_EQ(i.true_in_critical, 0u);
  EXPECT_EQ(i.total(), 2000u);
}

// Determinism (docs/synchronization.md): the interleaved and piped orders depend only on each thread's
// stream and the synchronization, and the profile writer numbers and sorts what it writes canonically
// (docs/output-format.md), so two runs of a deterministic program write the same file.

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "counts: 3 2 7" -> keyword "counts", fields {"3", "2", "7"}.
struct ProfileLine {
  std::string keyword;
  std::vector<std::string> fields;
};

ProfileLine parse_line(const std::string& line) {
  ProfileLine parsed;
  const std::size_t colon = line.find(": ");
  parsed.keyword = line.substr(0, colon);
  if (colon == std::string::npos) return parsed;
  std::istringstream fields(line.substr(colon + 2));
  for (std::string field; fields >> field;) parsed.fields.push_back(field);
  return parsed;
}

// The lines that differ between two runs of one program whatever the program does: the process id, the
// command (the same here), and the accesses of the runtime's waiting threads, whose number is real time.
bool differs_between_runs(const ProfileLine& line) {
  return line.keyword == "pid" || line.keyword == "command" ||
         (line.keyword == "skipped" && !line.fields.empty() && line.fields[0] == "runtime");
}

// "" when the two files agree line for line, else where they first differ.
std::string first_difference(const std::vector<std::string>& first, const std::vector<std::string>& second) {
  for (std::size_t i = 0; i < first.size() || i < second.size(); ++i) {
    const std::string a = i < first.size() ? first[i] : "(end of file)";
    const std::string b = i < second.size() ? second[i] : "(end of file)";
    if (a != b) return "line " + std::to_string(i + 1) + ": '" + a + "' then '" + b + "'";
  }
  return "";
}

struct RepeatedRun {
  const char* program;
  const char* mode;
};

void PrintTo(const RepeatedRun& run, std::ostream* out) { *out << run.program << " --sim-mode=" << run.mode; }

class RepeatedRuns : public ::testing::TestWithParam<RepeatedRun> {};

// Two runs in one directory, with the default options, write the same file, line for line, but for the
// lines that name the process or measure real time. This includes the dynamic linker's start-up, which
// reads a few of the 16 random bytes every process is given (AT_RANDOM) and indexes a table on its stack
// with them: ccsim fixes those bytes (ccsim/tool/fixed_random_bytes.h).
TEST_P(RepeatedRuns, WriteTheSameProfile) {
  const RepeatedRun& run = GetParam();
  const std::string dir = scratch_directory(std::string("repeated_") + run.program + "_" + run.mode);
  std::vector<std::string> profiles[2];
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE("run " + std::to_string(i + 1));
    const std::string name = "ccsim.out." + std::to_string(i + 1);
    RunResult result = run_ccsim(dir, {std::string("--sim-mode=") + run.mode, "--ccsim-out-file=" + name},
                                 test_program(run.program));
    ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
    for (const std::string& line : lines_of(dir + "/" + name)) {
      if (!differs_between_runs(parse_line(line))) profiles[i].push_back(line);
    }
    // A complete profile, so that the comparison below compares something.
    ASSERT_FALSE(profiles[i].empty());
    ASSERT_EQ(parse_line(profiles[i].back()).keyword, "summary");
  }
  EXPECT_EQ(first_difference(profiles[0], profiles[1]), "");
}

// The NBF ping-pong in both orders (threads, regions, critical sections, line detail, libgomp's heap
// blocks); heap bins from several allocation sites with globals and mappings; 200 pthread barrier
// phases, whose waiting threads also touch their own stacks (counted as runtime, not as stack), whose
// workers' last accesses are replayed after they exit, and whose final printf buffer moved by 0x40 in
// about half the runs while the preload's pthread_create wrapper used the program's heap; a block freed and its memory reused while
// a blocked thread holds the replay back (objects in the simulated order, docs/data-objects.md); and two
// programs linked as gcc -fopenmp links by default, for lazy binding (the NBF ping-pong, and the bundled
// histogram example): the first call of each library function goes through the PLT's lazy path and the
// dynamic linker in whichever thread gets there first, which used to change the order of the critical
// sections and some hundred lines of the profile from run to run (lazy_binding.h); and eight parallel
// regions with libgomp's workers parked between them, whose arrival at each team, in real time, decided
// which thread's turn came first in the region (replay_schedule.cc). (Not its libomp build: there each
// thread formats a string in a heap block it allocates in every loop's __kmpc_for_static_init, all at
// the same time, so which lines the blocks share changes from run to run, a documented exception.)
INSTANTIATE_TEST_SUITE_P(Programs, RepeatedRuns,
                         ::testing::Values(RepeatedRun{"omp_critical_counter", "interleaved"},
                                           RepeatedRun{"omp_critical_counter", "piped"},
                                           RepeatedRun{"heap_sites", "interleaved"},
                                           RepeatedRun{"pthread_barrier_phases", "interleaved"},
                                           RepeatedRun{"pthread_barrier_phases", "piped"},
                                           RepeatedRun{"heap_reuse_threaded", "interleaved"},
                                           RepeatedRun{"omp_critical_counter_lazy", "interleaved"},
                                           RepeatedRun{"omp_critical_counter_lazy", "piped"},
                                           RepeatedRun{"histogram_example", "interleaved"},
                                           RepeatedRun{"histogram_example", "piped"},
                                           RepeatedRun{"omp_parallel_loops", "interleaved"},
                                           RepeatedRun{"omp_parallel_loops", "piped"}),
                         [](const ::testing::TestParamInfo<RepeatedRun>& info) {
                           return std::string(info.param.program) + "_" + info.param.mode;
                         });

// One profile with every kind of record, several of each: 200 barrier phases of two threads, each phase
// invalidating the other thread's lines (regions, invalidators, line detail of two lines), with an L1 of
// 4 KiB so that the program's own accesses evict lines (evictor records).
const std::vector<ProfileLine>& numbered_profile() {
  static const std::vector<ProfileLine> profile = [] {
    const std::string dir = scratch_directory("numbered_profile");
    RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--L1=4096,2,64", "--ccsim-out-file=ccsim.out"},
                              test_program("pthread_barrier_phases"));
    EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
    std::vector<ProfileLine> lines;
    for (const std::string& line : lines_of(dir + "/ccsim.out")) lines.push_back(parse_line(line));
    return lines;
  }();
  return profile;
}

// The records of one keyword, in file order.
std::vector<ProfileLine> records(const std::string& keyword) {
  std::vector<ProfileLine> found;
  for (const ProfileLine& line : numbered_profile()) {
    if (line.keyword == keyword) found.push_back(line);
  }
  return found;
}

// `ref: <id> <address> <obj> ...`: ids are 1, 2, 3, ... in file order, and the references are in the order
// of their object file's name, then of their address.
TEST(ProfileNumbering, ReferencesAreNumberedByObjectFileThenAddress) {
  std::map<std::string, std::string> object_files;  // obj number -> name
  for (const ProfileLine& obj : records("obj")) object_files[obj.fields[0]] = obj.fields[1];
  const std::vector<ProfileLine> refs = records("ref");
  ASSERT_GT(refs.size(), 100u);
  std::pair<std::string, std::uint64_t> previous;
  for (std::size_t i = 0; i < refs.size(); ++i) {
    SCOPED_TRACE("ref " + refs[i].fields[0]);
    EXPECT_EQ(refs[i].fields[0], std::to_string(i + 1));
    const std::pair<std::string, std::uint64_t> place{object_files[refs[i].fields[2]],
                                                      std::stoull(refs[i].fields[1], nullptr, 16)};
    if (i > 0) {
      EXPECT_LT(previous, place);
    }
    previous = place;
  }
}

// `file:`, `fn:` and `obj:` numbers are given in order of first use by the references, in their order:
// the first reference to name a new function names the next number. Files may continue after the
// references with the heap bins' files (`object:` records), in their order.
TEST(ProfileNumbering, NamesAreNumberedInOrderOfFirstUse) {
  struct NameUse {
    const char* keyword;
    std::size_t ref_field;     // the field of `ref:` that names it
    std::size_t object_field;  // the field of `object:` that names it, 0 when none does
  };
  for (const NameUse& use : {NameUse{"obj", 2, 0}, NameUse{"file", 3, 4}, NameUse{"fn", 4, 0}}) {
    SCOPED_TRACE(use.keyword);
    std::vector<std::string> first_uses;
    auto note = [&](const std::string& number) {
      if (number != "0" && std::find(first_uses.begin(), first_uses.end(), number) == first_uses.end()) {
        first_uses.push_back(number);
      }
    };
    for (const ProfileLine& ref : records("ref")) note(ref.fields[use.ref_field]);
    if (use.object_field != 0) {
      for (const ProfileLine& object : records("object")) note(object.fields[use.object_field]);
    }
    const std::vector<ProfileLine> defined = records(use.keyword);
    ASSERT_GT(defined.size(), 2u);
    ASSERT_EQ(first_uses.size(), defined.size());
    for (std::size_t i = 0; i < first_uses.size(); ++i) {
      EXPECT_EQ(first_uses[i], std::to_string(i + 1));
      EXPECT_EQ(defined[i].fields[0], std::to_string(i + 1));
    }
  }
}

// A record's text fields from `first` on, as written (the last field of a record may contain spaces).
std::string text_from(const ProfileLine& line, std::size_t first) {
  std::string text;
  for (std::size_t f = first; f < line.fields.size(); ++f) text += (f > first ? " " : "") + line.fields[f];
  return text;
}

// `object: <id> <kind> <address> <size> <file> <name>`: objects come by kind in the order the format page
// lists the kinds, then by name, address and size.
TEST(ProfileNumbering, ObjectsAreNumberedByKindThenNameAddressAndSize) {
  const std::vector<std::string> kinds = {"global", "heap", "stack", "named", "unknown"};
  using Place = std::tuple<std::size_t, std::string, std::uint64_t, std::uint64_t>;
  const std::vector<ProfileLine> objects = records("object");
  ASSERT_GT(objects.size(), 10u);
  Place previous;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    SCOPED_TRACE("object " + objects[i].fields[0]);
    const auto kind = std::find(kinds.begin(), kinds.end(), objects[i].fields[1]);
    ASSERT_NE(kind, kinds.end());
    const Place place{static_cast<std::size_t>(kind - kinds.begin()), text_from(objects[i], 5),
                      std::stoull(objects[i].fields[2], nullptr, 16), std::stoull(objects[i].fields[3])};
    if (i > 0) {
      EXPECT_LT(previous, place);
    }
    previous = place;
  }
}

// The numbers of a record's key fields; levels count as L1 < L2 < LLC.
std::vector<std::uint64_t> key_of(const ProfileLine& line, const std::vector<std::size_t>& key_fields) {
  std::vector<std::uint64_t> key;
  for (std::size_t f : key_fields) {
    const std::string& field = line.fields.at(f);
    key.push_back(field == "L1" ? 1 : field == "L2" ? 2 : field == "LLC" ? 3 : std::stoull(field));
  }
  return key;
}

// Every kind of record comes sorted by its key: the numbers the file shows, in the order the format page
// lists them. The hottest lines' records keep the hottest line first, and are sorted within each line.
TEST(ProfileNumbering, EveryKindOfRecordIsSortedByItsNumbers) {
  struct SortedKind {
    const char* keyword;
    std::vector<std::size_t> key_fields;
    int line_field;  // the line address, for records sorted within each line; -1 otherwise
  };
  const SortedKind kinds[] = {
      {"counts", {0, 1}, -1},        {"region", {0}, -1},           {"evictor", {0, 1, 2, 3, 4}, -1},
      {"invalidator", {0, 1, 2, 3}, -1}, {"object", {0}, -1},       {"object-counts", {0, 1}, -1},
      {"object-ref", {0, 1, 2}, -1}, {"line-detail", {0, 3}, 1},    {"line-writer", {0, 2, 3}, 1}};
  for (const SortedKind& kind : kinds) {
    SCOPED_TRACE(kind.keyword);
    const std::vector<ProfileLine> rows = records(kind.keyword);
    ASSERT_GE(rows.size(), 2u) << "too few records to show an order";
    for (std::size_t i = 1; i < rows.size(); ++i) {
      if (kind.line_field >= 0 && rows[i].fields[kind.line_field] != rows[i - 1].fields[kind.line_field]) continue;
      SCOPED_TRACE("record " + std::to_string(i + 1));
      EXPECT_LT(key_of(rows[i - 1], kind.key_fields), key_of(rows[i], kind.key_fields));
    }
  }
}

// 100 empty parallel regions: the program shares nothing, so with the runtime excluded (the default)
// no invalidation is charged to user code, and the runtime's accesses are reported as skipped; with
// --trace-runtime=yes the runtime's own coherence traffic appears.
TEST(RuntimeExclusion, EmptyParallelRegionsHaveNoUserInvalidations) {
  Profile excluded = profile_of("empty_regions", "omp_empty_regions", {"--sim-mode=interleaved"});
  std::uint64_t user = excluded.total("invalidations_received_true_in_region") +
                       excluded.total("invalidations_received_false_in_region") +
                       excluded.total("invalidations_received_true_across_regions") +
                       excluded.total("invalidations_received_false_across_regions");
  EXPECT_EQ(user, 0u);
  EXPECT_GT(excluded.skipped_count("runtime"), 0u);
  Profile traced = profile_of("empty_regions_traced", "omp_empty_regions",
                              {"--sim-mode=interleaved", "--trace-runtime=yes"});
  std::uint64_t runtime = traced.total("invalidations_received_true_in_region") +
                          traced.total("invalidations_received_false_in_region") +
                          traced.total("invalidations_received_true_across_regions") +
                          traced.total("invalidations_received_false_across_regions");
  // 100 forks of 3 workers each hand the team's shared state from thread to thread at least once.
  EXPECT_GE(runtime, 100u);
}

// Without --sim-mode the order is interleaved (the thesis' accurate mode).
TEST(SimulationOrder, InterleavedIsTheDefault) {
  Profile p = profile_of("default_mode", "omp_false_sharing", {});
  EXPECT_EQ(p.header["sim-mode"], "interleaved");
}

// A cap of 1 MiB on buffered accesses cannot hold one Valgrind time slice of two threads hammering a
// mutex (each slice is ~100,000 blocks): the cap forces early replays, and the profile and the stderr
// summary say how many.
TEST(SimulationOrder, BufferCapForcesEarlyReplaysAndSaysSo) {
  std::string dir = scratch_directory("buffer_cap");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--max-buffer=1", "--ccsim-out-file=ccsim.out"},
                            test_program("pthread_mutex_counter"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::ifstream in(dir + "/ccsim.out");
  std::string text;
  std::uint64_t early = 0;
  while (std::getline(in, text)) {
    if (text.rfind("replay: early-flushes ", 0) == 0) early = std::stoull(text.substr(22));
  }
  EXPECT_GT(early, 0u);
  EXPECT_NE(run.stderr_text.find("forced"), std::string::npos) << run.stderr_text;
}

}  // namespace
}  // namespace ccsim_test
