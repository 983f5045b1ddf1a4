// worker_data_objects.cc: see worker_data_objects.h.
#include "ccsim/tool/workers/worker_data_objects.h"

#include <cstring>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/heap_blocks.h"
#include "ccsim/tool/data_objects/mapping_objects.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/data_objects/out_of_order_blocks.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_handover.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {
namespace {

// The objects that existed at the fork keep their ids in both processes; the tool's later ones are
// translated by the worker: translated[tool id - objects_at_fork] is the worker's id.
ObjectId objects_at_fork = 0;
ObjectId objects_sent = 0;  // the tool's objects sent so far (tool ids below this)
GrowableArray<ObjectId>* translated = nullptr;

// One loaded object with debug information, as Valgrind's list has it (global_variables.cc's scan).
struct ObjectFile {
  char* path;
  Addr text;
  std::uint64_t text_size;
  Addr bias;
};
// One segment of Valgrind's table.
struct Segment {
  Addr start;
  Addr end;
  std::uint32_t kind;
  char* file;  // SkFileC only; null otherwise
};
// The mirrors: in the tool, the state last sent (made before the fork, so the worker starts with them);
// in the worker, the state last received. `*_fingerprint` tells the tool whether the live state changed.
GrowableArray<ObjectFile>* object_files = nullptr;
GrowableArray<Segment>* segments = nullptr;
std::uint64_t object_files_fingerprint = 0;
std::uint64_t segments_fingerprint = 0;

std::uint64_t mix(std::uint64_t h, std::uint64_t value) { return (h ^ value) * 1099511628211ull; }
std::uint64_t mix_text(std::uint64_t h, const char* text) {
  if (text == nullptr) return mix(h, 1);
  for (const char* p = text; *p != '\0'; ++p) h = mix(h, static_cast<unsigned char>(*p));
  return mix(h, 0);
}
char* copy_or_null(const char* text) { return text == nullptr ? nullptr : VG_(strdup)("ccsim.worker.mirror", text); }

void clear_object_files() {
  for (std::uint32_t i = 0; i < object_files->size(); ++i) VG_(free)((*object_files)[i].path);
  object_files->clear();
}
void clear_segments() {
  for (std::uint32_t i = 0; i < segments->size(); ++i) {
    if ((*segments)[i].file != nullptr) VG_(free)((*segments)[i].file);
  }
  segments->clear();
}

// The live list's fingerprint; with `keep`, the list is copied into the mirror too.
std::uint64_t read_object_files(bool keep) {
  std::uint64_t h = 14695981039346656037ull;
  if (keep) clear_object_files();
  for (const DebugInfo* info = VG_(next_DebugInfo)(nullptr); info != nullptr; info = VG_(next_DebugInfo)(info)) {
    const HChar* path = VG_(DebugInfo_get_filename)(info);
    if (path == nullptr) continue;
    const ObjectFile file{const_cast<char*>(path), VG_(DebugInfo_get_text_avma)(info), VG_(DebugInfo_get_text_size)(info),
                          static_cast<Addr>(VG_(DebugInfo_get_text_bias)(info))};
    h = mix(mix(mix(mix_text(h, path), file.text), file.text_size), file.bias);
    if (keep) object_files->push_back(ObjectFile{copy_or_null(path), file.text, file.text_size, file.bias});
  }
  return h;
}

// The client's segments of the live table (anonymous, file and shared memory: the only ones the mapping
// layer names, mapping_objects.cc), their fingerprint; with `keep`, copied into the mirror. Valgrind's own
// segments are left out: they change whenever Valgrind maps memory for itself, and an address in one is
// in no object either way (the worker's answer is then bounded by the address alone, which changes no
// count, only how far the answer is cached). VG_(am_find_nsegment) answers nothing for free space, so the
// starts come from VG_(am_get_segment_starts), into a buffer grown when it is too small.
std::uint64_t read_segments(bool keep) {
  static Addr* starts = nullptr;
  static Int capacity = 0;
  const UInt kinds = SkAnonC | SkFileC | SkShmC;
  Int count = capacity > 0 ? VG_(am_get_segment_starts)(kinds, starts, capacity) : -1;
  while (count < 0) {
    VG_(free)(starts);
    capacity = -count * 2 + 64;
    starts = static_cast<Addr*>(VG_(malloc)("ccsim.worker.segment_starts", capacity * sizeof(Addr)));
    count = VG_(am_get_segment_starts)(kinds, starts, capacity);
  }
  std::uint64_t h = 14695981039346656037ull;
  if (keep) clear_segments();
  for (Int i = 0; i < count; ++i) {
    const NSegment* segment = VG_(am_find_nsegment)(starts[i]);
    if (segment == nullptr) continue;
    const char* file = segment->kind == SkFileC ? VG_(am_get_filename)(segment) : nullptr;
    h = mix_text(mix(mix(mix(h, segment->start), segment->end), segment->kind), file);
    if (keep) {
      segments->push_back(Segment{segment->start, segment->end, static_cast<std::uint32_t>(segment->kind), copy_or_null(file)});
    }
  }
  return h;
}

void split64(std::uint32_t* words, std::uint64_t value) {
  words[0] = static_cast<std::uint32_t>(value);
  words[1] = static_cast<std::uint32_t>(value >> 32);
}
std::uint64_t join64(const std::uint32_t* words) { return (std::uint64_t(words[1]) << 32) | words[0]; }

void send_object_files() {
  std::uint32_t words = 1;
  for (std::uint32_t i = 0; i < object_files->size(); ++i) words += 6 + name_words((*object_files)[i].path);
  std::uint32_t* payload = append_operation(StreamOp::ObjectFiles, words);
  payload[0] = object_files->size();
  std::uint32_t* next = payload + 1;
  for (std::uint32_t i = 0; i < object_files->size(); ++i) {
    const ObjectFile& file = (*object_files)[i];
    split64(next, file.text);
    split64(next + 2, file.text_size);
    split64(next + 4, file.bias);
    next = put_name(next + 6, file.path);
  }
}

// The table can be long (a few hundred segments): sent in operations of at most 4,096 words, the first
// of which says to start afresh.
void send_segments() {
  std::uint32_t i = 0;
  bool first = true;
  while (first || i < segments->size()) {
    std::uint32_t count = 0;
    std::uint32_t words = 2;
    while (i + count < segments->size()) {
      const std::uint32_t more = 5 + name_words((*segments)[i + count].file);
      if (words + more > 4096) break;
      words += more;
      ++count;
    }
    std::uint32_t* payload = append_operation(StreamOp::Segments, words);
    payload[0] = first ? 1 : 0;
    payload[1] = count;
    std::uint32_t* next = payload + 2;
    for (std::uint32_t k = 0; k < count; ++k, ++i) {
      const Segment& segment = (*segments)[i];
      split64(next, segment.start);
      split64(next + 2, segment.end);
      next[4] = segment.kind;
      next = put_name(next + 5, segment.file);
    }
    first = false;
  }
}

// Sends the tool's objects made since the last call (a heap bin, a named range: made just before the
// layout change that needs them, as --sim-threads=0 makes them).
void send_new_objects() {
  for (; objects_sent < object_count(); ++objects_sent) {
    const DataObject& object = data_object(objects_sent);
    const char* file = object.file != 0 ? reference_names().files.name(object.file) : nullptr;
    const char* function =
        object.allocating_function != 0 ? reference_names().functions.name(object.allocating_function) : nullptr;
    // The allocator by name, not by its string's address: a trace may be simulated by another build.
    std::uint32_t* payload = append_operation(StreamOp::ObjectCreated, 6 + name_words(file) + name_words(function) +
                                                                           name_words(object.name) +
                                                                           name_words(object.allocator));
    payload[0] = objects_sent;
    payload[1] = static_cast<std::uint32_t>(object.kind) | (static_cast<std::uint32_t>(object.origin) << 8);
    split64(payload + 2, object.address);
    split64(payload + 4, object.size);
    put_name(put_name(put_name(put_name(payload + 6, file), function), object.name), object.allocator);
  }
}

ObjectId worker_object(ObjectId tool_object) {
  return tool_object < objects_at_fork ? tool_object : (*translated)[tool_object - objects_at_fork];
}

// LayerForwarding::layout_change: the change as it is (its function pointer is valid in the forked
// worker), after the objects the tool made since the last record, which it may name.
void send_layout_change(ProcId proc, const LayoutChange& change, bool allocation_noted) {
  static_assert(sizeof(LayoutChange) % 4 == 0, "a LayoutChange travels as whole words");
  send_new_objects();
  std::uint32_t* payload = append_operation(StreamOp::LayoutChange, 2 + sizeof(LayoutChange) / 4);
  payload[0] = proc;
  payload[1] = allocation_noted ? 1 : 0;
  std::memcpy(payload + 2, &change, sizeof change);
}

// LayerForwarding::mapping_change: the worker makes the mapping's object from its mirror of the segment
// table, which is brought up to date first.
void send_mapping_change(ProcId proc, Addr start, std::uint64_t length, std::uint32_t how) {
  send_changed_live_state();
  std::uint32_t* payload = append_operation(StreamOp::MappingChange, 6);
  payload[0] = proc;
  split64(payload + 1, start);
  split64(payload + 3, length);
  payload[5] = how;
}

// LayerForwarding::call_function: once per call.
void send_call_function(Addr call) {
  static HashMap<Addr, bool>* sent = nullptr;
  if (sent == nullptr) sent = create_object<HashMap<Addr, bool>>("ccsim.worker", "ccsim.worker.calls_named");
  bool added = false;
  sent->find_or_add(call, &added);
  if (!added) return;
  const char* function = function_name_of(call);
  std::uint32_t* payload = append_operation(StreamOp::CallFunction, 2 + name_words(function));
  split64(payload, call);
  put_name(payload + 2, function);
}

// LiveStateMirror::for_each_object_file: the mirrored list, in Valgrind's order.
void for_each_mirrored_object_file(ObjectFileVisitor visit, void* context) {
  for (std::uint32_t i = 0; i < object_files->size(); ++i) {
    const ObjectFile& file = (*object_files)[i];
    visit(context, file.path, file.text, file.text_size, file.bias);
  }
}

// LiveStateMirror::segment_at: the mirrored segment holding `address`.
bool mirrored_segment_at(Addr address, SegmentView* found) {
  // Sorted by start, disjoint (Valgrind's table): a binary search for the last start at or below.
  std::uint32_t low = 0, high = segments->size();
  while (low < high) {
    const std::uint32_t middle = (low + high) / 2;
    if ((*segments)[middle].start <= address) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low == 0 || (*segments)[low - 1].end < address) return false;
  const Segment& segment = (*segments)[low - 1];
  *found = SegmentView{segment.start, segment.end, segment.kind, segment.file};
  return true;
}

// The hooks the layers call (layer_hooks.h): in the tool's process, its changes go into the stream; in the
// worker, Valgrind's live state comes from the mirrors.
const LayerForwarding kForwarding = {send_layout_change, send_mapping_change, send_call_function};
const LiveStateMirror kMirror = {for_each_mirrored_object_file, mirrored_segment_at};

}  // namespace

