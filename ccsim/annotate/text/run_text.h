// run_text.h: the run in words - its machine, the accesses it did not simulate, the spin-waits it found,
// its threads, the share of coherence traffic - as the text views and the HTML report both say it.
#ifndef CCSIM_ANNOTATE_RUN_TEXT_H
#define CCSIM_ANNOTATE_RUN_TEXT_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// "native simulation of 4 threads; L1 32768 B 8-way; ...": the Machine: line of the header, and each
// side's machine in --diff.
std::string machine_description(const ProfileHeader& header);

// "stack 0, runtime 64,646, spin 0 accesses (not simulated)"; empty when the profile has no `skipped:`.
std::string skipped_text(const ProfileHeader& header);

// "0 early flushes of the replay buffer"; empty when the profile does not say.
std::string replay_text(const ProfileHeader& header);

// The threads analysed: "all (1, 2)", "all (thread 1 (main), threads 2-3 (worker))", or with --threads
// "2 (--threads=2; edges by victim thread)".
std::string analysed_threads_text(const Analysis& analysis, const Options& options);

// One sentence per `spin-wait:` record: which line waits, and how to tell ccsim what it waits for.
std::vector<std::string> spin_wait_sentences(const ProfileHeader& header);

// "Coherence traffic (coherence misses and invalidated copies, all objects): about 95% of the simulated
// memory time of the run (--latency)."
std::string coherence_traffic_sentence(const Analysis& analysis, const LatencyTable& latencies);

}  // namespace ccsim::annotate

#endif
