// user_sync_tests.cc: synchronization the program builds itself (docs/synchronization.md, "Your own
// synchronization"): a PARSEC-style barrier with and without annotations, and a flag hand-off whose spins
// are detected and not simulated. Each program's comment derives the numbers asserted here.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

struct ProgramRun {
  std::string directory;
  RunResult result;
  Profile profile;
};

ProgramRun run_program(const std::string& test, const std::string& program, const std::string& mode) {
  ProgramRun run;
  run.directory = scratch_directory(test);
  run.result = run_ccsim(run.directory, {"--sim-mode=" + mode, "--ccsim-out-file=ccsim.out"}, test_program(program));
  EXPECT_EQ(run.result.exit_code, 0) << run.result.stderr_text;
  std::string error;
  EXPECT_TRUE(read_profile(run.directory + "/ccsim.out", &run.profile, &error)) << error;
  return run;
}

// Critical invalidations received anywhere in the run.
std::uint64_t critical_invalidations(const Profile& profile) {
  return profile.sum_where("invalidations_received_true_in_region_critical",
                           [](const ProfileRef&, const void*) { return true; }, nullptr);
}

const char kBarrierFile[] = "user_barrier_phases.c";

// An annotated parsec_barrier gives what a pthread barrier gives (pthread_barrier_phases.c's numbers): 398
// true across-region invalidations, 198 caused by "own" and 200 by "other"; 201 region records: regions 0
// to 199, each closed by a barrier release at the annotation (200), and main's code after its joins (a
// join ends the joiner's region). Region 200, after the last release, and 201, between main's two joins,
// hold nothing of the program and have no record: the workers return from the barrier straight into
// ccsim's start trampoline, whose code is not simulated. None of the barrier's own mutex traffic is a
// critical section, and its accesses, spin loop included, are excluded as the runtime's.
class AnnotatedBarrier : public ::testing::TestWithParam<const char*> {};

TEST_P(AnnotatedBarrier, GivesRegionsAndNoCriticalNoise) {
  const std::string program = GetParam();
  ProgramRun run = run_program("user_barrier_" + program, program, "interleaved");
  const Invalidations own = invalidations_at(run.profile, kBarrierFile, marked_line(kBarrierFile, "own"), "caused");
  const Invalidations other =
      invalidations_at(run.profile, kBarrierFile, marked_line(kBarrierFile, "other"), "caused");
  EXPECT_EQ(own.true_across, 198u);
  EXPECT_EQ(other.true_across, 200u);
  EXPECT_EQ(own.total() + other.total(), 398u);
  EXPECT_EQ(critical_invalidations(run.profile), 0u);
  const std::map<unsigned, unsigned> regions = region_closing_lines(run.directory + "/ccsim.out");
  ASSERT_EQ(regions.size(), 201u);
  const unsigned arrive = marked_line(kBarrierFile, "arrive");
  unsigned closed_at_annotation = 0;
  for (const auto& [id, line] : regions) closed_at_annotation += line == arrive;
  EXPECT_EQ(closed_at_annotation, 200u);
  EXPECT_GT(run.profile.skipped_count("runtime"), 0u);
  EXPECT_EQ(run.profile.at_line(kBarrierFile, marked_line(kBarrierFile, "count"), "writes"), 0u);
}

INSTANTIATE_TEST_SUITE_P(CcsimAndDrdAnnotations, AnnotatedBarrier,
                         ::testing::Values("user_barrier_phases_ccsim", "user_barrier_phases_drd"));

// Not annotated, the same barrier is a mutex and a condition variable to ccsim: one region (0) for all
// the workers' phases (and one for main's code after its joins, which end its region), the barrier's own
// invalidations are critical, and the spin loop is detected, named at exit and in the overview.
// Which of the barrier's lines receives them depends on real time, as the path through the barrier does
// (whether a thread found the previous departure unfinished, how long it spun, and so which line last
// touched the counter's line in its cache: the count, the spin or a wait); that the barrier's writes under
// its mutex remove the other thread's copy inside a critical section does not.
TEST(UnannotatedBarrier, IsCriticalNoiseInOneRegionAndItsSpinIsNamed) {
  ProgramRun run = run_program("user_barrier_plain", "user_barrier_phases", "interleaved");
  EXPECT_EQ(region_closing_lines(run.directory + "/ccsim.out").size(), 2u);
  const auto in_barrier = [](const ProfileRef& ref, const void*) {
    return ref.function.compare(0, std::string("user_barrier_wait").size(), "user_barrier_wait") == 0;
  };
  EXPECT_GT(run.profile.sum_where("invalidations_received_true_in_region_critical", in_barrier, nullptr), 0u);
  const std::string spin = std::string(kBarrierFile) + ":" + std::to_string(marked_line(kBarrierFile, "spin"));
  EXPECT_NE(run.result.stderr_text.find(spin + " waits by re-reading one address ("), std::string::npos)
      << run.result.stderr_text;
  EXPECT_NE(annotator_output(run.directory + "/ccsim.out").find(spin + " waits by re-reading one address ("),
            std::string::npos);
}

