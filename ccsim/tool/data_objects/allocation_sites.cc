// allocation_sites.cc: allocation stacks -> heap bins, and the names of the bins.
#include "ccsim/tool/data_objects/allocation_sites.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/data_objects/runtime_libraries.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

std::uint32_t depth = 0;  // --alloc-depth: frames that identify a bin

// The stack of every allocation starts inside the preload's malloc wrappers (malloc_intercepts.c: a stub
// and its worker), and a thread's stack ends in the preload's start trampoline: ccsim's frames say
// nothing about the program and are left out wherever they are. They are recognised by address; the
// preload's text is found from the first allocation's innermost frame.
bool preload_text_known = false;
Addr preload_text_start = 0;
Addr preload_text_size = 0;

// Past the preload's frames, the innermost frames of helpers that only allocate for their caller are
// skipped too, so that a bin is named where the program asked for memory: functions named with
// --alloc-fn, and functions defined in a header (a CALLOC macro's inline helper, std::allocator's
// layers), as long as a frame is left. At most this many such frames, and the preload's, are unwound
// beyond --alloc-depth.
constexpr std::uint32_t kMaxSkippedFrames = 8;

// Where one frame of an allocation stack is, as its bin knows it. An inlined call gives one code address
// several levels, innermost first (the inlined helper's line, then its caller's, up to the function the
// code is in; the tool reads inline information by default, main.cc): the frame is the innermost level
// that is no helper (above), and a helper frame when every level is one. Resolved once per code
// address: allocations repeat their stacks.
struct FrameSite {
  // What tells frames apart: (1 << 63) | file << 32 | line when the level has a source line, so that the
  // copies of one call that inlining or loop unrolling make are one site; else the code address (below
  // 2^63 on amd64).
  std::uint64_t key;
  std::uint32_t file;      // reference_names().files number, 0 when unknown
  std::uint32_t line;      // 0 when unknown
  std::uint32_t function;  // reference_names().functions number, 0 when unknown
  bool helper;
};
HashMap<Addr, FrameSite>* frame_sites = nullptr;

bool ends_with(const HChar* text, const HChar* suffix) {
  const SizeT length = VG_(strlen)(text);
  const SizeT suffix_length = VG_(strlen)(suffix);
  return length >= suffix_length && VG_(strcmp)(text + length - suffix_length, suffix) == 0;
}

// Whether a level in `file` (null when unknown) of `function` (null when unknown) is a helper's. A name
// given with --alloc-fn also matches GCC's clones of the function ("xmalloc.constprop.0", ".isra.0").
bool is_helper_level(const HChar* file, const HChar* function) {
  for (std::uint32_t i = 0; function != nullptr && i < options.alloc_fn_count; ++i) {
    const SizeT length = VG_(strlen)(options.alloc_fns[i]);
    const bool named = VG_(strncmp)(function, options.alloc_fns[i], length) == 0;
    if (named && (function[length] == '\0' || function[length] == '.')) {
      return true;
    }
  }
  static const HChar* const kHeaderSuffixes[] = {".h", ".hh", ".hpp", ".hxx", ".tcc"};
  for (const HChar* suffix : kHeaderSuffixes) {
    if (file != nullptr && ends_with(file, suffix)) return true;
  }
  return false;
}

// One level as Valgrind describes it: "0x4011A0: main (lr.c:133)", or "0x4011A0: main (in /a.out)" and
// "0x4011A0: ???" without a source line. Splits `text` (a copy, changed in place) into its function and
// its file and line (null and 0 when unknown).
void parse_level(HChar* text, const HChar** function, const HChar** file, std::uint32_t* line) {
  *function = nullptr;
  *file = nullptr;
  *line = 0;
  HChar* name = VG_(strstr)(text, ": ");
  if (name == nullptr) return;
  name += 2;
  HChar* place = nullptr;
  for (HChar* open = VG_(strstr)(name, " ("); open != nullptr; open = VG_(strstr)(open + 1, " (")) place = open;
  if (place != nullptr) {
    *place = '\0';
    HChar* inside = place + 2;
    HChar* colon = VG_(strrchr)(inside, ':');
    const SizeT length = VG_(strlen)(inside);
    if (VG_(strncmp)(inside, "in ", 3) != 0 && colon != nullptr && length > 0 && inside[length - 1] == ')') {
      inside[length - 1] = '\0';
      *colon = '\0';
      *file = inside;
      *line = static_cast<std::uint32_t>(VG_(strtoll10)(colon + 1, nullptr));
    }
  }
  if (VG_(strcmp)(name, "???") != 0) *function = name;
}

