// geometry.h: cache geometry (size, associativity, line size) and its parsing from the user's
// `size,assoc,line` strings (the form of Cachegrind's --D1=...).
#ifndef CCSIM_CORE_GEOMETRY_H
#define CCSIM_CORE_GEOMETRY_H

#include <cstdint>

namespace ccsim {

// One cache level's shape. `present == false` means the level is not simulated ("none").
struct CacheGeometry {
  bool present = false;
  std::uint64_t size_bytes = 0;
  std::uint32_t associativity = 0;
  std::uint32_t line_bytes = 0;
  std::uint64_t sets() const { return size_bytes / (std::uint64_t(associativity) * line_bytes); }
};

// A message buffer for errors the user caused; messages are one sentence, no trailing newline.
struct ErrorMessage {
  char text[256] = {0};
};

// Parses "size,assoc,line" (decimal bytes, e.g. "32768,8,64"), or "none" when `allow_none`.
// Rejects with one sentence in `error`: malformed text, zero values, a line size that is not a power of
// two or outside 8..256 bytes, a line larger than the cache, a size not divisible into whole sets,
// or a number of sets that is not a power of two. `level_name` (e.g. "--L1") starts the message.
bool parse_geometry(const char* text, bool allow_none, const char* level_name, CacheGeometry* out,
                    ErrorMessage* error);

// The most processors one machine can have: a directory sharer set is 64 words of 64 bits plus a summary
// word saying which of them are non-zero (see sharer_set.h).
constexpr std::uint32_t kMaxProcessors = 4096;

// The simulated machine: every processor has a private L1 data cache and optionally a private L2;
// optionally one last-level cache shared by all processors. Line size must be equal at every level.
struct MachineConfig {
  CacheGeometry l1;
  CacheGeometry l2;    // private, optional
  CacheGeometry llc;   // shared, optional
  bool miss_classes = false;     // split replacement misses into capacity vs conflict
  std::uint32_t max_processors = 0;  // upper bound on ProcId + 1 (the tool passes Valgrind's thread limit)
};

// Checks cross-level rules (L1 present, equal line sizes, max_processors in 1..4096).
bool validate_machine(const MachineConfig& config, ErrorMessage* error);

}  // namespace ccsim

#endif
