// named_data_tests.cc: findings name the data as the user wrote it, end to end: the fields of a global
// (`field:` records) and the local variables of a stack and their fields (`local:` and `field:` records),
// with Valgrind's --read-var-info=yes, and say how to get the names without it. The profiles are read and
// the findings made by ccsim-annotate's own code. Expected numbers are derived in each program's comment.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/data_names.h"
#include "ccsim/annotate/analysis/derived_events.h"
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/parsing/parser.h"
#include "ccsim/annotate/text/numbers.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

using ccsim::annotate::Finding;
using ccsim::annotate::Findings;
using ccsim::annotate::Profile;

struct NamedRun {
  Profile profile;
  std::string stderr_text;
};

// One interleaved run of `program`, its profile read with the sums a finding reads.
NamedRun run_program(const std::string& test_name, const std::string& program, bool read_var_info) {
  const std::string directory = scratch_directory("named_data_" + test_name);
  std::vector<std::string> options = {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"};
  if (read_var_info) options.push_back("--read-var-info=yes");
  const RunResult result = run_ccsim(directory, options, test_program(program));
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  NamedRun run{ccsim::annotate::read_profile_file(directory + "/ccsim.out"), result.stderr_text};
  ccsim::annotate::add_derived_events(run.profile, ccsim::annotate::LatencyTable{});
  return run;
}

// The object named `name` and `kind`; profile.objects.size() when there is not exactly one.
std::size_t object_named(const Profile& profile, const std::string& kind, const std::string& name) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < profile.objects.size(); ++i) {
    if (profile.objects[i].kind == kind && profile.objects[i].name == name) found.push_back(i);
  }
  EXPECT_EQ(found.size(), 1u) << kind << " " << name;
  return found.size() == 1 ? found[0] : profile.objects.size();
}

// The finding holding `object`, or null.
const Finding* finding_of(const Findings& findings, std::size_t object) {
  for (const Finding& finding : findings.findings) {
    for (std::size_t index : finding.objects) {
      if (index == object) return &finding;
    }
  }
  return nullptr;
}

// counted_reader.c: the reader reads st.limit (bytes 8-15 of st) 20,000 times while the writer stores
// st.produced (bytes 0-7) 20,000 times, interleaved: 20,000 false invalidations, every one of them caused
// by the writer (thread 3) and received by the reader (thread 2). The finding names both fields, and the
// fix is to move the field read away from the one written.
TEST(NamedData, CountedReaderNamesBothFieldsOfItsFinding) {
  const NamedRun run = run_program("counted_reader", "counted_reader", true);
  const Profile& profile = run.profile;
  const std::size_t st = object_named(profile, "global", "st");
  ASSERT_LT(st, profile.objects.size());
  std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::string>> fields;
  for (const auto& field : profile.object_fields) {
    if (field.object == st) fields.insert({field.object, field.offset, field.size, field.name});
  }
  EXPECT_EQ(fields, (std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::string>>{
                        {st, 0, 8, "st.produced"}, {st, 8, 8, "st.limit"}}));

  const Findings findings = find_findings(ccsim::annotate::analyse(profile), ccsim::annotate::LatencyTable{}, false);
  const Finding* finding = finding_of(findings, st);
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->split.total(), 20000u);
  EXPECT_EQ(finding->split.false_sharing(), 20000u);
  const std::string line = ccsim::annotate::hex(profile.objects[st].address);  // st is aligned to its line
  EXPECT_EQ(finding->advice, "st.produced written by thread 3 (writer) and st.limit read by thread 2 (reader) share "
                             "line " + line +
                                 ": put limit on its own line (alignas(64)) or move it away from produced");
  ASSERT_EQ(finding->lines.size(), 1u);
  ASSERT_EQ(finding->lines[0]->threads.size(), 2u);
  EXPECT_EQ(named_thread_text(profile, *finding->lines[0], finding->lines[0]->threads[0]),
            "thread 2 (reader) reads st.limit (bytes 8-15 of st)");
  EXPECT_EQ(named_thread_text(profile, *finding->lines[0], finding->lines[0]->threads[1]),
            "thread 3 (writer) writes st.produced (bytes 0-7 of st)");
  // Valgrind's warnings for the C library's thread-local variables, one per variable per description, are
  // kept off stderr (object_fields.cc, describe()).
  EXPECT_EQ(run.stderr_text.find("DW_OP"), std::string::npos) << run.stderr_text;
}

