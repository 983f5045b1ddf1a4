// line_detail_tests.cc: the line detail a sharing finding needs, end to end (docs/data-objects.md, "Line
// detail"): the bytes of one heap block's life, the lines of every heavy object, and the class of a line
// from all of its bytes and from its invalidation counts. The profiles are read, and their lines
// classified, by ccsim-annotate's own code (parsing/, analysis/sharing_findings.h). Expected numbers are
// derived from each program's source (see the comment at the top of each program).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/derived_events.h"
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/parsing/parser.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

using ccsim::annotate::ByteRanges;
using ccsim::annotate::LineUse;
using ccsim::annotate::Profile;
using ccsim::annotate::Sharing;
using ccsim::annotate::ThreadBytes;

// Replayed round-robin one access at a time, two threads running the same loop alternate store by store.
const std::vector<std::string> kInterleaved = {"--sim-mode=interleaved", "--quantum=1", "--ccsim-out-file=ccsim.out"};

Profile run_program(const std::string& test_name, const std::string& program,
                    const std::vector<std::string>& more_options = {}) {
  const std::string directory = scratch_directory("line_detail_" + test_name);
  std::vector<std::string> options = kInterleaved;
  options.insert(options.end(), more_options.begin(), more_options.end());
  const RunResult result = run_ccsim(directory, options, test_program(program));
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  return ccsim::annotate::read_profile_file(directory + "/ccsim.out");
}

// The heap bin allocated at the line of `source` marked `site` (its name starts "<source>:<line> "), or
// the object named `name`; profile.objects.size() (after a failure) when there is not exactly one.
std::size_t only_object(const Profile& profile, bool (*matches)(const std::string& name, const std::string& key),
                        const std::string& key) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < profile.objects.size(); ++i) {
    if (matches(profile.objects[i].name, key)) found.push_back(i);
  }
  EXPECT_EQ(found.size(), 1u) << "objects matching '" << key << "'";
  return found.size() == 1 ? found[0] : profile.objects.size();
}

std::size_t heap_site(const Profile& profile, const std::string& source, const std::string& site) {
  const std::string prefix = source + ":" + std::to_string(marked_line(source, site)) + " ";
  return only_object(profile, [](const std::string& name, const std::string& key) { return name.rfind(key, 0) == 0; },
                     prefix);
}

std::size_t global(const Profile& profile, const std::string& name) {
  return only_object(profile, [](const std::string& object, const std::string& key) { return object == key; }, name);
}

std::vector<LineUse> lines_of(const std::vector<LineUse>& lines, std::size_t object) {
  std::vector<LineUse> found;
  for (const LineUse& line : lines) {
    if (line.object == object) found.push_back(line);
  }
  return found;
}

// The invalidations an object received, true or false sharing, in and across regions.
std::uint64_t received(const Profile& profile, std::size_t object, const std::string& kind) {
  std::uint64_t sum = 0;
  for (const std::string& event : {"invalidations_received_" + kind + "_in_region",
                                   "invalidations_received_" + kind + "_across_regions"}) {
    const auto column = profile.event_index(event);
    for (const auto& counts : profile.object_counts) {
      if (counts.object == object && column && *column < counts.counts.size()) sum += counts.counts[*column];
    }
  }
  return sum;
}

const ThreadBytes* thread_bytes(const std::vector<ThreadBytes>& threads, unsigned thread) {
  for (const ThreadBytes& use : threads) {
    if (use.thread == thread) return &use;
  }
  return nullptr;
}

// heap_block_lives.c: one block per round at one address, the threads' halves swapped every round. The
// line detail keeps one life's bytes: each thread wrote one long of its half of that life (bytes 0-7 or
// 32-39), not both; so the bytes, and the counts (3 true sharing invalidations, one per round boundary,
// against thousands of false), say false sharing.
TEST(LineDetailLives, BytesOfOneBlockLifeAreNotMergedWithTheNext) {
  const Profile profile = run_program("lives", "heap_block_lives");
  const std::size_t block = heap_site(profile, "heap_block_lives.c", "site");
  ASSERT_LT(block, profile.objects.size());
  EXPECT_EQ(received(profile, block, "true"), 3u);  // ROUNDS - 1
  EXPECT_GT(received(profile, block, "false"), 1000u);

  const std::vector<LineUse> lines = lines_of(ccsim::annotate::collect_line_uses(profile), block);
  ASSERT_EQ(lines.size(), 1u);  // the block is alone in its line
  const ThreadBytes* second = thread_bytes(lines[0].threads, 2);
  const ThreadBytes* third = thread_bytes(lines[0].threads, 3);
  ASSERT_NE(second, nullptr);
  ASSERT_NE(third, nullptr);
  EXPECT_EQ(lines[0].threads.size(), 2u);
  EXPECT_TRUE(second->read.empty());
  EXPECT_TRUE(third->read.empty());
  const std::set<ByteRanges> halves = {second->written, third->written};
  EXPECT_EQ(halves, (std::set<ByteRanges>{{{0, 7}}, {{32, 39}}}));
  EXPECT_EQ(ccsim::annotate::classify(lines[0]), Sharing::false_sharing);
}

