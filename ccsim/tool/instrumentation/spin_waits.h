// spin_waits.h: spin-wait detection. A thread that waits for another by re-reading a flag (`while (!ready);`,
// a hand-made barrier's spin) is waiting, not working: simulating every re-read would multiply the run
// time, and the reads, and how many there are, depend on how long it waited in real time, not on the program.
//
// - Instrumentation time (PollingLoopFinder): a polling loop is a short loop (a jump back to an instruction
//   at most kMaxLoopInstructions before it, in the same superblock, or to a `pause` just before one of
//   its instructions, since a pause ends a superblock) that stores nothing. Its loads that decide whether
//   it goes on, of an address it does not change, are marked polled in this translation (their calls go
//   to a helper of their own: access_helpers.h):
//   - the loaded value must flow, through the block's temporaries and registers, into the condition of an
//     exit that leaves the loop (a side exit to an address outside the loop's instructions, or the
//     conditional jump back): `while (!flag)` waits for the value it reads, whereas a loop bounded by its
//     own counter (`for (i = 0; i < n; i++) sum += shared;`) ends whatever it reads and is work;
//   - the address must come from constants and registers the loop does not write: a load whose address
//     the loop advances (a sum over an array, a search of a list: `p = p->next` writes the register the
//     next load's address comes from) reads a new address each time and is work, not waiting.
//   The loop's guard is marked too when the compiler tests the condition once before the loop (a load of
//   the same global before it, with no store between, or, before a block-ending `pause`, the loads after
//   the last store that decide a side exit): in every run one of the two makes the read that lets the
//   thread go on. Nothing else changes: other accesses pay nothing.
// - Run time (access_helpers.cc, unusual_access): a polled load is held back in the thread's WaitingRead;
//   a polled load of the same address next, with nothing else of the thread's between, means the held
//   one was a wait: it is dropped and counted (`skipped: spin`). Anything else simulates the held read
//   first. So each wait leaves exactly one simulated read, its last, whatever its length: interleaved and
//   piped results stay deterministic. Loops that read a new address each time (a string scan) lose nothing.
// - Exit: each source line whose loads were dropped is named, on stderr and in the profile (`spin-wait:`),
//   with the advice to annotate the hand-off so that the replay orders it.
#ifndef CCSIM_TOOL_SPIN_WAITS_H
#define CCSIM_TOOL_SPIN_WAITS_H

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

struct Reference;
class ProfileFile;

// Finds the polling loops of one superblock, before instrument.cc instruments it, and says which of its
// loads are polled. The decision belongs to this translation, not to the instruction: the first
// translation of a loop often starts before it, and VEX then folds the values set before the loop into
// its addresses, so a load whose address the loop advances looks like a load of one constant address
// there; the loop's own translation (from its head) sees where the address comes from.
class PollingLoopFinder {
 public:
  explicit PollingLoopFinder(const IRSB* block);
  // Whether the block's `load`-th load (a WrTmp of a Load or a LoadG, in block order) is polled.
  bool polled(Int load) const { return load < load_count_ && loads_[load].polled; }

 private:
  void scan();
  void instruction(Addr address, Int statement);
  // Every temporary the block defines (WrTmp), and every register it writes (Put, PutI), so that a
  // load's address can be traced back to the registers it comes from.
  void define(IRTemp temp, const IRExpr* value);
  void put(Int offset, Int bytes);
  void put_anywhere();
  void load(const IRExpr* address, IRTemp value);
  void store() { ++stores_; }
  // The side exit at statement `statement` of the block, or its end (`statement` = stmts_used), jumps to
  // `target` (a constant guest address).
  void jump(Addr target, Int statement);
  // The block ends by going on at `next` (a jump when `yields` is false; after a `pause`, VEX's yield,
  // when it is true): a jump back is a loop, and a `pause` just done or next begins a polling loop.
  void block_ends(Addr next, bool yields);

  // A loop of more instructions is work, not polling (a waiting loop is a load, a compare, a branch and
  // perhaps a pause or a counter).
  static constexpr Int kMaxLoopInstructions = 8;
  // Superblocks are at most a few dozen instructions; anything past this is simply not examined.
  static constexpr Int kMaxInstructions = 128;
  static constexpr Int kMaxLoads = 128;

  // Guest registers as bits of a mask: bit offset/8 of the guest state (amd64: rax..r15 are bits 2..17),
  // everything from offset 504 on as bit 63. Only the registers a load address or an exit's condition comes
  // from matter.
  using Registers = ULong;
  static Registers registers_at(Int offset, Int bytes);
  // The registers of a guest-state array that GetI and PutI index (x87's registers and tags).
  static Registers registers_of_array(const IRRegArray* array);
  // The registers `value` is computed from (through the block's temporaries; a loaded value counts as
  // computed from its address's registers, so `p = p->next` keeps p's register).
  Registers registers_of(const IRExpr* value) const;

  // Marks the temporaries the loop's exits depend on (Temp::decides_exit), for the loop from instruction
  // `first` to statement `end` (excluded): the guards of its side exits to an address outside
  // [low, high] (the loop's own instructions), and of the exit at `closing` (the conditional jump back;
  // -1 when the block's end closes the loop), followed back through the temporaries and the registers
  // (a register needed at the loop's head comes from the end of the previous iteration).
  void trace_exit_conditions(Int first, Int end, Int closing, Addr low, Addr high);
  // Marks the temporaries `value` reads as deciding, and adds the registers it reads to `registers`.
  void needs(const IRExpr* value, Registers* registers);

  // One guest instruction of the block: where it is, its IMark's statement index, the stores and loads
  // met before it, and the registers it writes.
  struct Instruction {
    Addr address;
    Int statement;
    Int stores_before;
    Int loads_before;
    Registers written;
  };
  Instruction instructions_[kMaxInstructions];
  Int instruction_count_ = 0;
  // One load of the block: its reference, its address if it is a constant (0 otherwise: a global's address
  // is a constant in VEX's IR), and the stores met before it.
  struct Load {
    Addr constant_address;
    Int stores_before;
    Registers address_registers;  // what its address is computed from
    IRTemp value;                 // the temporary the loaded value goes to
    bool polled;
  };
  static void mark(Load* load) { load->polled = true; }
  // Whether the loop's exits, as trace_exit_conditions last traced them, depend on the load's value.
  bool decides_exit(const Load& load) const { return temps_[load.value].decides_exit; }
  void mark_loads_before_pause();
  const IRSB* const block_;
  Load loads_[kMaxLoads];  // the block's loads, in order
  Int load_count_ = 0;
  Int stores_ = 0;
  // What the block's analysis knows of one temporary: the registers it is computed from (temporaries not
  // defined by a WrTmp, such as a helper's result, come from none), and whether the loop being examined
  // decides from it whether it goes on.
  struct Temp {
    Registers registers;
    bool decides_exit;
  };
  // By temporary number, for this block. Shared by all blocks: instrumentation runs one block at a time.
  static Temp* temps_;
  static Int temp_capacity_;
};

// The polled loads dropped as waiting by all threads (`skipped: spin`).
std::uint64_t spin_reads_of_all_threads();
// `spin-wait: <reads> <line> <file>` records, one per source line whose loads were dropped, sorted by
// file name and line (docs/output-format.md).
void write_spin_wait_records(ProfileFile* file);
// One sentence per such line on stderr, naming it and saying how to annotate it.
void report_spin_waits();

}  // namespace ccsim

#endif
