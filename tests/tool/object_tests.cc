// object_tests.cc: end-to-end tests of data-centric attribution (docs/data-objects.md): objects by name,
// allocation site, stack and named range, their counts, the hottest lines' byte detail, and the options.
// Expected numbers are derived from each program's source (see the comment at the top of each program).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const std::vector<std::string> kNative = {"--sim-mode=native", "--ccsim-out-file=ccsim.out"};
// The line-detail tests need the threads to take a line from each other again and again, whatever
// Valgrind's scheduler does: replayed round-robin one access at a time, two threads running the same loop
// alternate access by access.
const std::vector<std::string> kInterleaved = {"--sim-mode=interleaved", "--quantum=1", "--ccsim-out-file=ccsim.out"};

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> in_mode(const std::string& mode) {
  return {"--sim-mode=" + mode, "--ccsim-out-file=ccsim.out"};
}

// One run of a test program under ccsim, and its profile.
struct ObjectRun {
  std::string directory;
  RunResult result;
  Profile profile;
};

ObjectRun run_program(const std::string& test_name, const std::string& program,
                      const std::vector<std::string>& options = kNative) {
  ObjectRun run;
  run.directory = scratch_directory("objects_" + test_name);
  run.result = run_ccsim(run.directory, options, test_program(program));
  EXPECT_EQ(run.result.exit_code, 0) << run.result.stderr_text;
  std::string error;
  EXPECT_TRUE(read_profile(run.directory + "/ccsim.out", &run.profile, &error)) << error;
  return run;
}

// The one object called `name` (0, after a failure, when there is not exactly one).
unsigned only_object(const Profile& profile, const std::string& name) {
  std::vector<unsigned> found = profile.objects_named(name);
  EXPECT_EQ(found.size(), 1u) << "objects named '" << name << "'";
  return found.size() == 1 ? found[0] : 0;
}

// The heap objects whose allocation stack starts at the line of `program_file` marked `site`, in
// `function`.
std::vector<unsigned> heap_objects_from(const Profile& profile, const std::string& program_file,
                                        const std::string& site, const std::string& function = "main") {
  const std::string prefix = program_file + ":" + std::to_string(marked_line(program_file, site)) + " " + function;
  std::vector<unsigned> found;
  for (const auto& [id, object] : profile.objects) {
    if (object.kind == "heap" && object.name.rfind(prefix, 0) == 0) found.push_back(id);
  }
  return found;
}

std::uint64_t writes_of(const Profile& profile, unsigned object) { return profile.object_total(object, "writes"); }