// Without --read-var-info=yes Valgrind knows no fields: the finding says how to have them named.
TEST(NamedData, WithoutVariableInformationTheFixSaysHowToNameFields) {
  const NamedRun run = run_program("counted_reader_no_var_info", "counted_reader", false);
  const std::size_t st = object_named(run.profile, "global", "st");
  ASSERT_LT(st, run.profile.objects.size());
  const Findings findings =
      find_findings(ccsim::annotate::analyse(run.profile), ccsim::annotate::LatencyTable{}, false);
  const Finding* finding = finding_of(findings, st);
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->advice,
            "threads use different bytes of the same 64-byte lines of st (64 B): give each thread's data its own "
            "lines (pad it to 64 bytes, alignas(64)); the profile names no fields or local variables here: rerun "
            "ccsim with Valgrind's --read-var-info=yes (on a program built with -g) to have them named");
}

// stack_results.c: workers 2 and 3 store to results.a and results.b, the two fields of a struct on main's
// stack, 20,000 times each, interleaved: worker 2's stores remove main's copy once and worker 3's copy
// 19,999 times (20,000 invalidations caused), worker 3's remove worker 2's copy 20,000 times. The stack is
// named by the variable and its frame, the fix by the fields.
TEST(NamedData, ResultsOnMainsStackAreNamedByTheirVariable) {
  const NamedRun run = run_program("stack_results", "stack_results", true);
  const Profile& profile = run.profile;
  const std::size_t stack = object_named(profile, "stack", "thread 1");
  ASSERT_LT(stack, profile.objects.size());
  const ccsim::annotate::LocalVariable* results = nullptr;
  for (const auto& local : profile.locals) {
    if (local.object == stack && local.name == "results") results = &local;
  }
  ASSERT_NE(results, nullptr);
  EXPECT_EQ(results->function, "main");
  EXPECT_EQ(results->size, 16u);
  std::set<std::tuple<std::uint64_t, std::uint64_t, std::string>> fields;
  for (const auto& field : profile.object_fields) {
    if (field.object == stack && field.name.rfind("results.", 0) == 0)
      fields.insert({field.offset, field.size, field.name});
  }
  EXPECT_EQ(fields, (std::set<std::tuple<std::uint64_t, std::uint64_t, std::string>>{
                        {results->offset, 8, "results.a"}, {results->offset + 8, 8, "results.b"}}));

  const Findings findings = find_findings(ccsim::annotate::analyse(profile), ccsim::annotate::LatencyTable{}, false);
  const Finding* finding = finding_of(findings, stack);
  ASSERT_NE(finding, nullptr);
  ASSERT_FALSE(finding->lines.empty());
  const ccsim::annotate::LineUse& line = *finding->lines[0];
  std::uint64_t caused_by_2 = 0;
  std::uint64_t caused_by_3 = 0;
  for (const auto& writer : profile.line_writers) {
    if (writer.line_address != line.line_address) continue;
    if (writer.thread == 2) caused_by_2 += writer.invalidations;
    if (writer.thread == 3) caused_by_3 += writer.invalidations;
  }
  EXPECT_EQ(caused_by_2, 20000u);
  EXPECT_EQ(caused_by_3, 20000u);
  ASSERT_EQ(finding->object_texts.size(), 1u);
  EXPECT_EQ(finding->object_texts[0].rfind("results in main", 0), 0u) << finding->object_texts[0];
  EXPECT_NE(finding->object_texts[0].find(", stack of thread 1 (stack)"), std::string::npos);
  EXPECT_EQ(finding->advice, "results.a written by thread 2 (worker_a) and results.b written by thread 3 (worker_b) "
                             "share line " + ccsim::annotate::hex(line.line_address) +
                                 ": put b on its own line (alignas(64)) or move it away from a");
}

}  // namespace
}  // namespace ccsim_test
