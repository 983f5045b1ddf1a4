// heap_sites.cc: merging heap objects of one allocation site, renumbering every record that names an
// object (the objects after a merged one move down, so every kind of record, not only the heap's).
#include "ccsim/annotate/analysis/heap_sites.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "ccsim/annotate/analysis/object_label.h"

namespace ccsim::annotate {

void merge_heap_sites(Profile& profile) {
  std::vector<std::size_t> target(profile.objects.size());  // old index -> new index
  std::vector<DataObject> kept;
  std::map<std::string, std::size_t> site_index;  // short name -> new index
  for (std::size_t object = 0; object < profile.objects.size(); ++object) {
    const DataObject& data = profile.objects[object];
    if (data.kind == "heap") {
      auto [position, added] = site_index.emplace(object_name(data), kept.size());
      if (!added) {
        target[object] = position->second;
        DataObject& merged = kept[position->second];
        merged.size = std::max(merged.size, data.size);
        continue;
      }
    }
    target[object] = kept.size();
    kept.push_back(data);
  }
  if (kept.size() == profile.objects.size()) return;
  profile.objects = std::move(kept);
  for (ObjectThreadCounts& record : profile.object_counts) record.object = target[record.object];
  for (ObjectReferenceCounts& record : profile.object_references) record.object = target[record.object];
  for (LineDetail& record : profile.line_details) record.object = target[record.object];
  for (LineWriter& record : profile.line_writers) record.object = target[record.object];
  for (RegionObject& record : profile.region_objects) record.object = target[record.object];
  for (BarrierObject& record : profile.barrier_objects) record.object = target[record.object];
  for (TimelineObject& record : profile.timeline_objects) record.object = target[record.object];
  for (ObjectTransfer& record : profile.object_transfers) record.object = target[record.object];
  for (ObjectEvictor& record : profile.object_evictors) {
    record.victim = target[record.victim];
    record.evictor = target[record.evictor];
  }
  for (PlacementPrediction& record : profile.placements) record.object = target[record.object];
  for (LockSection& record : profile.lock_sections) record.object = target[record.object];
  for (UnlockedWrite& record : profile.unlocked_writes) record.object = target[record.object];
  for (ObjectBlock& record : profile.blocks) record.object = target[record.object];
  for (ObjectSet& record : profile.object_sets) record.object = target[record.object];
  for (ObjectResident& record : profile.object_residents) record.object = target[record.object];
  for (SiteLive& record : profile.site_lives) record.object = target[record.object];
  for (PathSite& record : profile.path_sites) record.object = target[record.object];
  // Fields describe an object's bytes, the same for every block of one site: the merged object keeps one
  // copy of each, not one per block.
  std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::string>> fields_kept;
  std::vector<ObjectField> fields;
  for (ObjectField record : profile.object_fields) {
    record.object = target[record.object];
    if (fields_kept.insert({record.object, record.offset, record.size, record.name}).second) fields.push_back(record);
  }
  profile.object_fields = std::move(fields);
  for (LocalVariable& record : profile.locals) record.object = target[record.object];
}

void name_heap_objects_by_stack(Profile& profile) {
  for (DataObject& object : profile.objects) object.named_by_stack = object.kind == "heap";
}

}  // namespace ccsim::annotate
