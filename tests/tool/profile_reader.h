// profile_reader.h: a small, independent reader of ccsim.out files for the end-to-end tests. It is written
// from docs/output-format.md alone (not from the annotator), so it also checks that the tool follows the doc.
#ifndef CCSIM_TESTS_TOOL_PROFILE_READER_H
#define CCSIM_TESTS_TOOL_PROFILE_READER_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ccsim_test {

struct ProfileRef {
  std::string file;      // full path, "" when unknown
  std::string function;  // "" when unknown
  unsigned line = 0;
};

struct InvalidatorRow {
  unsigned victim_ref, victim_thread, invalidator_ref, invalidator_thread;
  std::uint64_t true_in, true_in_critical, false_in, true_across, false_across;
};

// A `transfer:` record: copies last touched by source_ref on source_thread served reader_ref's misses.
struct TransferRow {
  unsigned source_ref, source_thread, reader_ref, reader_thread;
  std::uint64_t from_modified, from_exclusive, from_shared;
};
// An `object-transfer:` record: the object's lines moved from one thread's copy to another's miss.
struct ObjectTransferRow {
  unsigned object, from_thread, to_thread;
  std::uint64_t from_modified, from_exclusive, from_shared;
};
// An `object-evictor:` record: accesses to `evictor` on evictor_thread evicted lines of `victim` last
// touched on victim_thread, `count` times at `level`.
struct ObjectEvictorRow {
  unsigned victim, victim_thread, evictor, evictor_thread;
  std::string level;
  std::uint64_t count;
};
// An `object:` record (docs/output-format.md, "Data objects").
struct ProfileObject {
  std::string kind;  // global, heap, stack, named, unknown
  std::uint64_t address = 0;
  std::uint64_t size = 0;
  std::string file;  // "" when unknown
  std::string name;
  std::string origin;     // `object-origin:`: "program" or "runtime"; "" when not given
  std::string allocator;  // "malloc", ..., or "-"
};

// A `field:` record.
struct FieldRow {
  unsigned object;
  std::uint64_t offset, size;
  std::string name;
};

struct ObjectRefRow {
  unsigned object, ref, thread;
  std::vector<std::uint64_t> counts;  // events order, padded with zeros
};

struct LineDetailRow {
  unsigned object;
  std::uint64_t line;
  std::int64_t offset_in_object;
  unsigned thread;
  std::string read, written;  // as written: "16-23", "0-7,16-23" or "-"
};

struct LineWriterRow {
  unsigned object;
  std::uint64_t line;
  unsigned thread, ref;
  std::uint64_t invalidations;
};

// One `placement:` record: the watched blocks of `object` starting at `block_offset` modulo twice the line
// size, and the invalidations predicted with lines of `line_bytes` and the blocks starting at `start`.
struct PlacementRow {
  unsigned object, block_offset, blocks, line_bytes, start;
  std::uint64_t true_sharing, false_sharing;
};

// A `lock:` record.
struct LockRow {
  std::uint64_t address = 0;
  std::string kind;  // mutex, omp-critical, ...
  unsigned line = 0;  // of the first acquisition's call
  std::string name;   // "-" when unknown
};

// A `lock-thread:` record.
struct LockThreadRow {
  unsigned lock, thread;
  std::uint64_t acquisitions, hand_offs, contended, waited_accesses;
};

// A `lock-section:` record.
struct LockSectionRow {
  unsigned lock, object, ref, thread;
  std::uint64_t true_in, false_in, true_across, false_across, coherence_true, coherence_false, transfers;
};

// An `unlocked-write:` record.
struct UnlockedWriteRow {
  unsigned object, ref, thread;
  std::uint64_t stores;
};

// One `block:` record: one thread's L1 misses by cause, coherence misses and invalidations received in a
// bucket of `lines` blocks of `object` starting `offset` bytes from it.
struct BlockRow {
  unsigned object;
  long long offset;
  unsigned lines, thread;
  std::vector<std::uint64_t> counts;
};