// heavy_object_lines.c with --line-detail=1: `hot`'s line is the hottest, but `spread` is the heaviest
// object, so 4 of its lines (kLinesPerHeavyObject) are described too: 5 lines, and in each of spread's,
// thread 2 writes bytes 0-7 and thread 3 bytes 8-15: false sharing.
TEST(LineDetailHeavyObjects, HeaviestObjectHasDetailThoughNoLineOfItIsTheHottest) {
  const Profile profile = run_program("heavy", "heavy_object_lines", {"--line-detail=1"});
  const std::size_t hot = global(profile, "hot");
  const std::size_t spread = global(profile, "spread");
  ASSERT_LT(spread, profile.objects.size());
  const std::vector<LineUse> lines = ccsim::annotate::collect_line_uses(profile);
  std::set<std::uint64_t> addresses;
  for (const LineUse& line : lines) addresses.insert(line.line_address);
  EXPECT_EQ(addresses.size(), 5u);
  EXPECT_EQ(lines_of(lines, hot).size(), 1u);
  const std::vector<LineUse> spread_lines = lines_of(lines, spread);
  ASSERT_EQ(spread_lines.size(), 4u);
  for (const LineUse& line : spread_lines) {
    SCOPED_TRACE(line.line_address);
    ASSERT_EQ(line.threads.size(), 2u);
    EXPECT_EQ(line.threads[0].written, (ByteRanges{{0, 7}}));
    EXPECT_EQ(line.threads[1].written, (ByteRanges{{8, 15}}));
    EXPECT_EQ(ccsim::annotate::classify(line), Sharing::false_sharing);
  }
}

// heap_buffers_one_line.c: each object's detail of the shared line holds one thread's bytes only, yet
// the line is falsely shared: no true sharing invalidation at all, and the class of each object's line
// comes from the whole line, which three threads touched: the two writers and main, whose malloc wrote
// the second buffer's header there.
TEST(LineDetailWholeLine, TwoThreadsBuffersInOneLineAreFalseSharing) {
  const Profile profile = run_program("buffers", "heap_buffers_one_line");
  const std::vector<LineUse> lines = ccsim::annotate::collect_line_uses(profile);
  std::set<std::uint64_t> shared_line;
  for (const char* site : {"site a", "site b"}) {
    SCOPED_TRACE(site);
    const std::size_t buffer = heap_site(profile, "heap_buffers_one_line.c", site);
    ASSERT_LT(buffer, profile.objects.size());
    EXPECT_EQ(received(profile, buffer, "true"), 0u);
    const std::vector<LineUse> buffer_lines = lines_of(lines, buffer);
    ASSERT_EQ(buffer_lines.size(), 1u);
    EXPECT_EQ(buffer_lines[0].threads.size(), 1u);
    EXPECT_EQ(buffer_lines[0].line_threads.size(), 3u);
    EXPECT_EQ(buffer_lines[0].true_sharing_invalidations, 0u);
    EXPECT_GT(buffer_lines[0].false_sharing_invalidations, 1000u);
    EXPECT_EQ(ccsim::annotate::classify(buffer_lines[0]), Sharing::false_sharing);
    shared_line.insert(buffer_lines[0].line_address);
  }
  EXPECT_EQ(shared_line.size(), 1u);
}

// written_once_then_shared.c: main wrote the block once before the workers used it; its copy's removal
// by the first worker store is the one true sharing invalidation, the rest false: false sharing, as the
// counts say (main's bytes, which would say true and false sharing, are those of main's first and only
// invalidation as a victim in the block's life, left out: see docs/data-objects.md).
TEST(LineDetailWholeLine, BlockWrittenOnceByMainIsFalseSharingAsTheCountsSay) {
  const Profile profile = run_program("written_once", "written_once_then_shared");
  const std::size_t block = heap_site(profile, "written_once_then_shared.c", "site");
  ASSERT_LT(block, profile.objects.size());
  EXPECT_EQ(received(profile, block, "true"), 1u);
  const std::vector<LineUse> lines = lines_of(ccsim::annotate::collect_line_uses(profile), block);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].true_sharing_invalidations, 1u);
  EXPECT_EQ(lines[0].false_sharing_invalidations, received(profile, block, "false"));
  EXPECT_EQ(ccsim::annotate::classify(lines[0]), Sharing::false_sharing);
}

