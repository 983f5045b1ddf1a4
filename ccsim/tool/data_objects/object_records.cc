// object_records.cc: data objects, their counts, the hottest lines' detail and the heaviest objects'
// blocks as profile records.
#include "ccsim/tool/data_objects/object_records.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/line_detail.h"
#include "ccsim/tool/data_objects/mapping_objects.h"
#include "ccsim/tool/data_objects/object_fields.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/data_objects/phase_records.h"
#include "ccsim/tool/data_objects/placement_watch.h"
#include "ccsim/tool/data_objects/stack_variables.h"
#include "ccsim/tool/data_objects/working_set_records.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/event_columns.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_numbering.h"
#include "ccsim/tool/output/sorted_rows.h"

namespace ccsim {
namespace {

// What the visitors that choose the written objects share: the columns, the choice so far (by ObjectId,
// 1 = written), and the numbering that learns which references the records name.
struct ObjectChoice {
  const EventList* events;
  std::uint32_t* chosen;
  ProfileNumbering* numbering;
  GrowableArray<ObjectRecords::DetailedLine>* detailed_lines;  // of globals, as visited (one per record)
};

void choose_counted(void* context, ObjectId object, ProcId, const std::uint64_t* counts) {
  ObjectChoice* c = static_cast<ObjectChoice*>(context);
  if (any_reported(*c->events, counts)) c->chosen[object] = 1;
}

void choose_cell(void* context, ObjectId object, RefId ref, ProcId, const std::uint64_t* counts) {
  ObjectChoice* c = static_cast<ObjectChoice*>(context);
  if (!any_reported(*c->events, counts)) return;
  c->chosen[object] = 1;
  c->numbering->use_reference(ref);
}

void choose_line_bytes(void* context, const LineBytes& bytes) {
  ObjectChoice* c = static_cast<ObjectChoice*>(context);
  c->chosen[bytes.object] = 1;
  const ObjectKind kind = data_object(bytes.object).kind;
  if (kind != ObjectKind::Global && kind != ObjectKind::Stack) return;
  // The records of one line and object come one after another (for_each_hot_line()).
  GrowableArray<ObjectRecords::DetailedLine>& lines = *c->detailed_lines;
  if (lines.size() == 0 || lines[lines.size() - 1].object != bytes.object ||
      lines[lines.size() - 1].line != bytes.line_address) {
    lines.push_back(ObjectRecords::DetailedLine{bytes.object, bytes.line_address, {}});
  }
  mask_or(lines[lines.size() - 1].touched, bytes.touched, mask_words_for(options.machine.l1.line_bytes));
}

void choose_line_writer(void* context, const LineWriter& writer) {
  ObjectChoice* c = static_cast<ObjectChoice*>(context);
  c->chosen[writer.object] = 1;
  c->numbering->use_reference(writer.ref);
}

// Whether any layout of a group of watched blocks saw an invalidation: a block whose sharing is zero at
// every offset says nothing.
bool any_predicted(const PlacementTotals& totals) {
  for (std::uint32_t i = 0; i < totals.layout_count; ++i) {
    if (totals.counts[i].true_sharing + totals.counts[i].false_sharing != 0) return true;
  }
  return false;
}

void choose_placement(void* context, const PlacementTotals& totals) {
  if (any_predicted(totals)) static_cast<ObjectChoice*>(context)->chosen[totals.object] = 1;
}

template <class T>
Int three_way(T x, T y) {
  return x < y ? -1 : (y < x ? 1 : 0);
}

// By kind, name, address and size: what the `object:` record shows. The name comes before the address
// so that a heap bin whose one block moved (the allocator's order changed) keeps its place.
// Limit: objects alike in all of these (two heap bins whose call stacks print the same) keep the order
// they were created in, which may change between runs.
Int compare_objects(const void* a, const void* b) {
  const ObjectId x = *static_cast<const ObjectId*>(a);
  const ObjectId y = *static_cast<const ObjectId*>(b);
  const DataObject& p = data_object(x);
  const DataObject& q = data_object(y);
  if (p.kind != q.kind) return three_way(p.kind, q.kind);
  const Int by_name = VG_(strcmp)(p.name, q.name);
  if (by_name != 0) return by_name;
  if (p.address != q.address) return three_way(p.address, q.address);
  if (p.size != q.size) return three_way(p.size, q.size);
  return three_way(x, y);
}

// `object-counts: <object> <thread>` rows. A row keeps the statistics' own counters (they stay where
// they are until the next access; object_statistics.h), not a copy of kNumEvents counters.
struct ObjectCountsRows {
  const EventList* events;
  const std::uint32_t* numbers;  // by ObjectId
  SortedRows<2, const std::uint64_t*> rows{"ccsim.out.object_counts"};
};

void collect_object_counts(void* context, ObjectId object, ProcId proc, const std::uint64_t* counts) {
  ObjectCountsRows* r = static_cast<ObjectCountsRows*>(context);
  if (any_reported(*r->events, counts)) r->rows.add({r->numbers[object], proc + 1}, counts);
}

// `object-ref: <object> <ref> <thread>` rows.
struct ObjectReferenceRows {
  const EventList* events;
  const std::uint32_t* numbers;  // by ObjectId
  const ProfileNumbering* numbering;
  SortedRows<3, const std::uint64_t*> rows{"ccsim.out.object_refs"};  // as ObjectCountsRows
};

void collect_object_reference(void* context, ObjectId object, RefId ref, ProcId proc, const std::uint64_t* counts) {
  ObjectReferenceRows* r = static_cast<ObjectReferenceRows*>(context);
  if (!any_reported(*r->events, counts)) return;
  r->rows.add({r->numbers[object], r->numbering->reference_number(ref), proc + 1}, counts);
}

// `object-transfer: <object> <from-thread> <to-thread>` rows. Every object with a transfer has the
// served_by_transfer_* count of it, so it is numbered.
struct ObjectTransferRows {
  const std::uint32_t* numbers;  // by ObjectId
  SortedRows<3, ObjectTransferCounts> rows{"ccsim.out.object_transfers"};
};

void collect_object_transfer(void* context, ObjectId object, ProcId from, ProcId to,
                             const ObjectTransferCounts& counts) {
  ObjectTransferRows* r = static_cast<ObjectTransferRows*>(context);
  r->rows.add({r->numbers[object], from + 1, to + 1}, counts);
}

// `object-evictor: <victim-object> <victim-thread> <evictor-object> <evictor-thread> <level>` rows. The
// victim has the eviction in its <L>_evictions and the evictor the miss that evicted, so both are numbered
// (a row naming an object left unnumbered, which cannot happen, would be dropped).
struct ObjectEvictionRows {
  const std::uint32_t* numbers;  // by ObjectId
  SortedRows<5, std::uint64_t> rows{"ccsim.out.object_evictions"};
};

void collect_object_eviction(void* context, ObjectId victim, ProcId victim_proc, ObjectId evictor, ProcId evictor_proc,
                             Level level, std::uint64_t count) {
  ObjectEvictionRows* r = static_cast<ObjectEvictionRows*>(context);
  if (r->numbers[victim] == 0 || r->numbers[evictor] == 0) return;
  r->rows.add({r->numbers[victim], victim_proc + 1, r->numbers[evictor], evictor_proc + 1,
               static_cast<std::uint32_t>(level)},
              count);
}

// Numbers the hot lines 1, 2, ... in the order for_each_hot_line() visits them (hottest first), so that
// sorting by it first keeps that order and only sorts the records within each line.
struct HotLineOrdinals {
  Addr last_line = ~Addr(0);  // never a line's address: those are aligned
  std::uint32_t ordinal = 0;
  std::uint32_t of(Addr line) {
    if (line != last_line) {
      last_line = line;
      ++ordinal;
    }
    return ordinal;
  }
};

// A `line-detail:` record's bytes, copied out of the visitor. R: bytes touched but not written (read
// only); W: bytes written (perhaps read too: the masks cannot say).
struct LineBytesRow {
  Addr line_address;
  Addr object_base;
  std::uint64_t read_only[kMaxMaskWords];
  std::uint64_t written[kMaxMaskWords];
};

// Numbers the extents of one object in one line 1, 2, ... in the order for_each_hot_line() visits them
// (by start address): two blocks of one heap bin may share a line.
struct ExtentOrdinals {
  Addr last_line = ~Addr(0);
  ObjectId last_object = 0;
  Addr last_base = 0;
  std::uint32_t ordinal = 0;
  std::uint32_t of(Addr line, ObjectId object, Addr base) {
    if (line != last_line || object != last_object) {
      last_line = line;
      last_object = object;
      ordinal = 0;
    } else if (base == last_base) {
      return ordinal;
    }
    last_base = base;
    return ++ordinal;
  }
};

// `placement: <object> <block offset>` rows, one per layout each.
struct PlacementRows {
  const std::uint32_t* numbers;  // by ObjectId
  SortedRows<2, PlacementTotals> rows{"ccsim.out.placement"};
};

void collect_placement(void* context, const PlacementTotals& totals) {
  PlacementRows* r = static_cast<PlacementRows*>(context);
  if (any_predicted(totals)) r->rows.add({r->numbers[totals.object], totals.block_offset}, totals);
}

// `line-detail: <object> ... <thread>` rows keyed (line, object, extent, thread) and `line-writer:
// <object> ... <thread> <ref>` rows keyed (line, object, thread, ref).
struct HotLineRows {
  const std::uint32_t* numbers;  // by ObjectId
  const ProfileNumbering* numbering;
  HotLineOrdinals byte_lines;
  HotLineOrdinals writer_lines;
  ExtentOrdinals extents;
  SortedRows<4, LineBytesRow> bytes{"ccsim.out.line_detail"};
  SortedRows<4, LineWriter> writers{"ccsim.out.line_writers"};
};

void collect_line_bytes(void* context, const LineBytes& bytes) {
  HotLineRows* r = static_cast<HotLineRows*>(context);
  LineBytesRow row{bytes.line_address, bytes.object_base, {}, {}};
  for (std::uint32_t word = 0; word < mask_words_for(options.machine.l1.line_bytes); ++word) {
    row.read_only[word] = bytes.touched[word] & ~bytes.written[word];
    row.written[word] = bytes.written[word];
  }
  r->bytes.add({r->byte_lines.of(bytes.line_address), r->numbers[bytes.object],
                r->extents.of(bytes.line_address, bytes.object, bytes.object_base), bytes.proc + 1},
               row);
}

void collect_line_writer(void* context, const LineWriter& writer) {
  HotLineRows* r = static_cast<HotLineRows*>(context);
  r->writers.add({r->writer_lines.of(writer.line_address), r->numbers[writer.object], writer.proc + 1,
                  r->numbering->reference_number(writer.ref)},
                 writer);
}

// " 0-7,16-23": the runs of set bytes of a line's mask as inclusive offsets, or " -" when none.
void write_byte_ranges(ProfileFile* file, const std::uint64_t* mask) {
  const std::uint32_t line_bytes = options.machine.l1.line_bytes;
  auto set = [&](std::uint32_t byte) { return byte < line_bytes && ((mask[byte / 64] >> (byte % 64)) & 1) != 0; };
  const char* separator = " ";
  for (std::uint32_t first = 0; first < line_bytes; ++first) {
    if (!set(first)) continue;
    std::uint32_t last = first;
    while (set(last + 1)) ++last;
    file->printf("%s%u-%u", separator, first, last);
    separator = ",";
    first = last;
  }
  if (separator[0] == ' ') file->printf(" -");
}

// The fields of one object: offset in the object, size, name (copied).
struct FieldRow {
  std::uint64_t offset;
  std::uint64_t size;
  HChar* name;
};

Int by_offset_then_name(const void* a, const void* b) {
  const FieldRow& x = *static_cast<const FieldRow*>(a);
  const FieldRow& y = *static_cast<const FieldRow*>(b);
  if (x.offset != y.offset) return x.offset < y.offset ? -1 : 1;
  return VG_(strcmp)(x.name, y.name);
}

struct FieldCollection {
  Addr object_start;
  GrowableArray<FieldRow>* rows;
};

void collect_field(void* context, const ObjectField& field) {
  FieldCollection* c = static_cast<FieldCollection*>(context);
  c->rows->push_back(FieldRow{field.start - c->object_start, field.size, VG_(strdup)("ccsim.out.field", field.name)});
}

// The fields and local variables of a stack (stack_variables.h), their offsets counted from their extent's
// start as the line-detail records' are.
struct StackCollection {
  GrowableArray<FieldRow>* fields;
  GrowableArray<FieldRow>* locals;  // `name` is "<variable> <function>"
};

void collect_stack_field(void* context, const StackField& field) {
  StackCollection* c = static_cast<StackCollection*>(context);
  c->fields->push_back(FieldRow{field.start - field.base, field.size, VG_(strdup)("ccsim.out.field", field.name)});
}

void collect_stack_variable(void* context, const StackVariable& variable) {
  StackCollection* c = static_cast<StackCollection*>(context);
  HChar* text = static_cast<HChar*>(
      VG_(malloc)("ccsim.out.local", VG_(strlen)(variable.name) + VG_(strlen)(variable.function) + 2));
  VG_(sprintf)(text, "%s %s", variable.name, variable.function);
  c->locals->push_back(FieldRow{variable.start - variable.base, variable.size, text});
}

// Writes `keyword` records of `rows` sorted by offset then text, each once, and frees their texts.
void write_rows(ProfileFile* file, const char* keyword, std::uint32_t number, GrowableArray<FieldRow>& rows) {
  VG_(ssort)(rows.data(), rows.size(), sizeof(FieldRow), by_offset_then_name);
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    if (i == 0 || by_offset_then_name(&rows[i - 1], &rows[i]) != 0) {
      file->printf("%s: %u %llu %llu %s\n", keyword, number, static_cast<ULong>(rows[i].offset),
                   static_cast<ULong>(rows[i].size), rows[i].name);
    }
  }
  for (std::uint32_t i = 0; i < rows.size(); ++i) VG_(free)(rows[i].name);
}

}  // namespace

