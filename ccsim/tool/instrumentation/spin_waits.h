// spin_waits.h: spin-wait detection. A thread that waits for another by re-reading a flag (`while (!ready);`,
// a hand-made barrier's spin) is waiting, not working: simulating every re-read would multiply the run
// time, and the reads, and how many there are, depend on how long it waited in real time, not on the program.
//
// - Instrumentation time (PollingLoopFinder): a polling loop is a short loop (a jump back to an instruction
//   at most kMaxLoopInstructions before it, in the same superblock, or to a `pause` just before one of
//   its instructions, since a pause ends a superblock) that stores nothing. Its loads are marked
//   kPolledLoad in their Reference (references.h), and so is the loop's guard when the compiler tests the
//   condition once before the loop (a load of the same global before it, with no store between, or the
//   loads after the last store before a block-ending `pause`): in every run one of the two makes the read
//   that lets the thread go on. Nothing else changes: other accesses pay nothing.
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

// Finds the polling loops of one superblock while instrument.cc walks it, and marks their loads.
class PollingLoopFinder {
 public:
  void instruction(Addr address);
  void load(Reference* ref, const IRExpr* address);
  void store() { ++stores_; }
  // A side exit or the block's end jumps to `target` (a constant guest address).
  void jump(Addr target);
  // The block ends by going on at `next` (a jump when `yields` is false; after a `pause`, VEX's yield,
  // when it is true): a jump back is a loop, and a `pause` just done or next begins a polling loop.
  void block_ends(Addr next, bool yields);

 private:
  // A loop of more instructions is work, not polling (a waiting loop is a load, a compare, a branch and
  // perhaps a pause or a counter).
  static constexpr Int kMaxLoopInstructions = 8;
  // Superblocks are at most a few dozen instructions; anything past this is simply not examined.
  static constexpr Int kMaxInstructions = 128;
  static constexpr Int kMaxLoads = 128;

  // One guest instruction of the block: where it is, and the stores and loads met before it.
  struct Instruction {
    Addr address;
    Int stores_before;
    Int loads_before;
  };
  Instruction instructions_[kMaxInstructions];
  Int instruction_count_ = 0;
  // One load of the block: its reference, its address if it is a constant (0 otherwise: a global's address
  // is a constant in VEX's IR), and the stores met before it.
  struct Load {
    Reference* ref;
    Addr constant_address;
    Int stores_before;
  };
  void mark(const Load& load);
  void mark_loads_before_pause();
  Load loads_[kMaxLoads];  // the block's loads, in order
  Int load_count_ = 0;
  Int stores_ = 0;
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
