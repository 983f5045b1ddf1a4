// working_set_records.cc: writes the cache-set and working-set records (working_set_records.h).
#include "ccsim/tool/data_objects/working_set_records.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cache_sets.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/data_objects/site_live.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/sorted_rows.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

const char* const kLevelNames[kNumLevels] = {"L1", "L2", "LLC"};

// A set and its counts, to rank the sets of a level or the objects.
struct Ranked {
  std::uint64_t id;  // a set number, or an ObjectId
  SetCounts counts;
};

// More conflict misses first, then more replacement misses, then more lines, then the lower id.
Int worse_first(const void* a, const void* b) {
  const Ranked& x = *static_cast<const Ranked*>(a);
  const Ranked& y = *static_cast<const Ranked*>(b);
  if (x.counts.conflict != y.counts.conflict) return x.counts.conflict > y.counts.conflict ? -1 : 1;
  if (x.counts.replacement != y.counts.replacement) return x.counts.replacement > y.counts.replacement ? -1 : 1;
  if (x.counts.lines != y.counts.lines) return x.counts.lines > y.counts.lines ? -1 : 1;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

void add(SetCounts* sum, const SetCounts& counts) {
  sum->lines += counts.lines;
  sum->replacement += counts.replacement;
  sum->conflict += counts.conflict;
}

// `set-totals:` and the worst sets' `set:` records of one level: those with a replacement miss or more
// distinct lines than ways, at most kMaxSetRecords of them.
void write_level_sets(ProfileFile* file, Level level, std::uint32_t associativity) {
  const std::uint64_t sets = level_sets(level);
  const SetCounts* counts = level_set_counts(level);
  SetCounts total{0, 0, 0};
  GrowableArray<Ranked> worst("ccsim.out.sets");
  for (std::uint64_t set = 0; set < sets; ++set) {
    add(&total, counts[set]);
    if (counts[set].replacement > 0 || counts[set].lines > associativity) worst.push_back(Ranked{set, counts[set]});
  }
  const char* name = kLevelNames[static_cast<int>(level)];
  file->printf("set-totals: %s %llu %llu %llu\n", name, static_cast<ULong>(total.lines),
               static_cast<ULong>(total.replacement), static_cast<ULong>(total.conflict));
  VG_(ssort)(worst.data(), worst.size(), sizeof(Ranked), worse_first);
  SortedRows<1, SetCounts> rows("ccsim.out.set_rows");
  for (std::uint32_t i = 0; i < worst.size() && i < kMaxSetRecords; ++i) {
    rows.add({static_cast<std::uint32_t>(worst[i].id)}, worst[i].counts);
  }
  rows.visit_sorted([&](const std::uint32_t* key, const SetCounts& c) {
    file->printf("set: %s %u %llu %llu %llu\n", name, key[0], static_cast<ULong>(c.lines),
                 static_cast<ULong>(c.replacement), static_cast<ULong>(c.conflict));
  });
}

// What the object visitors share: the profile numbers, the objects' totals over every level, the
// chosen objects, their used sets per level and their rows.
struct ObjectSets {
  const std::uint32_t* numbers;
  HashMap<ObjectId, SetCounts> totals{"ccsim.out.object_set_totals"};
  HashSet<ObjectId> chosen{"ccsim.out.object_set_chosen"};
  HashMap<std::uint64_t, std::uint64_t> used_sets{"ccsim.out.object_used_sets"};  // object << 2 | level
  HashMap<std::uint64_t, SetCounts> buckets{"ccsim.out.object_set_buckets"};      // object, level, first set
};

// One `object-set:` record: a bucket of `width` sets.
struct BucketRow {
  std::uint64_t width;
  SetCounts counts;
};

void add_object_total(void* context, ObjectId object, Level level, std::uint64_t, const SetCounts& counts) {
  ObjectSets* s = static_cast<ObjectSets*>(context);
  if (s->numbers[object] == 0) return;
  add(&s->totals.find_or_add(object), counts);
  ++s->used_sets.find_or_add(std::uint64_t(object) << 2 | std::uint64_t(level));
}

// The width of an object's buckets at a level: 1, or the smallest power of two that leaves at most
// kMaxObjectSetRecords buckets when it used more sets than that.
std::uint64_t bucket_width(std::uint64_t used, Level level) {
  std::uint64_t width = 1;
  if (used <= kMaxObjectSetRecords) return width;
  while (level_sets(level) / width > kMaxObjectSetRecords) width *= 2;
  return width;
}

std::uint64_t object_bucket_width(ObjectSets* s, ObjectId object, Level level) {
  return bucket_width(*s->used_sets.find(std::uint64_t(object) << 2 | std::uint64_t(level)), level);
}

void add_object_bucket(void* context, ObjectId object, Level level, std::uint64_t set, const SetCounts& counts) {
  ObjectSets* s = static_cast<ObjectSets*>(context);
  const std::uint64_t width = object_bucket_width(s, object, level);
  if (!s->chosen.contains(object)) return;
  const std::uint64_t first = set & ~(width - 1);
  add(&s->buckets.find_or_add(std::uint64_t(object) << 32 | std::uint64_t(level) << 30 | first), counts);
}

// `object-set:` records: the histograms of the --set-histograms objects with the most conflict, then
// replacement misses, then lines (all levels summed).
void write_object_sets(ProfileFile* file, const std::uint32_t* numbers) {
  ObjectSets sets;
  sets.numbers = numbers;
  for_each_object_set(add_object_total, &sets);
  GrowableArray<Ranked> objects("ccsim.out.object_set_ranks");
  sets.totals.for_each([&](ObjectId object, const SetCounts& counts) { objects.push_back(Ranked{object, counts}); });
  VG_(ssort)(objects.data(), objects.size(), sizeof(Ranked), worse_first);
  for (std::uint32_t i = 0; i < objects.size() && i < options.set_histograms; ++i) {
    sets.chosen.add(static_cast<ObjectId>(objects[i].id));
  }
  for_each_object_set(add_object_bucket, &sets);
  SortedRows<3, BucketRow> rows("ccsim.out.object_set_rows");
  sets.buckets.for_each([&](std::uint64_t key, const SetCounts& counts) {
    const ObjectId object = static_cast<ObjectId>(key >> 32);
    const Level level = static_cast<Level>((key >> 30) & 3);
    rows.add({numbers[object], static_cast<std::uint32_t>(level), static_cast<std::uint32_t>(key & ((1u << 30) - 1))},
             BucketRow{object_bucket_width(&sets, object, level), counts});
  });
  rows.visit_sorted([&](const std::uint32_t* key, const BucketRow& row) {
    file->printf("object-set: %u %s %u %llu %llu %llu %llu\n", key[0], kLevelNames[key[1]], key[2],
                 static_cast<ULong>(row.width), static_cast<ULong>(row.counts.lines),
                 static_cast<ULong>(row.counts.replacement), static_cast<ULong>(row.counts.conflict));
  });
}

// `object-resident:` records: the average with two decimals, rounded.
void write_resident(ProfileFile* file, const std::uint32_t* numbers) {
  SortedRows<2, ResidentLines> rows("ccsim.out.resident_rows");
  struct Context {
    const std::uint32_t* numbers;
    SortedRows<2, ResidentLines>* rows;
  } context{numbers, &rows};
  for_each_resident(
      [](void* c, ObjectId object, Level level, const ResidentLines& lines) {
        Context* x = static_cast<Context*>(c);
        if (x->numbers[object] == 0 || lines.peak == 0) return;
        x->rows->add({x->numbers[object], static_cast<std::uint32_t>(level)}, lines);
      },
      &context);
  rows.visit_sorted([&](const std::uint32_t* key, const ResidentLines& lines) {
    const std::uint64_t hundredths = lines.clock == 0 ? 0 : (lines.integral * 100 + lines.clock / 2) / lines.clock;
    file->printf("object-resident: %u %s %llu.%02llu %llu\n", key[0], kLevelNames[key[1]],
                 static_cast<ULong>(hundredths / 100), static_cast<ULong>(hundredths % 100),
                 static_cast<ULong>(lines.peak));
  });
}

// `site-live:` records of the heap sites written.
void write_site_live(ProfileFile* file, const std::uint32_t* numbers) {
  SortedRows<1, SiteLive> rows("ccsim.out.site_live_rows");
  struct Context {
    const std::uint32_t* numbers;
    SortedRows<1, SiteLive>* rows;
  } context{numbers, &rows};
  for_each_site_live(
      [](void* c, ObjectId object, const SiteLive& live) {
        Context* x = static_cast<Context*>(c);
        if (x->numbers[object] != 0) x->rows->add({x->numbers[object]}, live);
      },
      &context);
  rows.visit_sorted([&](const std::uint32_t* key, const SiteLive& live) {
    file->printf("site-live: %u %llu %llu %llu %llu %llu\n", key[0], static_cast<ULong>(live.allocations),
                 static_cast<ULong>(live.peak_blocks), static_cast<ULong>(live.peak_bytes),
                 static_cast<ULong>(live.blocks), static_cast<ULong>(live.bytes));
  });
}

}  // namespace

void write_working_set_records(ProfileFile* file, const std::uint32_t* numbers) {
  if (!working_set_on()) return;
  const CacheGeometry* geometries[kNumLevels] = {&options.machine.l1, &options.machine.l2, &options.machine.llc};
  for (int level = 0; level < kNumLevels; ++level) {
    if (geometries[level]->present) write_level_sets(file, static_cast<Level>(level), geometries[level]->associativity);
  }
  write_object_sets(file, numbers);
  write_resident(file, numbers);
  write_site_live(file, numbers);
}

}  // namespace ccsim