// `field:` records for the bytes touched in the detailed lines of a global `object`, sorted by offset; a
// field holding several runs of them is written once. For a stack, the `local:` records of the variables
// holding those bytes, then their fields.
void ObjectRecords::write_fields(ProfileFile* file, std::uint32_t number, ObjectId object) const {
  const DataObject& variable = data_object(object);
  const bool stack = variable.kind == ObjectKind::Stack;
  if ((variable.kind != ObjectKind::Global && !stack) || variable.size == 0) return;
  const Addr last_byte = variable.address + variable.size - 1;
  const Addr line_bytes = options.machine.l1.line_bytes;
  GrowableArray<FieldRow> rows("ccsim.out.fields");
  GrowableArray<FieldRow> locals("ccsim.out.locals");
  FieldCollection collection{variable.address, &rows};
  StackCollection stack_collection{&rows, &locals};
  for (std::uint32_t i = 0; i < detailed_lines_.size(); ++i) {
    if (detailed_lines_[i].object != object) continue;
    const Addr line = detailed_lines_[i].line;
    const std::uint64_t* touched = detailed_lines_[i].touched;
    auto is_touched = [&](Addr byte) { return byte < line_bytes && ((touched[byte / 64] >> (byte % 64)) & 1) != 0; };
    for (Addr first = 0; first < line_bytes; ++first) {
      if (!is_touched(first)) continue;
      Addr last = first;
      while (is_touched(last + 1)) ++last;
      if (stack) {
        for_each_stack_variable(object, line + first, line + last, collect_stack_variable, &stack_collection);
        for_each_stack_field(object, line + first, line + last, collect_stack_field, &stack_collection);
      } else {
        const Addr low = line + first > variable.address ? line + first : variable.address;
        const Addr high = line + last < last_byte ? line + last : last_byte;
        if (low <= high) for_each_field(low, high, variable.address, last_byte, collect_field, &collection);
      }
      first = last;
    }
  }
  write_rows(file, "local", number, locals);
  write_rows(file, "field", number, rows);
}