// Fills `site` with one level's place (not its `helper`). The innermost level's file is the line
// table's, with its directory (as references name it); an outer level's is the name the inline
// information gives.
void place_site(FrameSite* site, Addr ip, bool innermost, const HChar* function, const HChar* file,
                std::uint32_t line) {
  std::uint32_t table_line = 0;
  const std::uint32_t table_file = innermost ? source_file_of(ip, &table_line) : 0;
  site->file = table_file != 0 ? table_file : (file != nullptr ? source_file_number(file) : 0);
  site->line = table_file != 0 ? table_line : line;
  // GCC's __static_initialization_and_destruction_0 is inlined into each file's static initializer: the
  // level is named as references name that function, by what it initializes (function_name_of).
  static const HChar kStaticInitialization[] = "__static_initialization_and_destruction";
  if (function != nullptr && VG_(strncmp)(function, kStaticInitialization, sizeof kStaticInitialization - 1) == 0) {
    function = function_name_of(ip);
  }
  site->function = function != nullptr ? function_number(function) : 0;
  const bool has_line = site->file != 0 && site->line != 0;
  site->key = has_line ? (std::uint64_t(1) << 63 | std::uint64_t(site->file) << 32 | site->line) : ip;
}

// A helper frame keeps its innermost level's place: it is named so when it is not a leading one.
FrameSite resolve_frame(Addr ip) {
  const DiEpoch epoch = VG_(current_DiEpoch)();
  InlIPCursor* levels = VG_(new_IIPC)(epoch, ip);
  FrameSite site{ip, 0, 0, 0, true};
  bool innermost = true;
  do {
    HChar* text = VG_(strdup)("ccsim.objects.frame_level", VG_(describe_IP)(epoch, ip, levels));
    const HChar* function = nullptr;
    const HChar* file = nullptr;
    std::uint32_t line = 0;
    parse_level(text, &function, &file, &line);
    const bool helper = is_helper_level(file, function);
    if (innermost || !helper) place_site(&site, ip, innermost, function, file, line);
    VG_(free)(text);
    if (!helper) {
      site.helper = false;
      break;
    }
    innermost = false;
  } while (VG_(next_IIPC)(levels));
  VG_(delete_IIPC)(levels);
  return site;
}

const FrameSite& frame_site(Addr ip) {
  bool added = false;
  FrameSite& site = frame_sites->find_or_add(ip, &added);
  if (added) site = resolve_frame(ip);
  return site;
}

// One bin: the keys of its `depth` frames (zero-padded when the stack is shorter) and its object. The
// first two fields are Valgrind's VgHashNode layout; the node's key is a hash of the frame keys.
struct Bin {
  Bin* next;
  UWord key;
  std::uint64_t* frames;
  ObjectId object;
};
VgHashTable* bins = nullptr;

UWord hash_frames(const std::uint64_t* frames) {
  UWord h = 14695981039346656037ull;
  for (std::uint32_t i = 0; i < depth; ++i) h = (h ^ frames[i]) * 1099511628211ull;
  return h;
}

