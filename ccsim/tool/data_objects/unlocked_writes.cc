// unlocked_writes.cc: see unlocked_writes.h.
#include "ccsim/tool/data_objects/unlocked_writes.h"

#include "ccsim/core/arena.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/instrumentation/references.h"

namespace ccsim {
namespace {

// One line's unlocked writers in its current region: by byte of the line, the processor + 1 that last
// wrote it with no lock held (0: nobody known).
struct LineWriters {
  RegionId region;
  std::uint16_t* writer_by_byte;  // line_bytes entries, in the arena
};

// (object, reference, processor): whose flagged stores.
struct StoreKey {
  ObjectId object;
  RefId ref;
  ProcId proc;
};
struct StoreKeyTraits {
  static std::uint64_t hash(const StoreKey& key) {
    return (std::uint64_t(key.object) << 32 | key.ref) ^ (std::uint64_t(key.proc) << 20);
  }
  static bool equal(const StoreKey& a, const StoreKey& b) {
    return a.object == b.object && a.ref == b.ref && a.proc == b.proc;
  }
};

struct Tables {
  Arena bytes{"ccsim.unlocked_writes.bytes"};
  HashMap<Addr, LineWriters> lines{"ccsim.unlocked_writes.lines"};  // line address -> its writers
  HashMap<StoreKey, std::uint64_t, StoreKeyTraits> stores{"ccsim.unlocked_writes.stores"};
};
Tables* tables = nullptr;
std::uint32_t line_size = 0;
// The line of the last store: a ping-pong hits the same line store after store, so its entry is kept
// here rather than looked up each time. Valid until the next entry is added (which may move the others).
Addr last_line = ~Addr(0);
LineWriters* last_writers = nullptr;

// The writers of `line`, a new entry (its bytes unknown) the first time.
LineWriters& writers_of(Addr line) {
  if (line == last_line) return *last_writers;
  bool added = false;
  LineWriters& writers = tables->lines.find_or_add(line, &added);
  if (added) {
    writers.writer_by_byte = tables->bytes.allocate_array<std::uint16_t>(line_size);
    writers.region = ~RegionId(0);  // a region no store has: the bytes are cleared at the first store
  }
  last_line = line;
  last_writers = &writers;
  return writers;
}

}  // namespace

void init_unlocked_writes(std::uint32_t line_bytes) {
  tables = create_object<Tables>("ccsim.unlocked_writes");
  line_size = line_bytes;
}

void zero_unlocked_writes() { tables->stores.clear(); }

void record_unlocked_store(const InvalidationNotice& notice, ObjectId written_object) {
  LineWriters& line = writers_of(notice.line_address);
  if (line.region != notice.writer_region) {
    line.region = notice.writer_region;
    for (std::uint32_t b = 0; b < line_size; ++b) line.writer_by_byte[b] = 0;
  }
  // The victim's Modified copy wrote these bytes in this region (its last touch was in it): only the set
  // bits of its mask are visited (a victim writes a few bytes of a line, so a few turns, not line_size).
  if (notice.in_region) {
    for (std::uint32_t word = 0; word * 64 < line_size; ++word) {
      for (std::uint64_t bits = notice.victim_written[word]; bits != 0; bits &= bits - 1) {
        const std::uint32_t b = word * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits));
        if (line.writer_by_byte[b] == 0) line.writer_by_byte[b] = static_cast<std::uint16_t>(notice.victim_proc + 1);
      }
    }
  }
  const std::uint16_t writer = static_cast<std::uint16_t>(notice.writer_proc + 1);
  bool shared = false;
  for (std::uint32_t b = notice.written_offset; b < notice.written_offset + notice.written_size; ++b) {
    if (line.writer_by_byte[b] != 0 && line.writer_by_byte[b] != writer) shared = true;
    line.writer_by_byte[b] = writer;
  }
  if (shared) ++tables->stores.find_or_add(StoreKey{written_object, notice.writer_ref, notice.writer_proc});
}

void for_each_unlocked_write(UnlockedWriteVisitor visit, void* context) {
  tables->stores.for_each(
      [&](const StoreKey& key, std::uint64_t stores) { visit(context, key.object, key.ref, key.proc, stores); });
}

// The hand-over to the first worker (object_transfer.h): the flagged stores, keyed by (object, reference,
// processor), whose counts add up across workers: a count, then object, reference, processor, stores (4
// words each). The lines' last writers are not sent: they only decide, at a notice, whether a store is
// flagged, and each line's notices were all in its own worker.
void write_unlocked_writes(WordWriter* out) {
  if (tables == nullptr) {
    out->put(0);
    return;
  }
  out->put(tables->stores.size());
  tables->stores.for_each([&](const StoreKey& key, std::uint64_t stores) {
    const std::uint64_t words[4] = {key.object, key.ref, key.proc, stores};
    out->put(words, 4);
  });
}

// Adds another worker's flagged stores (write_unlocked_writes()) to this one's; false on a damaged or cut
// section (a key out of range, or a count of 0, which no entry has).
bool add_unlocked_writes(WordReader* in) {
  const std::uint64_t count = in->get();
  if (!in->ok()) return false;
  if (count > 0 && tables == nullptr) return false;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t* words = in->take(4);
    const ObjectId object = words != nullptr ? transferred_object(words[0]) : kNoTransferredObject;
    if (object == kNoTransferredObject || words[1] >= reference_count() || words[2] >= kMaxProcessors ||
        words[3] == 0) {
      return false;
    }
    tables->stores.find_or_add(StoreKey{object, static_cast<RefId>(words[1]), static_cast<ProcId>(words[2])}) +=
        words[3];
  }
  return true;
}

}  // namespace ccsim