ObjectRecords::ObjectRecords(const EventList& events, ProfileNumbering* numbering)
    : events_(events),
      numbers_(allocate_zeroed_array<std::uint32_t>("ccsim.out.objects", object_count())),
      in_profile_order_("ccsim.out.objects"),
      detailed_lines_("ccsim.out.detailed_lines") {
  mark_allocator_mappings();  // origins and names are final before any is written
  blocks_.choose();
  ObjectChoice choice{&events, numbers_, numbering, &detailed_lines_};
  for_each_object_counts(choose_counted, &choice);
  for_each_object_reference(choose_cell, &choice);
  for_each_hot_line(choose_line_bytes, choose_line_writer, &choice);
  for_each_placement(choose_placement, &choice);

  for (ObjectId id = 0; id < object_count(); ++id) {
    if (numbers_[id] != 0) in_profile_order_.push_back(id);
  }
  VG_(ssort)(in_profile_order_.data(), in_profile_order_.size(), sizeof(ObjectId), compare_objects);
  for (std::uint32_t i = 0; i < in_profile_order_.size(); ++i) {
    numbers_[in_profile_order_[i]] = i + 1;
    numbering->use_source_file(data_object(in_profile_order_[i]).file);
  }
}

ObjectRecords::~ObjectRecords() { release(numbers_); }

