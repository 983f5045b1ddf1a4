// object_records.cc: data objects, their counts and the hottest lines' detail as profile records.
#include "ccsim/tool/object_records.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects.h"
#include "ccsim/tool/line_detail.h"
#include "ccsim/tool/object_statistics.h"
#include "ccsim/tool/options.h"

namespace ccsim {
namespace {

// What the writers share: the file, the columns, and the profile number of each object (0: not written),
// indexed by ObjectId.
struct RecordWriter {
  VgFile* file;
  const EventList* events;
  std::uint32_t* numbers;
};

void mark_counted(void* context, ObjectId object, ProcId, const std::uint64_t* counts) {
  RecordWriter* w = static_cast<RecordWriter*>(context);
  if (any_reported(*w->events, counts)) w->numbers[object] = 1;
}

void mark_cell(void* context, ObjectId object, RefId, ProcId proc, const std::uint64_t* counts) {
  mark_counted(context, object, proc, counts);
}

void mark_line_bytes(void* context, const LineBytes& bytes) {
  static_cast<RecordWriter*>(context)->numbers[bytes.object] = 1;
}

void mark_line_writer(void* context, const LineWriter& writer) {
  static_cast<RecordWriter*>(context)->numbers[writer.object] = 1;
}

void write_object_counts(void* context, ObjectId object, ProcId proc, const std::uint64_t* counts) {
  RecordWriter* w = static_cast<RecordWriter*>(context);
  if (!any_reported(*w->events, counts)) return;
  VG_(fprintf)(w->file, "object-counts: %u %u", w->numbers[object], proc + 1);
  write_counts(w->file, *w->events, counts, false);
}

void write_object_reference(void* context, ObjectId object, RefId ref, ProcId proc, const std::uint64_t* counts) {
  RecordWriter* w = static_cast<RecordWriter*>(context);
  if (!any_reported(*w->events, counts)) return;
  VG_(fprintf)(w->file, "object-ref: %u %u %u", w->numbers[object], ref, proc + 1);
  write_counts(w->file, *w->events, counts, false);
}

// " 0-7,16-23": the runs of set bytes of a line's mask as inclusive offsets, or " -" when none.
void write_byte_ranges(VgFile* file, const std::uint64_t* mask) {
  const std::uint32_t line_bytes = options.machine.l1.line_bytes;
  auto set = [&](std::uint32_t byte) { return byte < line_bytes && ((mask[byte / 64] >> (byte % 64)) & 1) != 0; };
  const char* separator = " ";
  for (std::uint32_t first = 0; first < line_bytes; ++first) {
    if (!set(first)) continue;
    std::uint32_t last = first;
    while (set(last + 1)) ++last;
    VG_(fprintf)(file, "%s%u-%u", separator, first, last);
    separator = ",";
    first = last;
  }
  if (separator[0] == ' ') VG_(fprintf)(file, " -");
}

// R: bytes touched but not written (read only); W: bytes written (perhaps read too: the masks cannot say).
void write_line_bytes(void* context, const LineBytes& bytes) {
  RecordWriter* w = static_cast<RecordWriter*>(context);
  std::uint64_t read_only[kMaxMaskWords] = {};
  for (std::uint32_t word = 0; word < mask_words_for(options.machine.l1.line_bytes); ++word) {
    read_only[word] = bytes.touched[word] & ~bytes.written[word];
  }
  VG_(fprintf)(w->file, "line-detail: %u 0x%lx %lld %u R", w->numbers[bytes.object], bytes.line_address,
               static_cast<Long>(bytes.line_address - bytes.object_base), bytes.proc + 1);
  write_byte_ranges(w->file, read_only);
  VG_(fprintf)(w->file, " W");
  write_byte_ranges(w->file, bytes.written);
  VG_(fprintf)(w->file, "\n");
}

void write_line_writer(void* context, const LineWriter& writer) {
  RecordWriter* w = static_cast<RecordWriter*>(context);
  VG_(fprintf)(w->file, "line-writer: %u 0x%lx %u %u %llu\n", w->numbers[writer.object], writer.line_address,
               writer.proc + 1, writer.ref, static_cast<ULong>(writer.invalidations));
}

}  // namespace

void write_object_records(VgFile* file, const EventList& events) {
  RecordWriter w{file, &events, allocate_zeroed_array<std::uint32_t>("ccsim.out.objects", object_count())};
  for_each_object_counts(mark_counted, &w);
  for_each_object_reference(mark_cell, &w);
  for_each_hot_line(mark_line_bytes, mark_line_writer, &w);

  std::uint32_t next = 1;
  for (ObjectId id = 0; id < object_count(); ++id) {
    if (w.numbers[id] == 0) continue;
    w.numbers[id] = next++;
    const DataObject& object = data_object(id);
    VG_(fprintf)(file, "object: %u %s 0x%lx %llu %u %s\n", w.numbers[id], object_kind_name(object.kind),
                 object.address, static_cast<ULong>(object.size), object.file, object.name);
  }
  for_each_object_counts(write_object_counts, &w);
  for_each_object_reference(write_object_reference, &w);
  for_each_hot_line(write_line_bytes, write_line_writer, &w);
  release(w.numbers);
}

}  // namespace ccsim