std::string stdout_of(const ObjectRun& run) {
  std::ifstream in(run.directory + "/stdout.txt");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// pthread_false_sharing.c keeps its two counters in `static volatile long counters[2]`: the object is
// reported by that name, as a global of 2 x 8 = 16 bytes.
TEST(GlobalObjects, ArrayOfCountersIsNamedWithItsSize) {
  ObjectRun run = run_program("counters", "pthread_false_sharing");
  unsigned counters = only_object(run.profile, "counters");
  ASSERT_NE(counters, 0u);
  EXPECT_EQ(run.profile.objects[counters].kind, "global");
  EXPECT_EQ(run.profile.objects[counters].size, 16u);
}

// Two threads increment their own counter 2,000,000 times each: 4,000,000 stores to `counters`, and no
// other store (main only reads the counters after joining). Each thread touches only its own counter, so
// every copy of the line a thread loses held bytes of `counters` alone: the invalidations received at
// the increment line are exactly those received by the object.
TEST(GlobalObjects, CountersGetEveryWriteAndEveryInvalidationOfTheIncrementLine) {
  ObjectRun run = run_program("counters_events", "pthread_false_sharing");
  unsigned counters = only_object(run.profile, "counters");
  ASSERT_NE(counters, 0u);
  EXPECT_EQ(writes_of(run.profile, counters), 4000000u);
  const unsigned line = marked_line("pthread_false_sharing.c", "increment");
  for (const char* event : {"invalidations_received_false_in_region", "invalidations_received_false_across_regions",
                            "invalidations_received_true_in_region", "invalidations_received_true_across_regions"}) {
    SCOPED_TRACE(event);
    EXPECT_EQ(run.profile.object_total(counters, event), run.profile.at_line("pthread_false_sharing.c", line, event));
  }
  EXPECT_GT(run.profile.object_total(counters, "invalidations_received_false_in_region"), 0u);
}

// heap_sites.c allocates one block of 8 longs at each of two lines: two objects, each with the 8 stores
// of its block and the block's 64 bytes as its size.
TEST(HeapObjects, TwoCallSitesAreTwoObjects) {
  ObjectRun run = run_program("heap_sites", "heap_sites");
  std::vector<unsigned> first = heap_objects_from(run.profile, "heap_sites.c", "site first");
  std::vector<unsigned> second = heap_objects_from(run.profile, "heap_sites.c", "site second");
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_NE(first[0], second[0]);
  for (unsigned object : {first[0], second[0]}) {
    SCOPED_TRACE(run.profile.objects[object].name);
    EXPECT_EQ(writes_of(run.profile, object), 8u);
    EXPECT_EQ(run.profile.objects[object].size, 64u);
    EXPECT_EQ(run.profile.objects[object].address, 0u);  // a heap bin has no single address
  }
}

// heap_sites.c allocates two blocks of 16 longs at one line (a loop): one object with the stores of both,
// 2 x 16 = 32, and the largest block's 128 bytes as its size.
TEST(HeapObjects, TwoBlocksFromOneSiteAreOneObject) {
  ObjectRun run = run_program("heap_site_loop", "heap_sites");
  std::vector<unsigned> loop = heap_objects_from(run.profile, "heap_sites.c", "site loop");
  ASSERT_EQ(loop.size(), 1u);
  EXPECT_EQ(writes_of(run.profile, loop[0]), 32u);
  EXPECT_EQ(run.profile.objects[loop[0]].size, 128u);
}

// heap_new.cc allocates with new[] (8 longs, written once: 8 stores, 64 bytes) and with the aligned
// new[] (two 64-byte-aligned structs, one store each: 2 stores, 128 bytes): both are heap objects named
// by the line that allocated them.
TEST(HeapObjects, CxxNewAllocationsAreObjects) {
  ObjectRun run = run_program("heap_new", "heap_new");
  std::vector<unsigned> array = heap_objects_from(run.profile, "heap_new.cc", "site array");
  std::vector<unsigned> aligned = heap_objects_from(run.profile, "heap_new.cc", "site aligned");
  ASSERT_EQ(array.size(), 1u);
  ASSERT_EQ(aligned.size(), 1u);
  EXPECT_EQ(writes_of(run.profile, array[0]), 8u);
  EXPECT_EQ(run.profile.objects[array[0]].size, 64u);
  EXPECT_EQ(writes_of(run.profile, aligned[0]), 2u);
  EXPECT_EQ(run.profile.objects[aligned[0]].size, 128u);
}

// With --alloc-depth=1 a bin is named by its innermost frame only: no " <- " in any heap object's name.
TEST(HeapObjects, AllocDepthOneNamesBinsByOneFrame) {
  std::vector<std::string> options = kNative;
  options.push_back("--alloc-depth=1");
  ObjectRun run = run_program("alloc_depth", "heap_sites", options);
  ASSERT_EQ(heap_objects_from(run.profile, "heap_sites.c", "site loop").size(), 1u);
  for (const auto& [id, object] : run.profile.objects) {
    if (object.kind != "heap") continue;
    SCOPED_TRACE(object.name);
    EXPECT_EQ(object.name.find(" <- "), std::string::npos);
  }
}

// heap_reuse.c writes its first block once (8 stores), frees it, and gets the same memory from its next
// allocation, which it writes three times (24 stores): the stores after the reuse belong to the second
// allocation's object, not the first's.
TEST(HeapObjects, FreedAndReusedMemoryBelongsToTheNewAllocation) {
  ObjectRun run = run_program("heap_reuse", "heap_reuse");
  ASSERT_EQ(stdout_of(run), "reused\n") << "the test needs the allocator to reuse the freed block";
  std::vector<unsigned> first = heap_objects_from(run.profile, "heap_reuse.c", "site first");
  std::vector<unsigned> second = heap_objects_from(run.profile, "heap_reuse.c", "site second");
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(writes_of(run.profile, first[0]), 8u);
  EXPECT_EQ(writes_of(run.profile, second[0]), 24u);
}

// heap_churn.c allocates, frees, reallocates and moves thousands of small blocks, most of the second
// round at addresses of the first, then one block too large for the heap layer's shadow table
// (heap_shadow.h): every access goes to the allocation that held the memory at the time, in every order
// (the numbers are worked out in the program's comment). A shadow granule left over from a freed block
// would charge the second and third rounds' accesses to an earlier site.
TEST(HeapObjects, ManySmallBlocksFreedReusedAndMovedKeepTheirOwnCounts) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("heap_churn_") + mode, "heap_churn", in_mode(mode));
    ASSERT_EQ(stdout_of(run), "reused most, moved 2000, total 36000\n")
        << "the test needs the allocator to reuse most freed blocks";
    struct Expected {
      const char* site;
      std::uint64_t writes;
      std::uint64_t reads;
    };
    for (const Expected& expected : {Expected{"site first", 6000, 0}, Expected{"site second", 12000, 12000},
                                     Expected{"site third", 6000, 6000}, Expected{"site large", 1563, 0}}) {
      SCOPED_TRACE(expected.site);
      std::vector<unsigned> site = heap_objects_from(run.profile, "heap_churn.c", expected.site);
      ASSERT_EQ(site.size(), 1u);
      EXPECT_EQ(writes_of(run.profile, site[0]), expected.writes);
      EXPECT_EQ(run.profile.object_total(site[0], "reads"), expected.reads);
    }
    const unsigned table = only_object(run.profile, "blocks");
    ASSERT_NE(table, 0u);
    EXPECT_EQ(writes_of(run.profile, table), 8000u);
  }
}

// heap_reuse_threaded.c frees a 64 KiB block and gets its memory back from an allocation at another line
// while its worker holds the replay back, so in the replay modes main's accesses are simulated after the
// real program reused the memory. In every order each sweep's 1024 writes, and their 1024 L1 write misses
// (the first sweep's compulsory, the second's replacement: see the program), go to the allocation that held
// the memory when main wrote it, and none of the sweep line's misses go to an unknown object. (Its
// evictions may: an eviction goes to the object holding the victim's first byte used, and for lines
// evicted after the final free that is no block at all.)
TEST(ObjectsInSimulatedOrder, ReusedHeapMemoryIsChargedToTheBlockOfTheTime) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("heap_reuse_threaded_") + mode, "heap_reuse_threaded", in_mode(mode));
    std::vector<unsigned> first = heap_objects_from(run.profile, "heap_reuse_threaded.c", "site first");
    std::vector<unsigned> second = heap_objects_from(run.profile, "heap_reuse_threaded.c", "site second");
    ASSERT_EQ(first.size(), 1u);
    ASSERT_EQ(second.size(), 1u);
    EXPECT_EQ(writes_of(run.profile, first[0]), 1024u);
    EXPECT_EQ(run.profile.object_total(first[0], "L1_write_misses"), 1024u);
    EXPECT_EQ(run.profile.object_total(first[0], "L1_miss_compulsory"), 1024u);
    EXPECT_EQ(writes_of(run.profile, second[0]), 1024u);
    EXPECT_EQ(run.profile.object_total(second[0], "L1_write_misses"), 1024u);
    EXPECT_EQ(run.profile.object_total(second[0], "L1_miss_replacement"), 1024u);
    const unsigned sweep = marked_line("heap_reuse_threaded.c", "sweep");
    const int read_misses = run.profile.event_index("L1_read_misses");
    const int write_misses = run.profile.event_index("L1_write_misses");
    for (const ObjectRefRow& row : run.profile.object_refs) {
      const ProfileRef& ref = run.profile.refs[row.ref];
      if (!ends_with(ref.file, "/heap_reuse_threaded.c") || ref.line != sweep) continue;
      if (run.profile.objects[row.object].kind != "unknown") continue;
      SCOPED_TRACE(run.profile.objects[row.object].name);
      EXPECT_EQ(row.counts[read_misses] + row.counts[write_misses], 0u);
    }
  }
}

