// parser_test.cc: reading profiles. A valid hand-written profile reads back record for record, and every
// way a file can break docs/output-format.md is rejected with its own sentence naming file and line.
#include "ccsim/annotate/parsing/parser.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "ccsim/annotate/errors.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

// The smallest valid profile, one record per line (line numbers are the index + 1): reference 1 of
// thread 1 read 5 times and wrote twice; one data object.
const std::vector<std::string> kTinyProfile = {
    "ccsim-profile-version: 1",         // 1
    "creator: ccsim 0.1.0",             // 2
    "pid: 7",                           // 3
    "command: ./tiny --size 3",         // 4
    "sim-mode: native",                 // 5
    "threads: 1",                       // 6
    "line-size: 64",                    // 7
    "cache: L1 32768 8 64",             // 8
    "cache: L2 none",                   // 9
    "cache: LLC none",                  // 10
    "miss-classes: no",                 // 11
    "trace-stack: yes",                 // 12
    "events: reads writes",             // 13
    "file: 1 tiny.c",                   // 14
    "fn: 1 main",                       // 15
    "obj: 1 /tmp/tiny",                 // 16
    "ref: 1 0x401000 1 1 1 3",          // 17
    "counts: 1 1 5 2",                  // 18
    "object: 1 global 0x404000 8 1 x",  // 19
    "summary: 5 2",                     // 20
};

// Builds a variant of the tiny profile: records replaced, inserted or removed by their line number.
class ProfileText {
 public:
  ProfileText() : lines_(kTinyProfile) {}
  ProfileText& replace(std::size_t line, const std::string& record) {
    lines_.at(line - 1) = record;
    return *this;
  }
  ProfileText& insert_before(std::size_t line, const std::string& record) {
    lines_.insert(lines_.begin() + static_cast<std::ptrdiff_t>(line - 1), record);
    return *this;
  }
  ProfileText& remove(std::size_t line) {
    lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(line - 1));
    return *this;
  }
  ProfileText& keep_first(std::size_t count) {
    lines_.resize(count);
    return *this;
  }
  std::string text() const {
    std::string text;
    for (const std::string& line : lines_) text += line + "\n";
    return text;
  }

 private:
  std::vector<std::string> lines_;
};

Profile parse(const std::string& text) { return testing::parse_text(text, "tiny.profile"); }
// The error message reading `text` gives, or "accepted" when it reads.
std::string rejection(const std::string& text) { return testing::rejection_of(text, "tiny.profile"); }

// The tiny profile reads back exactly: header fields, names resolved to strings, counts and summary.
TEST(ParserTest, ReadsEveryRecordOfAValidProfile) {
  Profile profile = parse(ProfileText().text());
  EXPECT_EQ(profile.header.version, 1u);
  EXPECT_EQ(profile.header.creator, "ccsim 0.1.0");
  EXPECT_EQ(profile.header.command, "./tiny --size 3");  // a text field keeps its spaces
  EXPECT_EQ(profile.header.line_size, 64u);
  ASSERT_EQ(profile.header.caches.size(), 3u);
  EXPECT_TRUE(profile.header.caches[0].present);
  EXPECT_EQ(profile.header.caches[0].size, 32768u);
  EXPECT_FALSE(profile.header.caches[1].present);
  EXPECT_EQ(profile.events, (std::vector<std::string>{"reads", "writes"}));
  ASSERT_EQ(profile.references.size(), 1u);
  EXPECT_EQ(profile.references[0].address, 0x401000u);
  EXPECT_EQ(profile.references[0].file, "tiny.c");
  EXPECT_EQ(profile.references[0].function, "main");
  EXPECT_EQ(profile.references[0].object_file, "/tmp/tiny");
  ASSERT_EQ(profile.counts.size(), 1u);
  EXPECT_EQ(profile.counts[0].counts, (Counts{5, 2}));
  ASSERT_EQ(profile.objects.size(), 1u);
  EXPECT_EQ(profile.objects[0].name, "x");
  EXPECT_EQ(profile.summary, (Counts{5, 2}));
}

