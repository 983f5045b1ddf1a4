// block_records.cc: chooses the objects whose block histograms the profile gives, and writes them.
#include "ccsim/tool/data_objects/block_records.h"

#include "ccsim/core/events.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/sorted_rows.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// An object's weight for the choice: invalidations received, then L1 misses (all threads).
struct Weight {
  ObjectId object;
  std::uint64_t invalidations;
  std::uint64_t misses;
};

Int heavier_first(const void* a, const void* b) {
  const Weight& x = *static_cast<const Weight*>(a);
  const Weight& y = *static_cast<const Weight*>(b);
  if (x.invalidations != y.invalidations) return x.invalidations > y.invalidations ? -1 : 1;
  if (x.misses != y.misses) return x.misses > y.misses ? -1 : 1;
  const Int by_name = VG_(strcmp)(data_object(x.object).name, data_object(y.object).name);
  if (by_name != 0) return by_name;
  return x.object < y.object ? -1 : x.object > y.object ? 1 : 0;
}

// The objects that have block entries, and their weights (index in `weights` by ObjectId).
struct Candidates {
  HashMap<ObjectId, std::uint32_t> place{"ccsim.out.block_candidates"};
  GrowableArray<Weight> weights{"ccsim.out.block_weights"};
};

void add_candidate(void* context, const BlockCounts& block) {
  Candidates* c = static_cast<Candidates*>(context);
  bool added = false;
  std::uint32_t& place = c->place.find_or_add(block.object, &added);
  if (added) {
    place = c->weights.size();
    c->weights.push_back(Weight{block.object, 0, 0});
  }
}

void add_weight(void* context, ObjectId object, ProcId, const std::uint64_t* counts) {
  Candidates* c = static_cast<Candidates*>(context);
  const std::uint32_t* place = c->place.find(object);
  if (place == nullptr) return;
  Weight& weight = c->weights[*place];
  weight.invalidations += counts[kInvalidationsReceivedTrueInRegion] + counts[kInvalidationsReceivedFalseInRegion] +
                          counts[kInvalidationsReceivedTrueAcrossRegions] +
                          counts[kInvalidationsReceivedFalseAcrossRegions];
  weight.misses += counts[level_event(Level::L1, kReadMisses)] + counts[level_event(Level::L1, kWriteMisses)];
}

struct Collection {
  const HashSet<ObjectId>* chosen;
  GrowableArray<BlockRecords::Row>* rows;
};

void collect_row(void* context, const BlockCounts& block) {
  Collection* c = static_cast<Collection*>(context);
  if (!c->chosen->contains(block.object)) return;
  BlockRecords::Row row{block.object, block.bucket, block.offset, block.lines, block.proc, {}};
  for (std::uint32_t event = 0; event < kBlockEvents; ++event) row.counts[event] = block.counts[event];
  c->rows->push_back(row);
}

}  // namespace

BlockRecords::BlockRecords() : rows_("ccsim.out.blocks") {}

void BlockRecords::choose() {
  if (!block_histograms_on()) return;
  Candidates candidates;
  for_each_block(add_candidate, &candidates);
  for_each_object_counts(add_weight, &candidates);
  VG_(ssort)(candidates.weights.data(), candidates.weights.size(), sizeof(Weight), heavier_first);
  HashSet<ObjectId> chosen("ccsim.out.block_objects");
  for (std::uint32_t i = 0; i < candidates.weights.size(); ++i) {
    const ObjectId object = candidates.weights[i].object;
    if (i < options.block_histograms || block_object_named(data_object(object))) chosen.add(object);
  }
  Collection collection{&chosen, &rows_};
  for_each_block(collect_row, &collection);
}

void BlockRecords::write(ProfileFile* file, const std::uint32_t* numbers) const {
  SortedRows<3, const Row*> sorted("ccsim.out.block_rows");
  for (std::uint32_t i = 0; i < rows_.size(); ++i) {
    if (numbers[rows_[i].object] == 0) continue;  // not in the profile: no count of it is reported
    sorted.add({numbers[rows_[i].object], rows_[i].bucket, rows_[i].proc + 1}, &rows_[i]);
  }
  sorted.visit_sorted([&](const std::uint32_t* key, const Row* const& row) {
    file->printf("block: %u %lld %u %u", key[0], static_cast<Long>(row->offset), row->lines, key[2]);
    for (std::uint32_t event = 0; event < kBlockEvents; ++event) {
      file->printf(" %llu", static_cast<ULong>(row->counts[event]));
    }
    file->printf("\n");
  });
}

}  // namespace ccsim