// An eviction is charged to the object holding the victim's first byte used, not the line's first byte
// (evicted_block.c derives the numbers): the block's header, which malloc wrote, in the allocator's memory.
// That eviction is the allocator's memory's only event, so exactly one such object is written (objects
// without events are not). The program picks the block's line away from the stack's sets and puts the
// stack at the same place modulo the L1's 4 KiB, so the outcome does not depend on the length of the
// program's path or of its environment.
TEST(ObjectsOfEvictions, AreWhereTheVictimsBytesAre) {
  for (const char* mode : {"native", "interleaved"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("evicted_block_") + mode, "evicted_block",
                                {std::string("--sim-mode=") + mode, "--L1=4096,1,64", "--L2=none", "--LLC=none",
                                 "--ccsim-out-file=ccsim.out"});
    std::vector<unsigned> site = heap_objects_from(run.profile, "evicted_block.c", "site block", "allocate_block");
    ASSERT_EQ(site.size(), 1u);
    EXPECT_EQ(run.profile.object_total(site[0], "L1_evictions"), 0u);
    unsigned allocator_memory = 0;
    for (const auto& [id, object] : run.profile.objects) {
      if (object.name.rfind("allocator's memory", 0) != 0) continue;
      ++allocator_memory;
      EXPECT_EQ(run.profile.object_total(id, "L1_evictions"), 1u);
      EXPECT_EQ(run.profile.object_total(id, "L1_evicted_bytes_used"), 16u);
    }
    EXPECT_EQ(allocator_memory, 1u);
    EXPECT_TRUE(heap_objects_from(run.profile, "evicted_block.c", "site pad", "allocate_block").empty());
  }
}

// pthread_barrier_phases.c, interleaved: a thread's last accesses are replayed after the real thread has
// exited (the replay resumes at its exit). They still belong to its stack, so none of the events on a
// worker's stack go to the mapping that holds it: Valgrind's extent of a thread's stack is the whole
// mapping but its guard page, which nobody touches, so no unknown object overlapping a stack has any
// event (an object without events is not written). Each worker's first touch of its new stack is a
// compulsory miss, charged on that worker to its `thread N` object. Several runs, as Valgrind's
// scheduling, and with it how far the replay lags, differs between them.
TEST(ObjectsInSimulatedOrder, WorkerStacksKeepTheirEventsAfterTheThreadsExit) {
  for (int attempt = 1; attempt <= 3; ++attempt) {
    SCOPED_TRACE("run " + std::to_string(attempt));
    ObjectRun run = run_program("barrier_stacks_" + std::to_string(attempt), "pthread_barrier_phases", kInterleaved);
    for (unsigned thread : {2u, 3u}) {
      SCOPED_TRACE("thread " + std::to_string(thread));
      const unsigned stack = only_object(run.profile, "thread " + std::to_string(thread));
      ASSERT_NE(stack, 0u);
      const ProfileObject& extent = run.profile.objects[stack];
      for (const auto& [id, object] : run.profile.objects) {
        const bool overlaps =
            object.address < extent.address + extent.size && extent.address < object.address + object.size;
        if (object.kind == "unknown" && overlaps) ADD_FAILURE() << "events charged to " << object.name;
      }
      const auto counts = run.profile.object_counts.find({stack, thread});
      ASSERT_NE(counts, run.profile.object_counts.end());
      EXPECT_GE(counts->second[run.profile.event_index("L1_miss_compulsory")], 1u);
    }
  }
}

