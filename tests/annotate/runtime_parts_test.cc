// runtime_parts_test.cc: the "(runtime)" group says what it holds - the loader, libc, libstdc++, the
// OpenMP runtime, the allocator - with each part's share.
//
// runtime_parts.profile, threads 1 and 2, only L1 (hits 4 cycles, memory 200, coherence miss 75,
// invalidation caused 65). Accesses (reads + writes) per reference, each its own line and function:
//   app.c:10 main            1,000  the program (reads `counter`)
//   _dl_relocate_object        300  ld-linux: writes the loader's mapping            -> loader
//   __vfprintf_internal        100  libc: reads libc's stdout; 2 coherence misses    -> libc
//   gomp_barrier_wait_end      600  libgomp: threads 1 and 2, 300 each, on a heap block gomp_malloc
//                                   allocated; 40 coherence misses, 40 invalidations caused -> OpenMP runtime
//   std::ostream::write         20  libstdc++: reads std::cout                       -> libstdc++
//   _int_malloc                 80  libc's code on the allocator's arena (object-origin allocator); 5
//                                   coherence misses, 5 invalidations caused           -> allocator
// Runtime lines: 1,100 accesses; OpenMP runtime 600/1,100 = 54.5%, loader 300 = 27.3%, libc 100 = 9.1%,
// allocator 80 = 7.3%, libstdc++ 20 = 1.8%. Runtime objects (the allocator's arena has its own row):
// 1,020 accesses; OpenMP runtime 600/1,020 = 58.8%, loader 300 = 29.4%, libc 100 = 9.8%, libstdc++ 20 = 2.0%.
// Memory time: 2,100 accesses, 47 of them coherence misses (served by the other core, none from memory):
// (2,100 - 47) x 4 + 47 x 75 + 47 x 65 = 8,212 + 3,525 + 3,055 = 14,792 cycles. Cost of the runtime objects
// with coherence traffic: the OpenMP block 40 x 75 + 40 x 65 = 5,600 (37.9%, "about 38%"), libc's stdout
// 2 x 140 = 280 (1.9%); together 5,880 (39.8%, "about 40%"); the allocator's arena 5 x 140 = 700 (4.7%).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::section;

const std::string kProfile = profile_path("runtime_parts.profile");

TEST(RuntimePartsTest, LinesAndFunctionsGroupNamesEachPartWithItsShareOfTheAccesses) {
  std::string output = annotate({"--view=lines,functions", kProfile});
  const std::string shares =
      ", of their accesses OpenMP runtime 54.5%, loader 27.3%, libc 9.1%, allocator 7.3%, libstdc++ 1.8%; "
      "--runtime=show lists them)";
  EXPECT_NE(section(output, "Lines").find("(runtime: 5 lines" + shares), std::string::npos) << output;
  EXPECT_NE(section(output, "Functions").find("(runtime: 5 functions" + shares), std::string::npos) << output;
}

TEST(RuntimePartsTest, ObjectsGroupNamesEachPartAndTheAllocatorHasItsOwnRow) {
  std::string objects = section(annotate({"--view=objects", kProfile}), "Data objects");
  EXPECT_NE(objects.find("(runtime: 4 objects, of their accesses OpenMP runtime 58.8%, loader 29.4%, libc 9.8%, "
                         "libstdc++ 2.0%; --runtime=show lists them)"),
            std::string::npos)
      << objects;
  // The arena: 60 reads, 20 writes.
  EXPECT_EQ(counts_before(objects, "(allocator: 1 object of the program's allocator: headers, free lists, arenas; "
                                   "--runtime=show lists them)")[0],
            "60");
}

TEST(RuntimePartsTest, FindingsNameTheRuntimePartsWithTheirShareOfTheMemoryTime) {
  std::string findings = section(annotate({"--view=findings", kProfile}), "Findings");
  EXPECT_NE(findings.find("(14,792 cycles; --latency)"), std::string::npos) << findings;
  EXPECT_NE(findings.find("\n(runtime): 2 objects of the runtime with coherence traffic, about 40% of the memory time "
                          "(OpenMP runtime about 38%, libc about 1.9%), left out (--runtime=show includes them).\n"
                          "(allocator): the program's allocator (its headers, free lists and arenas) has coherence "
                          "traffic, about 4.7% of the memory time, left out (--runtime=show includes it).\n"),
            std::string::npos)
      << findings;
}

}  // namespace
}  // namespace ccsim::annotate
