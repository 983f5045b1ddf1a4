// object_records.h: the data-object records of the profile (`object:`, `object-counts:`, `object-ref:`,
// `object-transfer:`, `line-detail:`, `line-writer:`; docs/output-format.md), written before the summary.
#ifndef CCSIM_TOOL_OBJECT_RECORDS_H
#define CCSIM_TOOL_OBJECT_RECORDS_H

#include <cstdint>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/block_records.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/output/event_columns.h"

namespace ccsim {

class ProfileNumbering;
class ProfileFile;

// The objects a profile writes and their numbers. ObjectIds follow the order objects were created in
// (heap bins by first allocation, mappings by first lookup), which changes with thread scheduling; the
// profile numbers the objects it writes from 1 sorted by kind, name, address and size instead.
// Only with --data-objects=yes.
class ObjectRecords {
 public:
  // Chooses every object that had an event or appears in a line's detail, numbers them, and tells
  // `numbering` (before its number()) the references and source files their records name.
  ObjectRecords(const EventList& events, ProfileNumbering* numbering);
  ~ObjectRecords();
  ObjectRecords(const ObjectRecords&) = delete;
  ObjectRecords& operator=(const ObjectRecords&) = delete;

  // After numbering.number(): the objects, then their records, each kind sorted by its numbers.
  void write(ProfileFile* file, const ProfileNumbering& numbering) const;
  // The profile number of an object, 0 when it is not written.
  std::uint32_t number(ObjectId object) const { return numbers_[object]; }

  // A line of a global variable with line detail, and the bytes of it the threads touched, whose
  // fields (object_fields.h) the profile names.
  struct DetailedLine {
    ObjectId object;
    Addr line;
    std::uint64_t touched[kMaxMaskWords];
  };

 private:
  void write_fields(ProfileFile* file, std::uint32_t number, ObjectId object) const;

  const EventList& events_;
  std::uint32_t* numbers_;                    // by ObjectId: profile number, 0 when not written
  GrowableArray<ObjectId> in_profile_order_;  // the written objects, by profile number - 1
  GrowableArray<DetailedLine> detailed_lines_;
  BlockRecords blocks_;
};

}  // namespace ccsim

#endif
