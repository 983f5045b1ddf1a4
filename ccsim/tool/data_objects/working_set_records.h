// working_set_records.h: the profile's cache-set and working-set records (docs/output-format.md,
// "Cache sets and working set"), with --working-set=yes: `set-totals:` and `set:` per level (cache_sets.h),
// `object-set:` for the --set-histograms objects, `object-resident:` (resident_lines.h) and `site-live:`
// (site_live.h).
#ifndef CCSIM_TOOL_WORKING_SET_RECORDS_H
#define CCSIM_TOOL_WORKING_SET_RECORDS_H

#include <cstdint>

namespace ccsim {

class ProfileFile;

// The sets with the most conflict (then replacement) misses written per level, at most.
constexpr std::uint32_t kMaxSetRecords = 256;
// An object's `object-set:` records per level, at most: past that many sets, consecutive sets are summed
// in buckets of a power of two of them.
constexpr std::uint32_t kMaxObjectSetRecords = 256;

// `numbers`: the objects' profile numbers by ObjectId, 0 for an object not written (its records are not
// either). Nothing without --working-set=yes.
void write_working_set_records(ProfileFile* file, const std::uint32_t* numbers);

}  // namespace ccsim

#endif
