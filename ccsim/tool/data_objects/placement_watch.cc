// placement_watch.cc: the heap blocks' touching threads, the watched blocks' predictions and their totals.
#include "ccsim/tool/data_objects/placement_watch.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/coherence.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/cached_ranges.h"

namespace ccsim {
namespace {

// What is known of one heap block that can be watched (one life of the memory at its start): the first
// thread that touched it, and once a second one did, its prediction. A block of one line or less, or too
// large (placement_watch.h), has no entry.
struct BlockWatch {
  std::uint32_t life;
  ProcId first_proc;
  ObjectId object;
  PlacementPrediction* prediction;
};

// The totals of one (object, block offset): the layouts (the same for every block of the group) and
// their counts, added up from the group's blocks as each one ends.
struct GroupTotals {
  std::uint32_t blocks;
  PlacementLayout* layouts;
  PlacementCounts* counts;
};

struct Watch {
  Simulator* simulator;
  PlacementCopiesReader read_copies;  // touched_bytes(), or a worker's of line shards
  std::uint32_t line_bytes;
  std::uint32_t layouts;  // placement_layout_count(line_bytes)
  // By block start. An entry stays after its block is freed until another block starts there (a new life)
  // or the run ends: no free is reported here, and the accesses made to a freed block in the replay's
  // order still find it.
  HashMap<Addr, BlockWatch> blocks{"ccsim.placement.blocks"};
  // By object << 32 | block offset.
  HashMap<std::uint64_t, GroupTotals> groups{"ccsim.placement.groups"};
};
Watch* watch = nullptr;

std::uint32_t block_offset(Addr base) { return static_cast<std::uint32_t>(base % (2 * watch->line_bytes)); }

GroupTotals& group_of(ObjectId object, Addr base) {
  bool added = false;
  GroupTotals& group = watch->groups.find_or_add(std::uint64_t(object) << 32 | block_offset(base), &added);
  if (added) {
    group.blocks = 0;
    group.layouts = allocate_zeroed_array<PlacementLayout>("ccsim.placement.groups", watch->layouts);
    group.counts = allocate_zeroed_array<PlacementCounts>("ccsim.placement.groups", watch->layouts);
    for (std::uint32_t i = 0; i < watch->layouts; ++i) group.layouts[i] = placement_layout(watch->line_bytes, base, i);
  }
  return group;
}

// Moves a prediction's counts into its group's totals.
void fold_counts(ObjectId object, PlacementPrediction* prediction) {
  GroupTotals& group = group_of(object, prediction->base());
  for (std::uint32_t i = 0; i < watch->layouts; ++i) {
    group.counts[i].true_sharing += prediction->counts(i).true_sharing;
    group.counts[i].false_sharing += prediction->counts(i).false_sharing;
  }
  prediction->zero_counts();
}

// The first thread's copies of the block's lines, as the simulated caches hold them: each run of bytes it
// touched is replayed as a read (with no other holder, a read and a write leave the same copy).
void start_from_copies(PlacementPrediction* prediction, ProcId proc, Addr low, Addr high) {
  const Addr line_bytes = watch->line_bytes;
  for (Addr line = low & ~(line_bytes - 1); line <= high; line += line_bytes) {
    std::uint64_t mask[kMaxMaskWords] = {};
    if (watch->read_copies(watch->simulator, proc, line, mask)) {
      for (std::uint32_t first = 0; first < line_bytes; ++first) {
        if (((mask[first / 64] >> (first % 64)) & 1) == 0) continue;
        std::uint32_t end = first + 1;
        while (end < line_bytes && ((mask[end / 64] >> (end % 64)) & 1) != 0) ++end;
        prediction->access(proc, line + first, end - first, false);
        first = end;
      }
    }
    if (line + line_bytes < line) break;  // the last line of the address space
  }
}

}  // namespace

void init_placement_watch(Simulator* simulator) {
  watch = create_object<Watch>("ccsim.placement");
  watch->simulator = simulator;
  watch->read_copies = touched_bytes;
  watch->line_bytes = machine_config(simulator).l1.line_bytes;
  watch->layouts = placement_layout_count(watch->line_bytes);
}

bool watch_object_access(const ObjectExtent& found, ProcId proc, Addr address, std::uint32_t size,
                         AccessKind kind) {
  if (data_object(found.object).kind != ObjectKind::Heap) return false;
  // A block of one line or less, or too large, is never watched: answered before the table's lookup, the
  // hot one of this function (a small node of a pointer-chasing program refills its reference's object
  // cache at nearly every access). Its start keeps no entry, so a watched block that lived there before
  // keeps its prediction, unfed, until another watched block starts there or the run ends: folded then,
  // the same sums.
  const std::uint64_t size_of_block = found.high - found.base + 1;
  if (size_of_block <= watch->line_bytes || size_of_block > kLargestWatchedBlock) return false;
  bool added = false;
  BlockWatch& block = watch->blocks.find_or_add(found.base, &added);
  if (!added && block.life != found.life) {
    // Another block now starts there: the old one's prediction ends.
    if (block.prediction != nullptr) {
      fold_counts(block.object, block.prediction);
      destroy_object(block.prediction);
    }
    added = true;
  }
  if (added) {
    block = BlockWatch{found.life, proc, found.object, nullptr};
    return false;
  }
  if (block.prediction == nullptr) {
    if (block.first_proc == proc) return false;
    // A second thread: the block is watched from this access on.
    block.prediction = create_object<PlacementPrediction>("ccsim.placement.prediction", found.base,
                                                          found.high - found.base + 1, watch->line_bytes);
    start_from_copies(block.prediction, block.first_proc, found.base, found.high);
    ++group_of(found.object, found.base).blocks;
    // No cache may cover the block any more: every access must come through here.
    forget_ranges(found.base, found.high);
  }
  block.prediction->access(proc, address, size, writes(kind));
  return true;
}

void for_each_placement(PlacementVisitor visit, void* context) {
  watch->blocks.for_each([](Addr, const BlockWatch& block) {
    if (block.prediction != nullptr) fold_counts(block.object, block.prediction);
  });
  watch->groups.for_each([&](std::uint64_t key, const GroupTotals& group) {
    visit(context, PlacementTotals{static_cast<ObjectId>(key >> 32), static_cast<std::uint32_t>(key), group.blocks,
                                   watch->layouts, group.layouts, group.counts});
  });
}

void read_placement_copies_with(PlacementCopiesReader reader) { watch->read_copies = reader; }

void zero_placement_counts() {
  watch->blocks.for_each([](Addr, const BlockWatch& block) {
    if (block.prediction != nullptr) block.prediction->zero_counts();
  });
  watch->groups.for_each([](std::uint64_t, const GroupTotals& group) {
    for (std::uint32_t i = 0; i < watch->layouts; ++i) group.counts[i] = PlacementCounts{};
  });
}

}  // namespace ccsim
