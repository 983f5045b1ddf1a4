// line_shard.cc: see line_shard.h.
#include "ccsim/core/line_shard.h"

#include "ccsim/core/message.h"

namespace ccsim {

LineShard shards_of_worker(std::uint32_t count, std::uint32_t workers, std::uint32_t index) {
  LineShard shard;
  shard.count = count;
  shard.owned = 0;
  for (std::uint32_t k = 0; k < count; ++k) {
    if (worker_of_shard(k, count, workers) == index) shard.owned |= std::uint64_t(1) << k;
  }
  return shard;
}

bool validate_line_shard(const MachineConfig& config, LineShard shard, ErrorMessage* error) {
  if (shard.count == 0 || (shard.count & (shard.count - 1)) != 0) {
    MessageWriter(error)
        .text("the number of line shards must be a power of two, as the numbers of sets are (got ")
        .number(shard.count)
        .text(").");
    return false;
  }
  if (shard.count > LineShard::kMaxCount) {
    MessageWriter(error).text("at most ").number(LineShard::kMaxCount).text(" line shards (got ").number(shard.count).text(").");
    return false;
  }
  const std::uint64_t beyond = shard.count == 64 ? 0 : shard.owned & ~((std::uint64_t(1) << shard.count) - 1);
  if (shard.owned == 0 || beyond != 0) {
    MessageWriter(error)
        .text("line shard ")
        .number(shard.owned == 0 ? shard.count : static_cast<std::uint32_t>(__builtin_ctzll(beyond)))
        .text(" does not exist among ")
        .number(shard.count)
        .text(".");
    return false;
  }
  struct NamedLevel {
    const char* name;
    const CacheGeometry* geometry;
  };
  const NamedLevel levels[] = {{"--L1", &config.l1}, {"--L2", &config.l2}, {"--LLC", &config.llc}};
  for (const NamedLevel& level : levels) {
    if (level.geometry->present && level.geometry->sets() % shard.count != 0) {
      MessageWriter(error)
          .text(level.name)
          .text("'s ")
          .number(level.geometry->sets())
          .text(" sets cannot be split into ")
          .number(shard.count)
          .text(" line shards: a set would be simulated in two shards.");
      return false;
    }
  }
  return true;
}

}  // namespace ccsim
