// object_paths.h: the paths of heap blocks through the code (DProf's path traces and data-flow view,
// exact): for each life of a block of a followed allocation site, the runs of (function, thread) that
// touched it from its allocation to its free, in the simulated order; lives with the same sequence of runs
// summed into one path (`path-site:`, `path:`, `path-run:`; docs/output-format.md, docs/model.md "Object
// paths").
//
// Which sites are followed: those --paths names, from their first allocation; and the first
// --path-sites heap sites (4 by default) whose data a second thread touches, in the simulated order, from
// that access on. Only lives allocated while their site is followed are followed: a life already under
// way when its site is chosen is not (nor counted).
//
// The hook is the access counting (object_access_counts.h), like the placement watch (placement_watch.h):
// the counting path reports every lookup of an object, and a followed block's range is never cached, so
// every access to it comes back here (one hash lookup), before it is simulated; the misses it then causes
// come through the object statistics' `served` notice (object_statistics.cc), during its simulation, and
// go to the run it was just added to. With no site to follow (--path-sites=0 and no --paths) the counting
// path pays one predictable branch per cache refill and nothing per access.
//
// Memory: per live followed block, its runs (at most kMaxRunsPerLife, 80 bytes each) and a byte mask of its
// size (blocks over kLargestFollowedBlock are not followed); at most kMaxLiveLives live at once; per site at
// most kMaxPathsPerSite paths. A life past a cap is counted, not stored: docs/model.md.
//
// Only with --data-objects=yes.
#ifndef CCSIM_TOOL_OBJECT_PATHS_H
#define CCSIM_TOOL_OBJECT_PATHS_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

constexpr std::uint32_t kMaxRunsPerLife = 64;          // past it, accesses go to the last run (the life is cut)
constexpr std::uint32_t kMaxPathsPerSite = 64;         // lives of a new path past it are counted, not stored
constexpr std::uint32_t kMaxLiveLives = 1024;          // blocks allocated past it are not followed
constexpr std::uint64_t kLargestFollowedBlock = 65536; // larger blocks are not followed
constexpr std::uint32_t kMaxPathSites = 64;            // --path-sites and the sites --paths names

// Whether some site may be followed (--paths or --path-sites > 0): the counting path tests it per refill.
extern bool paths_on;

void init_object_paths();

// A heap bin was made for an allocation from `function` (reference_names().functions number, 0 when
// unknown): followed from now on when --paths names it.
void note_path_site(ObjectId object, std::uint32_t function);

// Simulated order, from the heap layer (heap_blocks.cc): the block numbered `life` of bin `object` starts its
// life, allocated by processor `proc`; or ends it, freed by `proc` from the code at `call` (0: unknown).
void path_block_allocated(ObjectId object, Addr start, std::uint64_t size, std::uint32_t life, ProcId proc);
void path_block_freed(Addr start, std::uint32_t life, ProcId proc, Addr call);
// The simulation worker (--sim-threads=1), told by the tool, which has the debug information of every
// library, the function holding the call `call` (null: none): path_block_freed() then names it so.
void name_call_function(Addr call, const char* function);

// The counting path found `found` for an access by `proc` through `ref`, not yet simulated. Returns true
// when the block is followed (the access was added to its current run): the caller must then not cache the
// block's range.
bool follow_path_access(const ObjectExtent& found, RefId ref, ProcId proc, Addr address, std::uint32_t size,
                        AccessKind kind);

// The object statistics' `served` notice of the access just followed: an L1 miss of the block at `base`
// of `object` served from `source` (kServedByOwnL2 ... kServedByMemory).
void path_miss_served(ObjectId object, Addr base, std::uint32_t source);

// One run of a path: one (function, thread) and what its accesses did, summed over the path's lives.
struct PathRun {
  std::uint32_t function;  // reference_names().functions number, 0 when unknown
  ProcId proc;
  std::uint64_t reads, writes;  // line accesses, as object-counts: counts them
  std::uint64_t bytes;          // distinct bytes of the block each life's run touched, summed
  std::uint64_t first_offset, last_offset;  // the lowest and highest byte offset touched (any life)
  std::uint64_t own_l2, llc, transfer, memory;  // L1 misses by where they were served
};

static_assert(sizeof(PathRun) == 80, "docs/model.md states the memory of a run");

// One path: its runs and the lives that took it.
struct ObjectPath {
  std::uint32_t run_count;
  const PathRun* runs;
  std::uint64_t lives;
  bool freed;  // its lives were freed (else still allocated at exit)
  bool cut;    // its lives had more than kMaxRunsPerLife runs: the last run holds the rest
  std::uint64_t lifetime_sum, lifetime_min, lifetime_max;  // allocations while live (docs/model.md)
};

// One followed site's totals.
struct PathSiteTotals {
  ObjectId object;
  bool named;                   // --paths named it (else chosen as shared)
  std::uint64_t lives_stored;   // lives summed into its paths
  std::uint64_t lives_unstored; // followed, but their path was new past kMaxPathsPerSite
  // Allocated while followed but not followed (kMaxLiveLives, kLargestFollowedBlock). The lives already
  // under way when a site is chosen are not counted anywhere: nothing was kept of them.
  std::uint64_t lives_unfollowed;
  std::uint32_t path_count;
  const ObjectPath* paths;
};
using PathSiteVisitor = void (*)(void* context, const PathSiteTotals& site);
// Every followed site, lives still allocated included (as paths not freed). Called once, at exit.
void for_each_path_site(PathSiteVisitor visit, void* context);

// CCSIM_ZERO_STATS: every path and count dropped; lives under way are no longer followed.
void zero_object_paths();

}  // namespace ccsim

#endif
