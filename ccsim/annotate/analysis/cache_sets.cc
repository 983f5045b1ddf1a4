// cache_sets.cc: levels' hot sets and objects' set histograms (cache_sets.h).
#include "ccsim/annotate/analysis/cache_sets.h"

#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

const char* const kLevels[] = {"L1", "L2", "LLC"};

const CacheLevel* cache_level(const Profile& profile, const std::string& name) {
  for (const CacheLevel& level : profile.header.caches) {
    if (level.name == name && level.present) return &level;
  }
  return nullptr;
}

std::uint64_t sets_of(const CacheLevel& level) { return level.size / (level.associativity * level.line_size); }

void add(SetCounts& sum, const SetCounts& more) {
  sum.lines += more.lines;
  sum.replacement += more.replacement;
  sum.conflict += more.conflict;
}

// The object's buckets at `level`, rows of merged profiles with the same bucket summed, by first set.
std::map<std::size_t, std::map<std::uint64_t, ObjectSet>> buckets_at(const Profile& profile, const std::string& level) {
  std::map<std::size_t, std::map<std::uint64_t, ObjectSet>> objects;
  for (const ObjectSet& row : profile.object_sets) {
    if (row.level != level) continue;
    auto [at, added] = objects[row.object].emplace(row.first_set, row);
    if (!added) add(at->second.counts, row.counts);
  }
  return objects;
}

void describe_crowding(const Profile& profile, ObjectSetHistogram& histogram) {
  const std::uint64_t misses = ranking_misses(profile, histogram.total);
  const std::uint64_t spread = std::min(histogram.total.lines, histogram.level_sets);
  histogram.crowded = misses > 0 && 2 * histogram.used_sets < spread &&
                      histogram.total.lines > histogram.used_sets * histogram.associativity;
  if (!histogram.crowded) return;
  const std::uint64_t line_size = profile.header.line_size;
  const std::uint64_t period = histogram.level_sets * line_size;
  const std::string name = object_name(profile.objects[histogram.object]);
  histogram.finding = name + ": its " + with_commas(histogram.total.lines) + " lines fall in " +
                      with_commas(histogram.used_sets) + " of " + histogram.level + "'s " +
                      with_commas(histogram.level_sets) + " sets (" + set_share(histogram.used_sets, histogram.level_sets) +
                      "), which hold " + std::to_string(histogram.associativity) + " lines each: " + with_commas(misses) +
                      " " + ranking_misses_name(profile) + " there";
  histogram.advice = "pad the stride or change the leading dimension: lines " + with_commas(period) +
                     " bytes apart (a multiple of " + histogram.level + "'s sets x " + std::to_string(line_size) +
                     " B) share a set; make the distance between the rows it walks not a multiple of " +
                     with_commas(period) + " bytes, e.g. one line (" + std::to_string(line_size) + " B) longer";
}

}  // namespace

std::uint64_t ranking_misses(const Profile& profile, const SetCounts& counts) {
  return profile.header.miss_classes ? counts.conflict : counts.replacement;
}

std::string ranking_misses_name(const Profile& profile) {
  return profile.header.miss_classes ? "conflict misses" : "replacement misses";
}

std::string set_share(std::uint64_t used, std::uint64_t sets) {
  if (used == sets) return "all";
  if (used != 0 && sets % used == 0) return "1/" + std::to_string(sets / used);
  return percent(static_cast<double>(used), static_cast<double>(sets));
}

std::vector<LevelSets> level_sets(const Profile& profile) {
  std::vector<LevelSets> levels;
  for (const char* name : kLevels) {
    const CacheLevel* cache = cache_level(profile, name);
    if (cache == nullptr) continue;
    LevelSets level;
    level.level = name;
    level.sets = sets_of(*cache);
    level.associativity = cache->associativity;
    bool written = false;
    for (const LevelSetTotals& totals : profile.set_totals) {
      if (totals.level != name) continue;
      add(level.total, totals.counts);
      written = true;
    }
    if (!written) continue;
    level.average_misses = static_cast<double>(ranking_misses(profile, level.total)) / static_cast<double>(level.sets);
    std::map<std::uint64_t, SetRow> rows;
    for (const CacheSet& set : profile.cache_sets) {
      if (set.level != name) continue;
      SetRow& row = rows[set.set];
      row.set = set.set;
      add(row.counts, set.counts);
    }
    const auto objects = buckets_at(profile, name);
    for (auto& [number, row] : rows) {
      row.hot = row.counts.lines > level.associativity &&
                static_cast<double>(ranking_misses(profile, row.counts)) > 2 * level.average_misses;
      level.hot_sets += row.hot;
      for (const auto& [object, buckets] : objects) {
        for (const auto& [first, bucket] : buckets) {
          if (number >= first && number < first + bucket.sets && bucket.counts.lines > 0) {
            row.objects.push_back(SetObject{object, bucket.counts});
          }
        }
      }
      std::stable_sort(row.objects.begin(), row.objects.end(),
                       [](const SetObject& a, const SetObject& b) { return a.counts.lines > b.counts.lines; });
      level.rows.push_back(row);
    }
    std::stable_sort(level.rows.begin(), level.rows.end(), [&](const SetRow& a, const SetRow& b) {
      return ranking_misses(profile, a.counts) > ranking_misses(profile, b.counts);
    });
    levels.push_back(std::move(level));
  }
  return levels;
}

std::vector<ObjectSetHistogram> object_set_histograms(const Profile& profile) {
  std::vector<ObjectSetHistogram> histograms;
  for (const char* name : kLevels) {
    const CacheLevel* cache = cache_level(profile, name);
    if (cache == nullptr) continue;
    std::vector<ObjectSetHistogram> level;
    for (const auto& [object, buckets] : buckets_at(profile, name)) {
      ObjectSetHistogram histogram;
      histogram.object = object;
      histogram.level = name;
      histogram.level_sets = sets_of(*cache);
      histogram.associativity = cache->associativity;
      for (const auto& [first, bucket] : buckets) {
        histogram.buckets.push_back(bucket);
        add(histogram.total, bucket.counts);
        if (bucket.counts.lines > 0) histogram.used_sets += bucket.sets;
      }
      describe_crowding(profile, histogram);
      level.push_back(std::move(histogram));
    }
    std::stable_sort(level.begin(), level.end(), [&](const ObjectSetHistogram& a, const ObjectSetHistogram& b) {
      return ranking_misses(profile, a.total) > ranking_misses(profile, b.total);
    });
    histograms.insert(histograms.end(), level.begin(), level.end());
  }
  return histograms;
}

}  // namespace ccsim::annotate
