// locks_test.cc: --view=locks and the lock findings on locks.profile (its scenario and numbers are at its
// top), and how the reader takes the lock records.
#include <gtest/gtest.h>

#include <string>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate::testing {
namespace {

// The view names the mutex by its variable and first acquiring line, gives each worker's acquisitions,
// hand-offs, contended acquisitions and waited accesses with their total, and the line its critical
// sections invalidated from.
TEST(LocksView, ShowsAcquisitionsHandOffsAndTheCriticalSectionLine) {
  const std::string view = section(annotate({"--view=locks", profile_path("locks.profile")}), "Locks");
  EXPECT_NE(view.find("the lock at 0x10c100 (mutex lock, first taken at counter.c:24): 2,000 acquisitions, "
                      "100.0% hand-offs"),
            std::string::npos)
      << view;
  EXPECT_EQ(counts_before(view, "thread 2 (worker)"), (std::vector<std::string>{"1,000", "999", "999", "1,998"}));
  EXPECT_EQ(counts_before(view, "thread 3 (worker)"), (std::vector<std::string>{"1,000", "1,000", "1,000", "2,002"}));
  EXPECT_EQ(counts_before(view, "total"), (std::vector<std::string>{"2,000", "1,999", "1,999", "4,000"}));
  EXPECT_NE(view.find("Inside its critical sections: 1,999 invalidations (1,999 true in-region), 1,998 coherence "
                      "misses"),
            std::string::npos)
      << view;
  EXPECT_NE(view.find("shared (global, 64 B)  /home/me/counter/counter.c:25 (worker) (threads 2-3 (worker))"),
            std::string::npos)
      << view;
}

// The hand-offs dominate (1,999 of 2,000), so the lock has a finding with its advice; the flag's
// unlocked writes by both workers have one too; both close the findings view as well.
TEST(LocksView, GivesTheHandOffAndUnlockedWriteFindings) {
  const std::string hand_off =
      "- The lock at 0x10c100 (mutex lock, first taken at counter.c:24) passed between threads on 100.0% of 2,000 "
      "acquisitions (1,999 invalidations inside its critical sections): each hand-off moves the lock's line and the "
      "data it protects to another core; accumulate privately and take it once per thread, or split the data it "
      "protects.\n";
  const std::string unlocked =
      "- Threads 2-3 (worker) wrote bytes of done (global, 8 B) at counter.c:30 that another thread also wrote in "
      "the same region, with no lock held (9 stores): a race, or a reduction without its lock; take a lock around "
      "the update, make it atomic, or give each thread its own copy and combine them after the region.\n";
  const std::string view = annotate({"--view=locks", profile_path("locks.profile")});
  EXPECT_NE(view.find(hand_off), std::string::npos) << view;
  EXPECT_NE(view.find(unlocked), std::string::npos) << view;
  const std::string findings = annotate({"--view=findings", profile_path("locks.profile")});
  EXPECT_NE(findings.find("Locks (--view=locks has the details):\n" + hand_off + unlocked), std::string::npos)
      << findings;
}

// A lock taken fewer than 100 times is no finding, however often it changed hands.
TEST(LocksView, FewAcquisitionsAreNoFinding) {
  std::string text = read_file(profile_path("locks.profile"));
  const std::string from = "lock-thread: 1 3 1000 1000 1000 2002\n";
  text.replace(text.find(from), from.size(), "");
  const std::string first = "lock-thread: 1 2 1000 999 999 1998";
  text.replace(text.find(first), first.size(), "lock-thread: 1 2 99 99 99 0");
  const std::string view = annotate({"--view=locks", write_temporary_file("few.profile", text)});
  EXPECT_NE(view.find("99 acquisitions"), std::string::npos) << view;
  EXPECT_EQ(view.find("passed between threads"), std::string::npos) << view;
}

// A version 2 profile's sections also count the transfers (locks.profile's scenario): every addition but
// the first reads `shared` from the other worker's Modified copy: thread 2's 999 coherence misses, and
// thread 3's 999 coherence misses plus its first read (a transfer miss: thread 2 held the line), 1,000.
TEST(LocksView, Version2SectionsCountTransfers) {
  std::string text = read_file(profile_path("locks.profile"));
  auto replace = [&](const std::string& from, const std::string& to) { text.replace(text.find(from), from.size(), to); };
  replace("ccsim-profile-version: 1", "ccsim-profile-version: 2");
  replace("lock-section: 1 1 1 2 999 0 0 0 999 0\n", "lock-section: 1 1 1 2 999 0 0 0 999 0 999\n");
  replace("lock-section: 1 1 1 3 1000 0 0 0 999 0\n", "lock-section: 1 1 1 3 1000 0 0 0 999 0 1000\n");
  const std::string view = section(annotate({"--view=locks", write_temporary_file("v2.profile", text)}), "Locks");
  EXPECT_NE(view.find("1,998 coherence misses, 1,999 transfers (L1 misses another thread's copy served)"),
            std::string::npos)
      << view;
  EXPECT_NE(view.find("transfers  object"), std::string::npos) << view;
  EXPECT_NE(view.find("1,998      1,999  shared (global, 64 B)"), std::string::npos) << view;
  // Version 2 sections have 11 fields; the version 1 form is refused there.
  std::string short_record = text;
  short_record.replace(short_record.find(" 999 0 999\n"), 11, " 999 0\n");
  EXPECT_NE(rejection_of(short_record, "short.profile").find("<coherence-miss-false> <transfers>"), std::string::npos)
      << rejection_of(short_record, "short.profile");
}

// Profiles written before the lock records existed read, and the view says there is nothing to show.
TEST(LocksView, ProfileWithoutLockRecordsSaysSo) {
  const std::string view = annotate({"--view=locks", profile_path("mutex_counter.profile")});
  EXPECT_NE(view.find("This profile has no lock: records"), std::string::npos) << view;
}

// The reader checks the records: hand-offs are some of the acquisitions, a lock is defined before use.
TEST(LocksReader, RejectsImpossibleCountsAndUndefinedLocks) {
  std::string text = read_file(profile_path("locks.profile"));
  std::string bad = text;
  bad.replace(bad.find("lock-thread: 1 2 1000 999"), 25, "lock-thread: 1 2 1000 1001");
  EXPECT_NE(rejection_of(bad, "bad.profile").find("hand-offs and contended acquisitions are some of the "
                                                  "acquisitions, so at most 1000"),
            std::string::npos);
  std::string undefined = text;
  undefined.replace(undefined.find("lock-thread: 1 3"), 16, "lock-thread: 2 3");
  EXPECT_NE(rejection_of(undefined, "undefined.profile").find("lock 2 is not defined"), std::string::npos)
      << rejection_of(undefined, "undefined.profile");
}

}  // namespace
}  // namespace ccsim::annotate::testing
