// region_phases.cc: per region (or barrier site) and object, and per site and line, the events of the
// phases (region_phases.h).
#include "ccsim/tool/data_objects/region_phases.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// `where` is a region id, or kSiteTag | the client address of a closing barrier; `thing` an ObjectId or
// a line's address.
constexpr std::uint64_t kSiteTag = 1ull << 63;
struct PhaseKey {
  std::uint64_t where;
  std::uint64_t thing;
};
struct PhaseKeyTraits {
  static std::uint64_t hash(const PhaseKey& key) { return key.where * 0x9E3779B97F4A7C15ull ^ key.thing; }
  static bool equal(const PhaseKey& a, const PhaseKey& b) { return a.where == b.where && a.thing == b.thing; }
};
using PhaseTable = HashMap<PhaseKey, PhaseCounts, PhaseKeyTraits>;

// A miss, its coherence miss, the invalidation that caused it and its transfer mostly meet the same few
// entries (a ping-pong on one line of one object, in one region), so each table remembers the last
// entries found, direct-mapped by key: a repeat costs a compare instead of a hash lookup (the block
// histograms' memo, object_blocks.cc). A remembered pointer is good while the table's generation is the
// one it was found in: an insertion (which may move every entry) and a fold bump it.
struct RecentEntry {
  PhaseKey key;
  PhaseCounts* counts;
  std::uint64_t generation;  // 0: empty (a table's generation starts at 1)
};
constexpr std::uint32_t kRecentEntries = 64;

// One table, its memo, and when to fold it next: when it has grown to twice its size after the last fold
// (at least kFirstFold entries), so that a fold, a walk of the table, costs a constant per entry added.
constexpr std::uint32_t kFirstFold = 4096;
struct FoldedTable {
  explicit FoldedTable(const char* cost_centre) : entries(cost_centre) {}
  PhaseTable entries;
  std::uint32_t next_fold = kFirstFold;
  std::uint64_t generation = 1;
  RecentEntry recent[kRecentEntries] = {};
};

struct Tables {
  FoldedTable objects{"ccsim.phases.objects"};
  FoldedTable lines{"ccsim.phases.lines"};
};
Tables* tables = nullptr;
Addr line_mask = 0;

bool is_site(const PhaseKey& key) { return (key.where & kSiteTag) != 0; }

bool any_count(const PhaseCounts& counts) {
  for (std::uint32_t event = 0; event < kPhaseEvents; ++event) {
    if (counts.counts[event] != 0) return true;
  }
  return false;
}

// Adds the entries of closed regions from `first_folded` on into their sites' entries.
void fold(FoldedTable& table, RegionId first_folded) {
  GrowableArray<PhaseKey> closed("ccsim.phases.fold");
  table.entries.for_each([&](const PhaseKey& key, const PhaseCounts&) {
    if (!is_site(key) && key.where >= first_folded && sync_region_close(static_cast<RegionId>(key.where)) != 0) {
      closed.push_back(key);
    }
  });
  for (std::uint32_t i = 0; i < closed.size(); ++i) {
    const PhaseCounts counts = *table.entries.find(closed[i]);
    table.entries.erase(closed[i]);
    const Addr site = sync_region_close(static_cast<RegionId>(closed[i].where));
    add_phase_counts(table.entries.find_or_add(PhaseKey{kSiteTag | site, closed[i].thing}), counts);
  }
  const std::uint32_t grown = 2 * table.entries.size();
  table.next_fold = grown > kFirstFold ? grown : kFirstFold;
  ++table.generation;
}

// The memo's slot of `key`: a line's address counts from its line number (its low bits are 0).
RecentEntry& recent_slot(FoldedTable& table, const PhaseKey& key) {
  return table.recent[(key.where * 7 + key.thing * 13 + (key.thing >> 6)) & (kRecentEntries - 1)];
}

// The entry of `key` if the memo has it, else null.
PhaseCounts* remembered(FoldedTable& table, const RecentEntry& seen, const PhaseKey& key) {
  return seen.generation == table.generation && PhaseKeyTraits::equal(seen.key, key) ? seen.counts : nullptr;
}

// The entry of `key`, added (zero) when absent, and remembered.
PhaseCounts& entry_of(FoldedTable& table, RecentEntry& seen, const PhaseKey& key) {
  bool added = false;
  PhaseCounts& counts = table.entries.find_or_add(key, &added);
  if (added) ++table.generation;
  seen = RecentEntry{key, &counts, table.generation};
  return counts;
}

// Every entry of `table` by site: its site entries, and its region entries under their region's site.
void sum_by_site(const PhaseTable& table, PhaseTable* sums) {
  table.for_each([&](const PhaseKey& key, const PhaseCounts& counts) {
    const Addr site = is_site(key) ? key.where & ~kSiteTag : sync_region_close(static_cast<RegionId>(key.where));
    add_phase_counts(sums->find_or_add(PhaseKey{site, key.thing}), counts);
  });
}

}  // namespace

void add_phase_counts(PhaseCounts& into, const PhaseCounts& from) {
  for (std::uint32_t event = 0; event < kPhaseEvents; ++event) into.counts[event] += from.counts[event];
}

