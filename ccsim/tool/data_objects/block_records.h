// block_records.h: the profile's `block:` records (docs/output-format.md): the block histograms
// (object_blocks.h) of the heaviest objects and of those --block-objects names.
#ifndef CCSIM_TOOL_BLOCK_RECORDS_H
#define CCSIM_TOOL_BLOCK_RECORDS_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/data_objects/object_blocks.h"

namespace ccsim {

class ProfileFile;

class BlockRecords {
 public:
  BlockRecords();
  // Chooses the objects whose blocks are written, once objects' names are final: the --block-histograms
  // objects with the most invalidations received, ties broken by L1 misses, then by name; and every
  // object --block-objects names. Only objects with a block entry count. Nothing when block histograms
  // are off.
  void choose();
  BlockRecords(const BlockRecords&) = delete;
  BlockRecords& operator=(const BlockRecords&) = delete;

  // `block:` records, sorted by object (its profile number in `numbers`, by ObjectId), bucket and thread.
  void write(ProfileFile* file, const std::uint32_t* numbers) const;

  // One record, its counts copied out of the tables.
  struct Row {
    ObjectId object;
    std::uint32_t bucket;
    std::int64_t offset;
    std::uint32_t lines;
    ProcId proc;
    std::uint64_t counts[kBlockEvents];
  };

 private:
  GrowableArray<Row> rows_;
};

}  // namespace ccsim

#endif