void ObjectRecords::write(ProfileFile* file, const ProfileNumbering& numbering) const {
  for (std::uint32_t i = 0; i < in_profile_order_.size(); ++i) {
    const DataObject& object = data_object(in_profile_order_[i]);
    file->printf("object: %u %s 0x%lx %llu %u %s\n", i + 1, object_kind_name(object.kind), object.address,
                 static_cast<ULong>(object.size), numbering.source_file_number(object.file), object.name);
    file->printf("object-origin: %u %s %s\n", i + 1, object_origin_name(object.origin),
                 object.allocator != nullptr ? object.allocator : "-");
    write_fields(file, i + 1, in_profile_order_[i]);
  }

  ObjectCountsRows counts{&events_, numbers_};
  for_each_object_counts(collect_object_counts, &counts);
  counts.rows.visit_sorted([&](const std::uint32_t* key, const std::uint64_t* const& row) {
    file->printf("object-counts: %u %u", key[0], key[1]);
    write_counts(file, events_, row, false);
  });

  ObjectReferenceRows cells{&events_, numbers_, &numbering};
  for_each_object_reference(collect_object_reference, &cells);
  cells.rows.visit_sorted([&](const std::uint32_t* key, const std::uint64_t* const& row) {
    file->printf("object-ref: %u %u %u", key[0], key[1], key[2]);
    write_counts(file, events_, row, false);
  });

  ObjectTransferRows transfers{numbers_};
  for_each_object_transfer(collect_object_transfer, &transfers);
  transfers.rows.visit_sorted([&](const std::uint32_t* key, const ObjectTransferCounts& counts) {
    file->printf("object-transfer: %u %u %u %llu %llu %llu\n", key[0], key[1], key[2],
                 static_cast<ULong>(counts.from_state[0]), static_cast<ULong>(counts.from_state[1]),
                 static_cast<ULong>(counts.from_state[2]));
  });

  ObjectEvictionRows evictions{numbers_};
  for_each_object_eviction(collect_object_eviction, &evictions);
  evictions.rows.visit_sorted([&](const std::uint32_t* key, const std::uint64_t& count) {
    file->printf("object-evictor: %u %u %u %u %s %llu\n", key[0], key[1], key[2], key[3],
                 level_name(static_cast<Level>(key[4])), static_cast<ULong>(count));
  });

  PlacementRows placements;
  placements.numbers = numbers_;
  for_each_placement(collect_placement, &placements);
  placements.rows.visit_sorted([&](const std::uint32_t* key, const PlacementTotals& totals) {
    for (std::uint32_t i = 0; i < totals.layout_count; ++i) {
      file->printf("placement: %u %u %u %u %u %llu %llu\n", key[0], key[1], totals.blocks, totals.layouts[i].line_bytes,
                   totals.layouts[i].start, static_cast<ULong>(totals.counts[i].true_sharing),
                   static_cast<ULong>(totals.counts[i].false_sharing));
    }
  });

  HotLineRows lines{numbers_, &numbering, {}, {}, {}};
  for_each_hot_line(collect_line_bytes, collect_line_writer, &lines);
  lines.bytes.visit_sorted([&](const std::uint32_t* key, const LineBytesRow& row) {
    file->printf("line-detail: %u 0x%lx %lld %u R", key[1], row.line_address,
                 static_cast<Long>(row.line_address - row.object_base), key[3]);
    write_byte_ranges(file, row.read_only);
    file->printf(" W");
    write_byte_ranges(file, row.written);
    file->printf("\n");
  });
  lines.writers.visit_sorted([&](const std::uint32_t* key, const LineWriter& writer) {
    file->printf("line-writer: %u 0x%lx %u %u %llu\n", key[1], writer.line_address, key[2], key[3],
                 static_cast<ULong>(writer.invalidations));
  });
  blocks_.write(file, numbers_);
  write_working_set_records(file, numbers_);
  write_phase_records(file, numbers_, numbering);
}

}  // namespace ccsim
