// entry_wrappers.cc: the functions entered through their wrappers, found in the objects Valgrind reads, and
// the side exit at their first instruction (entry_wrappers.h).
#include "ccsim/tool/instrumentation/entry_wrappers.h"

#include <cstddef>
#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/instrumentation/wrapped_objects.h"
#include "pub_tool_guest.h"
#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

// The preload's wrappers: each symbol `ccsim_entry_<function>` of ccsim's preload wraps the runtime's
// <function>, each `ccsim_libomp_entry_<function>` libomp's, each `ccsim_allocator_entry_<function>` the
// allocator's (entered_call.h's ENTERED_WRAPPER, LIBOMP_WRAPPER and ALLOCATOR_WRAPPER; wrapped_objects.h
// says where each kind is looked for); the preload has about eighty.
enum class WrapperKind : UChar { Runtime, LibOmp, Allocator };
struct WrapperPrefix {
  const HChar* prefix;
  SizeT length;
  WrapperKind kind;
};
constexpr SizeT length_of(const HChar* text) {
  SizeT length = 0;
  while (text[length] != '\0') ++length;
  return length;
}
constexpr WrapperPrefix kWrapperPrefixes[] = {
    {"ccsim_entry_", length_of("ccsim_entry_"), WrapperKind::Runtime},
    {"ccsim_libomp_entry_", length_of("ccsim_libomp_entry_"), WrapperKind::LibOmp},
    {"ccsim_allocator_entry_", length_of("ccsim_allocator_entry_"), WrapperKind::Allocator}};
struct Wrapper {
  const HChar* function;  // the wrapped function's name (in Valgrind's copy of the preload's symbol names)
  Addr address;
  std::uint32_t next;  // the next wrapper whose function's name has the same hash, or kNoWrapper
  WrapperKind kind;
};
constexpr std::uint32_t kNoWrapper = ~std::uint32_t(0);

// The hash of a symbol's name without its version (what precedes '@'): FNV-1a, 64 bits.
std::uint64_t name_hash(const HChar* name) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (; *name != '\0' && *name != '@'; ++name) hash = (hash ^ static_cast<UChar>(*name)) * 0x100000001b3ULL;
  return hash;
}

// The objects whose symbols were read for this (those with wrapped functions, and the preload), with how many
// symbols each had: Valgrind may make an object's entry before it reads its symbols, and reads them once.
// An object is forgotten, and its functions' entries with it, when its code is unmapped (libgomp loaded with
// a plugin and unloaded with it): other code may be mapped there next.
struct ReadObject {
  const DebugInfo* object;
  Int symbols;
  Addr text_start;  // its code, [text_start, text_end): an unmapping there ends it
  Addr text_end;
};

// What was found, made at the first translation (a Valgrind tool constructs no globals). The tables grow
// as needed: a run finds about sixty wrappers, a hundred entries, and reads every object Valgrind read.
struct Tables {
  GrowableArray<Wrapper> wrappers{"ccsim.entry_wrappers.wrappers"};
  // The hash of a function's name -> the last wrapper added of a function with a name of that hash. Every
  // text symbol of every object read (thousands in libc and libstdc++) is looked up here.
  HashMap<std::uint64_t, std::uint32_t> wrappers_by_name{"ccsim.entry_wrappers.names"};
  // The functions' first instructions -> their wrappers. A function may have several first instructions
  // (libc's and, before glibc 2.34, libpthread's, or its older symbol versions'). Every instruction of
  // every translation is looked up here, so a hash table: one probe for almost every instruction.
  HashMap<Addr, Addr> entries{"ccsim.entry_wrappers.entries"};
  GrowableArray<ReadObject> read_objects{"ccsim.entry_wrappers.objects"};
};
Tables* tables = nullptr;

// Whether the program may have mapped code since the last look (true at start-up: Valgrind mapped the
// executable and the dynamic linker itself).
bool objects_may_have_changed = true;

bool is_ccsim_preload(const HChar* filename) {
  if (filename == nullptr) return false;
  const HChar* slash = VG_(strrchr)(filename, '/');
  return VG_(strncmp)(slash != nullptr ? slash + 1 : filename, "vgpreload_ccsim", 15) == 0;
}

// Whether an object whose `wrapped` functions are wrapped has a wrapper of `kind` for its symbol, global
// (`is_global`) or not.
bool wraps(const WrappedFunctions& wrapped, WrapperKind kind, bool is_global) {
  switch (kind) {
    case WrapperKind::Runtime: return wrapped.runtime;
    case WrapperKind::LibOmp: return wrapped.libomp;
    case WrapperKind::Allocator: return wrapped.allocator || (wrapped.allocator_if_global && is_global);
  }
  return false;
}

