// spin_wait_test.cc: `spin-wait:` records (docs/output-format.md): read from the header, summed by file and
// line when profiles are summed, and rejected with a sentence when malformed or misplaced.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/merge.h"
#include "ccsim/annotate/parsing/parser.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

// A valid profile of 2 threads of ./spin with 30 spin reads skipped, `extra_header` after its `skipped:`
// line (and `after_names` after its names).
std::string profile_text(const std::string& extra_header, const std::string& after_names = "") {
  return testing::small_profile(2, "spin", 30, extra_header, after_names);
}

Profile parse(const std::string& text) { return testing::parse_text(text, "spin.profile"); }
std::string rejection(const std::string& text) { return testing::rejection_of(text, "spin.profile"); }

// Two records, the second with a file name containing a space (the file is the last field).
TEST(SpinWaitRecords, AreReadFromTheHeader) {
  const Profile profile = parse(profile_text("spin-wait: 10 56 /src/flag.c\nspin-wait: 20 7 /my src/b.c\n"));
  EXPECT_EQ(profile.header.skipped.back(), (std::pair<std::string, std::uint64_t>{"spin", 30}));
  ASSERT_EQ(profile.header.spin_waits.size(), 2u);
  EXPECT_EQ(profile.header.spin_waits[0].reads, 10u);
  EXPECT_EQ(profile.header.spin_waits[0].line, 56u);
  EXPECT_EQ(profile.header.spin_waits[0].file, "/src/flag.c");
  EXPECT_EQ(profile.header.spin_waits[1].file, "/my src/b.c");
}

// Summing two runs: the same line's reads add up (10 + 5), another line is kept.
TEST(SpinWaitRecords, AreSummedByFileAndLine) {
  Profile sum = parse(profile_text("spin-wait: 10 56 /src/flag.c\n"));
  add_profile(sum, parse(profile_text("spin-wait: 5 56 /src/flag.c\nspin-wait: 1 9 /src/flag.c\n")));
  ASSERT_EQ(sum.header.spin_waits.size(), 2u);
  EXPECT_EQ(sum.header.spin_waits[0].reads, 15u);
  EXPECT_EQ(sum.header.spin_waits[1].line, 9u);
}

TEST(SpinWaitRecords, MisplacedOrMalformedAreRejected) {
  EXPECT_NE(rejection(profile_text("", "spin-wait: 10 56 /src/flag.c\n")).find("spin-wait: belongs to the header"),
            std::string::npos);
  EXPECT_NE(rejection(profile_text("spin-wait: 10 56\n")).find("<reads> <line> <file>"), std::string::npos);
  EXPECT_NE(rejection(profile_text("spin-wait: many 56 /src/flag.c\n")), "accepted");
}

}  // namespace
}  // namespace ccsim::annotate