// named_range.c's name, in every order: the 64 stores to the named bytes and the 448 to the rest of
// `pool` (see NamedRanges.ClientRequestNamesARangeInsideAVariable) whether the request takes effect at
// once or where the replay reaches it.
TEST(ObjectsInSimulatedOrder, NamedRangeTakesEffectWhereTheReplayReachesIt) {
  for (const char* mode : {"interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("named_range_") + mode, "named_range", in_mode(mode));
    const unsigned named = only_object(run.profile, "particle pool");
    const unsigned pool = only_object(run.profile, "pool");
    ASSERT_NE(named, 0u);
    ASSERT_NE(pool, 0u);
    EXPECT_EQ(writes_of(run.profile, named), 64u);
    EXPECT_EQ(writes_of(run.profile, pool), 448u);
  }
}

// thread_arrays.c: one function's load and store run on two threads at once, each over its own global
// array, so in the replay orders they touch `left` and `right` in alternation. Each array's 10 x 512
// reads and writes are its own thread's: main (1) for `left`, the worker (2) for `right`; then main
// reads one element of each for printf.
TEST(ObjectsInSimulatedOrder, OneInstructionOnTwoThreadsCountsEachThreadsOwnArray) {
  for (const char* mode : {"interleaved", "piped", "native"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("thread_arrays_") + mode, "thread_arrays", in_mode(mode));
    const Profile& profile = run.profile;
    const unsigned left = only_object(profile, "left");
    const unsigned right = only_object(profile, "right");
    ASSERT_NE(left, 0u);
    ASSERT_NE(right, 0u);
    // (object, thread) -> {reads, writes}; {0, 0} when the thread has no counts for the object.
    auto reads_and_writes = [&](unsigned object, unsigned thread) {
      const auto counts = profile.object_counts.find({object, thread});
      if (counts == profile.object_counts.end()) return std::pair<std::uint64_t, std::uint64_t>{0, 0};
      return std::pair<std::uint64_t, std::uint64_t>{counts->second[profile.event_index("reads")],
                                                     counts->second[profile.event_index("writes")]};
    };
    EXPECT_EQ(reads_and_writes(left, 1), (std::pair<std::uint64_t, std::uint64_t>{5121, 5120}));
    EXPECT_EQ(reads_and_writes(left, 2), (std::pair<std::uint64_t, std::uint64_t>{0, 0}));
    EXPECT_EQ(reads_and_writes(right, 1), (std::pair<std::uint64_t, std::uint64_t>{1, 0}));
    EXPECT_EQ(reads_and_writes(right, 2), (std::pair<std::uint64_t, std::uint64_t>{5120, 5120}));
  }
}

// two_functions_one_array.c: fill() writes `table`'s 64 elements once on main (thread 1); sum() reads them
// 3 times, on the worker (thread 2), then on main. The code x data cells (`object-ref:`) carry each
// (line, thread)'s reads and writes, in every order: fill on 1 {0, 64}, sum on 2 {192, 0}, sum on 1
// {192, 0}, no other cell of `table` reads or writes; and the object's own counts (`object-counts:`) are
// their sums: thread 1 {192, 64}, thread 2 {192, 0}. (Natively sum()'s load runs on the worker, then on
// main: its object cache moves from the worker's cell to main's.)
TEST(ObjectCells, ReadsAndWritesPerLineAndThread) {
  using ReadsWrites = std::pair<std::uint64_t, std::uint64_t>;
  const unsigned fill_line = marked_line("two_functions_one_array.c", "fill");
  const unsigned sum_line = marked_line("two_functions_one_array.c", "sum");
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("two_functions_") + mode, "two_functions_one_array", in_mode(mode));
    const Profile& profile = run.profile;
    const unsigned table = only_object(profile, "table");
    ASSERT_NE(table, 0u);
    const int reads = profile.event_index("reads");
    const int writes = profile.event_index("writes");
    // (source line, thread) -> {reads, writes} of table's cells; and table's cells summed per thread.
    std::map<std::pair<unsigned, unsigned>, ReadsWrites> cells;
    std::map<unsigned, ReadsWrites> per_thread;
    for (const ObjectRefRow& row : profile.object_refs) {
      if (row.object != table) continue;
      const ProfileRef& ref = profile.refs.at(row.ref);
      ASSERT_TRUE(ends_with(ref.file, "two_functions_one_array.c")) << ref.file;
      ReadsWrites& cell = cells[{ref.line, row.thread}];
      cell.first += row.counts[reads];
      cell.second += row.counts[writes];
      per_thread[row.thread].first += row.counts[reads];
      per_thread[row.thread].second += row.counts[writes];
    }
    const std::map<std::pair<unsigned, unsigned>, ReadsWrites> expected = {
        {{fill_line, 1}, {0, 64}}, {{sum_line, 2}, {192, 0}}, {{sum_line, 1}, {192, 0}}};
    EXPECT_EQ(cells, expected);
    for (unsigned thread : {1u, 2u}) {
      SCOPED_TRACE(thread);
      EXPECT_EQ(per_thread[thread].first, profile.object_count(table, thread, "reads"));
      EXPECT_EQ(per_thread[thread].second, profile.object_count(table, thread, "writes"));
    }
    EXPECT_EQ(per_thread[1], (ReadsWrites{192, 64}));
    EXPECT_EQ(per_thread[2], (ReadsWrites{192, 0}));
  }
}

// freed_block_reused.c: the worker writes its 256 KiB block twice and frees it; main then gets the same
// memory from the allocator and writes it twice. Each block's 32,768 longs x 2 rounds = 65,536 writes
// are its own thread's; main's first write to each of the block's 4,096 lines that its malloc did not
// take first (all but the one with the header, the program says why) removes the worker's copy, which
// the worker wrote: 4,096 true-sharing invalidations, caused by main's block's writes and received by the
// worker there (the memory is main's block by then), and no other invalidation of either block, natively.
// The replay orders order main's use after the worker's free from the moment malloc returns the block
// (reused_memory.h); malloc's own write of the header into line 0 comes before that, so line 0 can pass
// between the threads once more (main's header write, the worker's later write, which the worker's block
// causes, main's first write): at most 4,097 caused and received there, at most 2 more for the header's
// own bytes, and at most 1 caused by the worker's block (docs/data-objects.md, "Limits"). Before the
// replay orders waited for the free, they interleaved the two uses: tens of thousands.
TEST(ObjectsInSimulatedOrder, MemoryFreedByOneThreadAndReusedByAnotherIsNotShared) {
  for (const char* mode : {"interleaved", "piped", "native"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("freed_block_reused_") + mode, "freed_block_reused", in_mode(mode));
    ASSERT_NE(stdout_of(run).find("reused: yes, at 16 mod 64"), std::string::npos)
        << "the allocator did not reuse the block, or placed it otherwise: " << stdout_of(run);
    const Profile& profile = run.profile;
    auto heap_object = [&](const std::string& site, const std::string& function) {
      const std::string prefix = "freed_block_reused.c:" +
                                 std::to_string(marked_line("freed_block_reused.c", site)) + " " + function;
      for (const auto& [id, object] : profile.objects) {
        if (object.kind == "heap" && object.name.rfind(prefix, 0) == 0) return id;
      }
      return 0u;
    };
    const unsigned worker_block = heap_object("worker_block", "worker");
    const unsigned main_block = heap_object("main_block", "main");
    ASSERT_NE(worker_block, 0u);
    ASSERT_NE(main_block, 0u);
    EXPECT_EQ(profile.object_count(worker_block, 2, "writes"), 65536u);
    EXPECT_EQ(profile.object_count(main_block, 1, "writes"), 65536u);
    const bool native = std::string(mode) == "native";
    const std::uint64_t caused_true = profile.object_count(main_block, 1, "invalidations_caused_true_in_region");
    const std::uint64_t received_true = profile.object_count(main_block, 2, "invalidations_received_true_in_region");
    if (native) {
      EXPECT_EQ(caused_true, 4096u);
      EXPECT_EQ(received_true, 4096u);
    } else {
      EXPECT_TRUE(caused_true == 4096u || caused_true == 4097u) << caused_true;
      EXPECT_TRUE(received_true == 4096u || received_true == 4097u) << received_true;
    }
    for (unsigned object : {worker_block, main_block}) {
      for (unsigned thread : {1u, 2u}) {
        std::uint64_t received = 0;
        std::uint64_t caused = 0;
        for (const char* kind : {"true_in_region", "false_in_region", "true_across_regions", "false_across_regions"}) {
          const std::string received_event = std::string("invalidations_received_") + kind;
          const std::string caused_event = std::string("invalidations_caused_") + kind;
          received += profile.object_count(object, thread, received_event.c_str());
          caused += profile.object_count(object, thread, caused_event.c_str());
        }
        SCOPED_TRACE("object " + std::to_string(object) + " thread " + std::to_string(thread));
        // Natively exact; in the replay orders the header line's extra hand-backs bound them above.
        const std::uint64_t received_least = object == main_block && thread == 2 ? 4096u : 0u;
        const std::uint64_t caused_least = object == main_block && thread == 1 ? 4096u : 0u;
        const std::uint64_t received_most = received_least + (native || received_least == 0 ? 0u : 3u);
        const std::uint64_t caused_most =
            caused_least + (native ? 0u : caused_least != 0 ? 3u : object == worker_block ? 1u : 0u);
        EXPECT_GE(received, received_least);
        EXPECT_LE(received, received_most);
        EXPECT_GE(caused, caused_least);
        EXPECT_LE(caused, caused_most);
      }
    }
  }
}

