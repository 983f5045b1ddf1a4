// profile.h: a ccsim profile in memory, record for record as docs/output-format.md defines it.
//
// Names (files, functions, object files) are resolved to strings while reading, so that profiles of
// several runs can be summed by what a thing is rather than by the numbers one run gave it. Records
// refer to references and data objects by their index in the vectors below.
#ifndef CCSIM_ANNOTATE_PROFILE_H
#define CCSIM_ANNOTATE_PROFILE_H

#include <cstddef>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

// Valgrind's thread id of a simulated processor; 1 is the main thread, 0 never occurs.
using ThreadId = std::uint32_t;

// The names the file uses for levels, in the order `cache:` records give them.
inline const char* const kLevelNames[] = {"L1", "L2", "LLC"};

// One `cache:` record: a level's geometry, or its absence (`cache: L2 none`).
struct CacheLevel {
  std::string name;  // "L1", "L2" or "LLC"
  bool present = false;
  std::uint64_t size = 0;  // bytes
  std::uint64_t associativity = 0;
  std::uint64_t line_size = 0;  // bytes; equal to the header's line-size at every level
};

// One `spin-wait:` record: a source line whose polling loads were dropped as waiting.
struct SpinWait {
  std::uint64_t reads = 0;  // re-reads not simulated
  std::uint64_t line = 0;   // 0: no debug info
  std::string file;         // "???" without debug info
};

// The header records, which describe the run and the simulated machine.
struct ProfileHeader {
  std::uint64_t version = 0;
  std::string creator;
  std::uint64_t pid = 0;
  std::string command;
  std::string sim_mode;       // "native", "interleaved" or "piped"
  std::uint64_t threads = 0;  // simulated processors in the run
  std::uint64_t line_size = 0;
  std::vector<CacheLevel> caches;  // L1, L2, LLC in that order
  bool miss_classes = false;
  bool trace_stack = false;
  std::vector<std::pair<std::string, std::uint64_t>> skipped;  // `skipped: <what> <accesses>`
  std::optional<std::uint64_t> replay_early_flushes;           // `replay: early-flushes <n>`
  std::vector<SpinWait> spin_waits;                            // `spin-wait: <reads> <line> <file>`
  std::map<ThreadId, std::string> thread_labels;               // `thread: <n> <label>` (none before they existed)

  // The cache levels and line size in words, e.g. "L1 32768 B 8-way; L2 none; LLC none; 64 B lines":
  // what must be equal for two profiles to be summed.
  std::string cache_geometry() const;
};

// One `ref:` record: an instruction that accessed data. Unknown names are empty strings.
struct Reference {
  std::uint64_t address = 0;
  std::string object_file;
  std::string file;
  std::string function;
  std::uint64_t line = 0;  // 0: no debug info
};

// One `counts:` record: the events of one reference on one thread.
struct ThreadCounts {
  std::size_t reference = 0;  // index into Profile::references
  ThreadId thread = 0;
  Counts counts;
};

// One `region:` record: the slow-path events between two successive barriers of a team.
struct Region {
  std::uint64_t id = 0;
  std::string file;  // the barrier that closed the region; empty and 0 when unknown
  std::string function;
  std::uint64_t line = 0;
  Counts counts;
};

// One `evictor:` record: accesses by `evictor` evicted lines last touched by `victim`, `count` times.
struct EvictorEdge {
  std::size_t victim = 0;  // index into Profile::references
  ThreadId victim_thread = 0;
  std::size_t evictor = 0;
  ThreadId evictor_thread = 0;
  std::string level;  // "L1", "L2" or "LLC"
  std::uint64_t count = 0;
};

// The five counts an `invalidator:` record gives; critical is a subset of true_in_region.
struct InvalidationSplit {
  std::uint64_t true_in_region = 0;
  std::uint64_t true_in_region_critical = 0;
  std::uint64_t false_in_region = 0;
  std::uint64_t true_across_regions = 0;
  std::uint64_t false_across_regions = 0;

  std::uint64_t total() const;  // sums with checked_sum (counts.h)
  std::uint64_t true_sharing() const;
  std::uint64_t false_sharing() const;
  void add(const InvalidationSplit& more);
};

