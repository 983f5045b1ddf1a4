// coherence.h: the directory (a perfect snoop filter): for every line some processor's private hierarchy
// holds, which processors hold it and whether one of them holds it exclusively (E) or dirty (M). It is
// updated on every fill, eviction, write upgrade and invalidation, and check_invariants() compares it with
// the caches. A write consults it to find the copies to invalidate without looking at every processor.
//
// It also keeps, per line, what coherence-miss classification needs across processors: how many
// processors lost the line to another's write and have not re-fetched it, and, while any has, when each
// byte was last written by a Modified copy whose tenure ended (Dubois' true vs false sharing misses).
#ifndef CCSIM_CORE_COHERENCE_H
#define CCSIM_CORE_COHERENCE_H

#include <cstdint>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/line_chunks.h"
#include "ccsim/core/platform.h"
#include "ccsim/core/sharer_set.h"
#include "ccsim/core/types.h"

namespace ccsim {

constexpr ProcId kNoProcessor = ~ProcId(0);

// The directory's record of one line. An eviction reads and writes the fields before written_at (which
// only coherence misses use), and the record of an evicted line is mostly not in the host's caches: they
// are kept together, the first word of holders included (sharer_set.h).
struct LineRecord {
  Addr line;
  NearSharers holders;       // processors whose private hierarchy holds the line: 0-63 and the summary
  ProcId owner;              // the single holder in E or M state, or kNoProcessor when all holders are S
  std::uint32_t lost_count;  // processors that lost the line to another's write and have not re-fetched it
  bool dirty;                // the owner holds the line Modified
  // The place of the line's chunk of the directory's index (line_chunks.h): dropping the record reaches
  // it without a lookup, and without taking a place among the index's remembered chunks.
  std::uint32_t index_place;
  // While lost_count > 0, one entry per byte of the line: the coherence clock at which a write to that byte
  // was last folded in (when the writer's Modified copy stopped being Modified). Entries older than the
  // first loss mean no write since: the array may come from another line (below) and is not cleared.
  std::uint64_t* written_at;
};

class Directory {
 public:
  static constexpr std::uint32_t kAbsent = ~std::uint32_t(0);

  Directory();
  ~Directory();
  Directory(const Directory&) = delete;
  Directory& operator=(const Directory&) = delete;

  void init(std::uint32_t max_processors, std::uint32_t line_bytes);

  // Records are named by an index that stays valid until the record is released (the index is stable;
  // references to the record are not, across find_or_add).
  std::uint32_t find(Addr line) const;
  // Inline, like release_if_unused(): a miss adds a record and the eviction it causes drops one.
  __attribute__((always_inline)) std::uint32_t find_or_add(Addr line) {
    const std::uint32_t place = index_.find_or_add_place(line);
    IndexChunk& chunk = index_.at(place);
    std::uint32_t& record_plus_one = chunk.record_plus_one[index_.slot_of(line)];
    if (record_plus_one == 0) {
      const std::uint32_t entry = free_records_.empty() ? grow_records() : free_records_.pop_back();
      records_[entry] = LineRecord{line, NearSharers{0, 0}, kNoProcessor, 0, false, place, nullptr};
      record_plus_one = entry + 1;
      ++chunk.lines;
    }
    return record_plus_one - 1;
  }
  LineRecord& record(std::uint32_t entry) { return records_[entry]; }
  const LineRecord& record(std::uint32_t entry) const { return records_[entry]; }
  SharerSet holders(std::uint32_t entry) { return SharerSet(&records_[entry].holders, far_holders(entry)); }
  bool is_holder(std::uint32_t entry, ProcId proc) const {
    return SharerSet::contains(records_[entry].holders, far_holders(entry), proc);
  }
  bool has_holders(std::uint32_t entry) const { return records_[entry].holders.summary != 0; }
  // How many processors hold the line, for the invariant checks (the miss path needs only has_holders()).
  std::uint32_t holder_count(std::uint32_t entry) const { return const_cast<Directory*>(this)->holders(entry).size(); }

