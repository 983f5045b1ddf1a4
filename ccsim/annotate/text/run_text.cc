// run_text.cc: the header's lines, the spin-wait and coherence-traffic sentences.
#include "ccsim/annotate/text/run_text.h"

#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/printable_text.h"

namespace ccsim::annotate {

std::string machine_description(const ProfileHeader& header) {
  std::string text = header.sim_mode + " simulation of " + std::to_string(header.threads) + " threads; " +
                     header.cache_geometry();
  text += header.miss_classes ? "; capacity/conflict classified" : "";
  text += header.trace_stack ? "" : "; stack accesses not simulated";
  return text;
}

std::string skipped_text(const ProfileHeader& header) {
  if (header.skipped.empty()) return "";
  std::vector<std::string> skipped;
  for (const auto& [what, accesses] : header.skipped) skipped.push_back(what + " " + with_commas(accesses));
  return joined(skipped) + " accesses (not simulated)";
}

std::string replay_text(const ProfileHeader& header) {
  if (!header.replay_early_flushes) return "";
  return with_commas(*header.replay_early_flushes) + " early flushes of the replay buffer";
}

std::string analysed_threads_text(const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  std::string threads;
  if (profile.header.thread_labels.empty()) {
    std::vector<std::string> numbers;
    for (const ThreadRow& row : analysis.threads) numbers.push_back(std::to_string(row.thread));
    threads = joined(numbers);
  } else {
    std::vector<ThreadId> numbers;
    for (const ThreadRow& row : analysis.threads) numbers.push_back(row.thread);
    threads = profile.thread_names(numbers);
  }
  if (options.threads.ranges.empty()) return "all (" + threads + ")";
  return threads + " (--threads=" + options.threads.text + "; edges by victim thread)";
}

std::vector<std::string> spin_wait_sentences(const ProfileHeader& header) {
  std::vector<std::string> sentences;
  for (const SpinWait& wait : header.spin_waits) {
    sentences.push_back("Spin-waiting: " + printable(wait.file) + ":" + std::to_string(wait.line) +
                        " waits by re-reading one address (" + with_commas(wait.reads) +
                        " reads not simulated); mark the hand-off with CCSIM_HAPPENS_BEFORE/AFTER or "
                        "ANNOTATE_HAPPENS_BEFORE/AFTER, or the barrier with CCSIM_BARRIER_WAIT_BEFORE/AFTER, so "
                        "that the replay orders it (docs/synchronization.md).");
  }
  return sentences;
}

std::string coherence_traffic_sentence(const Analysis& analysis, const LatencyTable& latencies) {
  const Profile& profile = *analysis.profile;
  return "Coherence traffic (coherence misses and invalidated copies, all objects): " +
         share_text(coherence_cycles(profile, analysis.totals, latencies),
                    memory_cycles(profile, analysis.totals, latencies)) +
         " of the simulated memory time of the run (--latency).";
}

}  // namespace ccsim::annotate
