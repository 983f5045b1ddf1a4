// object_transfer.cc: see object_transfer.h.
#include "ccsim/tool/data_objects/object_transfer.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/message.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/data_objects/mapping_objects.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The sender's objects, by its ids: the receiver's id of each (kNoTransferredObject past the end).
GrowableArray<ObjectId>* translation = nullptr;

// An object's identity, as the profile tells objects apart (object_records.cc, compare_objects): kind,
// name, extent. Objects alike in all of it (two heap bins whose call stacks print the same) are matched
// in the order they were made, which is the same in every worker for the kinds the replay makes.
std::uint64_t identity_hash(ObjectKind kind, Addr address, std::uint64_t size, const char* name) {
  std::uint64_t hash = 0xcbf29ce484222325ull ^ static_cast<std::uint64_t>(kind);
  for (const char* c = name; *c != '\0'; ++c) hash = (hash ^ static_cast<unsigned char>(*c)) * 0x100000001b3ull;
  return (hash ^ address) * 0x9E3779B97F4A7C15ull ^ size;
}

// The objects section: per object, its kind, origin, extent, file, the heap fields (the allocator's name
// is a string constant of the tool: the same address in every worker, all forked from one process), its
// name's length, its key (DataObject::key), then its name's bytes in whole words.
constexpr std::uint32_t kObjectWords = 10;

void write_objects(WordWriter* out) {
  out->put(object_count());
  for (ObjectId id = 0; id < object_count(); ++id) {
    const DataObject& object = data_object(id);
    const std::uint64_t length = VG_(strlen)(object.name);
    const std::uint64_t words[kObjectWords] = {static_cast<std::uint64_t>(object.kind),
                                               static_cast<std::uint64_t>(object.origin),
                                               object.address,
                                               object.size,
                                               object.file,
                                               reinterpret_cast<std::uint64_t>(object.allocator),
                                               object.allocating_function,
                                               std::uint64_t(object.path_site) << 32 | object.path_first_proc,
                                               length,
                                               object.key};
    out->put(words, kObjectWords);
    for (std::uint64_t at = 0; at < length; at += 8) {
      std::uint64_t word = 0;
      VG_(memcpy)(&word, object.name + at, length - at < 8 ? length - at : 8);
      out->put(word);
    }
  }
}

// Matches the sender's objects with this worker's by identity; makes those this worker never made (an
// object made at a lookup of the notices: the mapping or stack a victim's bytes fell in by then).
bool add_objects(WordReader* in) {
  const std::uint64_t count = in->get();
  if (!in->ok() || count > (std::uint64_t(1) << 32)) return false;
  // This worker's objects by identity hash; a chain of ids per hash, in the order they were made.
  HashMap<std::uint64_t, std::uint32_t> first_of("ccsim.objects.transfer");
  GrowableArray<std::uint32_t> next("ccsim.objects.transfer");
  GrowableArray<bool> taken("ccsim.objects.transfer");
  const ObjectId own = object_count();
  for (ObjectId id = 0; id < own; ++id) {
    next.push_back(~0u);
    taken.push_back(false);
  }
  for (ObjectId id = own; id-- > 0;) {
    const DataObject& object = data_object(id);
    bool added = false;
    std::uint32_t& first = first_of.find_or_add(identity_hash(object.kind, object.address, object.size, object.name), &added);
    next[id] = added ? ~0u : first;
    first = id;
  }
  translation->clear();
  GrowableArray<char> name_text("ccsim.objects.transfer");  // the name being read, with its final 0
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t* f = in->take(kObjectWords);
    if (f == nullptr || f[0] > static_cast<std::uint64_t>(ObjectKind::Unknown) || f[8] >= (std::uint64_t(1) << 20)) {
      return false;
    }
    const std::uint64_t* text = in->take((f[8] + 7) / 8);
    if (text == nullptr) return false;
    name_text.clear();
    for (std::uint64_t c = 0; c < f[8]; ++c) name_text.push_back(reinterpret_cast<const char*>(text)[c]);
    name_text.push_back('\0');
    const char* name = name_text.data();
    const ObjectKind kind = static_cast<ObjectKind>(f[0]);
    ObjectId match = kNoTransferredObject;
    if (const std::uint32_t* first = first_of.find(identity_hash(kind, f[2], f[3], name))) {
      for (std::uint32_t id = *first; id != ~0u; id = next[id]) {
        const DataObject& object = data_object(id);
        if (!taken[id] && object.kind == kind && object.address == f[2] && object.size == f[3] &&
            VG_(strcmp)(object.name, name) == 0) {
          match = id;
          taken[id] = true;
          break;
        }
      }
    }
    if (match == kNoTransferredObject) {
      match = add_object(kind, f[2], f[3], static_cast<std::uint32_t>(f[4]), name);
      DataObject& made = data_object(match);
      made.origin = static_cast<ObjectOrigin>(f[1]);
      made.allocator = reinterpret_cast<const char*>(f[5]);
      made.allocating_function = static_cast<std::uint32_t>(f[6]);
      made.path_site = static_cast<std::uint32_t>(f[7] >> 32);
      made.path_first_proc = static_cast<std::uint32_t>(f[7]);
      made.key = f[9];
      adopt_mapping_object(match);
    }
    // The resident lines were replayed by the objects' keys (resident_lines.h).
    note_resident_key(f[9], match);
    translation->push_back(match);
  }
  return true;
}

