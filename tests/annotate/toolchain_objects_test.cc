// toolchain_objects_test.cc: the toolchain's variables in the program's executable (crtstuff.c's
// completed.0, the linker's __dso_handle, the copy of libc's stdout, ...) are runtime objects, and a
// runtime object is never grouped into a program object's finding, even when they share a cache line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::section;
using testing::write_temporary_file;

// A writer (thread 2, app.c:20) stores `progress` (8 B at 0x601018) 1,000 times while a reader (thread 3,
// app.c:30) loads it 1,000 times, alternating: T2's first store is a compulsory miss, T3's first load one
// too (T2's copy M -> S); each later store upgrades and removes T3's copy (999 true in-region
// invalidations, caused by T2, received by T3), and each later load is a coherence miss (999). After
// joining them, main writes crtstuff.c's `completed.0` (1 B at 0x601010, the same line) once at exit
// (crtstuff.c, __do_global_dtors_aux): a compulsory miss that removes T2's and T3's shared copies, 2
// false invalidations across regions, caused by completed.0's bytes, received by progress's.
// progress: 999 + 2 = 1,001 invalidations received (999 true, 2 false), 999 caused, 999 coherence misses;
// cost 999 x 75 + 999 x 65 = 139,860 of 144,586 cycles (3,996 for 999 L1 hits, 600 for 3 misses from
// memory, 74,925 for the coherence misses, 65,065 for 1,001 invalidations caused): about 97%.
// `origin_lines` follow the object records; `completed` replaces completed.0's name and size.
std::string beside_profile(const std::string& origin_lines, const std::string& completed = "1 0 completed.0") {
  const std::string events =
      "events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region "
      "invalidations_received_true_in_region_critical invalidations_received_false_in_region "
      "invalidations_received_true_across_regions invalidations_received_false_across_regions "
      "invalidations_caused_true_in_region invalidations_caused_true_in_region_critical "
      "invalidations_caused_false_in_region invalidations_caused_true_across_regions "
      "invalidations_caused_false_across_regions L1_read_misses L1_write_misses\n";
  return write_temporary_file(
      "beside.profile",
      "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 77\ncommand: ./app\nsim-mode: interleaved\n"
      "threads: 3\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\n" +
          events +
          "file: 1 /src/app.c\nfile: 2 crtstuff.c\nfn: 1 writer\nfn: 2 reader\nfn: 3 __do_global_dtors_aux\n"
          "obj: 1 /src/app\n"
          "ref: 1 0x401100 1 1 1 20\nref: 2 0x401200 1 1 2 30\nref: 3 0x401050 1 2 3 0\n"
          "counts: 1 2 0 1000 0 0 0 0 0 0 1 999 0 0 0 0 0 1\n"
          "counts: 2 3 1000 0 999 0 999 0 0 0 1 0 0 0 0 0 1000 0\n"
          "counts: 3 1 0 1 0 0 0 0 0 0 0 0 0 0 0 2 0 1\n"
          "invalidator: 2 3 1 2 999 0 0 0 0\n"
          "invalidator: 1 2 3 1 0 0 0 0 1\n"
          "invalidator: 2 3 3 1 0 0 0 0 1\n"
          "object: 1 global 0x601010 " + completed + "\n" +
          "object: 2 global 0x601018 8 0 progress\n" + origin_lines +
          "object-counts: 1 1 0 1 0 0 0 0 0 0 0 0 0 0 0 2 0 1\n"
          "object-counts: 2 2 0 1000 0 0 0 0 0 0 1 999 0 0 0 0 0 1\n"
          "object-counts: 2 3 1000 0 999 0 999 0 0 0 1 0 0 0 0 0 1000 0\n"
          "object-ref: 1 3 1 0 1 0 0 0 0 0 0 0 0 0 0 0 2 0 1\n"
          "object-ref: 2 1 2 0 1000 0 0 0 0 0 0 1 999 0 0 0 0 0 1\n"
          "object-ref: 2 2 3 1000 0 999 0 999 0 0 0 1 0 0 0 0 0 1000 0\n"
          "line-detail: 1 0x601000 -16 1 R - W 16\n"
          "line-detail: 2 0x601000 -24 2 R - W 24-31\n"
          "line-detail: 2 0x601000 -24 3 R 24-31 W -\n"
          "line-writer: 1 0x601000 1 3 2\n"
          "line-writer: 2 0x601000 2 1 999\n"
          "summary: 1000 1001 999 0 999 0 0 0 2 999 0 0 0 2 1000 2\n");
}