// tests/programs/published_blocks.c: main allocates 100 blocks under a mutex and publishes them, a reader
// reads each block's value under the mutex after a pipe says they are all there, then main frees them.
// The replay runs critical sections in its own order: interleaved reaches half of the reads before their
// block's allocation, piped all of them after its free. Each read was made while its block was live, so
// all 100 are the reader's reads of the blocks' bin, and none is charged to the allocator's memory outside live
// blocks, in every order (before out_of_order_blocks.h: 50 interleaved, 100 piped). The same with blocks
// over 64 KiB (published_large_blocks), which the heap layer finds through its trees, not its shadows.
TEST(ObjectsInSimulatedOrder, BlocksReadOutOfTheirLockOrderAreChargedToTheirBin) {
  for (const char* program : {"published_blocks", "published_large_blocks"}) {
    for (const char* mode : {"interleaved", "piped", "native"}) {
      SCOPED_TRACE(std::string(program) + " " + mode);
      ObjectRun run = run_program(std::string(program) + "_" + mode, program, in_mode(mode));
      ASSERT_NE(stdout_of(run).find("sum: 4950"), std::string::npos);
      const Profile& profile = run.profile;
      const std::string site =
          "published_blocks.c:" + std::to_string(marked_line("published_blocks.c", "block")) + " main";
      unsigned bin = 0;
      std::vector<unsigned> heap_mappings;
      for (const auto& [id, object] : profile.objects) {
        if (object.kind == "heap" && object.name.rfind(site, 0) == 0) bin = id;
        if (object.name.rfind("allocator's memory", 0) == 0) heap_mappings.push_back(id);
      }
      ASSERT_NE(bin, 0u);
      EXPECT_EQ(profile.object_count(bin, 2, "reads"), 100u);
      EXPECT_EQ(profile.object_count(bin, 1, "writes"), 100u);
      for (unsigned mapping : heap_mappings) {
        EXPECT_EQ(profile.object_count(mapping, 2, "reads"), 0u) << profile.objects.at(mapping).name;
      }
    }
  }
}

// block_sizes.c reads blocks of 65,536 bytes (in the heap's shadow table alone) and 65,537 bytes (in the
// tree), one byte a line: 1,024 and 1,025 reads. Its freed span of 200 blocks, read in one pass, is 200
// reads of memory in no block in native order, and of the span's bin in the replay orders (freed blocks
// are kept for accesses the replay reaches later); the live block right after it has its 1 read: the
// gaps the layer answered for the span's bytes did not reach over it.
TEST(HeapObjects, BlocksOnBothSidesOfTheShadowsLimitAndTheGapsBetweenThem) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("block_sizes_") + mode, "block_sizes", in_mode(mode));
    const Profile& profile = run.profile;
    // The reads of a site's bin; a bin nothing accessed is not in the profile (the span's, natively).
    auto reads_of_site = [&](const char* site) -> std::uint64_t {
      const std::vector<unsigned> bins = heap_objects_from(profile, "block_sizes.c", site);
      EXPECT_LE(bins.size(), 1u) << site;
      return bins.size() == 1 ? profile.object_count(bins[0], 1, "reads") : 0;
    };
    EXPECT_EQ(reads_of_site("site exact"), 1024u);
    EXPECT_EQ(reads_of_site("site over"), 1025u);
    EXPECT_EQ(reads_of_site("site keeper"), 1u);
    std::uint64_t freed_reads = 0;
    for (const auto& [id, object] : profile.objects) {
      if (object.name.rfind("allocator's memory", 0) == 0) freed_reads += profile.object_count(id, 1, "reads");
    }
    const bool native = std::string(mode) == "native";
    EXPECT_EQ(freed_reads, native ? 200u : 0u);
    EXPECT_EQ(reads_of_site("site span"), native ? 0u : 200u);
  }
}

