// allocator_tests.cc: the program's own allocator runs under ccsim (docs/data-objects.md, "Heap blocks"):
// blocks lie where they lie natively, so the sharing ccsim reports is the program's, and the allocator's
// own accesses are charged to it, never to the program's blocks. Expected numbers are derived in each
// program's comment.
#include <gtest/gtest.h>
#include <sched.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The program's standard output, run natively (no Valgrind) with `args`.
std::string native_output(const std::string& program, const std::string& args = "") {
  std::string output;
  FILE* pipe = popen((test_program(program) + " " + args).c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0) << program << " failed natively";
  return output;
}

struct AllocatorRun {
  std::string directory;
  std::string output;  // the program's standard output
  Profile profile;
};

AllocatorRun run_under_ccsim(const std::string& test_name, const std::string& program, const std::string& mode,
                             const std::vector<std::string>& args = {}) {
  AllocatorRun run;
  run.directory = scratch_directory("allocator_" + test_name);
  const RunResult result =
      run_ccsim(run.directory, {"--sim-mode=" + mode, "--ccsim-out-file=ccsim.out"}, test_program(program), args);
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  run.output = file_text(run.directory + "/stdout.txt");
  std::string error;
  EXPECT_TRUE(read_profile(run.directory + "/ccsim.out", &run.profile, &error)) << error;
  return run;
}

// The heap objects whose allocation stack starts at the line of `file` marked `site`.
std::vector<unsigned> heap_objects_at(const Profile& profile, const std::string& file, const std::string& site) {
  const std::string prefix = file + ":" + std::to_string(marked_line(file, site)) + " ";
  std::vector<unsigned> found;
  for (const auto& [id, object] : profile.objects) {
    if (object.kind == "heap" && object.name.rfind(prefix, 0) == 0) found.push_back(id);
  }
  return found;
}

std::uint64_t invalidations_received(const Profile& profile, unsigned object, unsigned thread) {
  std::uint64_t total = 0;
  for (const char* event : {"invalidations_received_true_in_region", "invalidations_received_false_in_region",
                            "invalidations_received_true_across_regions",
                            "invalidations_received_false_across_regions"}) {
    total += profile.object_count(object, thread, event);
  }
  return total;
}

// Runs the rest of the scope pinned to CPU 0 (children inherit it), as `taskset -c 0` would.
class PinnedToOneCpu {
 public:
  PinnedToOneCpu() {
    sched_getaffinity(0, sizeof saved_, &saved_);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);
  }
  ~PinnedToOneCpu() { sched_setaffinity(0, sizeof saved_, &saved_); }

 private:
  cpu_set_t saved_;
};

// allocator_layout.cc prints each block's offset in its page: the same lines natively and under ccsim, in
// every order, pinned to one CPU and not.
TEST(AllocatorLayout, EveryBlockLiesAtItsNativeOffset) {
  const std::string native = native_output("allocator_layout");
  ASSERT_NE(native.find("thread 2 new double[100]"), std::string::npos) << native;
  for (const bool pinned : {false, true}) {
    for (const char* mode : {"native", "interleaved", "piped"}) {
      SCOPED_TRACE(std::string(mode) + (pinned ? " pinned" : ""));
      std::unique_ptr<PinnedToOneCpu> pin(pinned ? new PinnedToOneCpu : nullptr);
      const AllocatorRun run =
          run_under_ccsim(std::string("layout_") + mode + (pinned ? "_pinned" : ""), "allocator_layout", mode);
      EXPECT_EQ(run.output, native);
    }
  }
}