// Annotation mistakes are told at exit, one sentence each: the barrier never initialized ends no region (the
// workers stay in region 0; only main's joins end its own), and both workers end inside it (no WAIT_AFTER).
TEST(UnpairedBarrierAnnotations, AreToldAtExit) {
  ProgramRun run = run_program("user_barrier_unpaired", "user_barrier_phases_unpaired", "interleaved");
  EXPECT_EQ(region_closing_lines(run.directory + "/ccsim.out").size(), 2u);
  EXPECT_NE(run.result.stderr_text.find("was waited at but never initialized with its thread count "
                                        "(CCSIM_BARRIER_INIT or drd.h's ANNOTATE_BARRIER_INIT), so it ends no region."),
            std::string::npos)
      << run.result.stderr_text;
  EXPECT_NE(run.result.stderr_text.find("ccsim: 2 threads ended inside an annotated barrier (a WAIT_BEFORE without "
                                        "its WAIT_AFTER): their accesses after the WAIT_BEFORE were not simulated."),
            std::string::npos)
      << run.result.stderr_text;
}

const char kFlagFile[] = "flag_handoff.c";

struct HandOff {
  const char* program;
  const char* mode;
};

class FlagHandOff : public ::testing::TestWithParam<HandOff> {};

// flag_handoff.c's real work and waits, with and without the annotations (and with `pause` in the spin
// loops), in both replay orders: the work
// lines count exactly their own accesses (400,000 and 1,000 writes, 125 compulsory misses each, nothing
// shared), and each spin simulates one read however long it spun.
TEST_P(FlagHandOff, WorkAndWaitsAreCountedAsDerived) {
  const HandOff param = GetParam();
  ProgramRun run = run_program(std::string("flag_") + param.program + "_" + param.mode, param.program, param.mode);
  const Profile& p = run.profile;
  const unsigned work_main = marked_line(kFlagFile, "work main");
  const unsigned work_worker = marked_line(kFlagFile, "work worker");
  EXPECT_EQ(p.at_line(kFlagFile, work_main, "writes"), 400000u);
  EXPECT_EQ(p.at_line(kFlagFile, work_main, "L1_write_misses"), 125u);
  EXPECT_EQ(invalidations_at(p, kFlagFile, work_main, "received").total(), 0u);
  EXPECT_EQ(p.at_line(kFlagFile, work_worker, "writes"), 1000u);
  EXPECT_EQ(p.at_line(kFlagFile, work_worker, "L1_write_misses"), 125u);
  EXPECT_EQ(invalidations_at(p, kFlagFile, work_worker, "received").total(), 0u);
  EXPECT_EQ(p.at_line(kFlagFile, marked_line(kFlagFile, "wait main"), "reads"), 1u);
  EXPECT_EQ(p.at_line(kFlagFile, marked_line(kFlagFile, "wait worker"), "reads"), 1u);
  // The main thread spins at least until its time slice ends (the worker cannot run before).
  EXPECT_GT(p.skipped_count("spin"), 0u);
  const std::string wait_main = std::string(kFlagFile) + ":" + std::to_string(marked_line(kFlagFile, "wait main"));
  EXPECT_NE(run.result.stderr_text.find(wait_main + " waits by re-reading one address ("), std::string::npos)
      << run.result.stderr_text;
  EXPECT_NE(annotator_output(run.directory + "/ccsim.out").find("Spin-waiting: "), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(AnnotatedOrNot, FlagHandOff,
                         ::testing::Values(HandOff{"flag_handoff", "interleaved"},
                                           HandOff{"flag_handoff_ccsim", "interleaved"},
                                           HandOff{"flag_handoff_pause", "interleaved"},
                                           HandOff{"flag_handoff", "piped"}, HandOff{"flag_handoff_ccsim", "piped"}),
                         [](const ::testing::TestParamInfo<HandOff>& info) {
                           return std::string(info.param.program) + "_" + info.param.mode;
                         });

// A loop that stores nothing but advances its address is work, even when it re-reads the address it read
// just before (repeated_reads.c derives the numbers): every read is simulated, none is taken for a wait.
// Before spin-wait detection looked at where a loop's addresses come from, it dropped 3,072 of the 4,096
// reads and named the line as waiting.
TEST(SpinWaits, ALoopThatAdvancesItsAddressIsWork) {
  constexpr const char* kFile = "repeated_reads.c";
  for (const char* mode : {"native", "interleaved"}) {
    SCOPED_TRACE(mode);
    ProgramRun run = run_program(std::string("repeated_reads_") + mode, "repeated_reads", mode);
    const Profile& p = run.profile;
    const unsigned line = marked_line(kFile, "repeated read");
    EXPECT_EQ(p.at_line(kFile, line, "reads"), 4096u);
    EXPECT_EQ(p.at_line(kFile, line, "L1_miss_compulsory"), 128u);
    EXPECT_EQ(p.at_line(kFile, line, "L1_hit_temporal") + p.at_line(kFile, line, "L1_hit_spatial"), 3968u);
    EXPECT_EQ(p.skipped_count("spin"), 0u);
    EXPECT_EQ(run.result.stderr_text.find("waits by re-reading one address"), std::string::npos)
        << run.result.stderr_text;
  }
}

// A loop bounded by its own counter is work, even when it stores nothing and re-reads one address: it ends
// whatever it reads (counted_reader.c derives the numbers). Interleaved, the reader's 20,000 reads of
// `st.limit` alternate with the writer's 20,000 writes of `st.produced` on the same line, reader first:
// each write removes the copy the reader fetched just before (20,000 false invalidations in region 1), and
// each read but the first misses on it (19,999 false coherence misses). Piped, the reader's whole loop comes
// before the writer's: its reads miss once, then hit, and the writer's first write removes its copy (1).
// Before spin-wait detection asked whether the loop's exit depends on the value read, it dropped 19,999 of
// the reads as waiting and named the line: interleaved, 1 read, 1 invalidation, no coherence miss.
TEST(SpinWaits, ACountedLoopIsWork) {
  constexpr const char* kFile = "counted_reader.c";
  const unsigned read = marked_line(kFile, "read limit");
  const unsigned bump = marked_line(kFile, "bump");
  struct Expected {
    const char* mode;
    std::uint64_t invalidations, coherence_misses;
  };
  for (const Expected& expected : {Expected{"interleaved", 20000, 19999}, Expected{"piped", 1, 0}}) {
    SCOPED_TRACE(expected.mode);
    ProgramRun run = run_program(std::string("counted_reader_") + expected.mode, "counted_reader", expected.mode);
    const Profile& p = run.profile;
    EXPECT_EQ(p.at_line(kFile, read, "reads"), 20000u);
    EXPECT_EQ(p.at_line(kFile, bump, "writes"), 20000u);
    const Invalidations received = invalidations_at(p, kFile, read, "received");
    EXPECT_EQ(received.false_in, expected.invalidations);
    EXPECT_EQ(received.total(), expected.invalidations);
    const Invalidations caused = invalidations_at(p, kFile, bump, "caused");
    EXPECT_EQ(caused.false_in, expected.invalidations);
    EXPECT_EQ(caused.total(), expected.invalidations);
    EXPECT_EQ(p.at_line(kFile, read, "coherence_miss_false"), expected.coherence_misses);
    EXPECT_EQ(p.at_line(kFile, read, "coherence_miss_true"), 0u);
    EXPECT_EQ(p.skipped_count("spin"), 0u);
    EXPECT_EQ(run.result.stderr_text.find("waits by re-reading one address"), std::string::npos)
        << run.result.stderr_text;
    EXPECT_EQ(annotator_output(run.directory + "/ccsim.out").find("Spin-waiting: "), std::string::npos);
  }
}

// What the annotations add: the order of the hand-off itself, interleaved (one access per turn). Each
// thread's first access of `turn` is its spin's read, and the worker makes it long before the main
// thread's 400,000 writes are replayed.
// - Without them, the worker's 1,000 writes and its "give back" (turn = 2, upgrading its own copy:
//   nobody else has the line) are replayed beside the main thread's first writes; the main thread's
//   "give turn" (turn = 1) comes after its 400,000 writes and removes the worker's copy: 1 invalidation,
//   caused at "give turn", received at "give back"; the main thread's spin read then hits its own copy.
// - With them, the worker waits after its spin read until the main thread's CCSIM_HAPPENS_BEFORE:
//   "give turn" removes the copy of the worker's spin read (received at "wait worker"), the main thread reads
//   its own copy ("wait main"), then the worker's "give back" removes it (received at "wait main"): 2.
TEST(FlagHandOffOrder, AnnotationsOrderTheHandOff) {
  const unsigned give = marked_line(kFlagFile, "give turn");
  const unsigned give_back = marked_line(kFlagFile, "give back");
  const unsigned wait_main = marked_line(kFlagFile, "wait main");
  const unsigned wait_worker = marked_line(kFlagFile, "wait worker");
  ProgramRun plain = run_program("flag_order_plain", "flag_handoff", "interleaved");
  EXPECT_EQ(invalidations_at(plain.profile, kFlagFile, give, "caused").true_in, 1u);
  EXPECT_EQ(invalidations_at(plain.profile, kFlagFile, give_back, "received").true_in, 1u);
  EXPECT_EQ(invalidations_at(plain.profile, kFlagFile, give_back, "caused").total(), 0u);
  ProgramRun annotated = run_program("flag_order_annotated", "flag_handoff_ccsim", "interleaved");
  EXPECT_EQ(invalidations_at(annotated.profile, kFlagFile, give, "caused").true_in, 1u);
  EXPECT_EQ(invalidations_at(annotated.profile, kFlagFile, wait_worker, "received").true_in, 1u);
  EXPECT_EQ(invalidations_at(annotated.profile, kFlagFile, give_back, "caused").true_in, 1u);
  EXPECT_EQ(invalidations_at(annotated.profile, kFlagFile, wait_main, "received").true_in, 1u);
}

}  // namespace
}  // namespace ccsim_test
