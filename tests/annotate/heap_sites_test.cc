// heap_sites_test.cc: merging the heap objects of one allocation site (analysis/heap_sites.h), which every
// load does unless --heap-paths=separate: every record that names an object must follow, since merging
// moves the objects after a merged one down.
#include "ccsim/annotate/analysis/heap_sites.h"

#include <gtest/gtest.h>

namespace ccsim::annotate {
namespace {

// Objects 0 `before` (global), 1 and 2 two blocks of the site a.c:10 reached from two callers, 3 `after`
// (global). Merged: 0 before, 1 the site, 2 after (old 3).
Profile two_paths_to_one_site() {
  Profile profile;
  profile.objects = {{"global", 0x1000, 8, "", "before"},
                     {"heap", 0, 64, "", "a.c:10 f <- a.c:20 main"},
                     {"heap", 0, 64, "", "a.c:10 f <- a.c:30 g"},
                     {"global", 0x2000, 8, "", "after"}};
  return profile;
}

TEST(HeapSitesTest, EveryRecordNamingAnObjectFollowsTheMerge) {
  Profile profile = two_paths_to_one_site();
  // Each kind of record: one naming the second block (old 2: the site, new 1), one naming `after` (old 3,
  // new 2).
  for (std::size_t object : {2u, 3u}) {
    profile.placements.push_back({});
    profile.placements.back().object = object;
    profile.lock_sections.push_back({});
    profile.lock_sections.back().object = object;
    profile.unlocked_writes.push_back({});
    profile.unlocked_writes.back().object = object;
    profile.blocks.push_back({});
    profile.blocks.back().object = object;
    profile.object_sets.push_back({});
    profile.object_sets.back().object = object;
    profile.object_residents.push_back({});
    profile.object_residents.back().object = object;
    profile.site_lives.push_back({});
    profile.site_lives.back().object = object;
    profile.path_sites.push_back({});
    profile.path_sites.back().object = object;
    profile.locals.push_back({});
    profile.locals.back().object = object;
  }
  merge_heap_sites(profile);
  ASSERT_EQ(profile.objects.size(), 3u);
  EXPECT_EQ(profile.objects[2].name, "after");
  for (std::size_t i = 0; i < 2; ++i) {
    const std::size_t expected = i == 0 ? 1 : 2;
    SCOPED_TRACE(i == 0 ? "the site's second block" : "after");
    EXPECT_EQ(profile.placements[i].object, expected);
    EXPECT_EQ(profile.lock_sections[i].object, expected);
    EXPECT_EQ(profile.unlocked_writes[i].object, expected);
    EXPECT_EQ(profile.blocks[i].object, expected);
    EXPECT_EQ(profile.object_sets[i].object, expected);
    EXPECT_EQ(profile.object_residents[i].object, expected);
    EXPECT_EQ(profile.site_lives[i].object, expected);
    EXPECT_EQ(profile.path_sites[i].object, expected);
    EXPECT_EQ(profile.locals[i].object, expected);
  }
}

// The two blocks' fields are the site's: one copy of each after the merge; `after`'s field moves with it.
TEST(HeapSitesTest, FieldsOfTheSiteAreKeptOnce) {
  Profile profile = two_paths_to_one_site();
  profile.object_fields = {{1, 0, 8, "x"}, {2, 0, 8, "x"}, {2, 8, 8, "y"}, {3, 0, 8, "after"}};
  merge_heap_sites(profile);
  ASSERT_EQ(profile.object_fields.size(), 3u);
  EXPECT_EQ(profile.object_fields[0].object, 1u);
  EXPECT_EQ(profile.object_fields[0].name, "x");
  EXPECT_EQ(profile.object_fields[1].object, 1u);
  EXPECT_EQ(profile.object_fields[1].name, "y");
  EXPECT_EQ(profile.object_fields[2].object, 2u);
  EXPECT_EQ(profile.object_fields[2].name, "after");
}

}  // namespace
}  // namespace ccsim::annotate