// A counts record may omit trailing zeros: "counts: 1 1 5" is 5 reads and 0 writes.
TEST(ParserTest, PadsOmittedTrailingZeros) {
  Profile profile = parse(ProfileText().replace(18, "counts: 1 1 5").replace(20, "summary: 5 0").text());
  EXPECT_EQ(profile.counts[0].counts, (Counts{5, 0}));
}

// Comments and empty lines are ignored anywhere, also before the version record.
TEST(ParserTest, IgnoresCommentsAndEmptyLines) {
  Profile profile = parse(ProfileText().insert_before(1, "# a comment").insert_before(14, "").text());
  EXPECT_EQ(profile.summary, (Counts{5, 2}));
}

// Line-detail ranges read as inclusive byte ranges; "-" is none and a single byte may be written "a".
TEST(ParserTest, ReadsLineDetailRanges) {
  Profile profile = parse(ProfileText().insert_before(20, "line-detail: 1 0x404000 0 1 R 0-7,16 W -").text());
  ASSERT_EQ(profile.line_details.size(), 1u);
  EXPECT_EQ(profile.line_details[0].read, (ByteRanges{{0, 7}, {16, 16}}));
  EXPECT_TRUE(profile.line_details[0].written.empty());
}

// A file with nothing in it.
// An object that starts inside a line has a negative offset of the line in the object; a line-writer
// record names the writing reference and thread.
TEST(ParserTest, ReadsNegativeLineOffsetsAndLineWriters) {
  Profile profile = parse(ProfileText()
                              .insert_before(20, "line-detail: 1 0x404000 -8 1 R - W 8-15")
                              .insert_before(20, "line-writer: 1 0x404000 1 1 7")
                              .text());
  ASSERT_EQ(profile.line_details.size(), 1u);
  EXPECT_EQ(profile.line_details[0].offset_in_object, -8);
  ASSERT_EQ(profile.line_writers.size(), 1u);
  EXPECT_EQ(profile.line_writers[0].thread, 1u);
  EXPECT_EQ(profile.line_writers[0].invalidations, 7u);
}

TEST(ParserTest, RejectsAnEmptyFile) {
  EXPECT_EQ(rejection(""),
            "tiny.profile:1: the file is empty; a ccsim profile starts with \"ccsim-profile-version: 1\"");
}

// A file that does not start with the version record is not a profile.
TEST(ParserTest, RejectsAFileWithoutTheVersionRecord) {
  EXPECT_EQ(rejection(ProfileText().remove(1).text()),
            "tiny.profile:1: the first record must be \"ccsim-profile-version: 1\", not \"creator:\"; this "
            "is not a "
            "ccsim profile");
}

// A file whose first line is no record at all (an executable, a log, a Cachegrind profile's
// "desc: ..." is a record, but "# ..." comments are skipped) is named as not a profile.
TEST(ParserTest, RejectsAnotherKindOfFileByItsFirstLine) {
  EXPECT_EQ(rejection("\x7f" "ELF\x02\x01\x01\nmore bytes\n"),
            "tiny.profile:1: this is not a ccsim profile: its first line is not \"ccsim-profile-version: 1\"");
  EXPECT_EQ(rejection("==1234== Memcheck, a memory error detector\n"),
            "tiny.profile:1: this is not a ccsim profile: its first line is not \"ccsim-profile-version: 1\"");
}

// Only versions 1 and 2 are known.
TEST(ParserTest, RejectsAnotherVersion) {
  EXPECT_EQ(rejection(ProfileText().replace(1, "ccsim-profile-version: 3").text()),
            "tiny.profile:1: profile version 3 is not supported; this ccsim-annotate reads versions 1 and 2");
}

// The records version 2 added are errors in a version 1 profile, like any unknown record.
TEST(ParserTest, RejectsTransferRecordsInAVersionOneProfile) {
  EXPECT_EQ(rejection(ProfileText().insert_before(20, "transfer: 1 1 1 2 3 0 0").text()),
            "tiny.profile:20: unknown record \"transfer:\"; a version 1 profile has no such record");
}

