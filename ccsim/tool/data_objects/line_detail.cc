// line_detail.cc: accumulates the bytes of invalidated lines, and picks the hottest lines at the end.
#include "ccsim/tool/data_objects/line_detail.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

std::uint32_t line_bytes = 0;
std::uint32_t mask_words = 0;
std::uint32_t hottest_lines = 0;  // --line-detail

// (line, object, processor): whose bytes one record describes.
struct BytesKey {
  Addr line;
  ObjectId object;
  ProcId proc;
};
struct BytesKeyTraits {
  static std::uint64_t hash(const BytesKey& key) { return key.line ^ (std::uint64_t(key.object) << 40) ^ key.proc; }
  static bool equal(const BytesKey& a, const BytesKey& b) {
    return a.line == b.line && a.object == b.object && a.proc == b.proc;
  }
};

// (line, object, processor, reference): one writer of one line.
struct WriterKey {
  Addr line;
  ObjectId object;
  ProcId proc;
  RefId ref;
};
struct WriterKeyTraits {
  static std::uint64_t hash(const WriterKey& key) {
    return key.line ^ (std::uint64_t(key.object) << 40) ^ (std::uint64_t(key.ref) << 12) ^ key.proc;
  }
  static bool equal(const WriterKey& a, const WriterKey& b) {
    return a.line == b.line && a.object == b.object && a.proc == b.proc && a.ref == b.ref;
  }
};

// One (line, object, processor) record; its touched and written masks are at masks[2 * index * words].
struct BytesRecord {
  BytesKey key;
  Addr object_base;
};

// Everything kept; created once, emptied by zero_line_detail(). The two invalidation counts live in
// arrays, the maps giving their places: a place stays valid as the maps grow (RepeatedNotice keeps it).
struct LineTables {
  HashMap<Addr, std::uint32_t> line_count_of{"ccsim.lines.line_count_of"};  // line -> place in line_counts
  GrowableArray<std::uint64_t> line_counts{"ccsim.lines.line_counts"};      // invalidations of a line
  HashMap<BytesKey, std::uint32_t, BytesKeyTraits> record_of{"ccsim.lines.record_of"};  // -> index in records
  GrowableArray<BytesRecord> records{"ccsim.lines.records"};
  GrowableArray<std::uint64_t> masks{"ccsim.lines.masks"};
  HashMap<WriterKey, std::uint32_t, WriterKeyTraits> writer_count_of{"ccsim.lines.writer_count_of"};
  GrowableArray<std::uint64_t> writer_counts{"ccsim.lines.writer_counts"};  // invalidations by one writer
};
LineTables* tables = nullptr;

// The place of `key`'s count in `counts`, a new zero count the first time.
template <class Map, class Key>
std::uint32_t count_place(Map& places, const Key& key, GrowableArray<std::uint64_t>& counts) {
  bool added = false;
  std::uint32_t& place = places.find_or_add(key, &added);
  if (added) {
    place = counts.size();
    counts.push_back(0);
  }
  return place;
}

// A hot line is invalidated over and over by the same threads with the same bytes (a ping-pong), and a
// repeat of an invalidation changes nothing but two counts: the byte records only gain bytes they already
// have. The last few different invalidations are remembered with the places of those counts, so that a
// repeat costs a comparison instead of four hash lookups and the object lookups of its bytes. The line's
// range is a cached range (cached_ranges.h): a change of the objects there forgets the entry, as their
// bytes may now belong to other objects' records.
struct RepeatedNotice {
  CachedRange line;  // [line address, + line size): empty when forgotten
  bool valid;        // false when emptied by zero_line_detail()
  ProcId victim_proc;
  ProcId writer_proc;
  RefId writer_ref;
  std::uint32_t written_offset;
  std::uint32_t written_size;
  std::uint64_t victim_touched[kMaxMaskWords];
  std::uint64_t victim_written[kMaxMaskWords];
  std::uint32_t line_count;    // place in tables->line_counts
  std::uint32_t writer_count;  // place in tables->writer_counts
};
constexpr std::uint32_t kRepeatedNotices = 8;
RepeatedNotice repeated_notices[kRepeatedNotices] = {};
std::uint32_t next_replaced_notice = 0;

bool same_invalidation(const RepeatedNotice& seen, const InvalidationNotice& notice) {
  if (!seen.valid || notice.line_address - seen.line.start >= seen.line.size) return false;
  if (seen.victim_proc != notice.victim_proc || seen.writer_proc != notice.writer_proc ||
      seen.writer_ref != notice.writer_ref || seen.written_offset != notice.written_offset ||
      seen.written_size != notice.written_size) {
    return false;
  }
  for (std::uint32_t w = 0; w < mask_words; ++w) {
    if (seen.victim_touched[w] != notice.victim_touched[w] || seen.victim_written[w] != notice.victim_written[w]) {
      return false;
    }
  }
  return true;
}

