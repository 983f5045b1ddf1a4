// line_detail.cc: accumulates the bytes of invalidated lines, and picks the hottest lines at the end.
#include "ccsim/tool/data_objects/line_detail.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/data_objects/stack_variables.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

std::uint32_t line_bytes = 0;
std::uint32_t mask_words = 0;
std::uint32_t hottest_lines = 0;  // --line-detail

// (line, object, extent start, processor): whose bytes one record describes. The extent's start tells
// apart two blocks of one heap bin that share the line.
struct BytesKey {
  Addr line;
  ObjectId object;
  Addr base;
  ProcId proc;
};
struct BytesKeyTraits {
  static std::uint64_t hash(const BytesKey& key) {
    return key.line ^ (std::uint64_t(key.object) << 40) ^ (key.base << 7) ^ key.proc;
  }
  static bool equal(const BytesKey& a, const BytesKey& b) {
    return a.line == b.line && a.object == b.object && a.base == b.base && a.proc == b.proc;
  }
};

// (line, object, extent start): one extent's part of a line, whatever thread used it.
struct ExtentKey {
  Addr line;
  ObjectId object;
  Addr base;
};
struct ExtentKeyTraits {
  static std::uint64_t hash(const ExtentKey& key) {
    return key.line ^ (std::uint64_t(key.object) << 40) ^ (key.base << 7);
  }
  static bool equal(const ExtentKey& a, const ExtentKey& b) {
    return a.line == b.line && a.object == b.object && a.base == b.base;
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

// A heap block freed and allocated again at the same start is a new life of the same (line, object,
// start) (PARSEC streamcluster allocates and frees its work memory per call), and the bytes the threads
// used in different lives must not be merged into one record: two threads writing disjoint halves of
// every life would look as if both wrote the whole line. So the bytes are kept for two lives of each
// extent of a line: the current one, and the heaviest ended one, that whose stores caused the most
// invalidations of the line; the heavier of the two is written. The other kinds have one life.
struct LineExtent {
  std::uint32_t current_life;                // ObjectExtent::life of the bytes in the current masks
  std::uint64_t current_invalidations;       // caused by stores to this extent's bytes, current life
  std::uint64_t heaviest_ended_invalidations;  // the same for the life in the ended masks
  std::uint32_t first_record;                // its first thread's record; the others follow `next`
};
constexpr std::uint32_t kNoRecord = ~std::uint32_t(0);

// One (line, object, start, processor) record. Its masks are the four at masks[4 * index * words]:
// touched and written in the current life, touched and written in the heaviest ended life.
struct BytesRecord {
  BytesKey key;
  std::uint32_t extent;  // index in tables->extents
  std::uint32_t next;    // the next record of the same extent, or kNoRecord
  // A victim's copy may have come in before the block's current life began, its touched bytes those of
  // the life before: the bytes of a thread's first invalidation as a victim in each heap block's life
  // are left out (in a ping-pong, its later invalidations show its bytes). The life of that first
  // invalidation (0: none yet; heap lives are numbered from 1), and the serial number of the notice
  // whose bytes were left out, so that all of its runs of bytes are.
  std::uint32_t victim_life_seen;
  std::uint32_t left_out_notice;
};
constexpr std::uint32_t kMasksPerRecord = 4;

// Everything kept; created once, emptied by zero_line_detail(). The two invalidation counts live in
// arrays, the maps giving their places: a place stays valid as the maps grow (RepeatedNotice keeps it).
struct LineTables {
  HashMap<Addr, std::uint32_t> line_count_of{"ccsim.lines.line_count_of"};  // line -> place in line_counts
  GrowableArray<std::uint64_t> line_counts{"ccsim.lines.line_counts"};      // invalidations of a line
  HashMap<BytesKey, std::uint32_t, BytesKeyTraits> record_of{"ccsim.lines.record_of"};  // -> index in records
  GrowableArray<BytesRecord> records{"ccsim.lines.records"};
  HashMap<ExtentKey, std::uint32_t, ExtentKeyTraits> extent_of{"ccsim.lines.extent_of"};  // -> index in extents
  GrowableArray<LineExtent> extents{"ccsim.lines.extents"};
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
// bytes may now belong to other objects' records or to a new life of a block.
struct RepeatedNotice {
  CachedRange line;  // [line address, + line size): empty when forgotten
  RangeSlot line_slot;
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
  std::uint32_t written_extent;  // place in tables->extents of the extent the writer stored to
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

std::uint64_t* masks_of(std::uint32_t record) { return &tables->masks[kMasksPerRecord * record * mask_words]; }

// The line's part of `object`'s extent, its current life made `object`'s: when that is a new life, the
// life just ended replaces the heaviest ended one if it caused at least as many invalidations.
std::uint32_t extent_index(Addr line, const ObjectExtent& object) {
  bool added = false;
  std::uint32_t& index = tables->extent_of.find_or_add(ExtentKey{line, object.object, object.base}, &added);
  if (added) {
    index = tables->extents.size();
    tables->extents.push_back(LineExtent{object.life, 0, 0, kNoRecord});
  }
  LineExtent& extent = tables->extents[index];
  if (extent.current_life != object.life) {
    const bool heavier = extent.current_invalidations >= extent.heaviest_ended_invalidations;
    for (std::uint32_t r = extent.first_record; r != kNoRecord; r = tables->records[r].next) {
      std::uint64_t* masks = masks_of(r);
      for (std::uint32_t w = 0; w < 2 * mask_words; ++w) {
        if (heavier) masks[2 * mask_words + w] = masks[w];
        masks[w] = 0;
      }
    }
    if (heavier) extent.heaviest_ended_invalidations = extent.current_invalidations;
    extent.current_life = object.life;
    extent.current_invalidations = 0;
  }
  return index;
}

std::uint32_t record_index(Addr line, const ObjectExtent& object, ProcId proc) {
  const std::uint32_t extent = extent_index(line, object);
  bool added = false;
  std::uint32_t& index = tables->record_of.find_or_add(BytesKey{line, object.object, object.base, proc}, &added);
  if (added) {
    index = tables->records.size();
    tables->records.push_back(BytesRecord{BytesKey{line, object.object, object.base, proc}, extent,
                                          tables->extents[extent].first_record, 0, 0});
    tables->extents[extent].first_record = index;
    tables->masks.resize(tables->masks.size() + kMasksPerRecord * mask_words);
  }
  return index;
}

// Numbers the invalidations whose bytes are added (BytesRecord::left_out_notice).
std::uint32_t notice_serial = 0;

// Whether the victim's bytes in `record`'s extent are left out of this notice (BytesRecord).
bool leave_out_victim_bytes(BytesRecord& record, std::uint32_t life) {
  if (life == 0) return false;
  if (record.left_out_notice == notice_serial) return true;
  if (record.victim_life_seen == life) return false;
  record.victim_life_seen = life;
  record.left_out_notice = notice_serial;
  return true;
}

// Adds the bytes of `touched` (and of `written` among them) to `proc`'s records of the line, one record
// per object those bytes belong to. For a victim's bytes (`victim`), returns whether some were left out.
bool add_bytes(Addr line, ProcId proc, const std::uint64_t* touched, const std::uint64_t* written, bool victim) {
  bool left_out = false;
  for (std::uint32_t first = next_byte(touched, 0, true); first < line_bytes; first = next_byte(touched, first, true)) {
    const ObjectExtent object = find_object(line + first);
    const Addr object_last = object.high - line;  // last byte of the line in that object (may lie past it)
    std::uint32_t end = next_byte(touched, first, false);  // one past the run of touched bytes
    if (object_last < end - 1) end = static_cast<std::uint32_t>(object_last + 1);
    const ByteRange run{first, end - first};
    // A stack's bytes are named while the frames holding them live (stack_variables.h).
    if (data_object(object.object).kind == ObjectKind::Stack) {
      describe_stack_bytes(line, line + first, line + end - 1, object);
    }
    const std::uint32_t record = record_index(line, object, proc);
    first = end;
    if (victim && leave_out_victim_bytes(tables->records[record], object.life)) {
      left_out = true;
      continue;
    }
    std::uint64_t* masks = masks_of(record);
    for (std::uint32_t w = 0; w < mask_words; ++w) {
      const std::uint64_t bits = range_bits_in_word(run, w);
      masks[w] |= bits;
      masks[mask_words + w] |= written[w] & bits;
    }
  }
  return left_out;
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

// The lines of one object and what stores to its bytes there caused, to rank an object's lines and the
// objects (sorted by object, most invalidated first, ties by address).
struct ObjectLine {
  ObjectId object;
  Addr line;
  std::uint64_t invalidations;
};

Int by_object_hotter_first(const void* a, const void* b) {
  const ObjectLine& x = *static_cast<const ObjectLine*>(a);
  const ObjectLine& y = *static_cast<const ObjectLine*>(b);
  if (x.object != y.object) return x.object < y.object ? -1 : 1;
  if (x.invalidations != y.invalidations) return x.invalidations > y.invalidations ? -1 : 1;
  return x.line < y.line ? -1 : x.line > y.line ? 1 : 0;
}

// An object and the invalidations stores to its bytes caused, sorted most invalidated first, ties by
// name (as the profile orders objects, not by ObjectId, whose order of creation varies between runs),
// then ObjectId.
struct RankedObject {
  ObjectId object;
  std::uint64_t invalidations;
};

Int heavier_object_first(const void* a, const void* b) {
  const RankedObject& x = *static_cast<const RankedObject*>(a);
  const RankedObject& y = *static_cast<const RankedObject*>(b);
  if (x.invalidations != y.invalidations) return x.invalidations > y.invalidations ? -1 : 1;
  const Int by_name = VG_(strcmp)(data_object(x.object).name, data_object(y.object).name);
  if (by_name != 0) return by_name;
  return x.object < y.object ? -1 : x.object > y.object ? 1 : 0;
}

// The lines of the heaviest objects: the --line-detail objects whose bytes' stores caused the most
// invalidations, and the kLinesPerHeavyObject most invalidated lines of each. A large array whose false
// sharing is spread thin (NPB FT's indexmap) has no line among the hottest of the whole program, yet it
// is one of the heaviest objects and its lines make a finding.
constexpr std::uint32_t kLinesPerHeavyObject = 4;

void add_lines_of_heaviest_objects(HashSet<Addr>* chosen) {
  // (line, object, 0) -> invalidations: an ExtentKey whose start is left 0, the extents of one object summed.
  HashMap<ExtentKey, std::uint64_t, ExtentKeyTraits> by_object_line("ccsim.lines.by_object_line");
  tables->writer_count_of.for_each([&](const WriterKey& key, std::uint32_t place) {
    by_object_line.find_or_add(ExtentKey{key.line, key.object, 0}) += tables->writer_counts[place];
  });
  GrowableArray<ObjectLine> lines("ccsim.lines.object_lines");
  HashMap<ObjectId, std::uint64_t> by_object("ccsim.lines.by_object");
  by_object_line.for_each([&](const ExtentKey& key, std::uint64_t invalidations) {
    lines.push_back(ObjectLine{key.object, key.line, invalidations});
    by_object.find_or_add(key.object) += invalidations;
  });
  GrowableArray<RankedObject> objects("ccsim.lines.objects");
  by_object.for_each([&](ObjectId object, std::uint64_t invalidations) {
    objects.push_back(RankedObject{object, invalidations});
  });
  VG_(ssort)(objects.data(), objects.size(), sizeof(RankedObject), heavier_object_first);
  HashSet<ObjectId> heaviest("ccsim.lines.heaviest_objects");
  for (std::uint32_t i = 0; i < objects.size() && i < hottest_lines; ++i) heaviest.add(objects[i].object);

  VG_(ssort)(lines.data(), lines.size(), sizeof(ObjectLine), by_object_hotter_first);
  std::uint32_t taken = 0;
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    if (i > 0 && lines[i].object != lines[i - 1].object) taken = 0;
    if (taken < kLinesPerHeavyObject && heaviest.contains(lines[i].object)) {
      chosen->add(lines[i].line);
      ++taken;
    }
  }
}

// A record or writer to visit, in order: by its line's rank, then object, extent start, thread and
// reference. `index` is its place in tables->records (bytes) or in the array of writers being written.
struct Visit {
  std::uint32_t rank;
  ObjectId object;
  Addr base;
  ProcId proc;
  RefId ref;
  std::uint32_t index;
};

Int visit_order(const void* a, const void* b) {
  const Visit& x = *static_cast<const Visit*>(a);
  const Visit& y = *static_cast<const Visit*>(b);
  if (x.rank != y.rank) return x.rank < y.rank ? -1 : 1;
  if (x.object != y.object) return x.object < y.object ? -1 : 1;
  if (x.base != y.base) return x.base < y.base ? -1 : 1;
  if (x.proc != y.proc) return x.proc < y.proc ? -1 : 1;
  if (x.ref != y.ref) return x.ref < y.ref ? -1 : 1;
  return 0;
}

// The lines described, line -> rank (hottest first): the --line-detail most invalidated lines, and the
// lines of the heaviest objects.
void rank_lines(HashMap<Addr, std::uint32_t>* ranks) {
  GrowableArray<RankedLine> lines("ccsim.lines.ranking");
  tables->line_count_of.for_each(
      [&](Addr line, std::uint32_t place) { lines.push_back(RankedLine{line, tables->line_counts[place]}); });
  VG_(ssort)(lines.data(), lines.size(), sizeof(RankedLine), hotter_first);
  HashSet<Addr> chosen("ccsim.lines.chosen");
  for (std::uint32_t rank = 0; rank < lines.size() && rank < hottest_lines; ++rank) chosen.add(lines[rank].line);
  add_lines_of_heaviest_objects(&chosen);
  std::uint32_t rank = 0;
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    if (chosen.contains(lines[i].line)) ranks->find_or_add(lines[i].line) = rank++;
  }
}

}  // namespace

void init_line_detail(std::uint32_t bytes_per_line, std::uint32_t lines_to_show) {
  line_bytes = bytes_per_line;
  mask_words = mask_words_for(bytes_per_line);
  hottest_lines = lines_to_show;
  tables = create_object<LineTables>("ccsim.lines");
  if (lines_to_show > 0) init_stack_variables(bytes_per_line);
}

namespace {

// The first time an invalidation is seen (or seen again after being forgotten): its bytes join the line's
// records, and it is remembered with the places of its two counts.
RepeatedNotice& record_new_invalidation(const InvalidationNotice& notice) {
  const Addr line = notice.line_address;
  std::uint64_t victim_bytes[kMaxMaskWords];
  for (std::uint32_t w = 0; w < mask_words; ++w) victim_bytes[w] = notice.victim_touched[w] | notice.victim_written[w];
  ++notice_serial;
  const bool victim_bytes_left_out = add_bytes(line, notice.victim_proc, victim_bytes, notice.victim_written, true);
  std::uint64_t stored[kMaxMaskWords] = {};
  mask_set(stored, mask_words, ByteRange{notice.written_offset, notice.written_size});
  add_bytes(line, notice.writer_proc, stored, stored, false);
  const ObjectExtent written = find_object(line + notice.written_offset);

  RepeatedNotice& seen = repeated_notices[next_replaced_notice];
  next_replaced_notice = (next_replaced_notice + 1) % kRepeatedNotices;
  remember_range(&seen.line, &seen.line_slot, line, line + line_bytes - 1);
  // A notice whose victim bytes were left out must come this way again to add them.
  seen.valid = !victim_bytes_left_out;
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
  seen.writer_count = count_place(tables->writer_count_of,
                                  WriterKey{line, written.object, notice.writer_proc, notice.writer_ref},
                                  tables->writer_counts);
  seen.written_extent = extent_index(line, written);
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
  ++tables->extents[seen->written_extent].current_invalidations;
}

void zero_line_detail() {
  if (tables == nullptr) return;
  for (RepeatedNotice& seen : repeated_notices) seen.valid = false;
  tables->line_count_of.clear();
  tables->line_counts.clear();
  tables->record_of.clear();
  tables->records.clear();
  tables->masks.clear();
  tables->extent_of.clear();
  tables->extents.clear();
  tables->writer_count_of.clear();
  tables->writer_counts.clear();
}

void for_each_hot_line(LineBytesVisitor visit_bytes, LineWriterVisitor visit_writer, void* context) {
  HashMap<Addr, std::uint32_t> ranks("ccsim.lines.ranks");
  rank_lines(&ranks);

  GrowableArray<Visit> visits("ccsim.lines.visits");
  for (std::uint32_t i = 0; i < tables->records.size(); ++i) {
    const BytesKey& key = tables->records[i].key;
    if (const std::uint32_t* rank = ranks.find(key.line)) {
      visits.push_back(Visit{*rank, key.object, key.base, key.proc, 0, i});
    }
  }
  VG_(ssort)(visits.data(), visits.size(), sizeof(Visit), visit_order);
  for (std::uint32_t v = 0; v < visits.size(); ++v) {
    const BytesRecord& record = tables->records[visits[v].index];
    const LineExtent& extent = tables->extents[record.extent];
    const std::uint64_t* masks = masks_of(visits[v].index);
    if (extent.current_invalidations < extent.heaviest_ended_invalidations) masks += 2 * mask_words;
    if (mask_popcount(masks, mask_words) == 0) continue;  // the thread used the extent in another life only
    visit_bytes(context, LineBytes{record.key.line, record.key.object, record.key.base, record.key.proc, masks,
                                   masks + mask_words});
  }

  GrowableArray<LineWriter> writers("ccsim.lines.hot_writers");
  visits.clear();
  tables->writer_count_of.for_each([&](const WriterKey& key, std::uint32_t place) {
    const std::uint32_t* rank = ranks.find(key.line);
    if (rank == nullptr) return;
    visits.push_back(Visit{*rank, key.object, 0, key.proc, key.ref, writers.size()});
    writers.push_back(LineWriter{key.line, key.object, key.proc, key.ref, tables->writer_counts[place]});
  });
  VG_(ssort)(visits.data(), visits.size(), sizeof(Visit), visit_order);
  for (std::uint32_t v = 0; v < visits.size(); ++v) visit_writer(context, writers[visits[v].index]);
}

// The hand-over to the first worker (object_transfer.h). Every table here is keyed by line, and a line's
// every invalidation is in one worker, so the workers' tables are disjoint and the first appends the
// others' (a line already there refuses the transfer). Four parts, each a count and its records:
//   lines:   line, invalidations (2 words)
//   extents: line, object, extent start, current life, its invalidations, the heaviest ended life's (6)
//   records: line, object, extent start, processor, victim_life_seen, then the four masks (5 + 4 x mask words)
//   writers: line, object, processor, reference, invalidations (5)
// A record's extent and its place in the extent's list are found again from its key, not sent as indices.
// Every extent, record and writer comes with its line's count (the same notice makes them), so a count of
// 0 lines ends the section: that is what a run with --line-detail=0, or none, writes.
void write_line_detail(WordWriter* out) {
  if (tables == nullptr || tables->line_counts.size() == 0) {
    out->put(0);
    return;
  }
  out->put(tables->line_count_of.size());
  tables->line_count_of.for_each([&](Addr line, std::uint32_t place) {
    out->put(line);
    out->put(tables->line_counts[place]);
  });
  out->put(tables->extent_of.size());
  tables->extent_of.for_each([&](const ExtentKey& key, std::uint32_t index) {
    const LineExtent& extent = tables->extents[index];
    const std::uint64_t words[6] = {key.line, key.object, key.base, extent.current_life, extent.current_invalidations,
                                    extent.heaviest_ended_invalidations};
    out->put(words, 6);
  });
  out->put(tables->records.size());
  for (std::uint32_t r = 0; r < tables->records.size(); ++r) {
    const BytesRecord& record = tables->records[r];
    const std::uint64_t words[5] = {record.key.line, record.key.object, record.key.base, record.key.proc,
                                    record.victim_life_seen};
    out->put(words, 5);
    out->put(masks_of(r), kMasksPerRecord * mask_words);
  }
  out->put(tables->writer_count_of.size());
  tables->writer_count_of.for_each([&](const WriterKey& key, std::uint32_t place) {
    const std::uint64_t words[5] = {key.line, key.object, key.proc, key.ref, tables->writer_counts[place]};
    out->put(words, 5);
  });
}

namespace {

// Whether a transferred line address and object are ones this run can have: a line's first byte, an
// object the transfer named (its id here in `*object`: transferred_object()).
bool valid_line_and_object(std::uint64_t line, std::uint64_t transferred, ObjectId* object) {
  *object = transferred_object(transferred);
  return line % line_bytes == 0 && *object != kNoTransferredObject;
}

// Whether a pair of transferred masks is one the notices can make: written bytes among the touched ones,
// no byte past the line.
bool valid_masks(const std::uint64_t* touched, const std::uint64_t* written) {
  for (std::uint32_t w = 0; w < mask_words; ++w) {
    if ((written[w] & ~touched[w]) != 0) return false;
  }
  const std::uint32_t used_bits = line_bytes % 64;
  return used_bits == 0 || (touched[mask_words - 1] >> used_bits) == 0;
}

}  // namespace

// Appends another worker's lines (write_line_detail()); false on a damaged or cut section, or a key this
// worker has too (its lines were not the other's).
bool add_line_detail(WordReader* in) {
  const std::uint64_t lines = in->get();
  if (!in->ok()) return false;
  if (lines == 0) return true;
  if (tables == nullptr) return false;
  for (std::uint64_t i = 0; i < lines; ++i) {
    const std::uint64_t* words = in->take(2);
    if (words == nullptr || words[0] % line_bytes != 0 || words[1] == 0) return false;
    bool added = false;
    std::uint32_t& place = tables->line_count_of.find_or_add(words[0], &added);
    if (!added) return false;
    place = tables->line_counts.size();
    tables->line_counts.push_back(words[1]);
  }
  const std::uint64_t extents = in->get();
  for (std::uint64_t i = 0; in->ok() && i < extents; ++i) {
    const std::uint64_t* words = in->take(6);
    ObjectId object = kNoTransferredObject;
    if (words == nullptr || !valid_line_and_object(words[0], words[1], &object) || words[3] > ~std::uint32_t(0)) {
      return false;
    }
    bool added = false;
    const ExtentKey key{words[0], object, words[2]};
    std::uint32_t& index = tables->extent_of.find_or_add(key, &added);
    if (!added) return false;
    index = tables->extents.size();
    tables->extents.push_back(LineExtent{static_cast<std::uint32_t>(words[3]), words[4], words[5], kNoRecord});
  }
  const std::uint64_t records = in->get();
  const std::uint32_t record_words = 5 + kMasksPerRecord * mask_words;
  for (std::uint64_t i = 0; in->ok() && i < records; ++i) {
    const std::uint64_t* words = in->take(record_words);
    ObjectId object = kNoTransferredObject;
    if (words == nullptr || !valid_line_and_object(words[0], words[1], &object) || words[3] >= kMaxProcessors ||
        words[4] > ~std::uint32_t(0)) {
      return false;
    }
    const std::uint64_t* masks = words + 5;
    if (!valid_masks(masks, masks + mask_words) || !valid_masks(masks + 2 * mask_words, masks + 3 * mask_words)) {
      return false;
    }
    const BytesKey key{words[0], object, words[2], static_cast<ProcId>(words[3])};
    const std::uint32_t* extent = tables->extent_of.find(ExtentKey{key.line, key.object, key.base});
    if (extent == nullptr) return false;
    const std::uint32_t extent_index = *extent;  // the pointer dies at the next insertion
    bool added = false;
    std::uint32_t& index = tables->record_of.find_or_add(key, &added);
    if (!added) return false;
    index = tables->records.size();
    // left_out_notice numbers the other worker's notices: 0, none of this one's (they start at 1).
    tables->records.push_back(BytesRecord{key, extent_index, tables->extents[extent_index].first_record,
                                          static_cast<std::uint32_t>(words[4]), 0});
    tables->extents[extent_index].first_record = index;
    for (std::uint32_t w = 0; w < kMasksPerRecord * mask_words; ++w) tables->masks.push_back(masks[w]);
  }
  const std::uint64_t writers = in->get();
  for (std::uint64_t i = 0; in->ok() && i < writers; ++i) {
    const std::uint64_t* words = in->take(5);
    ObjectId object = kNoTransferredObject;
    if (words == nullptr || !valid_line_and_object(words[0], words[1], &object) || words[2] >= kMaxProcessors ||
        words[3] >= reference_count() || words[4] == 0) {
      return false;
    }
    const WriterKey key{words[0], object, static_cast<ProcId>(words[2]), static_cast<RefId>(words[3])};
    bool added = false;
    std::uint32_t& place = tables->writer_count_of.find_or_add(key, &added);
    if (!added) return false;
    place = tables->writer_counts.size();
    tables->writer_counts.push_back(words[4]);
  }
  return in->ok();
}

}  // namespace ccsim
