// no_finding_test.cc: when the findings name nothing, and what they say then. A finding needs
// --min-invalidations invalidations as well as --threshold's share of the memory time, so that a short
// run's start-up traffic is no finding; and the sentence that closes an empty findings section says
// "coherence is not what limits this run" only of an interleaved run: piped and native orders hide most
// of the traffic between threads (their caveat says how), so there it says "in this order" and names the
// order to run instead. The profile is mutex_counter.profile (its scenario and counts are at its top).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::read_file;
using testing::section;
using testing::write_temporary_file;

// mutex_counter.profile simulated in `mode` instead of piped.
std::string profile_in(const std::string& mode) {
  std::string text = read_file(profile_path("mutex_counter.profile"));
  const std::string piped = "sim-mode: piped";
  text.replace(text.find(piped), piped.size(), "sim-mode: " + mode);
  return write_temporary_file("mutex_counter_" + mode + ".profile", text);
}

std::string findings_of(std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), "--view=findings");
  return section(annotate(arguments), "Findings");
}

const std::string kPipedCaveat =
    "This profile was simulated in piped order, which replays one thread at a time up to each synchronization "
    "event and then lets the lowest-numbered thread that can run go on, so a thread keeps running through its "
    "lock hand-offs and runs all its critical sections before the next one goes: data that threads pass back "
    "and forth, true sharing under a lock and false sharing in their loops alike, mostly does not show here; "
    "rerun with --sim-mode=interleaved to see it.\n";
const std::string kNativeCaveat =
    "This profile was simulated in native order, which follows Valgrind's coarse thread switches (every few "
    "hundred thousand basic blocks, or when a thread blocks), so a thread runs thousands of iterations, "
    "critical sections included, before another one goes: data that threads pass back and forth, true sharing "
    "under a lock and false sharing in their loops alike, mostly does not show here; rerun with "
    "--sim-mode=interleaved to see it.\n";
const std::string kNothingInThisOrder =
    "\nNo shared object's coherence traffic reaches 0.1% of the simulated memory time (--threshold) with at least "
    "100 invalidations (--min-invalidations) in this order, which hides most of it; rerun with "
    "--sim-mode=interleaved to see whether coherence limits this run.\n";
const std::string kNotWhatLimits = "coherence is not what limits this run";

// The piped mutex counter: its caveat says that lock hand-offs do not switch threads, so true sharing
// under a lock is hidden (not only false sharing between threads that never synchronize), and with no
// finding the verdict is about this order, never about the run.
TEST(NoFindingTest, PipedOrderSaysWhatItHidesAndNoVerdictOnTheRun) {
  std::string findings = findings_of({profile_path("mutex_counter.profile")});
  EXPECT_NE(findings.find(kPipedCaveat), std::string::npos) << findings;
  EXPECT_NE(findings.find(kNothingInThisOrder), std::string::npos) << findings;
  EXPECT_EQ(findings.find(kNotWhatLimits), std::string::npos) << findings;
  // The overview opens with the same findings section (then a blank line before the next section).
  std::string overview = section(annotate({profile_path("mutex_counter.profile")}), "Findings");
  EXPECT_EQ(overview.substr(0, findings.size()), findings);
}

// Native order: Valgrind's coarse switches hide the ping-pong too; the same verdict about this order.
TEST(NoFindingTest, NativeOrderSaysWhatItHidesAndNoVerdictOnTheRun) {
  std::string findings = findings_of({profile_in("native")});
  EXPECT_NE(findings.find(kNativeCaveat), std::string::npos) << findings;
  EXPECT_NE(findings.find(kNothingInThisOrder), std::string::npos) << findings;
  EXPECT_EQ(findings.find(kNotWhatLimits), std::string::npos) << findings;
}

// Interleaved order shows what the model knows: no caveat, and the verdict is about the run.
TEST(NoFindingTest, InterleavedOrderConcludesAboutTheRun) {
  std::string findings = findings_of({profile_in("interleaved")});
  EXPECT_EQ(findings.find("This profile was simulated in"), std::string::npos) << findings;
  EXPECT_NE(findings.find("\nNo shared object's coherence traffic reaches 0.1% of the simulated memory time "
                          "(--threshold) with at least 100 invalidations (--min-invalidations): coherence is not "
                          "what limits this run.\n"),
            std::string::npos)
      << findings;
}

// `shared` costs 65 of 16,657 cycles (0.39%, over the 0.1% threshold) with one invalidation: under the
// default floor of 100 it is no finding; --min-invalidations=1 lets it through, as finding 1, "about
// 0.4%" (65 / 16,657 = 0.39%, one decimal under 10%), with its one invalidation.
TEST(NoFindingTest, AHandfulOfInvalidationsIsNoFindingUnderTheFloor) {
  std::string interleaved = profile_in("interleaved");
  std::string floored = findings_of({interleaved});
  EXPECT_EQ(floored.find("\n1. "), std::string::npos) << floored;
  std::string unfloored = findings_of({"--min-invalidations=1", interleaved});
  EXPECT_NE(unfloored.find("\n1. shared (global, 64 B): true sharing in critical sections, about 0.4% of the "
                           "simulated memory time of the run\n   1 invalidation: 0 false (0.0%), 1 true (100.0%); "
                           "1 in-region, 0 across regions; 1 by writers holding a lock; 0 coherence misses\n"),
            std::string::npos)
      << unfloored;
  EXPECT_EQ(unfloored.find(kNotWhatLimits), std::string::npos) << unfloored;
  // A floor of 2 leaves it out again: the floor counts the finding's invalidations (1), not its cycles.
  EXPECT_EQ(findings_of({"--min-invalidations=2", interleaved}).find("\n1. "), std::string::npos);
}

// The JSON export lists every finding whole, with whether the text reports it and the floor used.
TEST(NoFindingTest, JsonSaysWhetherAFindingIsReported) {
  nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path("mutex_counter.profile")}));
  EXPECT_EQ(json["findings"]["min_invalidations"], 100);
  ASSERT_EQ(json["findings"]["list"].size(), 1u);
  EXPECT_EQ(json["findings"]["list"][0]["objects"][0]["name"], "shared");
  EXPECT_EQ(json["findings"]["list"][0]["cycles"], 65);
  EXPECT_EQ(json["findings"]["list"][0]["reported"], false);
  nlohmann::json unfloored =
      nlohmann::json::parse(annotate({"--json", "--min-invalidations=1", profile_path("mutex_counter.profile")}));
  EXPECT_EQ(unfloored["findings"]["list"][0]["reported"], true);
}

// The HTML report says what the text says, word for word (HTML-escaped: ' is &#39;).
TEST(NoFindingTest, HtmlReportSaysTheSame) {
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot";
  std::string directory = testing::temporary_path("mutex_counter_report");
  annotate({"--html=" + directory, profile_path("mutex_counter.profile")});
  std::string page = read_file(directory + "/index.html");
  auto escaped = [](std::string text) {
    for (std::size_t at = text.find('\''); at != std::string::npos; at = text.find('\'', at))
      text.replace(at, 1, "&#39;");
    return text;
  };
  auto paragraph = [](const std::string& sentence) { return "<p>" + sentence.substr(0, sentence.size() - 1) + "</p>"; };
  EXPECT_NE(page.find(paragraph(escaped(kPipedCaveat))), std::string::npos);
  EXPECT_NE(page.find(paragraph(escaped(kNothingInThisOrder.substr(1)))), std::string::npos);
  EXPECT_EQ(page.find(kNotWhatLimits), std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
