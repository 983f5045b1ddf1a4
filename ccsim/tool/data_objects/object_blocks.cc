// object_blocks.cc: counts each slow-path event in its object's block (or bucket) and thread.
#include "ccsim/tool/data_objects/object_blocks.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

std::uint32_t line_shift = 0;  // log2 of the line size: blocks are found with shifts, not divisions

// (object, bucket, processor): one entry.
struct EntryKey {
  ObjectId object;
  std::uint32_t bucket;
  ProcId proc;
};
struct EntryKeyTraits {
  static std::uint64_t hash(const EntryKey& key) {
    return (std::uint64_t(key.object) << 32 | key.bucket) ^ (std::uint64_t(key.proc) << 20);
  }
  static bool equal(const EntryKey& a, const EntryKey& b) {
    return a.object == b.object && a.bucket == b.bucket && a.proc == b.proc;
  }
};

// An object's buckets, fixed at its first event: 2^bucket_shift blocks each, and where its first extent
// started within a line (the records' offsets count from there).
struct ObjectShape {
  bool known;
  std::uint8_t bucket_shift;
  std::uint16_t first_start_in_line;
};

// The entries: key -> index in `counts` (kBlockEvents counters each), and the shapes by ObjectId (the
// ids are dense). Created once, emptied by zero_object_blocks().
struct BlockTables {
  HashMap<EntryKey, std::uint32_t, EntryKeyTraits> entry_of{"ccsim.blocks.entry_of"};
  GrowableArray<std::uint64_t> counts{"ccsim.blocks.counts"};
  GrowableArray<ObjectShape> shapes{"ccsim.blocks.shapes"};
};
BlockTables* tables = nullptr;

// A miss, its coherence miss and the invalidation that caused it mostly meet the same few entries (a
// ping-pong on a line's two threads), so the last entries found are remembered, direct-mapped by key:
// a repeat costs a compare instead of a hash lookup.
struct RecentEntry {
  EntryKey key;
  std::uint32_t index;  // kNoEntry when empty
};
constexpr std::uint32_t kRecentEntries = 64;
constexpr std::uint32_t kNoEntry = ~std::uint32_t(0);
RecentEntry recent[kRecentEntries];

void forget_recent() {
  for (RecentEntry& entry : recent) entry.index = kNoEntry;
}

ObjectShape& shape_of(ObjectId object, Addr base) {
  if (object >= tables->shapes.size()) tables->shapes.resize(object + 1);
  ObjectShape& shape = tables->shapes[object];
  if (!shape.known) {
    const std::uint32_t start_in_line = static_cast<std::uint32_t>(base & ((Addr(1) << line_shift) - 1));
    const std::uint64_t size = data_object(object).size;
    const std::uint64_t lines = (start_in_line + size + (std::uint64_t(1) << line_shift) - 1) >> line_shift;
    std::uint8_t bucket_shift = 0;
    while (((lines + (std::uint64_t(1) << bucket_shift) - 1) >> bucket_shift) > kMaxBuckets) ++bucket_shift;
    shape = ObjectShape{true, bucket_shift, static_cast<std::uint16_t>(start_in_line)};
  }
  return shape;
}

}  // namespace

void fix_block_shape(ObjectId object, Addr base) {
  if (tables != nullptr) shape_of(object, base);
}

namespace {

// The entry's counters, or null past the cap or past the last bucket.
std::uint64_t* entry_for(ObjectId object, Addr base, Addr address, ProcId proc) {
  const ObjectShape& shape = shape_of(object, base);
  const std::uint64_t block = (address >> line_shift) - (base >> line_shift);
  const std::uint64_t bucket = block >> shape.bucket_shift;
  if (bucket >= kMaxBuckets) return nullptr;
  const EntryKey key{object, static_cast<std::uint32_t>(bucket), proc};
  RecentEntry& seen = recent[(key.bucket + proc * 7 + object * 13) & (kRecentEntries - 1)];
  if (seen.index != kNoEntry && EntryKeyTraits::equal(seen.key, key)) return &tables->counts[seen.index];
  std::uint32_t* index = tables->entry_of.find(key);
  if (index == nullptr) {
    if (tables->entry_of.size() >= kMaxBlockEntries) return nullptr;
    index = &tables->entry_of.find_or_add(key);
    *index = tables->counts.size();
    tables->counts.resize(tables->counts.size() + kBlockEvents);
  }
  seen = RecentEntry{key, *index};
  return &tables->counts[*index];
}

// Whether `name` is `wanted` (the `length` bytes of one --block-objects name), or starts with it and a
// space (a heap bin's innermost frame, "file.c:20", named without the rest of its stack).
bool name_matches(const char* name, const char* wanted, SizeT length) {
  return VG_(strncmp)(name, wanted, length) == 0 && (name[length] == '\0' || name[length] == ' ');
}

}  // namespace