// per_thread_sums.c: per-thread 64-byte structs in one calloc block, 1,000 updates of two fields each by
// two threads. Where glibc's calloc puts the block (never 0 mod 64 for this program), struct 0's last
// field and struct 1's first share a line: 1,999 false in-region invalidations of the block, 999
// received by thread 2 and 1,000 by thread 3 (the program derives them). The same structs 64-byte
// aligned share no line: none.
TEST(AllocatorLayout, PerThreadStructsInACallocBlockFalseShareAtTheirNativeOffset) {
  const AllocatorRun run = run_under_ccsim("per_thread_sums", "per_thread_sums", "interleaved");
  EXPECT_EQ(run.output, native_output("per_thread_sums"));
  ASSERT_EQ(run.output.find("block at 0 mod 64"), std::string::npos) << run.output;
  const std::vector<unsigned> block = heap_objects_at(run.profile, "per_thread_sums.c", "block");
  ASSERT_EQ(block.size(), 1u);
  EXPECT_EQ(run.profile.objects.at(block[0]).allocator, "calloc");
  EXPECT_EQ(run.profile.object_count(block[0], 2, "invalidations_received_false_in_region"), 999u);
  EXPECT_EQ(run.profile.object_count(block[0], 3, "invalidations_received_false_in_region"), 1000u);
  EXPECT_EQ(run.profile.object_count(block[0], 2, "invalidations_received_true_in_region"), 0u);
  EXPECT_EQ(run.profile.object_count(block[0], 3, "invalidations_received_true_in_region"), 0u);

  const AllocatorRun aligned = run_under_ccsim("per_thread_sums_aligned", "per_thread_sums_aligned", "interleaved");
  ASSERT_NE(aligned.output.find("block at 0 mod 64"), std::string::npos) << aligned.output;
  const std::vector<unsigned> aligned_block =
      heap_objects_at(aligned.profile, "per_thread_sums.c", "aligned block");
  ASSERT_EQ(aligned_block.size(), 1u);
  // The function called; in glibc before 2.38 aligned_alloc is memalign under a second name (one
  // address, entered to the wrapper of the name the C library lists first, as Valgrind's redirection did).
  const std::string allocator = aligned.profile.objects.at(aligned_block[0]).allocator;
  EXPECT_TRUE(allocator == "aligned_alloc" || allocator == "memalign") << allocator;
  EXPECT_EQ(invalidations_received(aligned.profile, aligned_block[0], 2), 0u);
  EXPECT_EQ(invalidations_received(aligned.profile, aligned_block[0], 3), 0u);
}

// private_scratch.c: four threads each allocate, fill, read and free a private buffer in a loop. For each
// size, in every order: each thread's writes and reads of its buffers (SIZE / 8 longs a round, the first
// round at "first buffer", the others at "buffer"), no invalidation of them, and the allocator's own
// accesses charged to the allocator's objects.
TEST(AllocatorLayout, PrivateScratchBuffersShareNothing) {
  for (const long size : {1024L, 8192L, 65536L, 1048576L}) {
    const long rounds = 262144 / size < 2 ? 2 : 262144 / size;
    const std::uint64_t longs = static_cast<std::uint64_t>(size / 8);
    for (const char* mode : {"native", "interleaved", "piped"}) {
      SCOPED_TRACE(std::to_string(size) + " " + mode);
      const AllocatorRun run = run_under_ccsim("scratch_" + std::to_string(size) + "_" + mode, "private_scratch",
                                               mode, {std::to_string(size)});
      const std::vector<unsigned> first = heap_objects_at(run.profile, "private_scratch.c", "first buffer");
      const std::vector<unsigned> later = heap_objects_at(run.profile, "private_scratch.c", "buffer");
      ASSERT_EQ(first.size(), 1u);
      ASSERT_EQ(later.size(), 1u);
      std::uint64_t allocator_accesses = 0;
      for (const auto& [id, object] : run.profile.objects) {
        if (object.origin == "allocator") allocator_accesses += run.profile.object_total(id, "writes");
      }
      EXPECT_GT(allocator_accesses, 0u);
      for (unsigned thread = 2; thread <= 5; ++thread) {
        SCOPED_TRACE("thread " + std::to_string(thread));
        EXPECT_EQ(run.profile.object_count(first[0], thread, "writes"), longs);
        EXPECT_EQ(run.profile.object_count(first[0], thread, "reads"), longs);
        EXPECT_EQ(run.profile.object_count(later[0], thread, "writes"), longs * (rounds - 1));
        EXPECT_EQ(run.profile.object_count(later[0], thread, "reads"), longs * (rounds - 1));
        EXPECT_EQ(invalidations_received(run.profile, first[0], thread), 0u);
        EXPECT_EQ(invalidations_received(run.profile, later[0], thread), 0u);
      }
    }
  }
}