// The object whose name contains `text`; profile.objects.size() (after a failure) when none does.
std::size_t object_containing(const Profile& profile, const std::string& text) {
  for (std::size_t i = 0; i < profile.objects.size(); ++i) {
    if (profile.objects[i].name.find(text) != std::string::npos) return i;
  }
  ADD_FAILURE() << "no object's name contains '" << text << "'";
  return profile.objects.size();
}

// object-origin: heap_buffers_one_line.c's buffers are the program's, from malloc, and so is
// heap_block_lives.c's block (per_thread_sums_aligned's, from aligned_alloc: allocator_tests.cc); the
// variables of libc, and the stdout buffer libc's
// _IO_file_doallocate allocates for the printf of heavy_object_lines.c (every frame in libc), the
// runtime's; a global of the program has no allocator.
TEST(ObjectOrigin, ProgramAndRuntimeObjectsAndTheirAllocators) {
  const Profile buffers = run_program("origin_buffers", "heap_buffers_one_line");
  const std::size_t a = heap_site(buffers, "heap_buffers_one_line.c", "site a");
  ASSERT_LT(a, buffers.objects.size());
  EXPECT_EQ(buffers.objects[a].origin, "program");
  EXPECT_EQ(buffers.objects[a].allocator, "malloc");

  const Profile lives = run_program("origin_lives", "heap_block_lives");
  const std::size_t block = heap_site(lives, "heap_block_lives.c", "site");
  ASSERT_LT(block, lives.objects.size());
  EXPECT_EQ(lives.objects[block].allocator, "malloc");

  const Profile heavy = run_program("origin_heavy", "heavy_object_lines");
  const std::size_t stdout_buffer = object_containing(heavy, "_IO_file_doallocate");
  ASSERT_LT(stdout_buffer, heavy.objects.size());
  EXPECT_EQ(heavy.objects[stdout_buffer].origin, "runtime");
  EXPECT_EQ(heavy.objects[stdout_buffer].allocator, "malloc");
  const std::size_t libc_variable = object_containing(heavy, " in libc.so.6");
  ASSERT_LT(libc_variable, heavy.objects.size());
  EXPECT_EQ(heavy.objects[libc_variable].origin, "runtime");
  const std::size_t hot = global(heavy, "hot");
  ASSERT_LT(hot, heavy.objects.size());
  EXPECT_EQ(heavy.objects[hot].origin, "program");
  EXPECT_EQ(heavy.objects[hot].allocator, "");
  for (const auto& object : heavy.objects) EXPECT_FALSE(object.origin.empty()) << object.name;
}

// global_initializer.cc: the blocks of C++ dynamic initialization come from new[] and new, and the
// frame of GCC's _GLOBAL__sub_I_table is named `table`.
TEST(ObjectOrigin, StaticInitializerFramesAreNamedByWhatTheyInitialize) {
  const Profile profile = run_program("initializer", "global_initializer");
  const std::size_t table = heap_site(profile, "global_initializer.cc", "site table");
  const std::size_t one = heap_site(profile, "global_initializer.cc", "site one");
  ASSERT_LT(table, profile.objects.size());
  ASSERT_LT(one, profile.objects.size());
  EXPECT_EQ(profile.objects[table].allocator, "new[]");
  EXPECT_EQ(profile.objects[one].allocator, "new");
  EXPECT_EQ(profile.objects[table].origin, "program");
  EXPECT_NE(profile.objects[table].name.find(" table <- "), std::string::npos) << profile.objects[table].name;
  for (const auto& object : profile.objects) EXPECT_EQ(object.name.find("_GLOBAL__sub_I_"), std::string::npos);
}

// global_initializer.cc again: its static initializer is called by the C library's __libc_start_main
// through call_init, a static function of libc-start.c that GCC inlines there. Valgrind reads the inline
// information of the program's files but not the C library's (runtime_inline_information.h: that reading
// cost 0.07 to 0.09 s of CPU time at every run's start), so the frame below
// `table` is named by the symbol whose code holds the call, __libc_start_main, and not call_init; the
// program's own inlined frames keep their levels (`table` above, the alloc_helpers tests). Without the C
// library's debug information (Debian's libc6-dbg) its frames have no source line, and nothing to tell.
TEST(ObjectOrigin, TheCLibrarysFramesAreNamedByTheirSymbolsNotByItsInlinedFunctions) {
  const Profile profile = run_program("libc_frames", "global_initializer");
  const std::size_t table = heap_site(profile, "global_initializer.cc", "site table");
  ASSERT_LT(table, profile.objects.size());
  const std::string& name = profile.objects[table].name;
  if (name.find(" <- libc-start.c:") == std::string::npos) {
    GTEST_SKIP() << "the C library's frames have no source line here (no libc6-dbg): " << name;
  }
  EXPECT_NE(name.find(" __libc_start_main"), std::string::npos) << name;
  EXPECT_EQ(name.find("call_init"), std::string::npos) << name;
}