  // Inline, like remove_holder(): every miss adds a holder and every eviction from a processor's outermost
  // private level removes one.
  void add_holder(std::uint32_t entry, ProcId proc) {
    SharerSet sharers = holders(entry);
    CCSIM_DEBUG_ASSERT(!sharers.contains(proc));
    sharers.add(proc);
  }

  // Removes `proc` from the holders (and as owner).
  void remove_holder(std::uint32_t entry, ProcId proc) {
    SharerSet sharers = holders(entry);
    CCSIM_DEBUG_ASSERT(sharers.contains(proc));
    sharers.remove(proc);
    LineRecord& record = records_[entry];
    if (record.owner == proc) {
      record.owner = kNoProcessor;
      record.dirty = false;
    }
  }

  // A holder lost the line to another processor's write; returns the time of the loss.
  std::uint64_t add_loss(std::uint32_t entry);
  // A processor that had lost the line re-fetched it or was reset.
  void remove_loss(std::uint32_t entry);
  // A Modified copy stops being Modified: the bytes it wrote become visible to the processors that lost
  // the line. Only while some processor has (there is nothing to keep otherwise).
  void fold_writes(std::uint32_t entry, const std::uint64_t* written, std::uint32_t mask_words);
  // Whether a byte of `bytes` was written by another processor's tenure that ended after time `since`.
  bool written_since(std::uint32_t entry, ByteRange bytes, std::uint64_t since) const;

  // Drops the record once no processor holds or has lost the line. Always inlined: once per eviction from
  // a processor's outermost private level.
  __attribute__((always_inline)) void release_if_unused(std::uint32_t entry) {
    LineRecord& record = records_[entry];
    if (record.holders.summary != 0 || record.lost_count != 0) return;
    IndexChunk& chunk = index_.at(record.index_place);
    chunk.record_plus_one[index_.slot_of(record.line)] = 0;
    if (--chunk.lines == 0) index_.erase(record.line);
    record.line = kFreeRecord;
    free_records_.push_back(entry);
  }

  // Calls visit(entry) for every record in use.
  template <class Visit>
  void for_each_record(Visit visit) const {
    for (std::uint32_t entry = 0; entry < records_.size(); ++entry) {
      if (records_[entry].line != kFreeRecord) visit(entry);
    }
  }

 private:
  static constexpr Addr kFreeRecord = ~Addr(0);  // the `line` of a record on the free list
  static constexpr std::uint32_t kIndexChunkBits = 4;

  // The index of 16 consecutive lines: each line's record plus one (0: no record), and how many have one.
  // Chunked (line_chunks.h) because a miss adds a record and an eviction drops one: for a run of misses
  // that is a compare and a store each, not a probe at a random place of a hash table.
  struct IndexChunk {
    std::uint32_t record_plus_one[1u << kIndexChunkBits];
    std::uint32_t lines;
  };

  // A new record at the end of the pool (none is free).
  std::uint32_t grow_records();

  // The far words of a record's holders (sharer_set.h): processors 64 and up.
  std::uint64_t* far_holders(std::uint32_t entry) { return far_sharer_words_.data() + entry * far_words_per_set_; }
  const std::uint64_t* far_holders(std::uint32_t entry) const {
    return far_sharer_words_.data() + entry * far_words_per_set_;
  }

  LineChunks<IndexChunk, kIndexChunkBits> index_;  // line -> record
  GrowableArray<LineRecord> records_;              // indexed by record; free ones are listed in free_records_
  GrowableArray<std::uint64_t> far_sharer_words_;  // far_words_per_set_ words per record (sharer_set.h)
  GrowableArray<std::uint32_t> free_records_;
  // written_at arrays of lines that no processor has lost any more, kept for the next loss: in a
  // ping-pong every write starts a loss and the next read ends it, and an allocation and release per
  // access cost more than the rest of the coherence miss. A reused array needs no clearing: every tick
  // it holds is older than the loss that takes it (clock_ only grows).
  GrowableArray<std::uint64_t*> spare_written_at_;
  std::uint32_t far_words_per_set_ = 0;  // none on a machine of up to 64 processors
  std::uint32_t line_bytes_ = 0;
  std::uint64_t clock_ = 0;  // orders losses and write folds; one tick per event
};

}  // namespace ccsim

#endif