// The wrapper, of a kind the object wraps, of the function `symbol` names (with or without a version:
// "pthread_cond_wait@@GLIBC_2.3.2"), or null. libgomp and libomp have functions of the same names.
const Wrapper* wrapper_named_by(const HChar* symbol, const WrappedFunctions& wrapped, bool is_global) {
  const std::uint32_t* first = tables->wrappers_by_name.find(name_hash(symbol));
  for (std::uint32_t i = first == nullptr ? kNoWrapper : *first; i != kNoWrapper; i = tables->wrappers[i].next) {
    const Wrapper& wrapper = tables->wrappers[i];
    const SizeT length = VG_(strlen)(wrapper.function);
    if (VG_(strncmp)(symbol, wrapper.function, length) == 0 && (symbol[length] == '\0' || symbol[length] == '@') &&
        wraps(wrapped, wrapper.kind, is_global)) {
      return &wrapper;
    }
  }
  return nullptr;
}

// A symbol of the preload (global or not: the last argument) that may be a wrapper.
void add_wrapper(const HChar* symbol, Addr address, bool) {
  for (const WrapperPrefix& kind : kWrapperPrefixes) {
    if (VG_(strncmp)(symbol, kind.prefix, kind.length) != 0) continue;
    const HChar* function = symbol + kind.length;
    bool added = false;
    std::uint32_t& first = tables->wrappers_by_name.find_or_add(name_hash(function), &added);
    const std::uint32_t index = tables->wrappers.size();
    tables->wrappers.push_back(Wrapper{function, address, added ? kNoWrapper : first, kind.kind});
    first = index;
    return;
  }
}

// The symbol `symbol`, global or not, at `first_instruction` of an object whose `wrapped` functions are
// wrapped: an entry when it names one of them.
void add_entry(const WrappedFunctions& wrapped, const HChar* symbol, Addr first_instruction, bool is_global) {
  const Wrapper* wrapper = wrapper_named_by(symbol, wrapped, is_global);
  if (wrapper == nullptr || first_instruction == 0) return;
  // Another name of the same function: the first name's wrapper stays, as Valgrind's redirection keeps it
  // (glibc before 2.38 has aligned_alloc and memalign at one address; the name that comes first is
  // memalign, which then names the blocks of both).
  bool added = false;
  Addr& entered = tables->entries.find_or_add(first_instruction, &added);
  if (added) entered = wrapper->address;
}

// Calls visit(name, address, is_global) for every name of every text symbol of `object`.
template <typename Visit>
void for_each_text_symbol(const DebugInfo* object, Visit visit) {
  const Int count = VG_(DebugInfo_syms_howmany)(object);
  for (Int i = 0; i < count; ++i) {
    SymAVMAs address;
    const HChar* primary = nullptr;
    const HChar** others = nullptr;
    Bool is_text = False;
    Bool is_ifunc = False;
    Bool is_global = False;
    VG_(DebugInfo_syms_getidx)(object, i, &address, nullptr, &primary, &others, &is_text, &is_ifunc, &is_global);
    if (!is_text) continue;
    visit(primary, address.main, is_global);
    for (const HChar** other = others; other != nullptr && *other != nullptr; ++other) {
      visit(*other, address.main, is_global);
    }
  }
}

// Whether `object` was read with `symbols` symbols already; records it as read now.
bool read_before(const DebugInfo* object, Int symbols) {
  GrowableArray<ReadObject>& read_objects = tables->read_objects;
  for (std::uint32_t i = 0; i < read_objects.size(); ++i) {
    if (read_objects[i].object != object) continue;
    const bool same = read_objects[i].symbols == symbols;
    read_objects[i].symbols = symbols;
    return same;
  }
  const Addr text_start = VG_(DebugInfo_get_text_avma)(object);
  const Addr text_end = text_start + VG_(DebugInfo_get_text_size)(object);
  read_objects.push_back(ReadObject{object, symbols, text_start, text_end});
  return false;
}

// [start, start + length) is no longer mapped: the entries there, and the objects whose code was there, are
// forgotten.
void forget_unmapped(Addr start, Addr length) {
  if (tables == nullptr) return;
  const Addr end = start + length;
  GrowableArray<ReadObject>& read_objects = tables->read_objects;
  std::uint32_t kept = 0;
  for (std::uint32_t i = 0; i < read_objects.size(); ++i) {
    if (read_objects[i].text_end <= start || end <= read_objects[i].text_start) read_objects[kept++] = read_objects[i];
  }
  read_objects.resize(kept);
  // The entries there are collected first: the table must not change while it is visited.
  GrowableArray<Addr> forgotten{"ccsim.entry_wrappers.forgotten"};
  tables->entries.for_each([&](Addr first_instruction, Addr) {
    if (first_instruction - start < length) forgotten.push_back(first_instruction);
  });
  for (std::uint32_t i = 0; i < forgotten.size(); ++i) tables->entries.erase(forgotten[i]);
}

