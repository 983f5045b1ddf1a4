// instrument.cc: the superblock walk, in Cachegrind's shape. Data accesses are queued as they are met;
// a store that follows a load of the same address, size and instruction becomes one modify; the queue
// is flushed into helper calls before every side exit and at the end of the block. Each call receives
// the instruction's Reference (a constant) so the hot path does no lookup.
#include "ccsim/tool/instrumentation/instrument.h"

#include "ccsim/tool/instrumentation/access_helpers.h"
#include "ccsim/tool/instrumentation/chased_entries.h"
#include "ccsim/tool/instrumentation/entry_wrappers.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/instrumentation/requests_in_line.h"
#include "ccsim/tool/instrumentation/spin_waits.h"

namespace ccsim {
namespace {

bool instrumenting = true;
AccessRoute route;

// One access waiting to be turned into a helper call.
struct PendingAccess {
  Reference* ref;
  IRExpr* addr;
  Int size;
  AccessKind kind;
  bool polled;  // a load of a polling loop in this translation (spin_waits.h)
};

// The queue of one superblock's pending accesses. 16 is Cachegrind's size: blocks are short, and a full
// queue merely flushes early.
constexpr Int kQueueSize = 16;
struct BlockState {
  IRSB* out;
  PendingAccess pending[kQueueSize];
  Int used;
};

// ccsim's own preload (vgpreload_ccsim: its wrappers, trampolines, report helpers and the PLT stubs they
// call libc through) is not the program: its instructions get no helper call, so its accesses are never
// simulated, counted or listed. Its code is the executable mapping of its file, found at the first
// translation of an instruction there by the mapping's file name (the only test made per instruction
// until then, a lookup in Valgrind's segment table); each instruction is then one compare against it.
Addr preload_code_start = 0;
SizeT preload_code_size = 0;

bool is_ccsim_preload_code(Addr instruction) {
  if (preload_code_size == 0) {
    const NSegment* segment = VG_(am_find_nsegment)(instruction);
    const HChar* path = segment != nullptr && segment->kind == SkFileC ? VG_(am_get_filename)(segment) : nullptr;
    const HChar* slash = path != nullptr ? VG_(strrchr)(path, '/') : nullptr;
    const HChar* base = slash != nullptr ? slash + 1 : path;
    if (base == nullptr || VG_(strncmp)(base, "vgpreload_ccsim", 15) != 0) return false;
    preload_code_start = segment->start;
    preload_code_size = segment->end - segment->start + 1;
  }
  return instruction - preload_code_start < preload_code_size;
}

IRDirty* helper_call(const PendingAccess& access) {
  const char* name = nullptr;
  AccessHelper helper = access_helper(access.kind, route, access.polled, &name);
  IRExpr** args = mkIRExprVec_3(mkIRExpr_HWord(reinterpret_cast<HWord>(access.ref)), access.addr,
                                mkIRExpr_HWord(static_cast<HWord>(access.size)));
  return unsafeIRDirty_0_N(3, name, VG_(fnptr_to_fnentry)(reinterpret_cast<void*>(helper)), args);
}

void flush(BlockState* block) {
  for (Int i = 0; i < block->used; ++i) addStmtToIRSB(block->out, IRStmt_Dirty(helper_call(block->pending[i])));
  block->used = 0;
}

void add_access(BlockState* block, Reference* ref, IRExpr* addr, Int size, AccessKind kind, bool polled = false) {
  tl_assert(isIRAtom(addr));
  tl_assert(size >= 1);
  if (kind == AccessKind::Write && block->used > 0) {
    PendingAccess& last = block->pending[block->used - 1];
    if (last.kind == AccessKind::Read && last.ref == ref && last.size == size && eqIRAtom(last.addr, addr)) {
      last.kind = AccessKind::Modify;
      return;
    }
  }
  if (block->used == kQueueSize) flush(block);
  block->pending[block->used++] = PendingAccess{ref, addr, size, kind, polled};
}

// Guarded loads and stores are rare; like Cachegrind, flush and emit them at once with the guard.
void add_guarded_access(BlockState* block, Reference* ref, IRExpr* addr, Int size, AccessKind kind, IRExpr* guard,
                        bool polled = false) {
  flush(block);
  IRDirty* call = helper_call(PendingAccess{ref, addr, size, kind, polled});
  call->guard = guard;
  addStmtToIRSB(block->out, IRStmt_Dirty(call));
}

// With instrumentation off, a block is left as it is but for the side exits of wrapped functions'
// entries: the program's synchronization is seen whether its accesses are simulated or not.
// (A wrapped function's first instruction has its side exit only where it starts the translation: one
// reached by chasing was translated again without chasing, chased_entries.h; another occurrence is a copy
// of the function's own loop back to its start, which Valgrind unrolled, and is no call.)
IRSB* with_entry_exits_only(IRSB* sb_in) {
  Int first = 0;
  while (first < sb_in->stmts_used && sb_in->stmts[first]->tag != Ist_IMark) ++first;
  if (first == sb_in->stmts_used) return sb_in;
  const Addr instruction = sb_in->stmts[first]->Ist.IMark.addr;
  const Addr wrapper = entry_wrapper_at(instruction);
  if (wrapper == 0) return sb_in;
  IRSB* out = deepCopyIRSBExceptStmts(sb_in);
  for (Int i = 0; i < sb_in->stmts_used; ++i) {
    addStmtToIRSB(out, sb_in->stmts[i]);
    if (i == first) add_entry_exit(out, instruction, wrapper);
  }
  return out;
}

}  // namespace

void init_instrumentation(Simulator* simulator) {
  instrumenting = options.instr_at_start;
  route.buffered = options.sync.mode != SimMode::Native;
  // --sim-threads=1 records in every order, the native one included (the worker simulates at once).
  route.to_worker = options.sim_threads > 0;
  route.skip_stack = !options.trace_stack;
  route.count_objects = options.data_objects;
  init_access_helpers(simulator, route);
}

bool instrumentation_on() { return instrumenting; }

void set_instrumentation(bool on, const char* reason) {
  if (on == instrumenting) return;
  instrumenting = on;
  VG_(discard_translations_safely)(static_cast<Addr>(0x1000), ~static_cast<SizeT>(0xfff), reason);
}

IRSB* instrument_superblock(VgCallbackClosure*, IRSB* sb_in, const VexGuestLayout*, const VexGuestExtents* extents,
                            const VexArchInfo*, IRType guest_word, IRType host_word) {
  if (guest_word != host_word) VG_(tool_panic)("ccsim: host/guest word size mismatch");
  resume_chasing();
  refresh_entry_wrappers();
  if (chased_into_wrapped_function(extents)) return retranslated_without_chasing(sb_in, extents);
  if (!instrumenting) return with_entry_exits_only(sb_in);

  BlockState block;
  block.out = deepCopyIRSBExceptStmts(sb_in);
  block.used = 0;
  IRTypeEnv* types = sb_in->tyenv;
  Addr instruction = 0;
  Reference* ref = nullptr;  // the current instruction's reference, created at its first data access
  const PollingLoopFinder polling_loops(sb_in);
  Int loads = 0;  // the block's loads so far, as PollingLoopFinder counts them
  auto current = [&]() {
    if (!ref) ref = reference_at(instruction);
    return ref;
  };

  Int i = 0;
  // Copy the preamble before the first instruction mark verbatim.
  for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; ++i) addStmtToIRSB(block.out, sb_in->stmts[i]);