// producer_consumer (version 2): the transfer edge and the object's moves, as the file gives them; a
// transfer from a thread to itself is refused.
TEST(ParserTest, ReadsTheTransferRecordsOfVersionTwo) {
  const Profile profile = read_profile_file(testing::profile_path("producer_consumer.profile"));
  EXPECT_EQ(profile.header.version, 2u);
  ASSERT_EQ(profile.transfer_edges.size(), 1u);
  EXPECT_EQ(profile.transfer_edges[0].source_thread, 1u);
  EXPECT_EQ(profile.transfer_edges[0].reader_thread, 2u);
  EXPECT_EQ(profile.transfer_edges[0].split.from_modified, 16u);
  EXPECT_EQ(profile.transfer_edges[0].split.total(), 16u);
  ASSERT_EQ(profile.object_transfers.size(), 1u);
  EXPECT_EQ(profile.object_transfers[0].from_thread, 1u);
  EXPECT_EQ(profile.object_transfers[0].to_thread, 2u);
  EXPECT_EQ(profile.count_totals.at("transfer"), 16u);
  std::ifstream in(testing::profile_path("producer_consumer.profile"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string edge = "transfer: 1 1 2 2 16 0 0";
  text.replace(text.find(edge), edge.size(), "transfer: 1 2 2 2 16 0 0");
  std::istringstream edited(text);
  try {
    parse_profile(edited, "pc.profile");
    ADD_FAILURE() << "a transfer from thread 2 to itself was accepted";
  } catch (const ProfileError& error) {
    EXPECT_EQ(std::string(error.what()),
              "pc.profile:36: transfer: a transfer goes from one thread to another, not from thread 2 to itself");
  }
}

// A file cut after five header records: the error is at its last line and names the missing record.
TEST(ParserTest, RejectsAFileTruncatedInTheHeader) {
  EXPECT_EQ(rejection(ProfileText().keep_first(5).text()),
            "tiny.profile:5: the file ends inside the header, before the threads: record; it is truncated");
}

// A file without its summary record (19 lines left) is truncated.
TEST(ParserTest, RejectsAFileWithoutSummary) {
  EXPECT_EQ(
      rejection(ProfileText().remove(20).text()),
      "tiny.profile:19: the file ends without the summary: record, which must be the last one; the file is "
      "truncated");
}

// Header records come in a fixed order: pid before creator is wrong at line 2.
TEST(ParserTest, RejectsHeaderRecordsOutOfOrder) {
  EXPECT_EQ(
      rejection(ProfileText().replace(2, "pid: 7").replace(3, "creator: ccsim 0.1.0").text()),
      "tiny.profile:2: expected the header record creator: here, found pid:; the header records come once "
      "each, in the order ccsim-profile-version, creator, pid, command, sim-mode, threads, line-size, cache "
      "(L1, L2, LLC), miss-classes, trace-stack, events");
}

// A header record again in the body.
TEST(ParserTest, RejectsARepeatedHeaderRecord) {
  EXPECT_EQ(
      rejection(ProfileText().insert_before(20, "pid: 8").text()),
      "tiny.profile:20: pid: appears a second time; each header record appears once, at the top of the file");
}

// A keyword version 1 does not define.
TEST(ParserTest, RejectsAnUnknownKeyword) {
  EXPECT_EQ(rejection(ProfileText().insert_before(20, "colour: blue").text()),
            "tiny.profile:20: unknown record \"colour:\"; a version 1 profile has no such record");
}

// A line that is not "keyword: fields".
TEST(ParserTest, RejectsALineThatIsNotARecord) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts 1 1 5 2").text()),
            "tiny.profile:18: this line is not a record: a record is \"keyword: fields\" with a lower-case "
            "keyword, "
            "then a colon and a space");
}

