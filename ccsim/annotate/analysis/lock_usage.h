// lock_usage.h: each lock of a profile added up from its records (`lock-thread:`, `lock-section:`): who
// took it and how often it passed between threads, how often and how long threads waited for it in the
// replay, and what its critical sections invalidated and missed, by object and source line; and the
// unlocked shared writes (`unlocked-write:`) by object and line. What --view=locks, the lock findings
// and the exports show.
#ifndef CCSIM_ANNOTATE_LOCK_USAGE_H
#define CCSIM_ANNOTATE_LOCK_USAGE_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// One thread's acquisitions of a lock, summed over the profiles read.
struct LockThreadTotals {
  std::uint64_t acquisitions = 0;
  std::uint64_t hand_offs = 0;
  std::uint64_t contended = 0;
  std::uint64_t waited_accesses = 0;
  void add(const LockThreadTotals& more);
};

// The events of one source line in one object while a lock was held.
struct LockSectionLine {
  std::size_t object = 0;  // index into Profile::objects
  CodeSite site;
  InvalidationSplit invalidations;  // caused by the line's stores
  std::uint64_t coherence_misses = 0;
  std::uint64_t transfers = 0;  // L1 misses another thread's copy served (version 2)
  std::vector<ThreadId> threads;  // ascending
  std::uint64_t weight() const { return invalidations.total() + coherence_misses + transfers; }
};

struct LockUsage {
  std::size_t lock = 0;                         // index into Profile::locks
  std::map<ThreadId, LockThreadTotals> threads;  // by thread
  LockThreadTotals total;
  InvalidationSplit invalidations;  // inside its critical sections
  std::uint64_t coherence_misses = 0;
  std::uint64_t transfers = 0;
  std::vector<LockSectionLine> lines;  // heaviest first
};

// Every lock with an acquisition, most acquisitions first (then by address).
std::vector<LockUsage> lock_usages(const Profile& profile);

// How a lock is named: "the OpenMP critical lock", "the OpenMP critical lock 'update'", "mutex lock",
// "omp_lock_t locks[3] (heap block at a.c:12 in main)"; the name of its object where one is known.
std::string lock_name(const Lock& lock);
// "the lock at 0x404060 (mutex lock, first taken at counter.c:23)".
std::string lock_text(const Lock& lock);

// The unlocked shared writes of one line to one object.
struct UnlockedWriteLine {
  std::size_t object = 0;  // index into Profile::objects
  CodeSite site;
  std::uint64_t stores = 0;
  std::vector<ThreadId> threads;  // ascending
};
// Most stores first.
std::vector<UnlockedWriteLine> unlocked_write_lines(const Profile& profile);

}  // namespace ccsim::annotate

#endif
