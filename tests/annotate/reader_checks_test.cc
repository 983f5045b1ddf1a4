// reader_checks_test.cc: crafted profiles that ccsim-annotate must refuse or show safely (issue 14, "The
// annotator"): counts whose sums pass 2^64 - 1, header and record numbers out of bounds, Windows line
// endings, control bytes in names, and profiles of different machines summed or diffed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/errors.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::ProgramResult;
using testing::row_starting_with;
using testing::run_annotate_program;
using testing::section;
using testing::write_temporary_file;

// A small valid profile whose parts the tests replace. Line numbers, counted from 1:
//  1-13 the header (6 threads:, 7 line-size:, 8 cache: L1), 14 file:, 15 fn:, 16-17 ref: 1 and 2,
//  then `body` (line 18 on), then the summary. Reference 1 is line 3 of tiny.c, reference 2 line 4.
struct CraftedProfile {
  std::string threads = "threads: 2";
  std::string line_size = "line-size: 64";
  std::string l1 = "cache: L1 32768 8 64";
  std::string file_name = "tiny.c";
  std::string function_name = "main";
  std::vector<std::string> body = {"counts: 1 1 5 2", "counts: 2 2 3 1"};
  std::string summary = "summary: 8 3";
  std::string line_end = "\n";

  std::string text() const {
    std::vector<std::string> lines = {"ccsim-profile-version: 1",
                                      "creator: ccsim 0.1.0",
                                      "pid: 7",
                                      "command: ./tiny",
                                      "sim-mode: native",
                                      threads,
                                      line_size,
                                      l1,
                                      "cache: L2 none",
                                      "cache: LLC none",
                                      "miss-classes: no",
                                      "trace-stack: yes",
                                      "events: reads writes",
                                      "file: 1 " + file_name,
                                      "fn: 1 " + function_name,
                                      "ref: 1 0x401000 0 1 1 3",
                                      "ref: 2 0x401008 0 1 1 4"};
    lines.insert(lines.end(), body.begin(), body.end());
    lines.push_back(summary);
    std::string text;
    for (const std::string& line : lines) text += line + line_end;
    return text;
  }

  std::string write(const std::string& name) const { return write_temporary_file(name, text()); }
};

// What ccsim-annotate says when it refuses `arguments`, without the "ccsim-annotate: " of main.cc;
// empty when it accepts them.
std::string refusal(const std::vector<std::string>& arguments) {
  try {
    annotate(arguments);
  } catch (const ProfileError& error) {
    return error.what();
  }
  return "";
}

// The refusal of one profile, with its temporary path replaced by "P".
std::string refusal_of(const CraftedProfile& profile) {
  std::string path = profile.write("p.profile");
  std::string message = refusal({path});
  if (message.compare(0, path.size(), path) == 0) message.replace(0, path.size(), "P");
  return message;
}

const std::string kPastTheTop = ", which no run reaches; the file was edited or is corrupt";

// Counts of 2^64 - 1 and 5 reads on two references add up to 2^64 + 4, which wraps to 4 in 64 bits; a
// summary of 4 reads (and the 1 write) matched that wrapped sum, and the file was accepted. Now the
// second counts: line (19) is refused.
TEST(ReaderChecksTest, RefusesCountsWhoseSumPassesTwoToTheSixtyFour) {
  CraftedProfile profile;
  profile.body = {"counts: 1 1 18446744073709551615", "counts: 2 2 5 1"};
  profile.summary = "summary: 4 1";
  EXPECT_EQ(refusal_of(profile),
            "P:19: counts: with this record the counts of the counts: records add up to more than 2^64 - 1" +
                kPastTheTop);
}

