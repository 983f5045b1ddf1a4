// sharing_findings_test.cc: how the bytes threads read and wrote in one cache line classify it, and the
// names objects get in findings and tables.
#include "ccsim/annotate/analysis/sharing_findings.h"

#include <gtest/gtest.h>

#include <vector>

#include "ccsim/annotate/analysis/object_label.h"

namespace ccsim::annotate {
namespace {

// One thread's use of the line: the bytes it read and the bytes it wrote.
ThreadBytes make_use(ThreadId thread, ByteRanges read, ByteRanges written) { return {thread, read, written}; }

// A line of object 0 used by the given threads.
LineUse make_line(std::vector<ThreadBytes> threads) { return {0, 0x404040, 0, std::move(threads)}; }

// Two threads writing different bytes: the textbook false sharing.
TEST(SharingClassificationTest, DisjointWritesAreFalseSharing) {
  EXPECT_EQ(classify(make_line({make_use(1, {}, {{0, 7}}), make_use(2, {}, {{8, 15}})})),
            Sharing::false_sharing);
}

// A writer and a reader of other bytes of the line: false sharing too (the reader's copy is invalidated
// for bytes it never reads).
TEST(SharingClassificationTest, ReaderOfOtherBytesIsFalseSharing) {
  EXPECT_EQ(classify(make_line({make_use(1, {}, {{0, 7}}), make_use(2, {{32, 39}}, {})})),
            Sharing::false_sharing);
}

// A producer and a consumer of the same bytes: true sharing.
TEST(SharingClassificationTest, ReaderOfWrittenBytesIsTrueSharing) {
  EXPECT_EQ(classify(make_line({make_use(1, {}, {{0, 7}}), make_use(2, {{4, 5}}, {})})),
            Sharing::true_sharing);
}

// Threads 1 and 2 share bytes 0-7 while thread 3 writes bytes 8-15 alone: both kinds.
TEST(SharingClassificationTest, MixedUseIsTrueAndFalseSharing) {
  EXPECT_EQ(
      classify(make_line({make_use(1, {}, {{0, 7}}), make_use(2, {{0, 7}}, {}), make_use(3, {}, {{8, 15}})})),
      Sharing::true_and_false_sharing);
}

// Readers only, or one thread alone, share nothing that costs invalidations.
TEST(SharingClassificationTest, ReadersOnlyAndOneThreadAreNotShared) {
  EXPECT_EQ(classify(make_line({make_use(1, {{0, 7}}, {}), make_use(2, {{0, 7}}, {})})), Sharing::none);
  EXPECT_EQ(classify(make_line({make_use(1, {{0, 7}}, {{0, 7}})})), Sharing::none);
}

// Several line-detail records of one thread for one line are united: 0-3 and 4-7 read as bytes 0-7.
TEST(LineUseTest, UnitesTheRangesOfAThread) {
  Profile profile;
  profile.objects.push_back({"global", 0x404040, 16, "", "counters"});
  profile.line_details.push_back({0, 0x404040, 0, 2, {{4, 7}}, {}});
  profile.line_details.push_back({0, 0x404040, 0, 2, {{0, 3}}, {}});
  std::vector<LineUse> lines = collect_line_uses(profile);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(lines[0].threads.size(), 1u);
  EXPECT_EQ(lines[0].threads[0].read, (ByteRanges{{0, 7}}));
  EXPECT_EQ(thread_text(profile, lines[0].threads[0], 0, "the line"), "thread 2 reads bytes 0-7 of the line");
  // With a `thread:` record the thread is named by its label too.
  profile.header.threads = 2;
  profile.header.thread_labels[2] = "worker";
  EXPECT_EQ(thread_text(profile, lines[0].threads[0], 0, ""), "thread 2 (worker) reads bytes 0-7");
}

// Heap objects are named by their innermost allocation frame with a source line, stacks by their
// thread; a size of 0 is left out.
TEST(ObjectLabelTest, NamesObjectsByKind) {
  DataObject heap{"heap", 0, 0, "", "histogram.c:213 main <- histogram.c:250 __libc_start_main"};
  DataObject stack{"stack", 0, 0, "", "thread 3"};
  DataObject global{"global", 0x404040, 64, "", "counters"};
  EXPECT_EQ(object_description(heap),
            "heap block at histogram.c:213 in main (heap)");
  EXPECT_EQ(object_description(stack), "stack of thread 3 (stack)");
  EXPECT_EQ(object_description(global), "counters (global, 64 B)");
}

}  // namespace
}  // namespace ccsim::annotate
