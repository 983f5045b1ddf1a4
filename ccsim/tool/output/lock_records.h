// lock_records.h: the per-lock records of the profile (`lock:`, `lock-thread:`, `lock-section:`) and the
// unlocked shared writes (`unlocked-write:`; docs/output-format.md), written after the data-object
// records, before the summary.
#ifndef CCSIM_TOOL_LOCK_RECORDS_H
#define CCSIM_TOOL_LOCK_RECORDS_H

namespace ccsim {

class ObjectRecords;
class ProfileFile;
class ProfileNumbering;

// Before the ProfileNumbering is made: the references of the calls that first took each lock, which the
// `lock:` records locate (a call instruction that accessed no data has none yet).
void create_lock_call_references();
// Before numbering->number(): the references the records name.
void use_lock_references(ProfileNumbering* numbering);
// After numbering.number(). `objects`: null with --data-objects=no (then only `lock:` and `lock-thread:`).
void write_lock_records(ProfileFile* file, const ProfileNumbering& numbering, const ObjectRecords* objects);

}  // namespace ccsim

#endif
