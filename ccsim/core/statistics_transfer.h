// statistics_transfer.h: a simulator's statistics as words and back, for the simulation workers of line
// shards (docs/parallel-simulation.md, section 9): each worker of one or more shards hands its counts to
// the worker that writes the profile, which adds them to its own (merged_statistics.h). Every statistic
// is a sum over line accesses (line_shard.h), so the sum of the shards' is the whole machine's.
//
// With miss classes a shard's shadow log (shadow_log.h) travels too, op by op, for the shadow stage
// (shadow_stage.h) the receiver runs over every shard's log (the host tests; the tool's workers send their
// ops through the ring as the run goes instead, tool/workers/shadow_queues.h, and leave their logs empty).
//
// Format: 64-bit words in the host's order (both ends are copies of one build on one machine), one
// record after another: a kind, then its fields; the counts of a pair or a region are kNumEvents words, a
// shadow op its bytes as they are in memory. The last record is the end, with the number of records
// before it, so a cut or padded stream is told from a whole one.
#ifndef CCSIM_CORE_STATISTICS_TRANSFER_H
#define CCSIM_CORE_STATISTICS_TRANSFER_H

#include <cstdint>

#include "ccsim/core/geometry.h"
#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/shadow_log.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/word_stream.h"

namespace ccsim {

// Writes every (processor, reference) pair's counts, every region's and every edge of `sim`, its shadow
// log's ops if it has one (shadow_log()), then the end. Returns false as soon as `sink` does.
bool write_statistics(const Simulator* sim, WordSink sink, void* context);

// Adds the statistics in `words` (what write_statistics() wrote) to `merged`, and the shadow ops to `log`
// (which may be null when none are expected). False, with one sentence in `error`, when the words are not
// one whole transfer, or hold shadow ops and `log` is null; `merged` and `log` may then hold part of it.
bool read_statistics(const std::uint64_t* words, std::uint64_t count, MergedStatistics* merged, ShadowLog* log,
                     ErrorMessage* error);

}  // namespace ccsim

#endif