// progress_beside_start_files.c: crtstuff.c's one-byte `completed.0` (the first byte of .bss) shares a
// line with the program's `progress`, which the writer stores and the reader loads 2,000 times each;
// main writes `completed.0` once at exit. `completed.0` follows the file symbol crtstuff.c, so it is the
// runtime's; `progress` is the program's. So the finding of `progress` holds `progress` alone (before,
// the line joined them: "progress (8 B) and completed.0 (1 B): true sharing", with their joint advice);
// `completed.0` is left out of the findings, and with the runtime shown it is a finding of its own.
TEST(ObjectOrigin, StartFilesVariablesAreTheRuntimesAndNeverPairedWithTheProgramsObjects) {
  const Profile profile = run_program("start_files", "progress_beside_start_files");
  const std::size_t completed = global(profile, "completed.0");
  const std::size_t progress = global(profile, "progress");
  ASSERT_LT(completed, profile.objects.size());
  ASSERT_LT(progress, profile.objects.size());
  // The premise: one 64-byte line holds both.
  ASSERT_EQ(profile.objects[completed].address / 64, profile.objects[progress].address / 64);
  EXPECT_EQ(profile.objects[completed].origin, "runtime");
  EXPECT_EQ(profile.objects[progress].origin, "program");
  Profile with_sums = profile;  // the sums a finding reads (invalidations_caused, ...), as the reader adds them
  ccsim::annotate::add_derived_events(with_sums, ccsim::annotate::LatencyTable{});
  const ccsim::annotate::Analysis analysis = ccsim::annotate::analyse(with_sums);
  for (bool show_runtime : {false, true}) {
    SCOPED_TRACE(show_runtime ? "--runtime=show" : "--runtime=hide");
    const ccsim::annotate::Findings findings = find_findings(analysis, ccsim::annotate::LatencyTable{}, show_runtime);
    bool progress_found = false;
    bool completed_found = false;
    for (const ccsim::annotate::Finding& finding : findings.findings) {
      const auto holds = [&](std::size_t object) {
        return std::find(finding.objects.begin(), finding.objects.end(), object) != finding.objects.end();
      };
      if (holds(progress)) {
        EXPECT_EQ(finding.objects, std::vector<std::size_t>{progress});
        EXPECT_EQ(finding.advice.find("completed.0"), std::string::npos) << finding.advice;
      }
      if (holds(completed)) {
        EXPECT_EQ(finding.objects, std::vector<std::size_t>{completed});
      }
      progress_found = progress_found || holds(progress);
      completed_found = completed_found || holds(completed);
    }
    if (!show_runtime) {
      EXPECT_FALSE(completed_found);
    }
    EXPECT_TRUE(progress_found);
  }
}

// heavy_object_lines.c with --read-var-info=yes: the fields holding the bytes the threads touched in
// the described lines: hot.first and hot.second (bytes 0-7 and 8-15 of `hot`), and spread[l].first and
// .second, at 64 x l and 64 x l + 8, for each of spread's 4 described lines l. Without the option,
// Valgrind has no variable information and there are no field records.
TEST(ObjectFields, FieldsOfTheDescribedLinesAreNamed) {
  const Profile profile = run_program("fields", "heavy_object_lines", {"--line-detail=1", "--read-var-info=yes"});
  const std::size_t hot = global(profile, "hot");
  const std::size_t spread = global(profile, "spread");
  ASSERT_LT(spread, profile.objects.size());
  std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::string>> expected = {
      {hot, 0, 8, "hot.first"}, {hot, 8, 8, "hot.second"}};
  for (const LineUse& line : lines_of(ccsim::annotate::collect_line_uses(profile), spread)) {
    const std::uint64_t offset = static_cast<std::uint64_t>(line.offset_in_object);
    const std::string element = "spread[" + std::to_string(offset / 64) + "]";
    expected.insert({spread, offset, 8, element + ".first"});
    expected.insert({spread, offset + 8, 8, element + ".second"});
  }
  EXPECT_EQ(expected.size(), 10u);
  std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::string>> fields;
  for (const auto& field : profile.object_fields) fields.insert({field.object, field.offset, field.size, field.name});
  EXPECT_EQ(fields, expected);

  const Profile without = run_program("no_fields", "heavy_object_lines", {"--line-detail=1"});
  EXPECT_TRUE(without.object_fields.empty());
}

}  // namespace
}  // namespace ccsim_test