  bool in_preload = false;  // the current instruction is ccsim's own preload's: nothing of it is simulated
  bool first_instruction = true;  // the current instruction starts the translation
  for (; i < sb_in->stmts_used; ++i) {
    IRStmt* st = sb_in->stmts[i];
    if (st->tag == Ist_IMark) {
      instruction = st->Ist.IMark.addr;
      ref = nullptr;
      in_preload = is_ccsim_preload_code(instruction);
      const Addr wrapper = first_instruction ? entry_wrapper_at(instruction) : 0;
      first_instruction = false;
      if (wrapper != 0) {
        // A wrapped function's first instruction, starting the translation (see with_entry_exits_only):
        // the side exit to its wrapper comes first (entry_wrappers.h).
        addStmtToIRSB(block.out, st);
        add_entry_exit(block.out, instruction, wrapper);
        continue;
      }
    } else if (in_preload) {
      // Its loads still count as PollingLoopFinder counts them, and a side exit still flushes what the
      // program's instructions before it queued.
      if ((st->tag == Ist_WrTmp && st->Ist.WrTmp.data->tag == Iex_Load) || st->tag == Ist_LoadG) ++loads;
      if (st->tag == Ist_Exit) flush(&block);
      addStmtToIRSB(block.out, st);
      continue;
    }
    switch (st->tag) {
      case Ist_IMark:
        break;
      case Ist_WrTmp: {
        IRExpr* data = st->Ist.WrTmp.data;
        if (data->tag == Iex_Load) {
          add_access(&block, current(), data->Iex.Load.addr, sizeofIRType(data->Iex.Load.ty), AccessKind::Read,
                     polling_loops.polled(loads++));
        }
        break;
      }
      case Ist_Store: {
        IRExpr* data = st->Ist.Store.data;
        add_access(&block, current(), st->Ist.Store.addr, sizeofIRType(typeOfIRExpr(types, data)), AccessKind::Write);
        break;
      }
      case Ist_StoreG: {
        IRStoreG* store = st->Ist.StoreG.details;
        add_guarded_access(&block, current(), store->addr, sizeofIRType(typeOfIRExpr(types, store->data)),
                           AccessKind::Write, store->guard);
        break;
      }
      case Ist_LoadG: {
        IRLoadG* load = st->Ist.LoadG.details;
        IRType loaded = Ity_INVALID;
        IRType widened = Ity_INVALID;
        typeOfIRLoadGOp(load->cvt, &widened, &loaded);
        add_guarded_access(&block, current(), load->addr, sizeofIRType(loaded), AccessKind::Read, load->guard,
                           polling_loops.polled(loads++));
        break;
      }
      case Ist_Dirty: {
        // Helpers VEX describes as touching memory (x87/SSE state saves, cpuid-like helpers, ...): the
        // whole range is simulated; the core splits it into line accesses.
        IRDirty* d = st->Ist.Dirty.details;
        if (d->mFx != Ifx_None) {
          tl_assert(d->mAddr != nullptr && d->mSize != 0);
          AccessKind kind = d->mFx == Ifx_Read ? AccessKind::Read
                            : d->mFx == Ifx_Write ? AccessKind::Write : AccessKind::Modify;
          add_access(&block, current(), d->mAddr, d->mSize, kind);
        }
        break;
      }
      case Ist_CAS: {
        // A compare-and-swap (lock cmpxchg, and VEX's model of other locked RMWs) reads and writes the
        // location: one modify, which needs the line exclusive like any write.
        IRCAS* cas = st->Ist.CAS.details;
        Int size = sizeofIRType(typeOfIRExpr(types, cas->dataLo));
        if (cas->dataHi != nullptr) size *= 2;
        add_access(&block, current(), cas->addr, size, AccessKind::Modify);
        break;
      }
      case Ist_LLSC: {
        if (st->Ist.LLSC.storedata == nullptr) {
          add_access(&block, current(), st->Ist.LLSC.addr, sizeofIRType(typeOfIRTemp(types, st->Ist.LLSC.result)),
                     AccessKind::Read);
          flush(&block);  // as Cachegrind: flushing before the LL helps the SC succeed
        } else {
          add_access(&block, current(), st->Ist.LLSC.addr, sizeofIRType(typeOfIRExpr(types, st->Ist.LLSC.storedata)),
                     AccessKind::Write);
        }
        break;
      }
      case Ist_Exit:
        // The side exit may be taken: everything before it must be simulated first.
        flush(&block);
        break;
      default:
        break;
    }
    addStmtToIRSB(block.out, st);
  }
  flush(&block);
  // The preload's own requests, made on every wrapped call, are mostly answered without leaving the
  // translated code (requests_in_line.h).
  if (in_preload && sb_in->jumpkind == Ijk_ClientReq) answer_requests_in_line(block.out);
  return block.out;
}

}  // namespace ccsim