// The case: invalidations of 2^64 - 1 and then 5 (false, in region) by reference 2 on thread 2
// of reference 1 on thread 1 were shown as 4 invalidations, the wrapped sum. The second record (line 21,
// after the two counts: records) is refused. One record alone whose true and false counts are 2^63 each
// (2^64 together, shown as 0 invalidations) is refused too (line 20): its four counts are summed.
TEST(ReaderChecksTest, RefusesInvalidationsWhoseSumPassesTwoToTheSixtyFour) {
  CraftedProfile profile;
  profile.body.insert(profile.body.end(), {"invalidator: 1 1 2 2 0 0 18446744073709551615 0 0",
                                           "invalidator: 1 1 2 2 0 0 5 0 0"});
  EXPECT_EQ(refusal_of(profile),
            "P:21: invalidator: with this record the counts of the invalidator: records "
            "add up to more than 2^64 - 1" +
                kPastTheTop);
  profile.body = {"counts: 1 1 5 2", "counts: 2 2 3 1",
                  "invalidator: 1 1 2 2 9223372036854775808 0 9223372036854775808 0 0"};
  EXPECT_EQ(refusal_of(profile),
            "P:20: invalidator: with this record the counts of the invalidator: records "
            "add up to more than 2^64 - 1" +
                kPastTheTop);
}

// Two evictions of reference 1's lines, by references 1 and 2, of 2^63 each: each was shown as 100% of
// a victim total that wrapped to 0 ("evictor shares adding to 200%"). The second record (21) is refused.
TEST(ReaderChecksTest, RefusesEvictionsWhoseSumPassesTwoToTheSixtyFour) {
  CraftedProfile profile;
  profile.body.insert(profile.body.end(),
                      {"evictor: 1 1 1 1 L1 9223372036854775808", "evictor: 1 1 2 2 L1 9223372036854775808"});
  EXPECT_EQ(refusal_of(profile),
            "P:21: evictor: with this record the counts of the evictor: records add up "
            "to more than 2^64 - 1" +
                kPastTheTop);
}

// Each profile reads 2^63 times on reference 1 (a valid file); summed, the reads are 2^64, which wrapped
// to 0. Summing refuses the second file.
TEST(ReaderChecksTest, RefusesToSumProfilesWhoseCountsPassTwoToTheSixtyFour) {
  CraftedProfile profile;
  profile.body = {"counts: 1 1 9223372036854775808 0"};
  profile.summary = "summary: 9223372036854775808 0";
  std::string first = profile.write("first.profile");
  std::string second = profile.write("second.profile");
  EXPECT_EQ(refusal({first}), "");
  EXPECT_EQ(refusal({first, second}), second +
                                          ": its counts: counts and those of the profiles before it add up "
                                          "to more than 2^64 - 1; these profiles cannot be summed");
}

// Header numbers beyond what ccsim simulates: at most 4096 threads, line sizes a power of two from 8 to
// 256 bytes, caches of at most 2^32 bytes made of whole sets.
TEST(ReaderChecksTest, BoundsTheHeaderNumbers) {
  CraftedProfile profile;
  profile.threads = "threads: 18446744073709551615";
  EXPECT_EQ(refusal_of(profile),
            "P:6: threads: the thread count must be from 1 to 4096 (the most processors "
            "ccsim simulates), not 18446744073709551615");
  profile = CraftedProfile();
  profile.line_size = "line-size: 9223372036854775808";
  EXPECT_EQ(refusal_of(profile),
            "P:7: line-size: the line size must be a power of two from 8 to 256 bytes, "
            "not 9223372036854775808");
  profile.line_size = "line-size: 48";
  EXPECT_EQ(refusal_of(profile),
            "P:7: line-size: the line size must be a power of two from 8 to 256 bytes, "
            "not 48");
  profile = CraftedProfile();
  profile.l1 = "cache: L1 8589934592 8 64";  // 8 GiB = 2^33
  EXPECT_EQ(refusal_of(profile),
            "P:8: cache: L1 size 8589934592 is above the largest cache ccsim simulates, "
            "4294967296 bytes");
  profile.l1 = "cache: L1 1000 8 64";  // a set is 8 x 64 = 512 bytes; 1000 is not a multiple
  EXPECT_EQ(refusal_of(profile),
            "P:8: cache: L1 size 1000 is not a whole number of sets of 8 lines of 64 bytes");
  profile.l1 = "cache: L1 32768 18446744073709551615 64";  // 2^64 - 1 ways: the product would wrap
  EXPECT_EQ(refusal_of(profile),
            "P:8: cache: L1 size 32768 is not a whole number of sets of "
            "18446744073709551615 lines of 64 bytes");
}