// The first byte at or after `from` whose bit in `mask` is set (`set`) or clear (!`set`), or line_bytes
// when there is none: a word at a time, so a line costs a few instructions per run of bytes, not a loop
// over its bytes (this runs twice per invalidation).
std::uint32_t next_byte(const std::uint64_t* mask, std::uint32_t from, bool set) {
  while (from < line_bytes) {
    const std::uint32_t word = from / 64;
    const std::uint64_t bits = (set ? mask[word] : ~mask[word]) >> (from % 64);
    if (bits != 0) {
      from += static_cast<std::uint32_t>(__builtin_ctzll(bits));
      return from < line_bytes ? from : line_bytes;
    }
    from = (word + 1) * 64;
  }
  return line_bytes;
}

std::uint32_t record_index(Addr line, const ObjectExtent& object, ProcId proc) {
  bool added = false;
  std::uint32_t& index = tables->record_of.find_or_add(BytesKey{line, object.object, proc}, &added);
  if (added) {
    index = tables->records.size();
    tables->records.push_back(BytesRecord{BytesKey{line, object.object, proc}, object.base});
    tables->masks.resize(tables->masks.size() + 2 * mask_words);
  }
  return index;
}

// Adds the bytes of `touched` (and of `written` among them) to `proc`'s records of the line, one record
// per object those bytes belong to.
void add_bytes(Addr line, ProcId proc, const std::uint64_t* touched, const std::uint64_t* written) {
  for (std::uint32_t first = next_byte(touched, 0, true); first < line_bytes; first = next_byte(touched, first, true)) {
    const ObjectExtent object = find_object(line + first);
    const Addr object_last = object.high - line;  // last byte of the line in that object (may lie past it)
    std::uint32_t end = next_byte(touched, first, false);  // one past the run of touched bytes
    if (object_last < end - 1) end = static_cast<std::uint32_t>(object_last + 1);
    const ByteRange run{first, end - first};
    std::uint64_t* masks = &tables->masks[2 * record_index(line, object, proc) * mask_words];
    for (std::uint32_t w = 0; w < mask_words; ++w) {
      const std::uint64_t bits = range_bits_in_word(run, w);
      masks[w] |= bits;
      masks[mask_words + w] |= written[w] & bits;
    }
    first = end;
  }
}

// A line and its invalidations, sorted to rank the lines: most invalidated first, ties by address.
struct RankedLine {
  Addr line;
  std::uint64_t invalidations;
};

Int hotter_first(const void* a, const void* b) {
  const RankedLine& x = *static_cast<const RankedLine*>(a);
  const RankedLine& y = *static_cast<const RankedLine*>(b);
  if (x.invalidations != y.invalidations) return x.invalidations > y.invalidations ? -1 : 1;
  return x.line < y.line ? -1 : x.line > y.line ? 1 : 0;
}

// A record or writer to visit, in order: by its line's rank, then object, thread and reference. `index`
// is its place in tables->records (bytes) or in the array of writers being written.
struct Visit {
  std::uint32_t rank;
  ObjectId object;
  ProcId proc;
  RefId ref;
  std::uint32_t index;
};

Int visit_order(const void* a, const void* b) {
  const Visit& x = *static_cast<const Visit*>(a);
  const Visit& y = *static_cast<const Visit*>(b);
  if (x.rank != y.rank) return x.rank < y.rank ? -1 : 1;
  if (x.object != y.object) return x.object < y.object ? -1 : 1;
  if (x.proc != y.proc) return x.proc < y.proc ? -1 : 1;
  if (x.ref != y.ref) return x.ref < y.ref ? -1 : 1;
  return 0;
}

// The hottest lines, line -> rank.
void rank_lines(HashMap<Addr, std::uint32_t>* ranks) {
  GrowableArray<RankedLine> lines("ccsim.lines.ranking");
  tables->line_count_of.for_each(
      [&](Addr line, std::uint32_t place) { lines.push_back(RankedLine{line, tables->line_counts[place]}); });
  VG_(ssort)(lines.data(), lines.size(), sizeof(RankedLine), hotter_first);
  for (std::uint32_t rank = 0; rank < lines.size() && rank < hottest_lines; ++rank) {
    ranks->find_or_add(lines[rank].line) = rank;
  }
}

}  // namespace