// The summary must be last.
TEST(ParserTest, RejectsARecordAfterTheSummary) {
  EXPECT_EQ(rejection(ProfileText().insert_before(21, "counts: 1 1 1").text()),
            "tiny.profile:21: a counts: record follows summary:, which must be the last record");
}

// A record with a field too few.
TEST(ParserTest, RejectsARecordWithMissingFields) {
  EXPECT_EQ(rejection(ProfileText().replace(17, "ref: 1 0x401000 1 1 1").text()),
            "tiny.profile:17: ref: expected 6 fields (<id> <address> <obj> <file> <fn> <line>), found 5");
}

// A count that is not a number.
TEST(ParserTest, RejectsANonNumericCount) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts: 1 1 5 x").text()),
            "tiny.profile:18: counts: the count must be an unsigned decimal number below 2^64, not \"x\"");
}

// 2^64 does not fit a count.
TEST(ParserTest, RejectsACountThatOverflows) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts: 1 1 18446744073709551616 2").text()),
            "tiny.profile:18: counts: the count must be an unsigned decimal number below 2^64, not "
            "\"18446744073709551616\"");
}

// An address without 0x.
TEST(ParserTest, RejectsAnAddressWithoutPrefix) {
  EXPECT_EQ(rejection(ProfileText().replace(17, "ref: 1 401000 1 1 1 3").text()),
            "tiny.profile:17: ref: the address must be a 64-bit hexadecimal address such as 0x401136, not "
            "\"401000\"");
}

// Two spaces in a row leave an empty field.
TEST(ParserTest, RejectsAnEmptyField) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts: 1  1 5 2").text()),
            "tiny.profile:18: counts: the thread is empty; fields are separated by single spaces");
}

// Three counts where events: names two.
TEST(ParserTest, RejectsTooManyCounts) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts: 1 1 5 2 9").text()),
            "tiny.profile:18: counts: gives 3 counts but events: names 2; a record gives at most one count "
            "per event");
}

// The summary gives every count.
TEST(ParserTest, RejectsAShortSummary) {
  EXPECT_EQ(rejection(ProfileText().replace(20, "summary: 5").text()),
            "tiny.profile:20: summary: gives 1 counts but events: names 2; the summary gives every count");
}

// The summary says 3 writes but the one counts record has 2.
TEST(ParserTest, RejectsASummaryThatDiffersFromTheCounts) {
  EXPECT_EQ(
      rejection(ProfileText().replace(20, "summary: 5 3").text()),
      "tiny.profile:20: summary: writes is 3 but the counts: records add up to 2; the file was edited or is "
      "incomplete");
}

// Counts of reference 2, which no ref: record defines.
TEST(ParserTest, RejectsAnUndefinedReference) {
  EXPECT_EQ(
      rejection(ProfileText().replace(18, "counts: 2 1 5 2").text()),
      "tiny.profile:18: counts: reference 2 is not defined; it must be defined by an earlier ref: record");
}

// A reference to file 2, which no file: record defines.
TEST(ParserTest, RejectsAnUndefinedName) {
  EXPECT_EQ(rejection(ProfileText().replace(17, "ref: 1 0x401000 1 2 1 3").text()),
            "tiny.profile:17: ref: file 2 is not defined; it must be defined by an earlier file: record");
}

// A name number defined twice.
TEST(ParserTest, RejectsANameDefinedTwice) {
  EXPECT_EQ(rejection(ProfileText().insert_before(15, "file: 1 other.c").text()),
            "tiny.profile:15: file: the number 1 is defined twice");
}

// Thread 0 does not exist in Valgrind.
TEST(ParserTest, RejectsThreadZero) {
  EXPECT_EQ(rejection(ProfileText().replace(18, "counts: 1 0 5 2").text()),
            "tiny.profile:18: counts: thread 0 does not exist; Valgrind numbers threads from 1");
}

// An unknown simulation mode.
TEST(ParserTest, RejectsAnUnknownSimulationMode) {
  EXPECT_EQ(rejection(ProfileText().replace(5, "sim-mode: random").text()),
            "tiny.profile:5: sim-mode: the mode must be native, interleaved or piped, not \"random\"");
}

