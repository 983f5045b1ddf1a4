// cache_sets.h: the cache sets and working set of the profile's `set-totals:`, `set:`, `object-set:`,
// `object-resident:` and `site-live:` records (--working-set=yes; docs/model.md, "Cache sets and the
// working set"): per level, its worst sets, the hot ones flagged (DProf's test), with the objects mapped
// there; per object, its set histogram and, when its lines crowd a few sets, a finding and advice.
//
// The misses that make a set hot are its conflict misses when the run classified misses
// (--miss-classes=yes), else its replacement misses (of which conflict misses are a part).
#ifndef CCSIM_ANNOTATE_CACHE_SETS_H
#define CCSIM_ANNOTATE_CACHE_SETS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The misses that rank sets: conflict with miss classes, else replacement.
std::uint64_t ranking_misses(const Profile& profile, const SetCounts& counts);
// "conflict misses" or "replacement misses", as ranking_misses() counts.
std::string ranking_misses_name(const Profile& profile);

// An object's lines and misses in one set (or bucket of sets).
struct SetObject {
  std::size_t object = 0;
  SetCounts counts;
};

// One of a level's written sets.
struct SetRow {
  std::uint64_t set = 0;
  SetCounts counts;
  // DProf's test: more distinct lines than the set has ways, and over twice the level's average misses.
  bool hot = false;
  std::vector<SetObject> objects;  // objects with set histograms that have lines there, the most lines first
};

struct LevelSets {
  std::string level;
  std::uint64_t sets = 0;
  std::uint64_t associativity = 0;
  SetCounts total;                // of every set (set-totals:)
  double average_misses = 0;      // ranking misses per set
  std::vector<SetRow> rows;       // the written sets, the most ranking misses first, then by set
  std::size_t hot_sets = 0;
};

// Every level with set-totals:, L1 first.
std::vector<LevelSets> level_sets(const Profile& profile);

// One object's histogram at one level.
struct ObjectSetHistogram {
  std::size_t object = 0;
  std::string level;
  std::uint64_t level_sets = 0;
  std::uint64_t associativity = 0;
  std::vector<ObjectSet> buckets;  // by first set, one per record (summed over merged profiles)
  SetCounts total;
  std::uint64_t used_sets = 0;     // sets with a line of the object (a bucket counts its width)
  // Its lines crowd a few sets: it uses under half the sets its lines would fill if contiguous, has more
  // lines than those sets hold, and has ranking misses there.
  bool crowded = false;
  std::string finding;  // when crowded: what happens, in one sentence
  std::string advice;   // when crowded: what to do
};

// Every object with object-set: records, per level (L1, L2, LLC), the most ranking misses first.
std::vector<ObjectSetHistogram> object_set_histograms(const Profile& profile);

// "1/32": the share of `used` sets among `sets`, as a fraction when it divides evenly, else a percentage;
// "all" for all of them.
std::string set_share(std::uint64_t used, std::uint64_t sets);

}  // namespace ccsim::annotate

#endif