// One `invalidator:` record: stores by `invalidator` removed copies last touched by `victim`.
struct InvalidatorEdge {
  std::size_t victim = 0;  // index into Profile::references
  ThreadId victim_thread = 0;
  std::size_t invalidator = 0;
  ThreadId invalidator_thread = 0;
  InvalidationSplit split;
};

// The counts of a `transfer:` or `object-transfer:` record: misses served by another thread's copy, by the
// state that copy was in (version 2 profiles).
struct TransferSplit {
  std::uint64_t from_modified = 0;
  std::uint64_t from_exclusive = 0;
  std::uint64_t from_shared = 0;

  std::uint64_t total() const;  // sums with checked_sum (counts.h)
};

// One `transfer:` record: copies last touched by `source` served misses of `reader` (writer -> reader).
struct TransferEdge {
  std::size_t source = 0;  // index into Profile::references
  ThreadId source_thread = 0;
  std::size_t reader = 0;
  ThreadId reader_thread = 0;
  TransferSplit split;
};

// One `object-transfer:` record: lines of an object moved from one thread's copy to another's miss.
struct ObjectTransfer {
  std::size_t object = 0;  // index into Profile::objects
  ThreadId from_thread = 0;
  ThreadId to_thread = 0;
  TransferSplit split;
};

// One `object-evictor:` record (version 2): accesses to `evictor` on evictor_thread evicted lines of
// `victim` last touched on victim_thread, `count` times at `level` (MemSpy's causes of replacements).
struct ObjectEvictor {
  std::size_t victim = 0;  // index into Profile::objects
  ThreadId victim_thread = 0;
  std::size_t evictor = 0;  // index into Profile::objects
  ThreadId evictor_thread = 0;
  std::string level;  // "L1", "L2" or "LLC"
  std::uint64_t count = 0;
};

// One `object:` record: a data object (variable, heap allocation site, thread stack, named range).
struct DataObject {
  std::string kind;           // "global", "heap", "stack", "named" or "unknown"
  std::uint64_t address = 0;  // 0 for heap bins, whose blocks have many addresses
  std::uint64_t size = 0;
  std::string file;  // the defining source file; empty when unknown
  std::string name;
  // From the optional `object-origin:` record: "program", "runtime" or "allocator" (the object belongs to the dynamic
  // loader, the C/C++ library's internals or an OpenMP runtime), empty when the profile does not say;
  // the allocating function of a heap object ("malloc", "calloc", "new[]", ...), empty otherwise.
  std::string origin = {};
  std::string allocator = {};
  bool named_by_stack = false;  // shown by its whole allocation stack, not its site (--heap-paths=separate)
};

// One `field:` record: a field or element of an object named by debug information, e.g.
// "tid_args[1].sxy", covering bytes [offset, offset + size) of the object's extent.
struct ObjectField {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::string name;
};

// One `local:` record: a local variable of a function's frame, named by debug information, holding bytes
// [offset, offset + size) of a stack object's extent (docs/output-format.md).
struct LocalVariable {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::string name;      // "results"
  std::string function;  // "main"
};

// One `object-counts:` record: the events of one data object on one thread.
struct ObjectThreadCounts {
  std::size_t object = 0;  // index into Profile::objects
  ThreadId thread = 0;
  Counts counts;
};

// One `object-ref:` record: a cell of the code x data matrix. Its reads and writes are counted from
// version 2 on (Profile::cells_keep_accesses); a version 1 cell keeps the slow-path events only.
struct ObjectReferenceCounts {
  std::size_t object = 0;     // index into Profile::objects
  std::size_t reference = 0;  // index into Profile::references
  ThreadId thread = 0;
  Counts counts;
};

// Inclusive byte ranges within a cache line, e.g. {{0, 7}, {16, 23}}.
using ByteRanges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// One `line-detail:` record: the bytes of a hot cache line one thread read and wrote.
struct LineDetail {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t line_address = 0;
  std::int64_t offset_in_object = 0;  // negative when the object starts inside the line
  ThreadId thread = 0;
  ByteRanges read;
  ByteRanges written;
};

// One `line-writer:` record: stores by one reference on one thread to a hot line of an object, and how
// many invalidations of other threads' copies of that line they caused.
struct LineWriter {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t line_address = 0;
  ThreadId thread = 0;
  std::size_t reference = 0;  // index into Profile::references
  std::uint64_t invalidations = 0;
};