bool block_histograms_on() { return options.block_histograms > 0 || options.block_object_count > 0; }

void init_object_blocks(std::uint32_t line_bytes) {
  line_shift = static_cast<std::uint32_t>(__builtin_ctz(line_bytes));
  tables = create_object<BlockTables>("ccsim.blocks");
  forget_recent();
}

void zero_object_blocks() {
  if (tables == nullptr) return;
  forget_recent();
  tables->entry_of.clear();
  tables->counts.clear();
}

void count_block_event(ObjectId object, Addr base, Addr address, ProcId proc, BlockEvent event) {
  if (std::uint64_t* counts = entry_for(object, base, address, proc)) ++counts[event];
}

void for_each_block(BlockVisitor visit, void* context) {
  tables->entry_of.for_each([&](const EntryKey& key, std::uint32_t index) {
    const std::uint64_t* counts = &tables->counts[index];
    bool any = false;
    for (std::uint32_t event = 0; event < kBlockEvents; ++event) any = any || counts[event] != 0;
    if (!any) return;
    const ObjectShape& shape = tables->shapes[key.object];
    const std::int64_t first_block = std::int64_t(key.bucket) << shape.bucket_shift;
    visit(context, BlockCounts{key.object, key.bucket, (first_block << line_shift) - shape.first_start_in_line,
                               1u << shape.bucket_shift, key.proc, counts});
  });
}

bool object_named_in(const DataObject& object, const char* names) {
  while (*names != '\0') {
    const char* end = names;
    while (*end != '\0' && *end != ',') ++end;
    if (end > names && name_matches(object.name, names, static_cast<SizeT>(end - names))) return true;
    names = *end == ',' ? end + 1 : end;
  }
  return false;
}

bool block_object_named(const DataObject& object) {
  for (std::uint32_t i = 0; i < options.block_object_count; ++i) {
    if (object_named_in(object, options.block_objects[i])) return true;
  }
  return false;
}

// The hand-over to the first worker (object_transfer.h). The entries are keyed by (object, bucket,
// processor), not by line, so the workers' counts of one key add up. Two parts, each a count and its
// records:
//   shapes:  object, bucket shift, first extent's start in its line (3 words), every object with a shape
//   entries: object, bucket, processor, then the kBlockEvents counts (3 + kBlockEvents)
// An entry's object always has a shape (made at its first event), so a count of 0 shapes ends the
// section: that is what a run without block histograms writes.
//
// The shape is fixed at the object's first event, and the workers see different first events (each its
// own lines'): their shapes of one object can differ, where one thread of --sim-threads=0 has one. The
// first worker keeps its own start (the records' offsets), and takes the coarser bucket shift of the
// two, re-counting the finer side's buckets into it; a heap bin whose largest block grew between the
// workers' first events is then counted in coarser buckets than --sim-threads=0 would, and the offsets of
// a bin whose blocks start at different places in their lines may differ (the first worker's first
// event's, not the run's).
void write_object_blocks(WordWriter* out) {
  std::uint64_t shapes = 0;
  if (tables != nullptr) {
    for (std::uint32_t object = 0; object < tables->shapes.size(); ++object) shapes += tables->shapes[object].known;
  }
  out->put(shapes);
  if (shapes == 0) return;
  for (std::uint32_t object = 0; object < tables->shapes.size(); ++object) {
    const ObjectShape& shape = tables->shapes[object];
    if (!shape.known) continue;
    const std::uint64_t words[3] = {object, shape.bucket_shift, shape.first_start_in_line};
    out->put(words, 3);
  }
  out->put(tables->entry_of.size());
  tables->entry_of.for_each([&](const EntryKey& key, std::uint32_t index) {
    const std::uint64_t words[3] = {key.object, key.bucket, key.proc};
    out->put(words, 3);
    out->put(&tables->counts[index], kBlockEvents);
  });
}

