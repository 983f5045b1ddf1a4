// entry_wrappers.cc: the functions entered through their wrappers, found in the objects Valgrind reads, and
// the side exit at their first instruction (entry_wrappers.h).
#include "ccsim/tool/instrumentation/entry_wrappers.h"

#include <cstddef>

#include "pub_tool_guest.h"
#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

// The preload's wrappers: each symbol `ccsim_entry_<function>` of ccsim's preload wraps <function> of the
// wrapped libraries (entered_call.h's ENTERED_WRAPPER). A fixed table: the preload has a few dozen.
constexpr char kWrapperPrefix[] = "ccsim_entry_";
constexpr SizeT kWrapperPrefixLength = sizeof(kWrapperPrefix) - 1;
struct Wrapper {
  const HChar* function;  // the wrapped function's name (in Valgrind's copy of the preload's symbol names)
  Addr address;
};
constexpr Int kMaxWrappers = 128;
Wrapper wrappers[kMaxWrappers];
Int wrapper_count = 0;

// The first instructions found, by address: a function may have several (libc's and, before glibc 2.34,
// libpthread's, or its older symbol versions'). Every instruction of every translation is looked up here,
// so an open-addressing table (linear probing, half empty at most) rather than a list: one probe for
// almost every instruction. A run finds a few dozen.
struct Entry {
  Addr first_instruction;  // 0: the slot is empty
  Addr wrapper;
};
constexpr Int kEntrySlots = 512;
constexpr Int kMaxEntries = kEntrySlots / 2;
Entry entries[kEntrySlots];
Int entry_count = 0;

Int entry_slot(Addr first_instruction) {
  return static_cast<Int>(((first_instruction >> 4) * 0x9E3779B97F4A7C15ULL) >> 55) & (kEntrySlots - 1);
}

// The objects whose symbols were read for this (the wrapped libraries and the preload), with how many
// symbols each had: Valgrind may make an object's entry before it reads its symbols, and reads them once.
// An object is forgotten, and its functions' entries with it, when its code is unmapped (libgomp loaded with
// a plugin and unloaded with it): other code may be mapped there next. A fixed table: a process has one of
// each at a time.
struct ReadObject {
  const DebugInfo* object;
  Int symbols;
  Addr text_start;  // its code, [text_start, text_end): an unmapping there ends it
  Addr text_end;
};
constexpr Int kMaxReadObjects = 16;
ReadObject read_objects[kMaxReadObjects];
Int read_count = 0;

// Whether the program may have mapped code since the last look (true at start-up: Valgrind mapped the
// executable and the dynamic linker itself).
bool objects_may_have_changed = true;

// The libraries whose functions the preload's entered wrappers wrap: the C library and, before glibc 2.34,
// the thread library (the pthread functions), and GNU OpenMP's runtime.
bool is_wrapped_library(const HChar* soname) {
  return soname != nullptr && (VG_(string_match)("libc.so*", soname) || VG_(strcmp)(soname, "libpthread.so.0") == 0 ||
                               VG_(strcmp)(soname, "libgomp.so.1") == 0);
}

bool is_ccsim_preload(const HChar* filename) {
  if (filename == nullptr) return false;
  const HChar* slash = VG_(strrchr)(filename, '/');
  return VG_(strncmp)(slash != nullptr ? slash + 1 : filename, "vgpreload_ccsim", 15) == 0;
}

// The wrapper of the function `symbol` names (with or without a version: "pthread_cond_wait@@GLIBC_2.3.2"),
// or 0.
Addr wrapper_named_by(const HChar* symbol) {
  for (Int i = 0; i < wrapper_count; ++i) {
    const SizeT length = VG_(strlen)(wrappers[i].function);
    if (VG_(strncmp)(symbol, wrappers[i].function, length) == 0 && (symbol[length] == '\0' || symbol[length] == '@')) {
      return wrappers[i].address;
    }
  }
  return 0;
}

void add_wrapper(const HChar* symbol, Addr address) {
  if (VG_(strncmp)(symbol, kWrapperPrefix, kWrapperPrefixLength) != 0) return;
  if (wrapper_count == kMaxWrappers) VG_(tool_panic)("ccsim: too many entered wrappers in the preload");
  wrappers[wrapper_count++] = Wrapper{symbol + kWrapperPrefixLength, address};
}

// Puts `entry` in its slot, or in the next free one (the table is never more than half full).
void insert_entry(const Entry& entry) {
  Int slot = entry_slot(entry.first_instruction);
  while (entries[slot].first_instruction != 0) slot = (slot + 1) & (kEntrySlots - 1);
  entries[slot] = entry;
  ++entry_count;
}

