// lock_findings.h: the findings about locks, one sentence each with what to change: a lock that passes
// between threads on most of its acquisitions (each hand-off moves the lock's line and the data it
// protects), and bytes several threads write in one region with no lock held (the thesis' sPPM
// diagnosis: a race, or a reduction without its lock). docs/annotate.md, "Locks".
#ifndef CCSIM_ANNOTATE_LOCK_FINDINGS_H
#define CCSIM_ANNOTATE_LOCK_FINDINGS_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// A lock's hand-offs dominate when they are at least this share of its acquisitions, and it was taken at
// least kLockFindingAcquisitions times (a lock taken a few times by a few threads hands off on every
// acquisition and costs nothing).
constexpr double kHandOffShare = 0.5;
constexpr std::uint64_t kLockFindingAcquisitions = 100;

// The sentences, hand-off findings first (most hand-offs first), then the unlocked shared writes of the
// program's objects (most stores first).
std::vector<std::string> lock_findings(const Profile& profile);

}  // namespace ccsim::annotate

#endif
