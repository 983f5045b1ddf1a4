// spin_waits.cc: polling loops found at instrumentation time, and the spinning lines reported at exit
// (spin_waits.h). The run-time part is in the access helpers' slow path (access_helpers.cc).
#include "ccsim/tool/instrumentation/spin_waits.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/threads/threads.h"

namespace ccsim {

PollingLoopFinder::Temp* PollingLoopFinder::temps_ = nullptr;
Int PollingLoopFinder::temp_capacity_ = 0;

PollingLoopFinder::PollingLoopFinder(const IRSB* block) : block_(block) {
  const Int temps = block->tyenv->types_used;
  if (temps > temp_capacity_) {
    temp_capacity_ = temps * 2;
    temps_ = static_cast<Temp*>(
        VG_(realloc)("ccsim.spin.temps", temps_, sizeof(Temp) * static_cast<SizeT>(temp_capacity_)));
  }
  for (Int temp = 0; temp < temps; ++temp) temps_[temp] = Temp{0, false};
  scan();
}

// The statements as instrument.cc meets them: the same loads (a WrTmp of a Load, a LoadG; not an LL, a
// helper's read or a CAS) in the same order, and every statement that writes memory.
void PollingLoopFinder::scan() {
  const IRSB* block = block_;
  const IRTypeEnv* types = block->tyenv;
  Int i = 0;
  while (i < block->stmts_used && block->stmts[i]->tag != Ist_IMark) ++i;
  for (; i < block->stmts_used; ++i) {
    const IRStmt* st = block->stmts[i];
    switch (st->tag) {
      case Ist_IMark: instruction(st->Ist.IMark.addr, i); break;
      case Ist_Put: put(st->Ist.Put.offset, sizeofIRType(typeOfIRExpr(types, st->Ist.Put.data))); break;
      case Ist_PutI: put_anywhere(); break;
      case Ist_WrTmp:
        define(st->Ist.WrTmp.tmp, st->Ist.WrTmp.data);
        if (st->Ist.WrTmp.data->tag == Iex_Load) load(st->Ist.WrTmp.data->Iex.Load.addr, st->Ist.WrTmp.tmp);
        break;
      case Ist_LoadG: load(st->Ist.LoadG.details->addr, st->Ist.LoadG.details->dst); break;
      case Ist_Store:
      case Ist_StoreG:
      case Ist_CAS: store(); break;
      case Ist_Dirty:
        if (st->Ist.Dirty.details->mFx == Ifx_Write || st->Ist.Dirty.details->mFx == Ifx_Modify) store();
        break;
      case Ist_LLSC:
        if (st->Ist.LLSC.storedata != nullptr) store();
        break;
      case Ist_Exit:
        if (st->Ist.Exit.jk == Ijk_Boring && st->Ist.Exit.dst->tag == Ico_U64) {
          jump(static_cast<Addr>(st->Ist.Exit.dst->Ico.U64), i);
        }
        break;
      default: break;
    }
  }
  if (block->next->tag == Iex_Const && block->next->Iex.Const.con->tag == Ico_U64) {
    block_ends(static_cast<Addr>(block->next->Iex.Const.con->Ico.U64), block->jumpkind == Ijk_Yield);
  }
}

void PollingLoopFinder::instruction(Addr address, Int statement) {
  if (instruction_count_ == kMaxInstructions) return;
  instructions_[instruction_count_++] = Instruction{address, statement, stores_, load_count_, 0};
}

PollingLoopFinder::Registers PollingLoopFinder::registers_at(Int offset, Int bytes) {
  Registers registers = 0;
  for (Int word = offset / 8; word <= (offset + bytes - 1) / 8; ++word) registers |= Registers(1) << (word < 63 ? word : 63);
  return registers;
}

PollingLoopFinder::Registers PollingLoopFinder::registers_of_array(const IRRegArray* array) {
  return registers_at(array->base, array->nElems * sizeofIRType(array->elemTy));
}

PollingLoopFinder::Registers PollingLoopFinder::registers_of(const IRExpr* value) const {
  switch (value->tag) {
    case Iex_RdTmp: return temps_[value->Iex.RdTmp.tmp].registers;
    case Iex_Get: return registers_at(value->Iex.Get.offset, sizeofIRType(value->Iex.Get.ty));
    case Iex_GetI: return ~Registers(0);
    case Iex_Load: return registers_of(value->Iex.Load.addr);
    case Iex_Unop: return registers_of(value->Iex.Unop.arg);
    case Iex_Binop: return registers_of(value->Iex.Binop.arg1) | registers_of(value->Iex.Binop.arg2);
    case Iex_Triop:
      return registers_of(value->Iex.Triop.details->arg1) | registers_of(value->Iex.Triop.details->arg2) |
             registers_of(value->Iex.Triop.details->arg3);
    case Iex_Qop:
      return registers_of(value->Iex.Qop.details->arg1) | registers_of(value->Iex.Qop.details->arg2) |
             registers_of(value->Iex.Qop.details->arg3) | registers_of(value->Iex.Qop.details->arg4);
    case Iex_ITE:
      return registers_of(value->Iex.ITE.cond) | registers_of(value->Iex.ITE.iftrue) |
             registers_of(value->Iex.ITE.iffalse);
    case Iex_CCall: {
      Registers registers = 0;
      for (Int i = 0; value->Iex.CCall.args[i] != nullptr; ++i) registers |= registers_of(value->Iex.CCall.args[i]);
      return registers;
    }
    default: return 0;  // constants
  }
}

void PollingLoopFinder::define(IRTemp temp, const IRExpr* value) { temps_[temp].registers = registers_of(value); }

void PollingLoopFinder::put(Int offset, Int bytes) {
  if (instruction_count_ > 0) instructions_[instruction_count_ - 1].written |= registers_at(offset, bytes);
}

void PollingLoopFinder::put_anywhere() {
  if (instruction_count_ > 0) instructions_[instruction_count_ - 1].written = ~Registers(0);
}

void PollingLoopFinder::load(const IRExpr* address, IRTemp value) {
  if (load_count_ == kMaxLoads) return;
  const bool constant = address->tag == Iex_Const && address->Iex.Const.con->tag == Ico_U64;
  loads_[load_count_++] = Load{constant ? static_cast<Addr>(address->Iex.Const.con->Ico.U64) : 0, stores_,
                               registers_of(address), value, false};
}

void PollingLoopFinder::needs(const IRExpr* value, Registers* registers) {
  switch (value->tag) {
    case Iex_RdTmp: temps_[value->Iex.RdTmp.tmp].decides_exit = true; break;
    case Iex_Get: *registers |= registers_at(value->Iex.Get.offset, sizeofIRType(value->Iex.Get.ty)); break;
    case Iex_GetI:
      *registers |= registers_of_array(value->Iex.GetI.descr);
      needs(value->Iex.GetI.ix, registers);
      break;
    case Iex_Load: needs(value->Iex.Load.addr, registers); break;
    case Iex_Unop: needs(value->Iex.Unop.arg, registers); break;
    case Iex_Binop:
      needs(value->Iex.Binop.arg1, registers);
      needs(value->Iex.Binop.arg2, registers);
      break;
    case Iex_Triop:
      needs(value->Iex.Triop.details->arg1, registers);
      needs(value->Iex.Triop.details->arg2, registers);
      needs(value->Iex.Triop.details->arg3, registers);
      break;
    case Iex_Qop:
      needs(value->Iex.Qop.details->arg1, registers);
      needs(value->Iex.Qop.details->arg2, registers);
      needs(value->Iex.Qop.details->arg3, registers);
      needs(value->Iex.Qop.details->arg4, registers);
      break;
    case Iex_ITE:
      needs(value->Iex.ITE.cond, registers);
      needs(value->Iex.ITE.iftrue, registers);
      needs(value->Iex.ITE.iffalse, registers);
      break;
    case Iex_CCall:
      for (Int i = 0; value->Iex.CCall.args[i] != nullptr; ++i) needs(value->Iex.CCall.args[i], registers);
      break;
    default: break;  // constants (and a dirty helper's pointer to the guest state)
  }
}

void PollingLoopFinder::trace_exit_conditions(Int first, Int end, Int closing, Addr low, Addr high) {
  for (Int temp = 0; temp < block_->tyenv->types_used; ++temp) temps_[temp].decides_exit = false;
  const Int from = instructions_[first].statement;
  // Backwards from the loop's end: `needed` holds the registers the statements after the current one
  // read before writing them. What is still needed at the loop's head was left by the previous
  // iteration's end (a value loaded late in an iteration and tested early in the next): go round again
  // with it until nothing new is needed there (a chain through k registers takes k rounds).
  Registers carried = 0;
  for (Int round = 0; round < kMaxLoopInstructions; ++round) {
    Registers needed = carried;
    for (Int i = end - 1; i >= from; --i) {
      const IRStmt* st = block_->stmts[i];
      switch (st->tag) {
        case Ist_Exit: {
          const Addr target = st->Ist.Exit.dst->tag == Ico_U64 ? static_cast<Addr>(st->Ist.Exit.dst->Ico.U64) : 0;
          const bool leaves = st->Ist.Exit.jk == Ijk_Boring && (target < low || target > high);
          if (i == closing || leaves) needs(st->Ist.Exit.guard, &needed);
          break;
        }
        case Ist_WrTmp:
          if (temps_[st->Ist.WrTmp.tmp].decides_exit) needs(st->Ist.WrTmp.data, &needed);
          break;
        case Ist_LoadG:
          if (temps_[st->Ist.LoadG.details->dst].decides_exit) {
            needs(st->Ist.LoadG.details->addr, &needed);
            needs(st->Ist.LoadG.details->alt, &needed);
            needs(st->Ist.LoadG.details->guard, &needed);
          }
          break;
        case Ist_Put: {
          const Int offset = st->Ist.Put.offset;
          const Int bytes = sizeofIRType(typeOfIRExpr(block_->tyenv, st->Ist.Put.data));
          const Registers written = registers_at(offset, bytes);
          if ((needed & written) == 0) break;
          needs(st->Ist.Put.data, &needed);
          // A put of whole registers is where they come from; a partial one keeps the rest's origin needed.
          if (offset % 8 == 0 && bytes % 8 == 0) needed &= ~written;
          break;
        }
        case Ist_PutI:  // one element of the array, which one known only at run time: the rest stays needed
          if ((needed & registers_of_array(st->Ist.PutI.details->descr)) != 0) {
            needs(st->Ist.PutI.details->data, &needed);
            needs(st->Ist.PutI.details->ix, &needed);
          }
          break;
        case Ist_Dirty: {
          const IRDirty* d = st->Ist.Dirty.details;
          if (d->tmp == IRTemp_INVALID || !temps_[d->tmp].decides_exit) break;
          for (Int arg = 0; d->args[arg] != nullptr; ++arg) needs(d->args[arg], &needed);
          break;
        }
        default: break;
      }
    }
    if ((needed & ~carried) == 0) return;
    carried |= needed;
  }
}


namespace {

// x86's spin-loop hint `pause` (F3 90) ends a superblock (VEX makes it a yield), so a loop
// `L: pause; load; test; je L` jumps back to a pause outside the superblock, just before the loop's load.
bool pause_at(Addr address) {
  // A jump may go anywhere, also to memory the client cannot read (it faults there): read none of that.
  if (!VG_(am_is_valid_for_client)(address, 2, VKI_PROT_READ)) return false;
  const UChar* code = reinterpret_cast<const UChar*>(address);
  return code[0] == 0xF3 && code[1] == 0x90;
}

}  // namespace

void PollingLoopFinder::jump(Addr target, Int statement) {
  const Int first = instruction_count_ - kMaxLoopInstructions > 0 ? instruction_count_ - kMaxLoopInstructions : 0;
  for (Int i = instruction_count_ - 1; i >= first; --i) {
    const Addr address = instructions_[i].address;
    if (address != target && !(address == target + 2 && pause_at(target))) continue;
    if (instructions_[i].stores_before != stores_) return;  // the loop writes: it works
    Registers loop_writes = 0;
    Addr low = address;
    Addr high = address;
    for (Int in_loop = i; in_loop < instruction_count_; ++in_loop) {
      loop_writes |= instructions_[in_loop].written;
      low = instructions_[in_loop].address < low ? instructions_[in_loop].address : low;
      high = instructions_[in_loop].address > high ? instructions_[in_loop].address : high;
    }
    const bool side_exit = statement < block_->stmts_used;
    trace_exit_conditions(i, side_exit ? statement + 1 : statement, side_exit ? statement : -1, low, high);
    const Int first_loop_load = instructions_[i].loads_before;
    for (Int load = first_loop_load; load < load_count_; ++load) {
      if ((loads_[load].address_registers & loop_writes) == 0 && decides_exit(loads_[load])) mark(&loads_[load]);
    }
    // The guard of a rotated loop: the same global read before the loop, with no store since.
    for (Int guard = first_loop_load - 1; guard >= 0 && loads_[guard].stores_before == stores_; --guard) {
      for (Int load = first_loop_load; load < load_count_; ++load) {
        if (loads_[load].polled && loads_[guard].constant_address != 0 &&
            loads_[guard].constant_address == loads_[load].constant_address) {
          mark(&loads_[guard]);
        }
      }
    }
    return;
  }
}

void PollingLoopFinder::block_ends(Addr next, bool yields) {
  if (yields || pause_at(next)) {
    mark_loads_before_pause();
  } else {
    jump(next, block_->stmts_used);
  }
}

void PollingLoopFinder::mark_loads_before_pause() {
  if (instruction_count_ == 0) return;
  const Int first = instruction_count_ - kMaxLoopInstructions > 0 ? instruction_count_ - kMaxLoopInstructions : 0;
  // Where the loop begins is not known here: every side exit counts as leaving it (an empty [low, high]).
  trace_exit_conditions(first, block_->stmts_used, -1, 1, 0);
  const Int first_load = instructions_[first].loads_before;
  for (Int load = load_count_ - 1; load >= first_load && loads_[load].stores_before == stores_; --load) {
    if (decides_exit(loads_[load])) mark(&loads_[load]);
  }
}

std::uint64_t spin_reads_of_all_threads() {
  std::uint64_t reads = 0;
  for (std::uint32_t tid = 1; tid <= thread_ids_used(); ++tid) reads += thread_state(tid)->spin_reads;
  return reads;
}

namespace {

// One source line whose polled loads were dropped, with the reads of all its instructions.
struct SpinningLine {
  const HChar* file;  // "???" without debug info
  std::uint32_t line;
  std::uint64_t reads;
};

bool before(const SpinningLine& a, const SpinningLine& b) {
  const Int by_file = VG_(strcmp)(a.file, b.file);
  return by_file != 0 ? by_file < 0 : a.line < b.line;
}

// The spinning lines in file-name and line order (the file numbers depend on translation order).
// There are few: an insertion sort.
void collect_spinning_lines(GrowableArray<SpinningLine>* lines) {
  for (std::uint32_t id = 0; id < reference_count(); ++id) {
    const Reference* ref = reference(id);
    if (ref->spin_reads == 0) continue;
    const HChar* file = ref->source_file != 0 ? reference_names().files.name(ref->source_file) : "???";
    bool merged = false;
    for (std::uint32_t i = 0; i < lines->size() && !merged; ++i) {
      SpinningLine& known = (*lines)[i];
      if (known.line == ref->line && VG_(strcmp)(known.file, file) == 0) {
        known.reads += ref->spin_reads;
        merged = true;
      }
    }
    if (!merged) lines->push_back(SpinningLine{file, ref->line, ref->spin_reads});
  }
  for (std::uint32_t i = 1; i < lines->size(); ++i) {
    for (std::uint32_t j = i; j > 0 && before((*lines)[j], (*lines)[j - 1]); --j) {
      const SpinningLine moved = (*lines)[j];
      (*lines)[j] = (*lines)[j - 1];
      (*lines)[j - 1] = moved;
    }
  }
}

}  // namespace

void write_spin_wait_records(ProfileFile* file) {
  GrowableArray<SpinningLine> lines("ccsim.spin.lines");
  collect_spinning_lines(&lines);
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    file->printf("spin-wait: %llu %u %s\n", static_cast<ULong>(lines[i].reads), lines[i].line, lines[i].file);
  }
}

void report_spin_waits() {
  GrowableArray<SpinningLine> lines("ccsim.spin.lines");
  collect_spinning_lines(&lines);
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    tool_message("%s:%u waits by re-reading one address (%'llu reads not simulated); mark the hand-off with "
              "CCSIM_HAPPENS_BEFORE/AFTER or ANNOTATE_HAPPENS_BEFORE/AFTER, or the barrier with "
              "CCSIM_BARRIER_WAIT_BEFORE/AFTER, so that the replay orders it (docs/synchronization.md)\n",
              lines[i].file, lines[i].line, static_cast<ULong>(lines[i].reads));
  }
}

}  // namespace ccsim
