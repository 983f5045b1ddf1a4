// runtime_parts.h: what the runtime's lines, functions and objects (runtime_objects.h) are part of - the
// dynamic loader, libc, libstdc++, an OpenMP runtime or the program's allocator - so that the views can
// say what their "(runtime)" group holds and how much of it each part is, instead of one opaque sum.
#ifndef CCSIM_ANNOTATE_RUNTIME_PARTS_H
#define CCSIM_ANNOTATE_RUNTIME_PARTS_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// In the order the views list parts of equal share.
enum class RuntimePart { loader, libc, libstdcxx, openmp, allocator, other };

// "loader", "libc", "libstdc++", "OpenMP runtime", "allocator", "other runtime code".
std::string runtime_part_name(RuntimePart part);

// The part a runtime library's code belongs to: ld-* the loader; libc, libpthread, libm, libdl libc;
// libstdc++ and libgcc_s libstdc++; libgomp, libomp, libiomp the OpenMP runtime; anything else other.
RuntimePart library_part(const std::string& object_file);

// A row's accesses, reads + writes (every count added when the profile lacks those events): what the
// parts' shares of a group are shares of.
std::uint64_t accesses_of(const Profile& profile, const Counts& counts);

// The part of each object: the allocator's own memory (`object-origin: allocator`) the allocator's; an
// object named after a runtime library ("stdout in libc.so.6", "mapping ... of ld-linux-x86-64.so.2")
// that library's; otherwise the part of the runtime-library code that accessed it most (an OpenMP
// runtime's heap block is touched by libgomp); other when no runtime-library code touched it. Meaningful
// for runtime objects only.
std::vector<RuntimePart> object_parts(const Profile& profile);

// The part of each reference: the allocator's when the object it accessed most (`main_objects`) is the
// allocator's memory (malloc's code in libc working on its arena), else its library's when its
// instruction is in a runtime library, else the part of the runtime object it accessed most.
std::vector<RuntimePart> reference_parts(const Profile& profile,
                                         const std::vector<std::optional<std::size_t>>& main_objects,
                                         const std::vector<RuntimePart>& objects);

// A number per part: accesses, or cycles. largest_first: the parts, largest first (equal ones in enum order).
using PartAccesses = std::map<RuntimePart, std::uint64_t>;
std::vector<std::pair<RuntimePart, std::uint64_t>> largest_first(const PartAccesses& parts);

}  // namespace ccsim::annotate

#endif