void note_data_objects_at_fork() {
  objects_at_fork = objects_sent = object_count();
  translated = create_object<GrowableArray<ObjectId>>("ccsim.worker", "ccsim.worker.objects");
  object_files = create_object<GrowableArray<ObjectFile>>("ccsim.worker", "ccsim.worker.object_files");
  segments = create_object<GrowableArray<Segment>>("ccsim.worker", "ccsim.worker.segments");
  object_files_fingerprint = read_object_files(true);
  segments_fingerprint = read_segments(true);
}

void forward_data_object_changes() { layer_forwarding = &kForwarding; }

void send_changed_live_state() {
  if (object_files == nullptr) return;
  const std::uint64_t files = read_object_files(false);
  if (files != object_files_fingerprint) {
    object_files_fingerprint = read_object_files(true);
    send_object_files();
  }
  const std::uint64_t table = read_segments(false);
  if (table != segments_fingerprint) {
    segments_fingerprint = read_segments(true);
    send_segments();
  }
}

void hand_over_data_objects() {
  for_each_allocator_granule([](Addr granule) {
    std::uint32_t* payload = append_operation(StreamOp::AllocatorGranule, 2);
    split64(payload, granule);
  });
}

void enter_simulation_worker() { live_state_mirror = &kMirror; }

bool apply_data_object_record(StreamOp op, const std::uint32_t* payload, std::uint32_t) {
  static char storage[4][kMaxNameBytes + 1];
  switch (op) {
    case StreamOp::ObjectCreated: {
      const char* file = nullptr;
      const char* function = nullptr;
      const char* name = nullptr;
      const char* allocator = nullptr;
      get_name(get_name(get_name(get_name(payload + 6, storage[0], &file), storage[1], &function), storage[2], &name),
               storage[3], &allocator);
      const auto kind = static_cast<ObjectKind>(payload[1] & 0xff);
      const ObjectId id = add_object(kind, join64(payload + 2), join64(payload + 4),
                                     file != nullptr ? source_file_number(file) : 0, name);
      data_object(id).origin = static_cast<ObjectOrigin>(payload[1] >> 8);
      data_object(id).allocator = allocator_function_named(allocator);
      CCSIM_ASSERT(payload[0] - objects_at_fork == translated->size());
      translated->push_back(id);
      // A heap bin is followed where --sim-threads=0 follows it: when it is made (allocation_sites.cc).
      if (paths_on && kind == ObjectKind::Heap) note_path_site(id, function != nullptr ? function_number(function) : 0);
      return true;
    }
    case StreamOp::LayoutChange: {
      LayoutChange change;
      std::memcpy(&change, payload + 2, sizeof change);
      change.object = worker_object(change.object);
      if (payload[1] != 0) {
        note_allocation_recorded(Extent{change.start, change.size, change.object, change.key});
      } else {
        change_layout_of(payload[0], change);
      }
      return true;
    }
    case StreamOp::MappingChange:
      make_mapping_change(payload[0], join64(payload + 1), join64(payload + 3), payload[5]);
      return true;
    case StreamOp::ObjectFiles: {
      clear_object_files();
      const std::uint32_t* next = payload + 1;
      for (std::uint32_t i = 0; i < payload[0]; ++i) {
        const char* path = nullptr;
        const std::uint32_t* fields = next;
        next = get_name(next + 6, storage[0], &path);
        object_files->push_back(ObjectFile{copy_or_null(path), join64(fields), join64(fields + 2), join64(fields + 4)});
      }
      return true;
    }
    case StreamOp::Segments: {
      if (payload[0] != 0) clear_segments();
      const std::uint32_t* next = payload + 2;
      for (std::uint32_t i = 0; i < payload[1]; ++i) {
        const char* file = nullptr;
        const std::uint32_t* fields = next;
        next = get_name(next + 5, storage[0], &file);
        segments->push_back(Segment{join64(fields), join64(fields + 2), fields[4], copy_or_null(file)});
      }
      return true;
    }
    case StreamOp::CallFunction: {
      const char* function = nullptr;
      get_name(payload + 2, storage[0], &function);
      name_call_function(join64(payload), function);
      return true;
    }
    case StreamOp::AllocatorGranule:
      add_allocator_granule(join64(payload));
      return true;
    default:
      return false;
  }
}

}  // namespace ccsim