// alloc_helpers.c allocates through CALLOC, an inline helper of a header, and xmalloc, named with
// --alloc-fn: each block is named by main's line (the header's and xmalloc's frames are skipped), whether
// CALLOC is inlined or called (-DOUT_OF_LINE), and has its 8 writes (at -O2 GCC names its copy of xmalloc
// "xmalloc.constprop.0", which the option's name matches too). Without --alloc-fn, xmalloc's block is
// named by xmalloc's own line.
TEST(AllocationSites, HelpersThatOnlyAllocateAreSkipped) {
  for (const char* program : {"alloc_helpers", "alloc_helpers_out_of_line"}) {
    for (const bool named : {true, false}) {
      SCOPED_TRACE(std::string(program) + (named ? " --alloc-fn=xmalloc" : ""));
      const std::string directory = scratch_directory(std::string("helpers_") + program + (named ? "_named" : ""));
      std::vector<std::string> options = {"--sim-mode=native", "--ccsim-out-file=ccsim.out"};
      if (named) options.push_back("--alloc-fn=xmalloc");
      const RunResult result = run_ccsim(directory, options, test_program(program));
      ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
      Profile profile;
      std::string error;
      ASSERT_TRUE(read_profile(directory + "/ccsim.out", &profile, &error)) << error;
      for (const char* site : {"site header", "site xmalloc"}) {
        SCOPED_TRACE(site);
        const std::string main_line =
            "alloc_helpers.c:" + std::to_string(marked_line("alloc_helpers.c", site)) + " main";
        std::vector<unsigned> found;
        for (const auto& [id, object] : profile.objects) {
          if (object.kind == "heap" && object.name.rfind(main_line, 0) == 0) found.push_back(id);
        }
        const bool by_main = named || std::string(site) == "site header";
        ASSERT_EQ(found.size(), by_main ? 1u : 0u);
        if (by_main) {
          EXPECT_EQ(profile.object_total(found[0], "writes"), 8u);
        }
      }
      if (!named) {
        bool by_xmalloc = false;
        for (const auto& [id, object] : profile.objects) {
          by_xmalloc = by_xmalloc || (object.kind == "heap" && object.name.find(" xmalloc") != std::string::npos);
        }
        EXPECT_TRUE(by_xmalloc);
      }
    }
  }
}

// new_throws.cc: operator new throws and the program catches it; the block it allocates next is still
// the program's, at its own site, with its 8 writes, in every order.
TEST(AllocatorCalls, AnOperatorNewThatThrowsLeavesNoThreadInsideTheAllocator) {
  for (const char* mode : {"native", "interleaved"}) {
    SCOPED_TRACE(mode);
    const AllocatorRun run = run_under_ccsim(std::string("new_throws_") + mode, "new_throws", mode);
    ASSERT_NE(run.output.find("caught bad_alloc"), std::string::npos) << run.output;
    const std::vector<unsigned> after = heap_objects_at(run.profile, "new_throws.cc", "site after");
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(run.profile.object_total(after[0], "writes"), 8u);
    EXPECT_EQ(run.profile.objects.at(after[0]).allocator, "new[]");
  }
}