// One `placement:` record: the invalidations a heap object's watched blocks that start at `block_offset`
// (modulo twice the line size) would suffer with lines of `line_bytes` and the blocks starting at `start`
// of a line (docs/data-objects.md, "Placement").
struct PlacementPrediction {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t block_offset = 0;
  std::uint64_t blocks = 0;
  std::uint64_t line_bytes = 0;
  std::uint64_t start = 0;
  std::uint64_t true_sharing = 0;
  std::uint64_t false_sharing = 0;
};

// One `lock:` record: a lock the program took (docs/output-format.md).
struct Lock {
  std::uint64_t address = 0;
  std::string kind;  // "mutex", "spinlock", "rwlock", "omp-critical", "omp-named-critical", "omp-atomic",
                     // "omp-ordered", "omp-lock", "annotated" or "unknown" (a reader accepts other words)
  std::string file;  // the call of its first acquisition; empty and 0 when unknown
  std::string function;
  std::uint64_t line = 0;
  std::string name;  // the object holding it (a variable, a heap site's stack); empty when unknown
};

// One `lock-thread:` record: one thread's acquisitions of one lock.
struct LockThread {
  std::size_t lock = 0;  // index into Profile::locks
  ThreadId thread = 0;
  std::uint64_t acquisitions = 0;
  std::uint64_t hand_offs = 0;        // the previous acquisition was another thread's
  std::uint64_t contended = 0;        // found the lock held by another thread in the replay
  std::uint64_t waited_accesses = 0;  // accesses replayed while those waited
};

// One `lock-section:` record: the events of one reference on one thread, in one object, while the
// thread held the lock: the invalidations its stores caused, and its coherence misses.
struct LockSection {
  std::size_t lock = 0;       // index into Profile::locks
  std::size_t object = 0;     // index into Profile::objects
  std::size_t reference = 0;  // index into Profile::references
  ThreadId thread = 0;
  InvalidationSplit invalidations;  // true_in_region_critical stays 0: every one here is under the lock
  std::uint64_t coherence_miss_true = 0;
  std::uint64_t coherence_miss_false = 0;
  std::uint64_t transfers = 0;  // L1 misses another thread's copy served (version 2; 0 in version 1)
};

// One `unlocked-write:` record: stores by a reference on a thread, holding no lock, to bytes of an object
// that another thread also wrote in the same region (docs/model.md, "Unlocked shared writes").
struct UnlockedWrite {
  std::size_t object = 0;     // index into Profile::objects
  std::size_t reference = 0;  // index into Profile::references
  ThreadId thread = 0;
  std::uint64_t stores = 0;
};

// The counts of a `block:` record, in its order: L1 misses by cause, coherence misses, invalidations
// received (docs/output-format.md).
inline const char* const kBlockCountNames[] = {"L1_miss_compulsory", "L1_miss_coherence", "L1_miss_replacement",
                                               "coherence_miss_true", "coherence_miss_false",
                                               "invalidations_received_true", "invalidations_received_false",
                                               "L1_miss_transfer"};
constexpr std::size_t kBlockCounts = sizeof(kBlockCountNames) / sizeof(kBlockCountNames[0]);

// One `block:` record: one thread's events in a bucket of `lines` line-sized blocks of an object, whose first
// line starts `offset` bytes from the start of the object's extent (negative when the object starts inside
// it).
struct ObjectBlock {
  std::size_t object = 0;  // index into Profile::objects
  std::int64_t offset = 0;
  std::uint64_t lines = 0;
  ThreadId thread = 0;
  std::uint64_t counts[kBlockCounts] = {};
};

// --- The phases (version 2): per region or barrier and object, per barrier and line, and the timeline ---
// The counts of `region-object:`, `barrier-object:` and `timeline-object:` records, in their order;
// `barrier-line:` gives the last five (from kFirstLinePhaseCount).
constexpr const char* kPhaseCountNames[] = {
    "L1_miss_compulsory",   "L1_miss_transfer",     "L1_miss_coherence",           "L1_miss_replacement",
    "coherence_miss_true",  "coherence_miss_false", "invalidations_received_true", "invalidations_received_false",
    "transfers"};