// private_buffers.c: two threads each allocate, fill, sum and free a 256-byte buffer 1,000 times at the
// same time. Each thread's buffers (one object: their allocation stacks differ below use_buffers) have
// that thread's 32 writes and 32 reads a round and nothing else; no line passes between the threads, in
// any order (glibc gives the worker an arena of its own).
TEST(HeapObjects, ThreadsPrivateBuffersShareNoLine) {
  for (const char* mode : {"interleaved", "piped", "native"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("private_buffers_") + mode, "private_buffers", in_mode(mode));
    const Profile& profile = run.profile;
    const std::string prefix =
        "private_buffers.c:" + std::to_string(marked_line("private_buffers.c", "buffer")) + " use_buffers";
    unsigned buffers_of[3] = {0, 0, 0};  // by thread: main (1) calls use_buffers from main, the worker (2) not
    for (const auto& [id, candidate] : profile.objects) {
      if (candidate.kind != "heap" || candidate.name.rfind(prefix, 0) != 0) continue;
      buffers_of[candidate.name.find(" main <- ") != std::string::npos ? 1 : 2] = id;
    }
    for (unsigned owner : {1u, 2u}) {
      SCOPED_TRACE("thread " + std::to_string(owner));
      const unsigned object = buffers_of[owner];
      ASSERT_NE(object, 0u);
      const auto counts = profile.object_counts.find({object, owner});
      ASSERT_NE(counts, profile.object_counts.end());
      EXPECT_EQ(counts->second[profile.event_index("writes")], 32000u);
      EXPECT_EQ(counts->second[profile.event_index("reads")], 32000u);
      EXPECT_EQ(profile.object_counts.count({object, 3u - owner}), 0u);
      std::uint64_t invalidations = 0;
      for (std::size_t event = 0; event < profile.events.size(); ++event) {
        if (profile.events[event].rfind("invalidations_", 0) == 0) invalidations += counts->second[event];
      }
      EXPECT_EQ(invalidations, 0u);
    }
  }
}

// heap_sites.c writes the 16 longs of its global `table` once: 16 stores to a 128-byte global.
TEST(GlobalObjects, StaticArrayIsNamedWithItsSizeAndStores) {
  ObjectRun run = run_program("table", "heap_sites");
  unsigned table = only_object(run.profile, "table");
  ASSERT_NE(table, 0u);
  EXPECT_EQ(run.profile.objects[table].kind, "global");
  EXPECT_EQ(run.profile.objects[table].size, 128u);
  EXPECT_EQ(writes_of(run.profile, table), 16u);
}

// heap_sites.c writes the 32 longs of an array on the main thread's stack: the stack of thread 1 is an
// object with at least those 32 stores (calls store return addresses there too).
TEST(StackObjects, MainThreadStackIsAnObject) {
  ObjectRun run = run_program("stack", "heap_sites");
  unsigned stack = only_object(run.profile, "thread 1");
  ASSERT_NE(stack, 0u);
  EXPECT_EQ(run.profile.objects[stack].kind, "stack");
  EXPECT_GE(writes_of(run.profile, stack), 32u);
}

// named_range.c names bytes 1024-1535 of the 4096-byte `pool` and then stores to each of its 512 longs
// once: 64 stores land in the named range (its own object, at pool + 1024, 512 bytes), and the other
// 448 in `pool`.
TEST(NamedRanges, ClientRequestNamesARangeInsideAVariable) {
  ObjectRun run = run_program("named_range", "named_range");
  unsigned named = only_object(run.profile, "particle pool");
  unsigned pool = only_object(run.profile, "pool");
  ASSERT_NE(named, 0u);
  ASSERT_NE(pool, 0u);
  EXPECT_EQ(run.profile.objects[named].kind, "named");
  EXPECT_EQ(run.profile.objects[named].size, 512u);
  EXPECT_EQ(run.profile.objects[named].address, run.profile.objects[pool].address + 1024);
  EXPECT_EQ(writes_of(run.profile, named), 64u);
  EXPECT_EQ(writes_of(run.profile, pool), 448u);
}

// named_range.c's second request names 0 bytes: it is refused with one sentence saying why, and the
// program runs on.
TEST(NamedRanges, EmptyRangeIsRefusedWithAReason) {
  ObjectRun run = run_program("named_range_empty", "named_range");
  EXPECT_NE(run.result.stderr_text.find("CCSIM_NAME_RANGE"), std::string::npos) << run.result.stderr_text;
  EXPECT_NE(run.result.stderr_text.find("the size is 0"), std::string::npos) << run.result.stderr_text;
  EXPECT_TRUE(run.profile.objects_named("nothing").empty());
}

// shared_struct.c: thread 2 reads `limit` (bytes 16-23) and writes `first` (bytes 0-7), thread 3 reads
// `limit` and writes `second` (bytes 8-15); `pair` fills its line, so the line is at offset 0 of the
// object, and the padding (bytes 24-63) is never touched. Interleaved, each thread's increment takes the
// line from the other in every round, so each thread's stores and its touched bytes are seen in many
// invalidations; the main thread reads the struct only after joining both, so it has no copy to lose.
TEST(LineDetail, StructFieldsShowEachThreadsBytes) {
  ObjectRun run = run_program("line_detail", "shared_struct", kInterleaved);
  unsigned pair = only_object(run.profile, "pair");
  ASSERT_NE(pair, 0u);
  EXPECT_EQ(run.profile.objects[pair].size, 64u);  // 3 longs and 40 bytes of padding
  const std::uint64_t line = run.profile.objects[pair].address;
  std::map<unsigned, LineDetailRow> by_thread;
  for (const LineDetailRow& row : run.profile.line_details) {
    if (row.object == pair && row.line == line) by_thread[row.thread] = row;
  }
  ASSERT_EQ(by_thread.size(), 2u);
  ASSERT_EQ(by_thread.count(2), 1u);
  ASSERT_EQ(by_thread.count(3), 1u);
  EXPECT_EQ(by_thread[2].offset_in_object, 0);
  EXPECT_EQ(by_thread[2].read, "16-23");
  EXPECT_EQ(by_thread[2].written, "0-7");
  EXPECT_EQ(by_thread[3].offset_in_object, 0);
  EXPECT_EQ(by_thread[3].read, "16-23");
  EXPECT_EQ(by_thread[3].written, "8-15");
}