void add_entry(const HChar* symbol, Addr first_instruction) {
  const Addr wrapper = wrapper_named_by(symbol);
  if (wrapper == 0 || first_instruction == 0) return;
  for (Int slot = entry_slot(first_instruction); entries[slot].first_instruction != 0;
       slot = (slot + 1) & (kEntrySlots - 1)) {
    if (entries[slot].first_instruction == first_instruction) return;  // another name of the same function
  }
  if (entry_count == kMaxEntries) VG_(tool_panic)("ccsim: too many wrapped functions' entries");
  insert_entry(Entry{first_instruction, wrapper});
}

// Calls visit(name, address) for every name of every text symbol of `object`.
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
    visit(primary, address.main);
    for (const HChar** other = others; other != nullptr && *other != nullptr; ++other) visit(*other, address.main);
  }
}

// Whether `object` was read with `symbols` symbols already; records it as read now.
bool read_before(const DebugInfo* object, Int symbols) {
  for (Int i = 0; i < read_count; ++i) {
    if (read_objects[i].object != object) continue;
    const bool same = read_objects[i].symbols == symbols;
    read_objects[i].symbols = symbols;
    return same;
  }
  if (read_count == kMaxReadObjects) VG_(tool_panic)("ccsim: too many wrapped libraries mapped");
  const Addr text_start = VG_(DebugInfo_get_text_avma)(object);
  const Addr text_end = text_start + VG_(DebugInfo_get_text_size)(object);
  read_objects[read_count++] = ReadObject{object, symbols, text_start, text_end};
  return false;
}

// [start, start + length) is no longer mapped: the entries there, and the objects whose code was there, are
// forgotten.
void forget_unmapped(Addr start, Addr length) {
  const Addr end = start + length;
  Int kept = 0;
  for (Int i = 0; i < read_count; ++i) {
    if (read_objects[i].text_end <= start || end <= read_objects[i].text_start) read_objects[kept++] = read_objects[i];
  }
  read_count = kept;
  Entry remaining[kMaxEntries];
  Int count = 0;
  bool any_forgotten = false;
  for (const Entry& entry : entries) {
    if (entry.first_instruction == 0) continue;
    if (entry.first_instruction - start < length) {
      any_forgotten = true;
    } else {
      remaining[count++] = entry;
    }
  }
  if (!any_forgotten) return;
  // Linear probing cannot leave holes in a chain: the table is made again from the entries that remain.
  for (Entry& entry : entries) entry = Entry{0, 0};
  entry_count = 0;
  for (Int i = 0; i < count; ++i) insert_entry(remaining[i]);
}

// The objects Valgrind has read symbols of that are the preload (`preload`) or a wrapped library.
template <typename Visit>
void for_each_object_to_read(bool preload, Visit visit) {
  for (const DebugInfo* object = VG_(next_DebugInfo)(nullptr); object != nullptr;
       object = VG_(next_DebugInfo)(object)) {
    const bool is_preload = is_ccsim_preload(VG_(DebugInfo_get_filename)(object));
    if (is_preload != preload || (!preload && !is_wrapped_library(VG_(DebugInfo_get_soname)(object)))) continue;
    const Int symbols = VG_(DebugInfo_syms_howmany)(object);
    if (symbols > 0 && !read_before(object, symbols)) visit(object);
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
  // The preload first: a wrapped library read before the wrappers were known is read again.
  const Int wrappers_before = wrapper_count;
  for_each_object_to_read(true, [](const DebugInfo* object) { for_each_text_symbol(object, add_wrapper); });
  if (wrapper_count != wrappers_before) {
    Int kept = 0;
    for (Int i = 0; i < read_count; ++i) {
      if (is_ccsim_preload(VG_(DebugInfo_get_filename)(read_objects[i].object))) read_objects[kept++] = read_objects[i];
    }
    read_count = kept;
  }
  for_each_object_to_read(false, [](const DebugInfo* object) { for_each_text_symbol(object, add_entry); });
}

Addr entry_wrapper_at(Addr instruction) {
  for (Int slot = entry_slot(instruction); entries[slot].first_instruction != 0;
       slot = (slot + 1) & (kEntrySlots - 1)) {
    if (entries[slot].first_instruction == instruction) return entries[slot].wrapper;
  }
  return 0;
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
#else
#error "entry_wrappers.cc: the side exit is written for amd64"
#endif
}

}  // namespace ccsim