// progress's finding, alone: received (1,001) is more than caused (999), so its counts are those received.
const std::string kProgressAlone =
    "\n1. progress (global, 8 B): true sharing in parallel regions, about 97% of the simulated memory time of the "
    "run\n   1,001 invalidations: 2 false (0.2%), 999 true (99.8%); 999 in-region, 2 across regions; 0 by writers "
    "holding a lock; 999 coherence misses\n   line 0x601000 holds bytes 0-7 of progress: thread 2 writes bytes "
    "0-7 of progress, thread 3 reads bytes 0-7 of progress\n   fix: the threads write and read the same bytes of progress (8 B):";

std::string findings_of(const std::vector<std::string>& arguments) {
  return section(annotate(arguments), "Findings");
}

// A profile of the tool that says completed.0 is the runtime's: with the runtime shown, completed.0 is
// still not grouped with progress (it is a finding of its own: 2 invalidations, under --min-invalidations).
TEST(ToolchainObjectsTest, ARuntimeObjectIsNeverPairedWithAProgramObject) {
  std::string profile = beside_profile("object-origin: 1 runtime -\nobject-origin: 2 program -\n");
  for (const char* runtime : {"--runtime=hide", "--runtime=show"}) {
    SCOPED_TRACE(runtime);
    std::string findings = findings_of({"--view=findings", runtime, profile});
    EXPECT_NE(findings.find(kProgressAlone), std::string::npos) << findings;
    EXPECT_EQ(findings.find("completed.0 (1 B)"), std::string::npos) << findings;
  }
}

// A profile without object-origin: records: a one-byte completed.0 is crtstuff.c's flag, the runtime's,
// and is summed up in the (runtime) line (its cost: 2 invalidations caused x 65 = 130 cycles, 0.09%).
TEST(ToolchainObjectsTest, StartFilesFlagIsTheRuntimesWithoutOrigins) {
  std::string findings = findings_of({"--view=findings", beside_profile("")});
  EXPECT_NE(findings.find(kProgressAlone), std::string::npos) << findings;
  // completed.0 is touched only by the program's start code, no runtime library's: other runtime code.
  EXPECT_NE(findings.find("(runtime): 1 object of the runtime with coherence traffic, less than 0.1% of the memory "
                          "time (other runtime code less than 0.1%), left out"),
            std::string::npos)
      << findings;
}

// The executable's copy of libc's stdout (stdout@GLIBC_2.2.5, a copy relocation) and the linker's
// __dso_handle are the runtime's even where an older tool's profile says "program": no program variable
// has such a name.
TEST(ToolchainObjectsTest, ReservedAndVersionedNamesAreTheRuntimesWhateverTheProfileSays) {
  for (const char* object : {"8 0 stdout@GLIBC_2.2.5", "8 0 __dso_handle"}) {
    SCOPED_TRACE(object);
    std::string profile = beside_profile("object-origin: 1 program -\nobject-origin: 2 program -\n", object);
    std::string findings = findings_of({"--view=findings", profile});
    EXPECT_NE(findings.find(kProgressAlone), std::string::npos) << findings;
    EXPECT_NE(findings.find("(runtime): 1 object"), std::string::npos) << findings;
  }
  // A program's variable of another name on that line stays the program's, and is grouped with progress.
  std::string profile = beside_profile("object-origin: 1 program -\nobject-origin: 2 program -\n", "8 0 limit");
  EXPECT_NE(findings_of({"--view=findings", profile}).find("\n1. progress (global, 8 B) and limit (global, 8 B)"),
            std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