// In shared_struct.c the only stores to pair's line (pair fills it) are the two threads' increments, one
// instruction: the line's writers are threads 2 and 3 at the increment line, storing to `pair`. Every
// copy they removed had touched bytes of `pair` only, so `pair` received each invalidation they caused,
// all false sharing within one region (no barrier; nobody writes a byte the other thread touched).
TEST(LineDetail, WritersOfTheLineAreTheTwoIncrements) {
  ObjectRun run = run_program("line_writers", "shared_struct", kInterleaved);
  unsigned pair = only_object(run.profile, "pair");
  ASSERT_NE(pair, 0u);
  const std::uint64_t line = run.profile.objects[pair].address;
  const unsigned increment = marked_line("shared_struct.c", "increment");
  std::set<unsigned> threads;
  std::uint64_t caused = 0;
  for (const LineWriterRow& row : run.profile.line_writers) {
    if (row.line != line) continue;
    SCOPED_TRACE(row.thread);
    EXPECT_EQ(row.object, pair);
    EXPECT_EQ(run.profile.refs[row.ref].line, increment);
    threads.insert(row.thread);
    caused += row.invalidations;
  }
  EXPECT_EQ(threads, (std::set<unsigned>{2, 3}));
  EXPECT_GT(caused, 0u);
  EXPECT_EQ(caused, run.profile.object_total(pair, "invalidations_received_false_in_region"));
  EXPECT_EQ(run.profile.object_total(pair, "invalidations_received_true_in_region"), 0u);
  EXPECT_EQ(run.profile.object_total(pair, "invalidations_received_false_across_regions"), 0u);
}

// heap_reuse_pingpong.c: the same two increments fight over one line twice, first in a block from
// "site first", then, after it is freed, in the same memory allocated at "site second". The writers the
// line detail lists for each block are the invalidations that block received, no more, no fewer: a
// writer's count must follow the memory's owner even though the second phase repeats the first
// phase's invalidations at the same instruction and bytes, which line_detail.cc remembers. Each phase
// creates its own two workers: threads 2 and 3 in the first, 4 and 5 in the second (threads are
// numbered in creation order, whatever ids Valgrind reuses). Both phases' increments made invalidations
// (the threads alternate access by access after their barrier). One more copy is removed in each phase:
// main's malloc wrote the block's header and glibc's cache links into the line before the workers
// started, and the first increment removes that copy, which is the allocator's (charged to its object):
// the writers caused the block's received invalidations and 1.
TEST(LineDetail, WritersFollowTheMemoryWhenABlockIsReused) {
  ObjectRun run = run_program("line_writers_reuse", "heap_reuse_pingpong", kInterleaved);
  const unsigned increment = marked_line("heap_reuse_pingpong.c", "increment");
  const std::pair<const char*, std::set<unsigned>> phases[] = {{"site first", {2, 3}}, {"site second", {4, 5}}};
  for (const auto& [site, workers] : phases) {
    SCOPED_TRACE(site);
    const std::vector<unsigned> block = heap_objects_from(run.profile, "heap_reuse_pingpong.c", site);
    ASSERT_EQ(block.size(), 1u);
    std::uint64_t caused = 0;
    std::uint64_t by_increments = 0;
    std::set<unsigned> increment_threads;
    for (const LineWriterRow& row : run.profile.line_writers) {
      if (row.object != block[0]) continue;
      caused += row.invalidations;
      if (run.profile.refs[row.ref].line != increment) continue;
      by_increments += row.invalidations;
      increment_threads.insert(row.thread);
    }
    std::uint64_t received = 0;
    for (const char* event : {"invalidations_received_true_in_region", "invalidations_received_false_in_region",
                              "invalidations_received_true_across_regions",
                              "invalidations_received_false_across_regions"}) {
      received += run.profile.object_total(block[0], event);
    }
    EXPECT_EQ(caused, received + 1);
    EXPECT_EQ(increment_threads, workers);
    EXPECT_GT(by_increments, 0u);
  }
}

// --line-detail=1 describes only the hottest line, pair's in shared_struct.c (interleaved, its ~2,000,000
// invalidations dwarf the few of thread start-up); --line-detail=0 none.
TEST(LineDetail, OptionLimitsTheLinesDescribed) {
  std::vector<std::string> one = kInterleaved;
  one.push_back("--line-detail=1");
  ObjectRun run = run_program("line_detail_one", "shared_struct", one);
  unsigned pair = only_object(run.profile, "pair");
  ASSERT_FALSE(run.profile.line_details.empty());
  for (const LineDetailRow& row : run.profile.line_details) EXPECT_EQ(row.line, run.profile.objects[pair].address);
  for (const LineWriterRow& row : run.profile.line_writers) EXPECT_EQ(row.line, run.profile.objects[pair].address);

  std::vector<std::string> none = kInterleaved;
  none.push_back("--line-detail=0");
  ObjectRun quiet = run_program("line_detail_none", "shared_struct", none);
  EXPECT_TRUE(quiet.profile.line_details.empty());
  EXPECT_TRUE(quiet.profile.line_writers.empty());
}

// brk_heap_growth.c grows the brk heap by 4 pages, writes a byte on each, grows it by 4 more and writes
// a byte on each of those: 8 writes, all to memory in no block, variable or stack, so to the brk heap's
// mapping object. The heap is one object, made at its first growth and grown with the second: one object
// holds both growths' pages, named by its whole extent, with the 8 writes. (When the mapping's object was
// made at the first lookup of its bytes, a lookup between the growths named the first 4 pages, and the
// next lookup past them made a second object of the rest: 4 writes each, in every order.)
TEST(MappingObjects, TheBrkHeapIsOneObjectThatGrowsWithIt) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    ObjectRun run = run_program(std::string("brk_heap_growth_") + mode, "brk_heap_growth", in_mode(mode));
    unsigned long long first = 0, second = 0;
    ASSERT_EQ(std::sscanf(stdout_of(run).c_str(), "first %llx second %llx", &first, &second), 2) << stdout_of(run);
    const std::uint64_t page = 4096;
    ASSERT_EQ(second, first + 4 * page);
    std::vector<unsigned> holding;
    for (const auto& [id, object] : run.profile.objects) {
      const bool holds_first = object.address <= first && first < object.address + object.size;
      const bool holds_last = object.address <= second + 3 * page && second + 3 * page < object.address + object.size;
      if (holds_first || holds_last) holding.push_back(id);
    }
    ASSERT_EQ(holding.size(), 1u);
    const ProfileObject& heap = run.profile.objects.at(holding[0]);
    EXPECT_EQ(heap.kind, "unknown");
    EXPECT_GE(heap.address + heap.size, second + 4 * page);
    char name[96];
    std::snprintf(name, sizeof name, "anonymous mapping 0x%llx-0x%llx", static_cast<unsigned long long>(heap.address),
                  static_cast<unsigned long long>(heap.address + heap.size - 1));
    EXPECT_EQ(heap.name, name);
    EXPECT_EQ(writes_of(run.profile, holding[0]), 8u);
  }
}