// Record numbers: thread numbers up to 4096, source lines up to 2^32 - 1, an object's extent within the
// address space. Each record replaces the second counts: record (line 19).
TEST(ReaderChecksTest, BoundsTheRecordNumbers) {
  CraftedProfile profile;
  profile.body = {"counts: 1 1 5 2", "counts: 2 4097 3 1"};
  EXPECT_EQ(refusal_of(profile),
            "P:19: counts: thread 4097 is out of range; thread numbers go up to 4096, the "
            "most processors ccsim simulates");
  profile.body = {"counts: 1 1 5 2", "ref: 3 0x401010 0 1 1 4294967296", "counts: 2 2 3 1"};
  EXPECT_EQ(refusal_of(profile),
            "P:19: ref: the line 4294967296 is above 4294967295, the highest line number "
            "debug info can give");
  profile.body = {"counts: 1 1 5 2", "object: 1 global 0xfffffffffffffff0 17 1 x", "counts: 2 2 3 1"};
  EXPECT_EQ(refusal_of(profile),
            "P:19: object: the object's extent, 17 bytes from its address, runs past the "
            "end of the 64-bit address space");
}

// A file with Windows line endings used to be refused for its version ("1\r"); now the first line's
// carriage return is named, with exit code 1.
TEST(ReaderChecksTest, NamesTheCarriageReturnOfWindowsLineEndings) {
  CraftedProfile profile;
  profile.line_end = "\r\n";
  std::string path = profile.write("windows.profile");
  ProgramResult result = run_annotate_program({path});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: " + path +
                ":1: line 1 ends with a carriage return (\\r): the file has Windows line "
                "endings, and a ccsim profile's lines end in \\n alone; convert it with "
                "dos2unix\n");
}

// A function name that sets the terminal's colour (ESC [ 3 1 m) and rings its bell (BEL), and a file name
// with a C1 control (CSI, U+009B, bytes C2 9B) and a byte that is not UTF-8 (FF): the text views, the
// Callgrind export and --diff (against a run with one more read on line 3) print them as \xHH; JSON
// escapes them as JSON does (\u001b, \u0007).
TEST(ReaderChecksTest, EscapesControlBytesInNames) {
  CraftedProfile profile;
  profile.function_name = "ma\x1b[31min\a";
  profile.file_name = "ti\xc2\x9bny\xff.c";
  std::string path = profile.write("names.profile");
  profile.body = {"counts: 1 1 6 2", "counts: 2 2 3 1"};
  profile.summary = "summary: 9 3";
  std::string changed_path = profile.write("changed.profile");
  const std::string escaped_function = "ma\\x1b[31min\\x07";
  const std::string escaped_file = "ti\\xc2\\x9bny\\xff.c";
  auto expect_escaped = [&](const std::string& output) {
    EXPECT_EQ(output.find('\x1b'), std::string::npos);
    EXPECT_EQ(output.find('\a'), std::string::npos);
    EXPECT_EQ(output.find('\xff'), std::string::npos);
    EXPECT_NE(output.find(escaped_function), std::string::npos) << output;
    EXPECT_NE(output.find(escaped_file), std::string::npos) << output;
  };
  {
    SCOPED_TRACE("text views");
    ProgramResult result = run_annotate_program({"--view=lines,functions", path});
    EXPECT_EQ(result.exit_code, 0);
    expect_escaped(result.standard_output);
  }
  {
    SCOPED_TRACE("--export=callgrind");
    expect_escaped(annotate({"--export=callgrind", path}));
  }
  {
    SCOPED_TRACE("--diff");
    expect_escaped(annotate({"--diff", path, changed_path}));
  }
  std::string json = annotate({"--json", path});
  EXPECT_EQ(json.find('\x1b'), std::string::npos);
  EXPECT_NE(json.find("ma\\u001b[31min\\u0007"), std::string::npos) << json;
}