constexpr std::size_t kPhaseCounts = sizeof(kPhaseCountNames) / sizeof(kPhaseCountNames[0]);
constexpr std::size_t kFirstLinePhaseCount = 4;
using PhaseCounts = std::array<std::uint64_t, kPhaseCounts>;

// A barrier as the phase records name it (file, function, line of the call that closed the regions;
// empty and 0 for regions closed by an unknown barrier or open at exit), as `region:` records do.
struct BarrierSite {
  std::string file;
  std::string function;
  std::uint64_t line = 0;
  bool operator==(const BarrierSite& other) const {
    return line == other.line && file == other.file && function == other.function;
  }
};

// `region-object:`: one object's counts in one of the first regions, by region id.
struct RegionObject {
  std::uint64_t region = 0;
  std::size_t object = 0;  // index into Profile::objects
  PhaseCounts counts{};
};
// `barrier-object:` (every region closed at one barrier, summed) and `barrier-line:` (a line-detail line).
struct BarrierObject {
  BarrierSite barrier;
  std::size_t object = 0;
  PhaseCounts counts{};
};
struct BarrierLine {
  BarrierSite barrier;
  std::uint64_t line_address = 0;
  PhaseCounts counts{};  // the first kFirstLinePhaseCount are 0
};
// `timeline:` (unit empty: the profile has none) and `timeline-object:`.
struct Timeline {
  std::string unit;  // "accesses" or "epochs"
  std::uint64_t width = 0;
  std::uint64_t intervals = 0;
};
struct TimelineObject {
  std::uint64_t interval = 0;
  std::size_t object = 0;
  PhaseCounts counts{};
};

// Cache sets and working set (--working-set=yes; docs/output-format.md, "Cache sets and working set").
// What one set counted: distinct lines brought into it, replacement misses, conflict misses.
struct SetCounts {
  std::uint64_t lines = 0;
  std::uint64_t replacement = 0;
  std::uint64_t conflict = 0;
};
// A `set-totals:` record: one level's sets summed.
struct LevelSetTotals {
  std::string level;  // "L1", "L2", "LLC"
  SetCounts counts;
};
// A `set:` record: one of a level's worst sets.
struct CacheSet {
  std::string level;
  std::uint64_t set = 0;
  SetCounts counts;
};
// An `object-set:` record: an object's lines and misses in `sets` consecutive sets from `first_set`.
struct ObjectSet {
  std::size_t object = 0;  // index into Profile::objects
  std::string level;
  std::uint64_t first_set = 0;
  std::uint64_t sets = 1;
  SetCounts counts;
};
// An `object-resident:` record: an object's lines in a level, on average (in hundredths) and at peak.
struct ObjectResident {
  std::size_t object = 0;
  std::string level;
  std::uint64_t average_hundredths = 0;
  std::uint64_t peak = 0;
};
// A `site-live:` record: a heap site's blocks over the run.
struct SiteLive {
  std::size_t object = 0;
  std::uint64_t allocations = 0;
  std::uint64_t peak_blocks = 0;
  std::uint64_t peak_bytes = 0;
  std::uint64_t blocks_at_end = 0;
  std::uint64_t bytes_at_end = 0;
  // Its `site-live-series:` record: the run cut into intervals of `allocations_per_point` heap allocations
  // (every site's), and per interval the most blocks and bytes the site had live (empty: no series).
  std::uint64_t allocations_per_point = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> series;  // (blocks, bytes) per interval
};

// Object paths (version 2; docs/output-format.md "Object paths", docs/model.md "Object paths"). One run of a
// path: one (function, thread) and what its accesses did, summed over the path's lives.
struct PathRun {
  std::string function;  // "" when unknown
  ThreadId thread = 0;
  bool changed = false;  // another thread than the run before
  std::uint64_t reads = 0, writes = 0, bytes = 0;
  bool touched = false;  // it accessed the block: first_offset and last_offset are set
  std::uint64_t first_offset = 0, last_offset = 0;
  std::uint64_t own_l2 = 0, llc = 0, transfer = 0, memory = 0;  // L1 misses by where served
  std::uint64_t misses() const { return own_l2 + llc + transfer + memory; }
};

