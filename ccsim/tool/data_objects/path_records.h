// path_records.h: the object paths' records (`path-site:`, `path:`, `path-run:`; docs/output-format.md),
// written after the other data-object records.
#ifndef CCSIM_TOOL_PATH_RECORDS_H
#define CCSIM_TOOL_PATH_RECORDS_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/object_paths.h"

namespace ccsim {

class ObjectRecords;
class ProfileNumbering;
class ProfileFile;

// The followed sites the profile writes (those whose object it writes), their paths in profile order, and
// the functions their runs name. Only with --data-objects=yes.
class PathRecords {
 public:
  // Ends the lives still under way (as paths not freed), orders the paths, and tells `numbering` (before
  // its number()) the functions they name.
  PathRecords(const ObjectRecords& objects, ProfileNumbering* numbering);
  PathRecords(const PathRecords&) = delete;
  PathRecords& operator=(const PathRecords&) = delete;

  // After numbering.number().
  void write(ProfileFile* file, const ProfileNumbering& numbering) const;

  // One site: its profile object number, its totals, and its paths in profile order.
  struct SiteRow {
    std::uint32_t object;
    PathSiteTotals totals;
    std::uint32_t first_path;  // into paths_
  };

 private:
  GrowableArray<SiteRow> sites_{"ccsim.out.paths"};
  GrowableArray<const ObjectPath*> paths_{"ccsim.out.paths"};
};

}  // namespace ccsim

#endif