void init_region_phases(std::uint32_t line_bytes) {
  tables = create_object<Tables>("ccsim.phases");
  line_mask = ~Addr(line_bytes - 1);
}

void zero_region_phases() {
  tables->objects.entries.clear();
  ++tables->objects.generation;
  tables->lines.entries.clear();
  ++tables->lines.generation;
}

void count_region_phase(RegionId region, ObjectId object, Addr address, PhaseEvent event) {
  FoldedTable& objects = tables->objects;
  const PhaseKey thing{region, object};
  RecentEntry& seen_object = recent_slot(objects, thing);
  PhaseCounts* counts = remembered(objects, seen_object, thing);
  if (counts != nullptr) {
    ++counts->counts[event];
  } else {
    ++entry_of(objects, seen_object, thing).counts[event];
    if (objects.entries.size() >= objects.next_fold) fold(objects, kRegionsOneByOne);
  }
  if (event < kFirstLinePhaseEvent) return;
  FoldedTable& lines = tables->lines;
  const PhaseKey line{region, address & line_mask};
  RecentEntry& seen_line = recent_slot(lines, line);
  counts = remembered(lines, seen_line, line);
  if (counts == nullptr) {
    counts = lines.entries.find(line);
    if (counts == nullptr) {
      if (lines.entries.size() >= lines.next_fold) fold(lines, 0);
      if (lines.entries.size() >= kMaxRegionLineEntries) return;  // Limit: past the cap, in no line's entry
      counts = &entry_of(lines, seen_line, line);
    } else {
      seen_line = RecentEntry{line, counts, lines.generation};
    }
  }
  ++counts->counts[event];
}

void for_each_region_object(RegionObjectVisitor visit, void* context) {
  tables->objects.entries.for_each([&](const PhaseKey& key, const PhaseCounts& counts) {
    if (!is_site(key) && key.where < kRegionsOneByOne && any_count(counts)) {
      visit(context, static_cast<RegionId>(key.where), static_cast<ObjectId>(key.thing), counts);
    }
  });
}

void for_each_site_object(SiteObjectVisitor visit, void* context) {
  PhaseTable sums("ccsim.phases.site_objects");
  sum_by_site(tables->objects.entries, &sums);
  sums.for_each([&](const PhaseKey& key, const PhaseCounts& counts) {
    if (any_count(counts)) visit(context, key.where, static_cast<ObjectId>(key.thing), counts);
  });
}

void for_each_site_line(SiteLineVisitor visit, void* context) {
  PhaseTable sums("ccsim.phases.site_lines");
  sum_by_site(tables->lines.entries, &sums);
  sums.for_each([&](const PhaseKey& key, const PhaseCounts& counts) {
    if (any_count(counts)) visit(context, key.where, key.thing, counts);
  });
}

// The hand-over between workers of line shards (object_transfer.h). Both tables are sums of notices, and
// a region's or a site's every entry adds up whatever was folded where: the objects' table (a region's
// or a site's key, the object, the counts) and the lines' (the key, the line, the counts), each after its
// entry count. Limit: past kMaxRegionLineEntries the lines kept depend on the order the lines' first
// events came in, which differs between one simulator and several (docs/parallel-simulation.md).
namespace {

void write_phase_table(WordWriter* out, const PhaseTable& table) {
  out->put(table.size());
  table.for_each([&](const PhaseKey& key, const PhaseCounts& counts) {
    out->put(key.where);
    out->put(key.thing);
    out->put(counts.counts, kPhaseEvents);
  });
}

// `objects`: the entries' things are ObjectIds of the sender, translated; else lines.
bool add_phase_table(WordReader* in, FoldedTable& table, bool objects) {
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(2 + kPhaseEvents);
    if (f == nullptr) return false;
    std::uint64_t thing = f[1];
    if (objects) {
      thing = transferred_object(f[1]);
      if (thing == kNoTransferredObject) return false;
    } else if ((thing & ~line_mask) != 0) {
      return false;
    }
    if (!objects && table.entries.find(PhaseKey{f[0], thing}) == nullptr && table.entries.size() >= kMaxRegionLineEntries) {
      continue;  // past the cap, as count_region_phase() drops it
    }
    PhaseCounts& counts = table.entries.find_or_add(PhaseKey{f[0], thing});
    for (std::uint32_t event = 0; event < kPhaseEvents; ++event) counts.counts[event] += f[2 + event];
  }
  ++table.generation;  // the memo's pointers may have moved
  return in->ok();
}

}  // namespace

void write_region_phases(WordWriter* out) {
  if (tables == nullptr) {
    out->put(0);
    out->put(0);
    return;
  }
  write_phase_table(out, tables->objects.entries);
  write_phase_table(out, tables->lines.entries);
}

bool add_region_phases(WordReader* in) {
  if (tables == nullptr) return in->get() == 0 && in->get() == 0 && in->ok();
  return add_phase_table(in, tables->objects, true) && add_phase_table(in, tables->lines, false);
}

}  // namespace ccsim
