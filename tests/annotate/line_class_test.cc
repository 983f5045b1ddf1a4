// line_class_test.cc: a line's class comes from every object's bytes in the line and from its
// invalidation counts per class (line-writer records split as object-ref's invalidations caused), on
// hand-written profiles; and the optional object-origin: and field: records.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/parsing/parser.h"

namespace ccsim::annotate {
namespace {

// A profile header with the invalidation events, then `body`, then a zero summary.
Profile profile_with(const std::string& body) {
  std::istringstream in(
      "ccsim-profile-version: 1\ncreator: test\npid: 1\ncommand: ./app\nsim-mode: interleaved\nthreads: 3\n"
      "line-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
      "trace-stack: yes\nevents: reads writes invalidations_caused_true_in_region "
      "invalidations_caused_false_in_region invalidations_caused_true_across_regions "
      "invalidations_caused_false_across_regions\n"
      "file: 1 app.c\nfn: 1 worker\nobj: 1 /app\nref: 1 0x401000 1 1 1 10\nref: 2 0x401010 1 1 1 20\n" +
      body + "summary: 0 0 0 0 0 0\n");
  return parse_profile(in, "crafted.profile");
}

// A line with 1,500,000 false and 6 true sharing invalidations is false sharing, though its bytes (thread
// 1 wrote bytes thread 2 reads) hold both kinds: thread 2's store (ref 2) caused 1,500,000 false sharing
// invalidations in object 1 and thread 1's (ref 1) 6 true ones, all on this line.
TEST(LineClassTest, ClassFollowsTheCounts) {
  const Profile profile = profile_with(
      "object: 1 heap 0x0 64 0 app.c:5 main\n"
      "object-ref: 1 1 1 0 0 6 0 0 0\n"
      "object-ref: 1 2 2 0 0 0 1500000 0 0\n"
      "line-detail: 1 0x1000 0 1 R - W 0-31\n"
      "line-detail: 1 0x1000 0 2 R 0-7 W 8-15\n"
      "line-detail: 1 0x1000 0 3 R 16-23 W 24-31\n"
      "line-writer: 1 0x1000 1 1 6\n"
      "line-writer: 1 0x1000 2 2 1500000\n");
  const std::vector<LineUse> lines = collect_line_uses(profile);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].true_sharing_invalidations, 6u);
  EXPECT_EQ(lines[0].false_sharing_invalidations, 1500000u);
  EXPECT_EQ(classify(lines[0]), Sharing::false_sharing);
}

// A writer's count is split as its object-ref cell's: ref 2 on thread 2 caused 300 true and 100 false
// sharing invalidations in object 1 (every line of it), 40 of them on this line: 30 true, 10 false. Each
// kind has at least 10% of the line's 40: true and false sharing.
TEST(LineClassTest, WriterCountsAreSplitAsTheirCellsAndBothKindsCount) {
  const Profile profile = profile_with(
      "object: 1 global 0x1000 64 0 counters\n"
      "object-ref: 1 2 2 0 0 300 100 0 0\n"
      "line-detail: 1 0x1000 0 2 R - W 0-7\n"
      "line-writer: 1 0x1000 2 2 40\n");
  const std::vector<LineUse> lines = collect_line_uses(profile);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].true_sharing_invalidations, 30u);
  EXPECT_EQ(lines[0].false_sharing_invalidations, 10u);
  EXPECT_EQ(classify(lines[0]), Sharing::true_and_false_sharing);
}

// Two heap blocks of two objects share line 0x2000, each holding one thread's bytes; with no line-writer
// records the class comes from the whole line's bytes: thread 2 writes 0-7, thread 3 writes 48-55 ->
// false sharing for both objects' lines (one object's bytes alone would say "not shared").
TEST(LineClassTest, BytesOfEveryObjectInTheLineMakeTheClass) {
  const Profile profile = profile_with(
      "object: 1 heap 0x0 16 0 app.c:5 main\n"
      "object: 2 heap 0x0 16 0 app.c:6 main\n"
      "line-detail: 1 0x2000 0 2 R - W 0-7\n"
      "line-detail: 2 0x2000 -48 3 R - W 48-55\n");
  const std::vector<LineUse> lines = collect_line_uses(profile);
  ASSERT_EQ(lines.size(), 2u);
  for (const LineUse& line : lines) {
    SCOPED_TRACE(line.object);
    EXPECT_EQ(line.threads.size(), 1u);
    EXPECT_EQ(line.line_threads.size(), 2u);
    EXPECT_EQ(classify(line), Sharing::false_sharing);
  }
}

// Two blocks of one heap bin in one line (different offsets) are two line uses of the object.
TEST(LineClassTest, TwoBlocksOfOneBinInALineAreTwoUses) {
  const Profile profile = profile_with(
      "object: 1 heap 0x0 16 0 app.c:5 main\n"
      "line-detail: 1 0x2000 0 2 R - W 0-7\n"
      "line-detail: 1 0x2000 -48 3 R - W 48-55\n");
  const std::vector<LineUse> lines = collect_line_uses(profile);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].offset_in_object, 0);
  EXPECT_EQ(lines[1].offset_in_object, -48);
}

// object-origin: and field: are read into the object and the profile's fields; `-` is no allocator.
TEST(ObjectNamesTest, OriginAllocatorAndFieldsAreRead) {
  const Profile profile = profile_with(
      "object: 1 global 0x1000 96 0 tid_args\n"
      "object-origin: 1 program -\n"
      "object: 2 heap 0x0 1024 0 0x4011 <- 0x4012\n"
      "object-origin: 2 runtime calloc\n"
      "field: 1 40 8 tid_args[1].sxy\n");
  ASSERT_EQ(profile.objects.size(), 2u);
  EXPECT_EQ(profile.objects[0].origin, "program");
  EXPECT_EQ(profile.objects[0].allocator, "");
  EXPECT_EQ(profile.objects[1].origin, "runtime");
  EXPECT_EQ(profile.objects[1].allocator, "calloc");
  ASSERT_EQ(profile.object_fields.size(), 1u);
  EXPECT_EQ(profile.object_fields[0].object, 0u);
  EXPECT_EQ(profile.object_fields[0].offset, 40u);
  EXPECT_EQ(profile.object_fields[0].size, 8u);
  EXPECT_EQ(profile.object_fields[0].name, "tid_args[1].sxy");
}

// A wrong origin, a second origin for one object, an empty field and one past the end of the address
// space are refused with one sentence.
TEST(ObjectNamesTest, MalformedRecordsAreRefused) {
  const std::string object = "object: 1 global 0x1000 96 0 tid_args\n";
  for (const auto& [body, message] : std::vector<std::pair<std::string, std::string>>{
           {"object-origin: 1 library -\n", "the origin must be program, runtime or allocator, not \"library\""},
           {"object-origin: 1 program -\nobject-origin: 1 program -\n", "gives the origin of an object a second time"},
           {"field: 1 40 0 x\n", "the size of a field must be at least 1 byte"},
           {"field: 1 18446744073709551615 2 x\n", "the field's bytes run past the end of the 64-bit address space"}}) {
    SCOPED_TRACE(body);
    try {
      profile_with(object + body);
      ADD_FAILURE() << "accepted";
    } catch (const std::exception& error) {
      EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace ccsim::annotate