// reallocarray_overflow.c: a reallocarray whose size wraps to 0 fails and leaves the block live: its
// later free is no invalid free, and the block's object has the 1 write made after the failure.
TEST(AllocatorCalls, AReallocarrayThatOverflowsLeavesTheBlockLive) {
  const std::string directory = scratch_directory("allocator_reallocarray_overflow");
  const RunResult result = run_ccsim(directory, {"--sim-mode=native", "--ccsim-out-file=ccsim.out"},
                                     test_program("reallocarray_overflow"));
  ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
  EXPECT_EQ(file_text(directory + "/stdout.txt"), "failed\n");
  EXPECT_EQ(result.stderr_text.find("Invalid free"), std::string::npos) << result.stderr_text;
  Profile profile;
  std::string error;
  ASSERT_TRUE(read_profile(directory + "/ccsim.out", &profile, &error)) << error;
  const std::vector<unsigned> block = heap_objects_at(profile, "reallocarray_overflow.c", "site block");
  ASSERT_EQ(block.size(), 1u);
  EXPECT_EQ(profile.object_total(block[0], "writes"), 1u);
}

// allocator_entries.c: malloc called through the PLT, through a function pointer and by a tail jump, each
// block's 8 longs written once: each site is one heap object, allocated by malloc, with 8 writes (the
// wrapper, entered from malloc's first instruction, saw each call).
TEST(AllocatorCalls, EveryWayOfCallingMallocEntersItsWrapper) {
  for (const char* mode : {"native", "interleaved"}) {
    SCOPED_TRACE(mode);
    const AllocatorRun run = run_under_ccsim(std::string("entries_") + mode, "allocator_entries", mode);
    ASSERT_EQ(run.output, "done\n");
    for (const char* site : {"site called", "site pointer", "site jump"}) {
      SCOPED_TRACE(site);
      const std::vector<unsigned> block = heap_objects_at(run.profile, "allocator_entries.c", site);
      ASSERT_EQ(block.size(), 1u);
      EXPECT_EQ(run.profile.objects.at(block[0]).allocator, "malloc");
      EXPECT_EQ(run.profile.object_total(block[0], "writes"), 8u);
    }
  }
}

// own_malloc.c defines malloc, calloc, realloc and free in the executable. As Valgrind's redirection of an
// allocator does, ccsim wraps them there by default and with --soname-synonyms=somalloc=NONE (the
// executable): the block of 6 longs written once is the heap object of its site, allocated by malloc,
// with 6 writes. With somalloc naming another library, the executable's functions are not the allocator
// and the block is no heap object.
TEST(AllocatorCalls, AnExecutablesOwnMallocIsWrappedUnlessSomallocNamesAnotherLibrary) {
  const std::vector<std::pair<std::string, bool>> cases = {
      {"", true}, {"--soname-synonyms=somalloc=NONE", true}, {"--soname-synonyms=somalloc=libnothing.so", false}};
  for (const auto& [option, wrapped] : cases) {
    SCOPED_TRACE(option);
    const std::string directory = scratch_directory("allocator_own_malloc_" + std::to_string(wrapped) +
                                                    std::to_string(option.size()));
    std::vector<std::string> options = {"--ccsim-out-file=ccsim.out"};
    if (!option.empty()) options.push_back(option);
    const RunResult result = run_ccsim(directory, options, test_program("own_malloc"));
    ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
    EXPECT_EQ(file_text(directory + "/stdout.txt"), "done\n");
    Profile profile;
    std::string error;
    ASSERT_TRUE(read_profile(directory + "/ccsim.out", &profile, &error)) << error;
    const std::vector<unsigned> block = heap_objects_at(profile, "own_malloc.c", "site block");
    if (!wrapped) {
      EXPECT_TRUE(block.empty());
      continue;
    }
    ASSERT_EQ(block.size(), 1u);
    EXPECT_EQ(profile.objects.at(block[0]).allocator, "malloc");
    EXPECT_EQ(profile.object_total(block[0], "writes"), 6u);
  }
}

}  // namespace
}  // namespace ccsim_test