// Every level has the header's line size.
TEST(ParserTest, RejectsALevelWithAnotherLineSize) {
  EXPECT_EQ(rejection(ProfileText().replace(8, "cache: L1 32768 8 32").text()),
            "tiny.profile:8: cache: L1 line size 32 differs from line-size: 64; every level has the same "
            "line size");
}

// An event named twice would make two columns ambiguous.
TEST(ParserTest, RejectsAnEventNamedTwice) {
  EXPECT_EQ(rejection(ProfileText().replace(13, "events: reads reads").text()),
            "tiny.profile:13: events: the event reads is named twice");
}

// skipped: belongs to the header, before the names.
TEST(ParserTest, RejectsSkippedAfterTheNames) {
  EXPECT_EQ(
      rejection(ProfileText().insert_before(15, "skipped: stack 3").text()),
      "tiny.profile:15: skipped: belongs to the header; it must come before the first name, ref: or counts: "
      "record");
}

// An evictor edge at a level the profile does not simulate.
TEST(ParserTest, RejectsAnEvictorAtAnAbsentLevel) {
  EXPECT_EQ(rejection(ProfileText().insert_before(20, "evictor: 1 1 1 1 L2 3").text()),
            "tiny.profile:20: evictor: the level L2 is not simulated in this profile (cache: L2 none)");
}

// The critical count is part of the true in-region count, so it cannot be larger.
TEST(ParserTest, RejectsACriticalCountAboveTheTrueCount) {
  EXPECT_EQ(
      rejection(ProfileText().insert_before(20, "invalidator: 1 1 1 1 1 2 0 0 0").text()),
      "tiny.profile:20: invalidator: the critical count 2 exceeds the true-in-region count 1, of which it is "
      "a part");
}

// An object kind the format does not have.
TEST(ParserTest, RejectsAnUnknownObjectKind) {
  EXPECT_EQ(rejection(ProfileText().replace(19, "object: 1 bss 0x404000 8 1 x").text()),
            "tiny.profile:19: object: the kind must be global, heap, stack, named or unknown, not \"bss\"");
}

// Byte 64 is outside a 64-byte line.
TEST(ParserTest, RejectsALineDetailRangeOutsideTheLine) {
  EXPECT_EQ(rejection(ProfileText().insert_before(20, "line-detail: 1 0x404000 0 1 R 0-64 W -").text()),
            "tiny.profile:20: line-detail: the read ranges must be \"-\" or ranges a-b separated by ',' with "
            "a <= b "
            "< 64 (the line size), not \"0-64\"");
}

// A profile path that does not exist.
TEST(ParserTest, RejectsAMissingFile) {
  std::string path = testing::temporary_path("does-not-exist.profile");
  try {
    read_profile_file(path);
    FAIL() << "a missing file was accepted";
  } catch (const ProfileError& error) {
    EXPECT_EQ(
        std::string(error.what()),
        path + ": cannot be opened (No such file or directory); give the path of a ccsim.out.<pid> file");
  }
}

// A directory given as a profile.
TEST(ParserTest, RejectsADirectory) {
  try {
    read_profile_file(CCSIM_TEST_SRCDIR);
    FAIL() << "a directory was accepted";
  } catch (const ProfileError& error) {
    EXPECT_EQ(std::string(error.what()),
              std::string(CCSIM_TEST_SRCDIR) + ": is a directory; give the path of a ccsim.out.<pid> file");
  }
}

// Every hand-written profile of tests/annotate/profiles/ is valid (its summary matches its counts).
TEST(ParserTest, ReadsEveryTestProfile) {
  for (const char* name :
       {"counters.profile", "counters_padded.profile", "shared_sum.profile", "conflict.profile",
        "producer_consumer.profile"}) {
    SCOPED_TRACE(name);
    EXPECT_NO_THROW(read_profile_file(testing::profile_path(name)));
  }
}

}  // namespace
}  // namespace ccsim::annotate