void init_line_detail(std::uint32_t bytes_per_line, std::uint32_t lines_to_show) {
  line_bytes = bytes_per_line;
  mask_words = mask_words_for(bytes_per_line);
  hottest_lines = lines_to_show;
  tables = create_object<LineTables>("ccsim.lines");
}

namespace {

// The first time an invalidation is seen (or seen again after being forgotten): its bytes join the line's
// records, and it is remembered with the places of its two counts.
RepeatedNotice& record_new_invalidation(const InvalidationNotice& notice) {
  const Addr line = notice.line_address;
  std::uint64_t victim_bytes[kMaxMaskWords];
  for (std::uint32_t w = 0; w < mask_words; ++w) victim_bytes[w] = notice.victim_touched[w] | notice.victim_written[w];
  add_bytes(line, notice.victim_proc, victim_bytes, notice.victim_written);
  std::uint64_t stored[kMaxMaskWords] = {};
  mask_set(stored, mask_words, ByteRange{notice.written_offset, notice.written_size});
  add_bytes(line, notice.writer_proc, stored, stored);
  const ObjectId written = find_object(line + notice.written_offset).object;

  RepeatedNotice& seen = repeated_notices[next_replaced_notice];
  next_replaced_notice = (next_replaced_notice + 1) % kRepeatedNotices;
  remember_range(&seen.line, line, line + line_bytes - 1);
  seen.valid = true;
  seen.victim_proc = notice.victim_proc;
  seen.writer_proc = notice.writer_proc;
  seen.writer_ref = notice.writer_ref;
  seen.written_offset = notice.written_offset;
  seen.written_size = notice.written_size;
  for (std::uint32_t w = 0; w < mask_words; ++w) {
    seen.victim_touched[w] = notice.victim_touched[w];
    seen.victim_written[w] = notice.victim_written[w];
  }
  seen.line_count = count_place(tables->line_count_of, line, tables->line_counts);
  seen.writer_count = count_place(tables->writer_count_of, WriterKey{line, written, notice.writer_proc, notice.writer_ref},
                                  tables->writer_counts);
  return seen;
}

}  // namespace

void record_line_invalidation(const InvalidationNotice& notice) {
  if (hottest_lines == 0) return;
  RepeatedNotice* seen = nullptr;
  for (RepeatedNotice& candidate : repeated_notices) {
    if (same_invalidation(candidate, notice)) {
      seen = &candidate;
      break;
    }
  }
  if (seen == nullptr) seen = &record_new_invalidation(notice);
  ++tables->line_counts[seen->line_count];
  ++tables->writer_counts[seen->writer_count];
}

void zero_line_detail() {
  if (tables == nullptr) return;
  for (RepeatedNotice& seen : repeated_notices) seen.valid = false;
  tables->line_count_of.clear();
  tables->line_counts.clear();
  tables->record_of.clear();
  tables->records.clear();
  tables->masks.clear();
  tables->writer_count_of.clear();
  tables->writer_counts.clear();
}

void for_each_hot_line(LineBytesVisitor visit_bytes, LineWriterVisitor visit_writer, void* context) {
  HashMap<Addr, std::uint32_t> ranks("ccsim.lines.ranks");
  rank_lines(&ranks);

  GrowableArray<Visit> visits("ccsim.lines.visits");
  for (std::uint32_t i = 0; i < tables->records.size(); ++i) {
    const BytesKey& key = tables->records[i].key;
    if (const std::uint32_t* rank = ranks.find(key.line)) visits.push_back(Visit{*rank, key.object, key.proc, 0, i});
  }
  VG_(ssort)(visits.data(), visits.size(), sizeof(Visit), visit_order);
  for (std::uint32_t v = 0; v < visits.size(); ++v) {
    const BytesRecord& record = tables->records[visits[v].index];
    const std::uint64_t* masks = &tables->masks[2 * visits[v].index * mask_words];
    visit_bytes(context, LineBytes{record.key.line, record.key.object, record.object_base, record.key.proc, masks,
                                   masks + mask_words});
  }

  GrowableArray<LineWriter> writers("ccsim.lines.hot_writers");
  visits.clear();
  tables->writer_count_of.for_each([&](const WriterKey& key, std::uint32_t place) {
    const std::uint32_t* rank = ranks.find(key.line);
    if (rank == nullptr) return;
    visits.push_back(Visit{*rank, key.object, key.proc, key.ref, writers.size()});
    writers.push_back(LineWriter{key.line, key.object, key.proc, key.ref, tables->writer_counts[place]});
  });
  VG_(ssort)(visits.data(), visits.size(), sizeof(Visit), visit_order);
  for (std::uint32_t v = 0; v < visits.size(); ++v) visit_writer(context, writers[visits[v].index]);
}

}  // namespace ccsim