// The objects Valgrind has read symbols of, not read here yet, that are the preload (`preload`) or have
// functions that may be wrapped: visit(object, what of it may be wrapped).
template <typename Visit>
void for_each_object_to_read(bool preload, Visit visit) {
  for (const DebugInfo* object = VG_(next_DebugInfo)(nullptr); object != nullptr;
       object = VG_(next_DebugInfo)(object)) {
    const bool is_preload = is_ccsim_preload(VG_(DebugInfo_get_filename)(object));
    if (is_preload != preload) continue;
    const WrappedFunctions wrapped =
        is_preload ? WrappedFunctions{} : wrapped_functions_of(VG_(DebugInfo_get_soname)(object));
    if (!is_preload && !wrapped.any()) continue;
    const Int symbols = VG_(DebugInfo_syms_howmany)(object);
    if (symbols > 0 && !read_before(object, symbols)) visit(object, wrapped);
  }
}

}  // namespace

void note_syscall_for_entry_wrappers(UInt syscall_number, const UWord* args, SysRes result) {
  if (sr_isError(result)) return;
  switch (syscall_number) {
    case __NR_munmap:
      forget_unmapped(args[0], args[1]);
      return;
    case __NR_mremap:
      forget_unmapped(args[0], args[1]);
      objects_may_have_changed = true;
      return;
    case __NR_mmap:
    case __NR_mprotect:
      objects_may_have_changed = true;
      return;
    default:
      return;
  }
}

void refresh_entry_wrappers() {
  if (!objects_may_have_changed) return;
  objects_may_have_changed = false;
  if (tables == nullptr) tables = create_object<Tables>("ccsim.entry_wrappers");
  // The preload first: a wrapped library read before the wrappers were known is read again.
  const std::uint32_t wrappers_before = tables->wrappers.size();
  for_each_object_to_read(true, [](const DebugInfo* object, const WrappedFunctions&) {
    for_each_text_symbol(object, add_wrapper);
  });
  if (tables->wrappers.size() != wrappers_before) {
    GrowableArray<ReadObject>& read_objects = tables->read_objects;
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < read_objects.size(); ++i) {
      if (is_ccsim_preload(VG_(DebugInfo_get_filename)(read_objects[i].object))) read_objects[kept++] = read_objects[i];
    }
    read_objects.resize(kept);
  }
  for_each_object_to_read(false, [](const DebugInfo* object, const WrappedFunctions& wrapped) {
    for_each_text_symbol(object, [&wrapped](const HChar* symbol, Addr address, bool is_global) {
      add_entry(wrapped, symbol, address, is_global);
    });
  });
}

Addr entry_wrapper_at(Addr instruction) {
  const Addr* wrapper = tables == nullptr ? nullptr : tables->entries.find(instruction);
  return wrapper == nullptr ? 0 : *wrapper;
}

void add_entry_exit(IRSB* out, Addr instruction, Addr wrapper) {
#if defined(VGA_amd64)
  IRTypeEnv* types = out->tyenv;
  IRTemp stack = newIRTemp(types, Ity_I64);
  addStmtToIRSB(out, IRStmt_WrTmp(stack, IRExpr_Get(offsetof(VexGuestAMD64State, guest_RSP), Ity_I64)));
  IRTemp return_address = newIRTemp(types, Ity_I64);
  addStmtToIRSB(out, IRStmt_WrTmp(return_address, IRExpr_Load(Iend_LE, Ity_I64, IRExpr_RdTmp(stack))));
  IRTemp mark = newIRTemp(types, Ity_I64);
  addStmtToIRSB(out, IRStmt_WrTmp(mark, IRExpr_Get(offsetof(VexGuestAMD64State, guest_R11), Ity_I64)));
  IRTemp not_from_wrapper = newIRTemp(types, Ity_I1);
  addStmtToIRSB(out, IRStmt_WrTmp(not_from_wrapper,
                                  IRExpr_Binop(Iop_CmpNE64, IRExpr_RdTmp(mark), IRExpr_RdTmp(return_address))));
  // Where the wrapper's VALGRIND_GET_ORIG_FN reads the function it wraps; harmless when the call goes on.
  addStmtToIRSB(out, IRStmt_Put(offsetof(VexGuestAMD64State, guest_NRADDR), IRExpr_Const(IRConst_U64(instruction))));
  addStmtToIRSB(out, IRStmt_Exit(IRExpr_RdTmp(not_from_wrapper), Ijk_Boring, IRConst_U64(wrapper), out->offsIP));
  // Called by its wrapper: the mark is used up, so that a jump from this function into another wrapped one
  // (libstdc++'s operator delete[] jumps to operator delete, which jumps to free) enters that one's wrapper,
  // as Valgrind's redirection did. r11 holds nothing a function may read at its entry (a scratch register
  // of the calling convention, which a PLT entry may change).
  addStmtToIRSB(out, IRStmt_Put(offsetof(VexGuestAMD64State, guest_R11), IRExpr_Const(IRConst_U64(0))));
#else
#error "entry_wrappers.cc: the side exit is written for amd64"
#endif
}

}  // namespace ccsim
