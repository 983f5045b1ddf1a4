// spin_wait_test.cc: `spin-wait:` records (docs/output-format.md): read from the header, summed by file and
// line when profiles are summed, and rejected with a sentence when malformed or misplaced.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/merge.h"
#include "ccsim/annotate/parsing/parser.h"

namespace ccsim::annotate {
namespace {

// A valid profile with `extra_header` after its `skipped:` lines (and `after_names` after its names).
std::string profile_text(const std::string& extra_header, const std::string& after_names = "") {
  return "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./spin\nsim-mode: interleaved\n"
         "threads: 2\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
         "trace-stack: yes\nevents: reads writes\nskipped: spin 30\n" +
         extra_header + "file: 1 spin.c\n" + after_names + "fn: 1 main\nobj: 1 /tmp/spin\nref: 1 0x401000 1 1 1 3\n"
         "counts: 1 1 5 2\nsummary: 5 2\n";
}

Profile parse(const std::string& text) {
  std::istringstream in(text);
  return parse_profile(in, "spin.profile");
}

std::string rejection(const std::string& text) {
  try {
    parse(text);
  } catch (const ProfileError& error) {
    return error.what();
  }
  return "accepted";
}

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
