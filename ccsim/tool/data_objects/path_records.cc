// path_records.cc: orders the followed sites and their paths canonically, and writes them.
#include "ccsim/tool/data_objects/path_records.h"

#include "ccsim/tool/data_objects/object_records.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_numbering.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

const char* function_text(std::uint32_t function) {
  return function == 0 ? "" : reference_names().functions.name(function);
}

// Paths by lives (most first), then freed before not, then by their runs: function name, thread, then
// the shorter first. Two runs of a deterministic program order them alike, whatever order the lives ended.
Int compare_paths(const void* a, const void* b) {
  const ObjectPath& x = **static_cast<const ObjectPath* const*>(a);
  const ObjectPath& y = **static_cast<const ObjectPath* const*>(b);
  if (x.lives != y.lives) return x.lives > y.lives ? -1 : 1;
  if (x.freed != y.freed) return x.freed ? -1 : 1;
  if (x.cut != y.cut) return x.cut ? 1 : -1;
  for (std::uint32_t i = 0; i < x.run_count && i < y.run_count; ++i) {
    const Int by_name = VG_(strcmp)(function_text(x.runs[i].function), function_text(y.runs[i].function));
    if (by_name != 0) return by_name;
    if (x.runs[i].proc != y.runs[i].proc) return x.runs[i].proc < y.runs[i].proc ? -1 : 1;
  }
  return x.run_count < y.run_count ? -1 : x.run_count > y.run_count ? 1 : 0;
}

Int compare_sites(const void* a, const void* b) {
  const std::uint32_t x = static_cast<const PathRecords::SiteRow*>(a)->object;
  const std::uint32_t y = static_cast<const PathRecords::SiteRow*>(b)->object;
  return x < y ? -1 : x > y ? 1 : 0;
}

struct Collection {
  const ObjectRecords* objects;
  GrowableArray<PathRecords::SiteRow>* sites;
};

void collect_site(void* context, const PathSiteTotals& totals) {
  Collection* c = static_cast<Collection*>(context);
  const std::uint32_t number = c->objects->number(totals.object);
  if (number != 0) c->sites->push_back(PathRecords::SiteRow{number, totals, 0});
}

}  // namespace

PathRecords::PathRecords(const ObjectRecords& objects, ProfileNumbering* numbering) {
  Collection collection{&objects, &sites_};
  for_each_path_site(collect_site, &collection);
  VG_(ssort)(sites_.data(), sites_.size(), sizeof(SiteRow), compare_sites);
  for (std::uint32_t s = 0; s < sites_.size(); ++s) {
    SiteRow& site = sites_[s];
    site.first_path = paths_.size();
    for (std::uint32_t p = 0; p < site.totals.path_count; ++p) paths_.push_back(&site.totals.paths[p]);
    VG_(ssort)(paths_.data() + site.first_path, site.totals.path_count, sizeof(const ObjectPath*), compare_paths);
    for (std::uint32_t p = site.first_path; p < paths_.size(); ++p) {
      for (std::uint32_t r = 0; r < paths_[p]->run_count; ++r) numbering->use_function(paths_[p]->runs[r].function);
    }
  }
}

void PathRecords::write(ProfileFile* file, const ProfileNumbering& numbering) const {
  for (std::uint32_t s = 0; s < sites_.size(); ++s) {
    const SiteRow& site = sites_[s];
    const PathSiteTotals& totals = site.totals;
    file->printf("path-site: %u %s %llu %llu %llu\n", site.object, totals.named ? "named" : "shared",
                 static_cast<ULong>(totals.lives_stored), static_cast<ULong>(totals.lives_unstored),
                 static_cast<ULong>(totals.lives_unfollowed));
    for (std::uint32_t p = 0; p < totals.path_count; ++p) {
      const ObjectPath& path = *paths_[site.first_path + p];
      file->printf("path: %u %u %llu %s %s %llu %llu %llu\n", site.object, p + 1, static_cast<ULong>(path.lives),
                   path.freed ? "freed" : "live", path.cut ? "cut" : "whole", static_cast<ULong>(path.lifetime_sum),
                   static_cast<ULong>(path.lifetime_min), static_cast<ULong>(path.lifetime_max));
      for (std::uint32_t r = 0; r < path.run_count; ++r) {
        const PathRun& run = path.runs[r];
        const bool changed = r > 0 && path.runs[r - 1].proc != run.proc;
        const bool touched = run.first_offset <= run.last_offset;
        file->printf("path-run: %u %u %u %u %u %s %llu %llu %llu ", site.object, p + 1, r + 1,
                     numbering.function_number(run.function), run.proc + 1, changed ? "changed" : "same",
                     static_cast<ULong>(run.reads), static_cast<ULong>(run.writes), static_cast<ULong>(run.bytes));
        if (touched) {
          file->printf("%llu-%llu", static_cast<ULong>(run.first_offset), static_cast<ULong>(run.last_offset));
        } else {
          file->printf("-");
        }
        file->printf(" %llu %llu %llu %llu\n", static_cast<ULong>(run.own_l2), static_cast<ULong>(run.llc),
                     static_cast<ULong>(run.transfer), static_cast<ULong>(run.memory));
      }
    }
  }
}

}  // namespace ccsim