namespace {

// The counters of `key`, a new entry the first time; null past the cap when `capped` (a new entry's
// events are then counted only in the object's totals, as during the run).
std::uint64_t* counts_of_entry(const EntryKey& key, bool capped) {
  if (std::uint32_t* index = tables->entry_of.find(key)) return &tables->counts[*index];
  if (capped && tables->entry_of.size() >= kMaxBlockEntries) return nullptr;
  const std::uint32_t index = tables->counts.size();
  tables->entry_of.find_or_add(key) = index;
  tables->counts.resize(index + kBlockEvents);
  return &tables->counts[index];
}

// Moves this worker's entries of the objects whose buckets became coarser (`coarser_by[object]` more
// doublings) to the coarser buckets. The moved entries' old counters stay in `counts`, unused.
void coarsen_entries(const GrowableArray<std::uint8_t>& coarser_by) {
  struct Moved {
    EntryKey key;
    std::uint32_t index;
  };
  GrowableArray<Moved> moved("ccsim.blocks.moved");
  tables->entry_of.for_each([&](const EntryKey& key, std::uint32_t index) {
    if (coarser_by[key.object] != 0) moved.push_back(Moved{key, index});
  });
  for (std::uint32_t i = 0; i < moved.size(); ++i) tables->entry_of.erase(moved[i].key);
  for (std::uint32_t i = 0; i < moved.size(); ++i) {
    EntryKey key = moved[i].key;
    key.bucket >>= coarser_by[key.object];
    std::uint64_t* counts = counts_of_entry(key, false);  // no more entries than before
    for (std::uint32_t event = 0; event < kBlockEvents; ++event) counts[event] += tables->counts[moved[i].index + event];
  }
}

}  // namespace

// Adds another worker's entries (write_object_blocks()) to this one's, in the buckets of the shapes
// merged as said above; false on a damaged or cut section.
bool add_object_blocks(WordReader* in) {
  const std::uint64_t shapes = in->get();
  if (!in->ok()) return false;
  if (shapes == 0) return true;
  if (tables == nullptr) return false;
  forget_recent();  // entries move and are added
  const std::uint32_t objects = object_count();
  const std::uint32_t line_size = 1u << line_shift;
  if (tables->shapes.size() < objects) tables->shapes.resize(objects);
  GrowableArray<ObjectShape> theirs("ccsim.blocks.their_shapes");
  theirs.resize(objects);
  GrowableArray<std::uint8_t> coarser_by("ccsim.blocks.coarser_by");
  coarser_by.resize(objects);
  bool coarsened = false;
  for (std::uint64_t i = 0; i < shapes; ++i) {
    const std::uint64_t* words = in->take(3);
    const ObjectId object = words != nullptr ? transferred_object(words[0]) : kNoTransferredObject;
    // A shift of 32 or more makes no `lines` of a record (32 bits): no object this large is counted.
    if (object >= objects || words[1] >= 32 || words[2] >= line_size || theirs[object].known) return false;
    theirs[object] = ObjectShape{true, static_cast<std::uint8_t>(words[1]), static_cast<std::uint16_t>(words[2])};
    ObjectShape& ours = tables->shapes[object];
    if (!ours.known) {
      ours = theirs[object];
    } else if (theirs[object].bucket_shift > ours.bucket_shift) {
      coarser_by[object] = static_cast<std::uint8_t>(theirs[object].bucket_shift - ours.bucket_shift);
      ours.bucket_shift = theirs[object].bucket_shift;
      coarsened = true;
    }
  }
  if (coarsened) coarsen_entries(coarser_by);
  const std::uint64_t entries = in->get();
  for (std::uint64_t i = 0; in->ok() && i < entries; ++i) {
    const std::uint64_t* words = in->take(3 + kBlockEvents);
    const ObjectId object = words != nullptr ? transferred_object(words[0]) : kNoTransferredObject;
    if (object >= objects || !theirs[object].known || words[1] >= kMaxBuckets || words[2] >= kMaxProcessors) {
      return false;
    }
    const std::uint32_t finer_by = tables->shapes[object].bucket_shift - theirs[object].bucket_shift;
    const EntryKey key{object, static_cast<std::uint32_t>(words[1]) >> finer_by, static_cast<ProcId>(words[2])};
    std::uint64_t* counts = counts_of_entry(key, true);
    if (counts == nullptr) continue;
    for (std::uint32_t event = 0; event < kBlockEvents; ++event) counts[event] += words[3 + event];
  }
  return in->ok();
}

}  // namespace ccsim
