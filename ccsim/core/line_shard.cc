// line_shard.cc: see line_shard.h.
#include "ccsim/core/line_shard.h"

#include "ccsim/core/message.h"

namespace ccsim {

bool validate_line_shard(const MachineConfig& config, LineShard shard, ErrorMessage* error) {
  if (shard.count == 0 || (shard.count & (shard.count - 1)) != 0) {
    MessageWriter(error)
        .text("the number of line shards must be a power of two, as the numbers of sets are (got ")
        .number(shard.count)
        .text(").");
    return false;
  }
  if (shard.index >= shard.count) {
    MessageWriter(error).text("line shard ").number(shard.index).text(" does not exist among ").number(shard.count).text(".");
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