// `region-object:`, `barrier-object:` (file, function and line of the closing barrier: "" and 0 when
// unknown) and `timeline-object:` records: nine counts, in the order of docs/output-format.md;
// `barrier-line:`: the last five of them (the first four are 0 here).
struct PhaseRow {
  unsigned region = 0;    // region-object
  ProfileRef barrier;     // barrier-object, barrier-line
  unsigned interval = 0;  // timeline-object
  unsigned object = 0;    // 0 for barrier-line
  std::uint64_t line = 0; // barrier-line
  std::vector<std::uint64_t> counts;
};
// Object paths (`path-site:`, `path:`, `path-run:`): a followed heap site, one of its paths, one run of it.
struct PathSiteRow {
  unsigned object;
  std::string chosen;  // "named" or "shared"
  std::uint64_t stored, unstored, unfollowed;
};
struct PathRow {
  unsigned object, path;
  std::uint64_t lives;
  std::string freed, cut;
  std::uint64_t lifetime_sum, lifetime_min, lifetime_max;
};
struct PathRunRow {
  unsigned object, path, run;
  std::string function;  // the fn: name, "" when 0
  unsigned thread;
  std::string changed;
  std::uint64_t reads, writes, bytes;
  std::string offsets;
  std::uint64_t own_l2, llc, transfer, memory;
};

struct Profile {
  std::map<std::string, std::string> header;             // first value of each header keyword
  std::vector<std::string> skipped;                      // "stack N", "runtime N"
  std::vector<std::string> events;
  std::map<unsigned, ProfileRef> refs;
  std::map<std::pair<unsigned, unsigned>, std::vector<std::uint64_t>> counts;  // (ref, thread) -> counts
  std::vector<InvalidatorRow> invalidators;
  std::vector<TransferRow> transfers;
  std::vector<ObjectTransferRow> object_transfers;
  std::vector<ObjectEvictorRow> object_evictors;
  std::map<unsigned, ProfileObject> objects;
  std::map<std::pair<unsigned, unsigned>, std::vector<std::uint64_t>> object_counts;  // (object, thread) -> counts
  std::vector<ObjectRefRow> object_refs;
  std::vector<LineDetailRow> line_details;
  std::vector<LineWriterRow> line_writers;
  std::vector<FieldRow> fields;
  std::vector<PlacementRow> placements;
  std::map<unsigned, LockRow> locks;
  std::vector<LockThreadRow> lock_threads;
  std::vector<LockSectionRow> lock_sections;
  std::vector<UnlockedWriteRow> unlocked_writes;
  std::vector<BlockRow> blocks;
  std::vector<PhaseRow> region_objects, barrier_objects, barrier_lines, timeline_objects;
  std::string timeline;  // the `timeline:` record's fields, "" without one
  std::vector<PathSiteRow> path_sites;
  std::vector<PathRow> paths;
  std::vector<PathRunRow> path_runs;
  std::vector<std::uint64_t> summary;

  int event_index(const std::string& name) const;  // -1 when the profile has no such event
  // Sum of `event` over the (ref, thread) rows whose ref satisfies the filter.
  std::uint64_t sum_where(const std::string& event, bool (*keep)(const ProfileRef&, const void*), const void* arg) const;
  std::uint64_t at_line(const std::string& file_suffix, unsigned line, const std::string& event) const;
  std::uint64_t in_function(const std::string& function, const std::string& event) const;
  std::uint64_t total(const std::string& event) const;  // from the summary record
  std::uint64_t skipped_count(const std::string& what) const;
  // The objects named exactly `name` (ids ascending).
  std::vector<unsigned> objects_named(const std::string& name) const;
  // `event` summed over the threads of one object, or over every object and thread.
  std::uint64_t object_total(unsigned object, const std::string& event) const;
  // `event` of one object on one thread (1-based); 0 when the thread has no counts for the object.
  std::uint64_t object_count(unsigned object, unsigned thread, const std::string& event) const;
  std::uint64_t all_objects_total(const std::string& event) const;
};

// The five invalidation columns of one side ("received" or "caused") summed at one source line.
struct Invalidations {
  std::uint64_t true_in = 0, true_in_critical = 0, false_in = 0, true_across = 0, false_across = 0;
  std::uint64_t true_sharing() const { return true_in + true_across; }
  std::uint64_t false_sharing() const { return false_in + false_across; }
  std::uint64_t total() const { return true_sharing() + false_sharing(); }
};
Invalidations invalidations_at(const Profile& profile, const std::string& file_suffix, unsigned line,
                               const char* side);

// Reads `path`; on any deviation from the format (including a summary that differs from the sum of the
// counts records) returns false with a description in `error`.
bool read_profile(const std::string& path, Profile* profile, std::string* error);

// The profile's region records, read from the file at `path`: region id -> the line of the barrier that
// closed the region (0 when unknown or still open).
std::map<unsigned, unsigned> region_closing_lines(const std::string& path);

}  // namespace ccsim_test

#endif