// An error sentence quotes the field it refuses: a sim-mode that clears the screen (ESC [ 2 J) is quoted
// escaped on standard error.
TEST(ReaderChecksTest, EscapesControlBytesInErrors) {
  std::string text = CraftedProfile().text();
  text.replace(text.find("sim-mode: native"), 16, "sim-mode: \x1b[2J");
  std::string path = write_temporary_file("mode.profile", text);
  ProgramResult result = run_annotate_program({path});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error, "ccsim-annotate: " + path +
                                       ":5: sim-mode: the mode must be native, interleaved or piped, not "
                                       "\"\\x1b[2J\"\n");
}

// Profiles of a 32 KiB and a 64 KiB L1 (8-way, 64-byte lines) were summed under the first one's header.
// Now the sum is refused with both files and both geometries; --diff shows each machine.
TEST(ReaderChecksTest, RefusesToSumProfilesOfDifferentCaches) {
  CraftedProfile small;
  CraftedProfile large;
  large.l1 = "cache: L1 65536 8 64";
  std::string before = small.write("small.profile");
  std::string after = large.write("large.profile");
  EXPECT_EQ(
      refusal({before, after}),
      after + ": its caches (L1 65536 B 8-way; L2 none; LLC none; 64 B lines) differ from those of " +
          before +
          " (L1 32768 B 8-way; L2 none; LLC none; 64 B lines); only profiles of the same simulated machine "
          "can be summed");
  ProgramResult result = run_annotate_program({before, after});
  EXPECT_EQ(result.exit_code, 1);

  std::string diff = annotate({"--diff", before, after});
  EXPECT_NE(
      diff.find("Before: ./tiny (native simulation of 2 threads; L1 32768 B 8-way; L2 none; LLC none; 64 B "
                "lines)\n"
                "After:  ./tiny (native simulation of 2 threads; L1 65536 B 8-way; L2 none; LLC none; 64 B "
                "lines)\n"
                "The runs simulated different caches: a change in misses may come from the machine, "
                "not the program.\n"),
      std::string::npos)
      << diff;
}

// The one addition every sum of counts goes through refuses to wrap: (2^64 - 1) + 1 would be 0.
TEST(ReaderChecksTest, AddsCountsWithoutWrapping) {
  Counts sum = {18446744073709551615u, 7};
  EXPECT_THROW(add_counts(sum, {1, 1}), CountOverflow);
  Counts small = {1, 2};
  add_counts(small, {3, 4});
  EXPECT_EQ(small, (Counts{4, 6}));
}

// Spatial use is evicted bytes used / (evictions x line size). 2^58 evictions of 64-byte lines are 2^64
// bytes, which wrapped to 0 and showed "-"; 2^63 bytes used of them is 50.0%.
TEST(ReaderChecksTest, ComputesSpatialUseWithoutWrapping) {
  CraftedProfile profile;
  profile.body = {"counts: 1 1 5 2 288230376151711744 9223372036854775808"};
  profile.summary = "summary: 5 2 288230376151711744 9223372036854775808";
  std::string text = profile.text();
  text.replace(text.find("events: reads writes"), 20,
               "events: reads writes L1_evictions L1_evicted_bytes_used");
  std::string path = write_temporary_file("spatial.profile", text);
  std::vector<std::string> total =
      row_starting_with(section(annotate({"--view=summary", path}), "L1"), "total");
  ASSERT_FALSE(total.empty());
  EXPECT_EQ(total.back(), "50.0%");
}

}  // namespace
}  // namespace ccsim::annotate
