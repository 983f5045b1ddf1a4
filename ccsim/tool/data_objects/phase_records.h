// phase_records.h: the profile's records of the phases (docs/output-format.md): `region-object:` (the
// objects of each of the first regions), `barrier-object:` and `barrier-line:` (every region summed by
// the barrier that closed it, per object and per `line-detail:` line; region_phases.h), and with
// --timeline `timeline:` and `timeline-object:` (object_timeline.h).
#ifndef CCSIM_TOOL_PHASE_RECORDS_H
#define CCSIM_TOOL_PHASE_RECORDS_H

#include <cstdint>

namespace ccsim {

class ProfileFile;
class ProfileNumbering;

// After the objects' other records: `numbers` gives each ObjectId's profile number (0: not written).
// The barriers the records name are those of the `region:` records, already numbered.
void write_phase_records(ProfileFile* file, const std::uint32_t* numbers, const ProfileNumbering& numbering);

}  // namespace ccsim

#endif
