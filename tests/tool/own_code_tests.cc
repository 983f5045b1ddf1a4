// own_code_tests.cc: ccsim's own preload (its wrappers, trampolines, report helpers and PLT stubs) is
// not simulated, counted or listed: a profile names none of its files, code or memory; and its size
// moves no library the program loads after it.
#include <elf.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// pthread_mutex_counter.c with 2 workers of 2,000 increments each under a mutex: every lock, unlock,
// barrier, thread start and malloc goes through the preload's wrappers. The profile has no line naming
// the preload's object file or one of its sources, in every order (before: the wrappers' own accesses
// were 4.0 M of a 4-thread mutex loop's 4.56 M, and `wrapped_calls.c` a source of the export).
TEST(CcsimsOwnCode, IsNeverInAProfile) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    const std::string directory = scratch_directory(std::string("own_code_") + mode);
    const RunResult result = run_ccsim(directory, {std::string("--sim-mode=") + mode, "--ccsim-out-file=ccsim.out"},
                                       test_program("pthread_mutex_counter"), {"2", "2000"});
    ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
    std::ifstream in(directory + "/ccsim.out");
    std::string line;
    std::size_t lines = 0;
    while (std::getline(in, line)) {
      ++lines;
      for (const char* own : {"vgpreload_ccsim", "wrapped_calls.c", "report.h", "pthread_intercepts.c",
                              "malloc_intercepts.c", "gomp_intercepts.c", "ompt_tool.c"}) {
        EXPECT_EQ(line.find(own), std::string::npos) << line;
      }
    }
    EXPECT_GT(lines, 10u);
  }
}

// The libraries loaded after the preload (the C library among them) lie where they lie whatever the
// preload's code takes: its loadable segments span exactly 128 KiB from its first address
// (ccsim/preload/mapped_size.ld), where without the padding they ended with its data (at 0xe880 for this
// tree's preload when the script was added: 59,520 bytes, mapped as 0xf000).
TEST(CcsimsOwnCode, PreloadSpansAFixed128KiB) {
  const std::string path = std::string(CCSIM_BUILD_DIR) + "/vgpreload_ccsim-amd64-linux.so";
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path;
  Elf64_Ehdr header{};
  ASSERT_TRUE(in.read(reinterpret_cast<char*>(&header), sizeof header));
  ASSERT_EQ(header.e_ident[EI_CLASS], ELFCLASS64);
  ASSERT_EQ(header.e_phentsize, sizeof(Elf64_Phdr));
  std::vector<Elf64_Phdr> segments(header.e_phnum);
  in.seekg(static_cast<std::streamoff>(header.e_phoff));
  ASSERT_TRUE(in.read(reinterpret_cast<char*>(segments.data()),
                      static_cast<std::streamsize>(segments.size() * sizeof(Elf64_Phdr))));
  Elf64_Addr low = ~Elf64_Addr(0);
  Elf64_Addr high = 0;
  for (const Elf64_Phdr& segment : segments) {
    if (segment.p_type != PT_LOAD) continue;
    low = std::min(low, segment.p_vaddr & ~Elf64_Addr(0xfff));
    high = std::max(high, segment.p_vaddr + segment.p_memsz);
  }
  ASSERT_LT(low, high);
  EXPECT_EQ(low, 0u);
  EXPECT_EQ(high - low, 128u * 1024u);
}

}  // namespace
}  // namespace ccsim_test
