// merge.cc: adding one profile into another, record kind by record kind.
#include "ccsim/annotate/parsing/merge.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "ccsim/annotate/errors.h"

namespace ccsim::annotate {

namespace {

// What identifies a reference or a data object across runs (their ids are per file).
using ReferenceKey = std::tuple<std::uint64_t, std::string, std::string, std::string, std::uint64_t>;
using ObjectKey = std::tuple<std::string, std::uint64_t, std::uint64_t, std::string, std::string>;

using LockKey = std::tuple<std::uint64_t, std::string, std::string>;

ReferenceKey key_of(const Reference& r) { return {r.address, r.object_file, r.file, r.function, r.line}; }
LockKey key_of(const Lock& l) { return {l.address, l.kind, l.name}; }
ObjectKey key_of(const DataObject& o) { return {o.kind, o.address, o.size, o.file, o.name}; }

// Returns the index of `item` in `items`, appending it when no element has its key.
template <class Item, class Key>
std::size_t index_of(std::vector<Item>& items, std::map<Key, std::size_t>& index, const Item& item) {
  auto [position, added] = index.emplace(key_of(item), items.size());
  if (added) items.push_back(item);
  return position->second;
}

template <class Item, class Key>
std::map<Key, std::size_t> index_by_key(const std::vector<Item>& items) {
  std::map<Key, std::size_t> index;
  for (std::size_t i = 0; i < items.size(); ++i) index.emplace(key_of(items[i]), i);
  return index;
}

void check_compatible(const Profile& sum, const Profile& more) {
  const std::string& first = sum.file_names.front();
  const std::string& file = more.file_names.front();
  if (more.events != sum.events) {
    throw ProfileError(file, 0,
                       "its events: line differs from that of " + first +
                           "; only profiles with the same events can be summed");
  }
  std::string machine = more.header.cache_geometry();
  std::string first_machine = sum.header.cache_geometry();
  if (machine != first_machine) {
    throw ProfileError(file, 0,
                       "its caches (" + machine + ") differ from those of " + first + " (" + first_machine +
                           "); only profiles of the same simulated machine can be summed");
  }
}

// Adds `more`'s count totals into `sum`'s; none may pass 2^64 - 1 (Profile::count_totals).
void add_count_totals(Profile& sum, const Profile& more) {
  for (const auto& [kind, total] : more.count_totals) {
    std::uint64_t& sum_total = sum.count_totals[kind];
    try {
      sum_total = checked_sum(sum_total, total);
    } catch (const CountOverflow&) {
      throw ProfileError(more.file_names.front(), 0,
                         "its " + kind + ": counts and those of the profiles before it add up to more than " +
                             "2^64 - 1; these profiles cannot be summed");
    }
  }
}

void add_header(ProfileHeader& sum, const ProfileHeader& more) {
  sum.threads = std::max(sum.threads, more.threads);
  for (const auto& skipped : more.skipped) {
    auto same = std::find_if(sum.skipped.begin(), sum.skipped.end(),
                             [&](const auto& s) { return s.first == skipped.first; });
    if (same == sum.skipped.end()) {
      sum.skipped.push_back(skipped);
    } else {
      same->second = checked_sum(same->second, skipped.second);
    }
  }
  if (more.replay_early_flushes)
    sum.replay_early_flushes = checked_sum(sum.replay_early_flushes.value_or(0), *more.replay_early_flushes);
  for (const SpinWait& wait : more.spin_waits) {
    auto same = std::find_if(sum.spin_waits.begin(), sum.spin_waits.end(),
                             [&](const SpinWait& w) { return w.file == wait.file && w.line == wait.line; });
    if (same == sum.spin_waits.end()) {
      sum.spin_waits.push_back(wait);
    } else {
      same->reads = checked_sum(same->reads, wait.reads);
    }
  }
  // A thread number labelled differently in two runs (another start routine) shows both labels.
  for (const auto& [thread, label] : more.thread_labels) {
    auto [known, added] = sum.thread_labels.emplace(thread, label);
    if (!added && known->second != label && known->second.find(" / " + label) == std::string::npos) {
      known->second += " / " + label;
    }
  }
}

void add_regions(std::vector<Region>& sum, const std::vector<Region>& more) {
  for (const Region& region : more) {
    auto same = std::find_if(sum.begin(), sum.end(), [&](const Region& r) { return r.id == region.id; });
    if (same == sum.end()) {
      sum.push_back(region);
    } else {
      add_counts(same->counts, region.counts);
    }
  }
}

// The executable of a command line: its first word, without the directory.
std::string executable_of(const std::string& command) {
  std::string first = command.substr(0, command.find(' '));
  return first.substr(first.rfind('/') + 1);
}

void check_same_program(const Profile& sum, const Profile& more) {
  if (executable_of(sum.header.command) == executable_of(more.header.command)) return;
  throw ProfileError(more.file_names.front(), 0,
                     "it is a run of another program (" + more.header.command + ") than " +
                         sum.file_names.front() + " (" + sum.header.command +
                         "); profiles of different programs are summed only with --sum-different");
}

// Appends `rows` to `into`, each row's object renumbered to its index in the sum (`object_in_sum`).
template <class Row>
void append_renumbered(std::vector<Row>& into, const std::vector<Row>& rows, const std::vector<std::size_t>& object_in_sum) {
  for (Row row : rows) {
    row.object = object_in_sum[row.object];
    into.push_back(std::move(row));
  }
}

}  // namespace

namespace {

// Object paths: a site followed in both runs is one site; a path whose runs take the same functions on
// the same threads (and ends alike) is one path, its lives and counts summed; the sites' lives add up.
void add_path_sites(Profile& sum, const Profile& more, const std::vector<std::size_t>& object_in_sum) {
  for (PathSite site : more.path_sites) {
    site.object = object_in_sum[site.object];
    auto same_site = std::find_if(sum.path_sites.begin(), sum.path_sites.end(),
                                  [&](const PathSite& s) { return s.object == site.object; });
    if (same_site == sum.path_sites.end()) {
      sum.path_sites.push_back(std::move(site));
      continue;
    }
    same_site->named = same_site->named || site.named;
    same_site->lives_stored += site.lives_stored;
    same_site->lives_unstored += site.lives_unstored;
    same_site->lives_unfollowed += site.lives_unfollowed;
    for (const ObjectPath& path : site.paths) {
      auto same_path = std::find_if(same_site->paths.begin(), same_site->paths.end(), [&](const ObjectPath& p) {
        if (p.freed != path.freed || p.cut != path.cut || p.runs.size() != path.runs.size()) return false;
        for (std::size_t r = 0; r < p.runs.size(); ++r) {
          if (p.runs[r].function != path.runs[r].function || p.runs[r].thread != path.runs[r].thread) return false;
        }
        return true;
      });
      if (same_path == same_site->paths.end()) {
        same_site->paths.push_back(path);
        continue;
      }
      same_path->lives += path.lives;
      same_path->lifetime_sum += path.lifetime_sum;
      same_path->lifetime_min = std::min(same_path->lifetime_min, path.lifetime_min);
      same_path->lifetime_max = std::max(same_path->lifetime_max, path.lifetime_max);
      for (std::size_t r = 0; r < path.runs.size(); ++r) {
        PathRun& to = same_path->runs[r];
        const PathRun& run = path.runs[r];
        to.reads += run.reads;
        to.writes += run.writes;
        to.bytes += run.bytes;
        if (run.touched) {
          to.first_offset = to.touched ? std::min(to.first_offset, run.first_offset) : run.first_offset;
          to.last_offset = to.touched ? std::max(to.last_offset, run.last_offset) : run.last_offset;
          to.touched = true;
        }
        to.own_l2 += run.own_l2;
        to.llc += run.llc;
        to.transfer += run.transfer;
        to.memory += run.memory;
      }
    }
    std::stable_sort(same_site->paths.begin(), same_site->paths.end(),
                     [](const ObjectPath& a, const ObjectPath& b) { return a.lives > b.lives; });
  }
}

}  // namespace

void add_profile(Profile& sum, const Profile& more, bool different_programs) {
  check_compatible(sum, more);
  if (!different_programs) check_same_program(sum, more);
  // Every addition below is over records of one kind, so it stays within the totals checked here.
  add_count_totals(sum, more);
  sum.file_names.insert(sum.file_names.end(), more.file_names.begin(), more.file_names.end());
  add_header(sum.header, more.header);

  // New indices of `more`'s references and objects in `sum`.
  auto reference_index = index_by_key<Reference, ReferenceKey>(sum.references);
  std::vector<std::size_t> reference_in_sum;
  for (const Reference& reference : more.references) {
    reference_in_sum.push_back(index_of(sum.references, reference_index, reference));
  }
  auto object_index = index_by_key<DataObject, ObjectKey>(sum.objects);
  std::vector<std::size_t> object_in_sum;
  for (const DataObject& object : more.objects) {
    object_in_sum.push_back(index_of(sum.objects, object_index, object));
    DataObject& in_sum = sum.objects[object_in_sum.back()];
    if (in_sum.origin.empty()) {
      in_sum.origin = object.origin;
      in_sum.allocator = object.allocator;
    }
  }

  for (ThreadCounts counts : more.counts) {
    counts.reference = reference_in_sum[counts.reference];
    sum.counts.push_back(std::move(counts));
  }
  add_regions(sum.regions, more.regions);
  for (EvictorEdge edge : more.evictor_edges) {
    edge.victim = reference_in_sum[edge.victim];
    edge.evictor = reference_in_sum[edge.evictor];
    sum.evictor_edges.push_back(std::move(edge));
  }
  for (InvalidatorEdge edge : more.invalidator_edges) {
    edge.victim = reference_in_sum[edge.victim];
    edge.invalidator = reference_in_sum[edge.invalidator];
    sum.invalidator_edges.push_back(edge);
  }
  for (TransferEdge edge : more.transfer_edges) {
    edge.source = reference_in_sum[edge.source];
    edge.reader = reference_in_sum[edge.reader];
    sum.transfer_edges.push_back(edge);
  }
  append_renumbered(sum.object_transfers, more.object_transfers, object_in_sum);
  for (ObjectEvictor edge : more.object_evictors) {
    edge.victim = object_in_sum[edge.victim];
    edge.evictor = object_in_sum[edge.evictor];
    sum.object_evictors.push_back(std::move(edge));
  }
  append_renumbered(sum.object_counts, more.object_counts, object_in_sum);
  for (ObjectReferenceCounts counts : more.object_references) {
    counts.object = object_in_sum[counts.object];
    counts.reference = reference_in_sum[counts.reference];
    sum.object_references.push_back(std::move(counts));
  }
  append_renumbered(sum.line_details, more.line_details, object_in_sum);
  for (LineWriter writer : more.line_writers) {
    writer.object = object_in_sum[writer.object];
    writer.reference = reference_in_sum[writer.reference];
    sum.line_writers.push_back(writer);
  }
  append_renumbered(sum.placements, more.placements, object_in_sum);
  // A lock is the same lock in two runs at the same address, of the same kind and name; its rows add up.
  auto lock_index = index_by_key<Lock, LockKey>(sum.locks);
  std::vector<std::size_t> lock_in_sum;
  for (const Lock& lock : more.locks) lock_in_sum.push_back(index_of(sum.locks, lock_index, lock));
  for (LockThread row : more.lock_threads) {
    row.lock = lock_in_sum[row.lock];
    sum.lock_threads.push_back(row);
  }
  for (LockSection row : more.lock_sections) {
    row.lock = lock_in_sum[row.lock];
    row.object = object_in_sum[row.object];
    row.reference = reference_in_sum[row.reference];
    sum.lock_sections.push_back(row);
  }
  for (UnlockedWrite row : more.unlocked_writes) {
    row.object = object_in_sum[row.object];
    row.reference = reference_in_sum[row.reference];
    sum.unlocked_writes.push_back(row);
  }
  append_renumbered(sum.blocks, more.blocks, object_in_sum);
  // The phases: rows of one key add up where views sum them; timelines only of one unit and width.
  append_renumbered(sum.region_objects, more.region_objects, object_in_sum);
  append_renumbered(sum.barrier_objects, more.barrier_objects, object_in_sum);
  sum.barrier_lines.insert(sum.barrier_lines.end(), more.barrier_lines.begin(), more.barrier_lines.end());
  if (!more.timeline.unit.empty()) {
    if (sum.timeline.unit.empty()) {
      sum.timeline = more.timeline;
    } else if (sum.timeline.unit != more.timeline.unit || sum.timeline.width != more.timeline.width) {
      throw ProfileError(more.file_names.front(), 0,
                         "its timeline (every " + std::to_string(more.timeline.width) + " " + more.timeline.unit +
                             ") differs from the first profile's (every " + std::to_string(sum.timeline.width) +
                             " " + sum.timeline.unit + "); profiles are summed with one timeline only");
    }
    sum.timeline.intervals = std::max(sum.timeline.intervals, more.timeline.intervals);
  }
  append_renumbered(sum.timeline_objects, more.timeline_objects, object_in_sum);
  // Cache sets and working set: rows are appended; the analysis (working_set.h) sums them per key.
  sum.set_totals.insert(sum.set_totals.end(), more.set_totals.begin(), more.set_totals.end());
  sum.cache_sets.insert(sum.cache_sets.end(), more.cache_sets.begin(), more.cache_sets.end());
  append_renumbered(sum.object_sets, more.object_sets, object_in_sum);
  append_renumbered(sum.object_residents, more.object_residents, object_in_sum);
  append_renumbered(sum.site_lives, more.site_lives, object_in_sum);
  add_path_sites(sum, more, object_in_sum);
  // A field named by both runs is one field.
  for (ObjectField field : more.object_fields) {
    field.object = object_in_sum[field.object];
    auto same = std::find_if(sum.object_fields.begin(), sum.object_fields.end(), [&](const ObjectField& f) {
      return f.object == field.object && f.offset == field.offset && f.size == field.size && f.name == field.name;
    });
    if (same == sum.object_fields.end()) sum.object_fields.push_back(std::move(field));
  }
  for (LocalVariable local : more.locals) {
    local.object = object_in_sum[local.object];
    auto same = std::find_if(sum.locals.begin(), sum.locals.end(), [&](const LocalVariable& l) {
      return l.object == local.object && l.offset == local.offset && l.size == local.size && l.name == local.name &&
             l.function == local.function;
    });
    if (same == sum.locals.end()) sum.locals.push_back(std::move(local));
  }
  add_counts(sum.summary, more.summary);
}

}  // namespace ccsim::annotate