Word compare_bins(const void* a, const void* b) {
  const std::uint64_t* x = static_cast<const Bin*>(a)->frames;
  const std::uint64_t* y = static_cast<const Bin*>(b)->frames;
  for (std::uint32_t i = 0; i < depth; ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

// Whether the frame at `ip` is the preload's (the innermost frame of every allocation stack is: the
// wrapper that made the client request).
bool is_preload_frame(const Addr* ips, Addr ip) {
  if (!preload_text_known) {
    preload_text_known = true;
    const DebugInfo* preload = VG_(find_DebugInfo)(VG_(current_DiEpoch)(), ips[0]);
    if (preload != nullptr) {
      preload_text_start = VG_(DebugInfo_get_text_avma)(preload);
      preload_text_size = VG_(DebugInfo_get_text_size)(preload);
    }
  }
  return ip - preload_text_start < preload_text_size;
}

// "histogram.c:213 main", "0x401136 main" (no line information) or "0x401136" (no symbol either).
void describe_frame(XArray* text, Addr ip, std::uint32_t* file) {
  const FrameSite& site = frame_site(ip);
  *file = site.file;
  if (site.file != 0) {
    const char* path = reference_names().files.name(site.file);
    const char* slash = VG_(strrchr)(path, '/');
    VG_(xaprintf)(text, "%s:%u", slash ? slash + 1 : path, site.line);
  } else {
    VG_(xaprintf)(text, "0x%lx", ip);
  }
  if (site.function != 0) VG_(xaprintf)(text, " %s", reference_names().functions.name(site.function));
}

// A new bin's object, named by the code addresses of its first allocation's frames; its file is the
// innermost frame's.
ObjectId create_bin_object(const Addr* sites, const char* allocator) {
  XArray* text = VG_(newXA)(VG_(malloc), "ccsim.objects.bin_name", VG_(free), sizeof(HChar));
  std::uint32_t innermost_file = 0;
  bool runtime = sites[0] != 0;
  for (std::uint32_t i = 0; i < depth && sites[i] != 0; ++i) {
    std::uint32_t file = 0;
    if (i > 0) VG_(xaprintf)(text, " <- ");
    describe_frame(text, sites[i], &file);
    if (i == 0) innermost_file = file;
    runtime = runtime && is_runtime_code(sites[i]);
  }
  // A block the OpenMP runtime allocates itself (its innermost frame is in libgomp/libomp) is the
  // runtime's even when the program's code called into the runtime further out (libomp allocates its
  // thread and loop bookkeeping inside __kmpc_* calls made by the program's outlined regions).
  if (sites[0] != 0 && is_openmp_runtime_code(sites[0])) runtime = true;
  if (VG_(sizeXA)(text) == 0) VG_(xaprintf)(text, "an allocation with no stack trace");
  const HChar end = '\0';
  VG_(addToXA)(text, &end);
  const ObjectId object = add_object(ObjectKind::Heap, 0, 0, innermost_file,
                                     static_cast<const HChar*>(VG_(indexXA)(text, 0)));
  VG_(deleteXA)(text);
  if (runtime) data_object(object).origin = ObjectOrigin::Runtime;
  data_object(object).allocator = allocator;
  return object;
}

}  // namespace

void init_allocation_sites(std::uint32_t frames) {
  depth = frames;
  frame_sites = create_object<HashMap<Addr, FrameSite>>("ccsim.objects", "ccsim.objects.frame_sites");
  bins = VG_(HT_construct)("ccsim.objects.bins");
}

ObjectId allocation_site_object(unsigned tid, const char* allocator) {
  Addr ips[kMaxAllocationDepth + kMaxSkippedFrames];
  const std::uint32_t count = VG_(get_StackTrace)(tid, ips, depth + kMaxSkippedFrames, nullptr, nullptr, 0);
  // The program's frames, innermost first; then the leading helpers among them, unless all are.
  Addr program[kMaxAllocationDepth + kMaxSkippedFrames];
  std::uint32_t program_count = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!is_preload_frame(ips, ips[i])) program[program_count++] = ips[i];
  }
  std::uint32_t first = 0;
  while (first + 1 < program_count && frame_site(program[first]).helper) ++first;
  Addr sites[kMaxAllocationDepth] = {};
  std::uint64_t frames[kMaxAllocationDepth] = {};
  for (std::uint32_t i = 0; i < depth && first + i < program_count; ++i) {
    sites[i] = program[first + i];
    frames[i] = frame_site(sites[i]).key;
  }

  Bin probe{nullptr, hash_frames(frames), frames, 0};
  if (const Bin* found = static_cast<const Bin*>(VG_(HT_gen_lookup)(bins, &probe, compare_bins))) return found->object;
  Bin* bin = static_cast<Bin*>(VG_(malloc)("ccsim.objects.bin", sizeof(Bin)));
  bin->next = nullptr;
  bin->key = probe.key;
  bin->frames = static_cast<std::uint64_t*>(VG_(malloc)("ccsim.objects.bin_frames", depth * sizeof(std::uint64_t)));
  for (std::uint32_t i = 0; i < depth; ++i) bin->frames[i] = frames[i];
  bin->object = create_bin_object(sites, allocator);
  if (paths_on) note_path_site(bin->object, sites[0] != 0 ? frame_site(sites[0]).function : 0);
  VG_(HT_add_node)(bins, bin);
  return bin->object;
}

}  // namespace ccsim