// heap_sites_stripped is heap_sites.c linked with -s: no symbol table, so no variable names; the run
// still completes, its three allocation sites are named by code address (their objects have the 8, 8
// and 32 stores of heap_sites.c) and the 16 stores to `table` go to mapping objects (kind unknown).
TEST(Stripped, ObjectsFallBackToAddresses) {
  ObjectRun run = run_program("stripped", "heap_sites_stripped");
  EXPECT_TRUE(run.profile.objects_named("table").empty());
  std::vector<std::uint64_t> site_writes;
  std::uint64_t unknown_writes = 0;
  for (const auto& [id, object] : run.profile.objects) {
    if (object.kind == "heap" && object.name.rfind("0x", 0) == 0) site_writes.push_back(writes_of(run.profile, id));
    if (object.kind == "unknown") unknown_writes += writes_of(run.profile, id);
  }
  std::sort(site_writes.begin(), site_writes.end());
  EXPECT_EQ(site_writes, (std::vector<std::uint64_t>{8, 8, 32}));
  EXPECT_GE(unknown_writes, 16u);
}

struct ConsistencyCase {
  const char* program;
  const char* mode;
};

void PrintTo(const ConsistencyCase& c, std::ostream* out) { *out << c.program << " --sim-mode=" << c.mode; }

class ObjectCountsAddUp : public ::testing::TestWithParam<ConsistencyCase> {};

// Every miss, coherence miss, invalidation and eviction is charged to exactly one object ("unknown"
// included), and every simulated access too: summed over objects and threads, object-counts equal the
// summary for every event but the hits (not kept per object).
TEST_P(ObjectCountsAddUp, ToTheSummary) {
  const ConsistencyCase& c = GetParam();
  ObjectRun run = run_program(std::string("sums_") + c.program, c.program,
                              {std::string("--sim-mode=") + c.mode, "--ccsim-out-file=ccsim.out"});
  ASSERT_FALSE(run.profile.objects.empty());
  for (const std::string& event : run.profile.events) {
    if (event.find("_hit_") != std::string::npos) continue;
    SCOPED_TRACE(event);
    EXPECT_EQ(run.profile.all_objects_total(event), run.profile.total(event));
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, ObjectCountsAddUp,
                         ::testing::Values(ConsistencyCase{"pthread_false_sharing", "native"},
                                           ConsistencyCase{"heap_sites", "native"},
                                           ConsistencyCase{"shared_struct", "interleaved"}),
                         [](const auto& info) { return std::string(info.param.program) + "_" + info.param.mode; });

// --data-objects=no writes no object records, and changes nothing else: the heap is replaced either way,
// so a single-threaded program sees the same addresses and gets the same summary. (Both runs are made
// in one directory: the environment, and with it the stack's layout, must be the same.)
TEST(Options, DataObjectsNoWritesNoObjectsAndTheSameSummary) {
  const std::string dir = scratch_directory("objects_yes_no");
  Profile with, without;
  std::string error;
  ASSERT_EQ(run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=with.out"}, test_program("heap_sites")).exit_code, 0);
  ASSERT_EQ(run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=without.out", "--data-objects=no"},
                      test_program("heap_sites")).exit_code, 0);
  ASSERT_TRUE(read_profile(dir + "/with.out", &with, &error)) << error;
  ASSERT_TRUE(read_profile(dir + "/without.out", &without, &error)) << error;
  EXPECT_FALSE(with.objects.empty());
  EXPECT_TRUE(without.objects.empty());
  EXPECT_TRUE(without.object_counts.empty());
  EXPECT_TRUE(without.line_details.empty());
  EXPECT_EQ(without.summary, with.summary);
}

struct BadObjectOption {
  const char* option;
  const char* message;  // a part of the one-sentence error
};

class RejectsBadObjectOption : public ::testing::TestWithParam<BadObjectOption> {};

// A bad value stops Valgrind before the client runs, with a sentence naming what is allowed.
TEST_P(RejectsBadObjectOption, WithItsMessage) {
  std::string dir = scratch_directory("objects_bad_option");
  RunResult run = run_ccsim(dir, {GetParam().option}, test_program("exit_code"));
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.exit_code, 42) << "the client ran";
  EXPECT_NE(run.stderr_text.find(GetParam().message), std::string::npos) << run.stderr_text;
}

INSTANTIATE_TEST_SUITE_P(Options, RejectsBadObjectOption,
                         ::testing::Values(BadObjectOption{"--data-objects=maybe", "'yes' or 'no'"},
                                           BadObjectOption{"--alloc-depth=0", "whole number from 1 to 64"},
                                           BadObjectOption{"--alloc-depth=65", "whole number from 1 to 64"},
                                           BadObjectOption{"--line-detail=ten", "whole number from 0"}));

// --help lists the data-object options with their defaults.
TEST(Options, HelpShowsTheDataObjectOptions) {
  std::string dir = scratch_directory("objects_help");
  run_ccsim(dir, {"--help"}, "");
  std::ifstream out(dir + "/stdout.txt");
  std::stringstream text;
  text << out.rdbuf();
  for (const char* option : {"--data-objects=yes|no", "--alloc-depth=<n>", "--line-detail=<n>"}) {
    SCOPED_TRACE(option);
    EXPECT_NE(text.str().find(option), std::string::npos);
  }
}

}  // namespace
}  // namespace ccsim_test