// One `path:` record and its `path-run:` records: the lives of a site's blocks that took these runs.
struct ObjectPath {
  std::uint64_t lives = 0;
  bool freed = true;  // else still allocated when the run ended
  bool cut = false;   // more runs than the tool keeps per life: the last run holds the rest
  std::uint64_t lifetime_sum = 0, lifetime_min = 0, lifetime_max = 0;  // allocations while live
  std::vector<PathRun> runs;
};

// One `path-site:` record: a followed heap site and its paths, most lives first.
struct PathSite {
  std::size_t object = 0;  // index into Profile::objects
  bool named = false;      // --paths named it (else chosen as shared)
  std::uint64_t lives_stored = 0, lives_unstored = 0, lives_unfollowed = 0;
  std::vector<ObjectPath> paths;
};

// A whole profile, or the sum of several. `events` names the columns of every Counts vector: first the
// events the file recorded, then any derived events (derived_events.h) appended after reading.
struct Profile {
  std::vector<std::string> file_names;  // the profile files read, in the order given
  ProfileHeader header;
  std::vector<std::string> events;
  std::vector<Reference> references;
  std::vector<ThreadCounts> counts;
  std::vector<Region> regions;
  std::vector<EvictorEdge> evictor_edges;
  std::vector<InvalidatorEdge> invalidator_edges;
  std::vector<TransferEdge> transfer_edges;  // version 2
  std::vector<ObjectTransfer> object_transfers;  // version 2
  std::vector<ObjectEvictor> object_evictors;    // version 2
  std::vector<DataObject> objects;
  std::vector<ObjectThreadCounts> object_counts;
  std::vector<ObjectReferenceCounts> object_references;
  std::vector<LineDetail> line_details;
  std::vector<LineWriter> line_writers;
  std::vector<ObjectField> object_fields;
  std::vector<LocalVariable> locals;
  std::vector<PlacementPrediction> placements;
  std::vector<Lock> locks;
  std::vector<LockThread> lock_threads;
  std::vector<LockSection> lock_sections;
  std::vector<UnlockedWrite> unlocked_writes;
  std::vector<ObjectBlock> blocks;
  std::vector<RegionObject> region_objects;    // version 2
  std::vector<BarrierObject> barrier_objects;  // version 2
  std::vector<BarrierLine> barrier_lines;      // version 2
  Timeline timeline;                           // version 2
  std::vector<TimelineObject> timeline_objects;  // version 2
  // Cache sets and working set (version 2, --working-set=yes).
  std::vector<LevelSetTotals> set_totals;
  std::vector<CacheSet> cache_sets;
  std::vector<ObjectSet> object_sets;
  std::vector<ObjectResident> object_residents;
  std::vector<SiteLive> site_lives;
  std::vector<PathSite> path_sites;  // version 2
  Counts summary;  // the `summary:` record (checked against `counts:` while reading)
  // Per record keyword ("counts", "region", "evictor", "skipped", ...), every count the records of that
  // kind give, all events together. The parser and add_profile keep each total below 2^64, so no sum the
  // reader forms over records of one kind can pass 2^64 - 1 (docs/output-format.md, "Limits").
  std::map<std::string, std::uint64_t> count_totals;

  // The column of an event, or nothing when the profile does not have it.
  std::optional<std::size_t> event_index(const std::string& name) const;
  // Whether a cache level ("L1", "L2", "LLC") is simulated in this profile.
  bool has_level(const std::string& level) const;
  // Whether the code x data cells (`object-ref:`) count reads and writes (version 2), so that their L1
  // hits, miss rates and cycles are whole; in version 1 they keep the slow-path events only.
  bool cells_keep_accesses() const { return header.version >= 2; }
  // Every thread that occurs in a `counts:` record, ascending.
  std::vector<ThreadId> threads() const;
  // How views and exports name a thread: "thread 3 (worker)", or "thread 3" when the profile gives it
  // no label.
  std::string thread_name(ThreadId thread) const;
  // Ascending `threads` named together, runs of consecutive threads with one label in one:
  // "thread 1 (main), threads 2-301 (short_lived)"; a thread without a label is "thread 4".
  std::string thread_names(const std::vector<ThreadId>& threads) const;
};

}  // namespace ccsim::annotate

#endif
