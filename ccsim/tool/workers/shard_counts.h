// shard_counts.h: how the simulation workers of line shards (--sim-threads above 1; docs/parallel-
// simulation.md, section 9) bring their counts together at the end. Every worker replays the whole stream
// but simulates only its own shards' lines (line_shard.h), so its simulator's counts are its lines' part of
// the run's. The first worker writes the profile; each other one writes its simulator's statistics
// (ccsim/core/statistics_transfer.h) to a file of its own in /dev/shm and ends; the first adds them to its
// own (merged_statistics.h) and removes the files (with miss classes the shadow ops have gone through the
// ring as the run went: shadow_queues.h; a file holding any is refused). With data objects, the tables
// the simulator's notices feed follow the statistics in the file (data_objects/object_transfer.h), and
// its last word is the statistics' length. The counts the replay makes (locks, regions, early flushes)
// are the same in every worker and are the first's; the core makes no "top N" choice, so the profile's
// are made after the merge, by the one writer.
//
// A file, not the ring: the counts' size is known only at the end (one record per processor and
// reference touched), and the ring's chunks are the stream's. Its name holds the worker's pid and an
// attempt number; it is made with O_EXCL and opened with O_NOFOLLOW, so a name planted in /dev/shm is
// never followed: the worker takes the next attempt's name (up to kCountsFileAttempts) and says which.
#ifndef CCSIM_TOOL_WORKERS_SHARD_COUNTS_H
#define CCSIM_TOOL_WORKERS_SHARD_COUNTS_H

#include <cstdint>

namespace ccsim {

class MergedStatistics;
class Simulator;

// Names tried before a worker gives up on a /dev/shm full of planted names.
constexpr std::uint32_t kCountsFileAttempts = 16;

// Debug (--sim-counts-name-planted, tests of a hostile /dev/shm): before it writes, the worker plants a
// symbolic link to `planted_counts_target` under its first name, as another user could have.
extern const char* planted_counts_target;
// Debug (--sim-counts-damaged, tests of a damaged hand-over): the worker writes a word that is no
// section's tag before its data-object tables.
extern bool damaged_counts;

// In a worker other than the first: writes `simulator`'s statistics to a file of this process's, whose
// attempt number goes to `*attempt`. Returns 0, or the errno that stopped it (the file is then removed).
int write_shard_counts(const Simulator* simulator, std::uint32_t* attempt);

// In the first worker: adds the statistics worker process `pid` wrote (in its file of `attempt`) to
// `merged`, and removes the file. False, with one sentence in `why` (`why_bytes` long), when they cannot
// be read whole.
bool add_shard_counts(int pid, std::uint32_t attempt, MergedStatistics* merged, char* why, std::uint32_t why_bytes);

// The file of worker process `pid` of `attempt` removed, if it is there (the tool, when a worker was lost,
// leaves nothing of the run's behind in /dev/shm).
void remove_shard_counts(int pid, std::uint32_t attempt);

}  // namespace ccsim

#endif
