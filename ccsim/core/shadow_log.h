// shadow_log.h: what a line shard (line_shard.h) does with the fully-associative shadows of the miss
// classes, which it cannot keep itself.
//
// A shadow (shadow_cache.h) holds a processor's most recent lines at one level whatever their set, so
// whether it hits depends on the accesses to lines of every shard: it is not set-local, and a shard's own
// shadow would be wrong (it would count only the shard's lines between two uses of a line). What each
// shadow sees is decided by the shards, though, line by line: the accesses that reach its level (which
// depend only on the line's own state) and the lines invalidated. And its answer changes no cache state:
// it only splits a replacement miss into capacity or conflict. So each shard writes down, in order, what
// its shadows would have been asked, and the shadow stage (shadow_stage.h) replays the logs of all shards
// merged in the order of the line accesses: exactly the questions one simulator asks its shadows, so
// exactly its answers. The misses to classify wait in the log, with their notice, for the stage (the
// observer was given the notice during the access, with `class_later`: observer.h).
//
// The order: with miss classes every line access takes the slow path (the hit path is off), so every
// shard numbers every line access, its own or not, and the numbers agree. The ops of a line access carry
// 2 x its number (1-based); only its owner shard writes any. A processor reset or a zeroing of the
// statistics after n line accesses carries 2n + 1, written by shard 0 alone (every shard is told).
#ifndef CCSIM_CORE_SHADOW_LOG_H
#define CCSIM_CORE_SHADOW_LOG_H

#include <cstdint>
#include <cstring>

#include "ccsim/core/events.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/observer.h"
#include "ccsim/core/types.h"

namespace ccsim {

enum class ShadowOpKind : std::uint8_t {
  Access,      // `proc`'s shadow at `level` (the LLC's: one for all) sees `line`
  Classify,    // `miss` is a replacement miss: capacity if the last Access of its processor and level missed
  Remove,      // `proc` lost `line` to an invalidation: gone from its L1 and L2 shadows
  Reset,       // `proc` became a new processor (reset_processor): its shadows empty
  ZeroCounts,  // zero_statistics(): the counts so far are dropped
};

// One question to a shadow, or a miss waiting for its answer.
struct ShadowOp {
  std::uint64_t key;  // the order among all shards' ops (above)
  Addr line;
  ProcId proc;
  Level level;
  ShadowOpKind kind;
  MissNotice miss;  // Classify only: the miss's notice (`class_later`), `capacity` left for the stage
};

// One shard's ops, in the order it made them (so by key).
class ShadowLog {
 public:
  ShadowLog() : ops_("ccsim.shadow_log") {}

  // Every line access, the shard's or not, before it is filtered.
  void count_line_access() { ++line_accesses_; }
  void add(ShadowOpKind kind, ProcId proc, Level level, Addr line) {
    push(ShadowOp{2 * line_accesses_, line, proc, level, kind, MissNotice{}});
  }
  void add_classify(const MissNotice& miss) {
    push(ShadowOp{2 * line_accesses_, 0, miss.proc, miss.level, ShadowOpKind::Classify, miss});
  }
  // A reset or zeroing, between line accesses.
  void add_between(ShadowOpKind kind, ProcId proc) {
    push(ShadowOp{2 * line_accesses_ + 1, 0, proc, Level::L1, kind, MissNotice{}});
  }

  // An op another process's shard made, in its order (statistics_transfer.h): a log read back.
  void append(const ShadowOp& op) { push(op); }

  std::uint32_t size() const { return ops_.size(); }
  const ShadowOp& operator[](std::uint32_t index) const { return ops_[index]; }

  // The line accesses numbered so far (the access under way included): its ops carry 2 x this.
  std::uint64_t line_accesses() const { return line_accesses_; }
  // Drops the first `count` ops, once they have been passed on or applied (the workers' online stage,
  // tool/workers/shadow_queues.h); the numbering goes on.
  void drop_first_ops(std::uint32_t count) {
    const std::uint32_t kept = ops_.size() - count;
    if (kept > 0) std::memmove(static_cast<void*>(ops_.data()), ops_.data() + count, kept * sizeof(ShadowOp));
    ops_.resize(kept);
  }

 private:
  void push(const ShadowOp& op) { ops_.push_back(op); }

  GrowableArray<ShadowOp> ops_;
  std::uint64_t line_accesses_ = 0;
};

}  // namespace ccsim

#endif