// One section per table, in this order; the objects first, so that the others' ids are translated.
struct Section {
  const char* table;  // for the sentence of a damaged transfer
  void (*write)(WordWriter* out);
  bool (*add)(WordReader* in);
};
constexpr Section kSections[] = {
    {"objects", write_objects, add_objects},
    {"object counts", write_object_statistics, add_object_statistics},
    {"line detail", write_line_detail, add_line_detail},
    {"block histograms", write_object_blocks, add_object_blocks},
    {"unlocked writes", write_unlocked_writes, add_unlocked_writes},
    {"lock sections", write_lock_sections, add_lock_sections},
    {"object paths", write_path_misses, add_path_misses},
    {"phases", write_region_phases, add_region_phases},
    {"timeline", write_object_timeline, add_object_timeline},
    {"cache sets", write_cache_sets, add_cache_sets},
};
constexpr std::uint32_t kSectionCount = sizeof kSections / sizeof kSections[0];
// A section's tag: its index with a mark, so that words of another layout are not taken for one.
constexpr std::uint64_t kSectionMark = 0x6f626a0000000000ull;  // "obj"

}  // namespace

ObjectId transferred_object(std::uint64_t id) {
  return id < translation->size() ? (*translation)[static_cast<std::uint32_t>(id)] : kNoTransferredObject;
}

void write_object_tables(WordWriter* out) {
  for (std::uint32_t i = 0; i < kSectionCount; ++i) {
    out->put(kSectionMark | i);
    kSections[i].write(out);
  }
  out->put(kSectionMark | kSectionCount);  // the end
}

bool add_object_tables(WordReader* in, ErrorMessage* error) {
  if (translation == nullptr) translation = create_object<GrowableArray<ObjectId>>("ccsim.objects.transfer", "ccsim.objects.transfer");
  for (std::uint32_t i = 0; i <= kSectionCount; ++i) {
    const std::uint64_t at = in->position();
    const bool tagged = in->get() == (kSectionMark | i);
    if (tagged && i == kSectionCount && in->at_end()) return true;
    if (!tagged || i == kSectionCount || !kSections[i].add(in)) {
      MessageWriter message(error);
      message.text("the shard's data-object tables are damaged");
      if (i < kSectionCount) message.text(" in their ").text(kSections[i].table);
      message.text(" (word ").number(at).text(").");
      return false;
    }
  }
  return false;  // not reached
}

}  // namespace ccsim
