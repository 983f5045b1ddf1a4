// types.h: the vocabulary of the simulator core. No Valgrind header here or anywhere in ccsim/core:
// the same files build into the Valgrind tool and into host unit tests and benchmarks.
#ifndef CCSIM_CORE_TYPES_H
#define CCSIM_CORE_TYPES_H

#include <cstddef>
#include <cstdint>

namespace ccsim {

using Addr = std::uint64_t;       // a client data address
using RefId = std::uint32_t;      // opaque reference id: the tool maps it to one client instruction
using ProcId = std::uint32_t;     // simulated processor = client thread (0-based inside the core)
using RegionId = std::uint32_t;   // barrier epoch of the accessing thread's team; unique across teams

// What an instruction does to the bytes it names. A Modify (load and store of the same bytes by one
// instruction, e.g. `add [m], r` or a locked RMW) is counted as one write access, as Cachegrind does.
enum class AccessKind : std::uint8_t { Read = 0, Write = 1, Modify = 2 };

inline bool writes(AccessKind k) { return k != AccessKind::Read; }

}  // namespace ccsim

#endif
