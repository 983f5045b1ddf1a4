// region_phases.cc: the phases per object and line, and the timeline (region_phases.h).
#include "ccsim/annotate/analysis/region_phases.h"

#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

namespace {

// The rows of `sums` heaviest first, ties by key (object index, line address).
template <class Row, class Key>
std::vector<Row> heaviest_first(const std::map<Key, PhaseCounts>& sums) {
  std::vector<Row> rows;
  for (const auto& [key, counts] : sums) rows.push_back(Row{key, counts});
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return phase_weight(a.counts) > phase_weight(b.counts); });
  return rows;
}

bool at_barrier(const BarrierSite& site, const Region& region) {
  return site.line == region.line && site.file == region.file && site.function == region.function;
}

}  // namespace

std::uint64_t phase_l1_misses(const PhaseCounts& counts) { return counts[0] + counts[1] + counts[2] + counts[3]; }

std::uint64_t phase_invalidations(const PhaseCounts& counts) { return counts[6] + counts[7]; }

std::uint64_t phase_weight(const PhaseCounts& counts) {
  return phase_l1_misses(counts) + phase_invalidations(counts) + counts[8];
}

std::vector<Phase> region_phases(const Profile& profile, bool each_region) {
  std::vector<BarrierRegions> rows;
  if (each_region) {
    for (const Region& region : profile.regions) rows.push_back(BarrierRegions{&region, 1, region.counts});
  } else {
    rows = regions_by_barrier(profile);
  }
  order_by_invalidations(profile, rows);
  std::vector<Phase> phases;
  for (const BarrierRegions& row : rows) {
    std::map<std::size_t, PhaseCounts> objects;
    std::map<std::uint64_t, PhaseCounts> lines;
    if (each_region) {
      for (const RegionObject& record : profile.region_objects) {
        if (record.region == row.first->id) add_counts(objects[record.object], record.counts);
      }
    } else {
      for (const BarrierObject& record : profile.barrier_objects) {
        if (at_barrier(record.barrier, *row.first)) add_counts(objects[record.object], record.counts);
      }
      for (const BarrierLine& record : profile.barrier_lines) {
        if (at_barrier(record.barrier, *row.first)) add_counts(lines[record.line_address], record.counts);
      }
    }
    phases.push_back(Phase{row, heaviest_first<PhaseObjectRow>(objects), heaviest_first<PhaseLineRow>(lines)});
  }
  return phases;
}

std::vector<TimelineRow> timeline_rows(const Profile& profile) {
  std::map<std::size_t, TimelineRow> by_object;
  for (const TimelineObject& record : profile.timeline_objects) {
    TimelineRow& row = by_object[record.object];
    row.object = record.object;
    row.intervals.resize(profile.timeline.intervals);
    add_counts(row.intervals[record.interval], record.counts);
    add_counts(row.total, record.counts);
  }
  std::vector<TimelineRow> rows;
  for (auto& [object, row] : by_object) rows.push_back(std::move(row));
  std::stable_sort(rows.begin(), rows.end(), [](const TimelineRow& a, const TimelineRow& b) {
    return phase_weight(a.total) > phase_weight(b.total);
  });
  return rows;
}

}  // namespace ccsim::annotate
