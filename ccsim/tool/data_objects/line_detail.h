// line_detail.h: for the --line-detail=N cache lines with the most invalidations, and the 4 most
// invalidated lines of each of the N objects whose stores caused the most, which bytes each thread
// touched and wrote there, split by the objects the line holds, and whose stores caused the
// invalidations: what a padding or splitting fix needs to know (`line-detail:` and `line-writer:`).
//
// The bytes come from the invalidation notices: the victim's touched and written masks, and the range
// the writer stored. A byte read and also written shows as written only: the masks do not say whether a
// written byte was read first. Bytes are split by the object and extent holding them when the notice
// came, so memory freed and reused is described by the object of each time, and by one life of a heap
// block reused at the same address (line_detail.cc, LineExtent).
//
// Every invalidated line is counted (one hash entry per line, as the directory keeps one per line
// touched); the bytes are kept per (line, object extent, thread) in flat arrays, four masks each.
#ifndef CCSIM_TOOL_LINE_DETAIL_H
#define CCSIM_TOOL_LINE_DETAIL_H

#include <cstdint>

#include "ccsim/core/observer.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// `hottest_lines` is --line-detail; 0 keeps nothing.
void init_line_detail(std::uint32_t line_bytes, std::uint32_t hottest_lines);
void record_line_invalidation(const InvalidationNotice& notice);
void zero_line_detail();

// The bytes one thread touched in one line, within one extent of one object. The masks have a bit per byte of the
// line (byte_mask.h); `touched` includes `written`.
struct LineBytes {
  Addr line_address;
  ObjectId object;
  Addr object_base;  // start of the object's extent (block, variable, range) holding these bytes
  ProcId proc;
  const std::uint64_t* touched;
  const std::uint64_t* written;
};

// Stores by `ref` on `proc`, to bytes of `object` in the line, removed `invalidations` copies.
struct LineWriter {
  Addr line_address;
  ObjectId object;
  ProcId proc;
  RefId ref;
  std::uint64_t invalidations;
};

using LineBytesVisitor = void (*)(void* context, const LineBytes& bytes);
using LineWriterVisitor = void (*)(void* context, const LineWriter& writer);

// The described lines' bytes and writers, hottest line first (ties: lower address first); within a line
// by object, extent start, thread and reference. A thread that used an extent only in a life not shown
// has no bytes record there.
void for_each_hot_line(LineBytesVisitor visit_bytes, LineWriterVisitor visit_writer, void* context);

}  // namespace ccsim

#endif
