// runtime_parts.cc: a runtime library's part by its name, an object's and a reference's by who touched it.
#include "ccsim/annotate/analysis/runtime_parts.h"

#include <algorithm>

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/analysis/runtime_objects.h"

namespace ccsim::annotate {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// The runtime library an object's name ends with: "... in libc.so.6" (a variable), "... of
// /lib64/ld-linux-x86-64.so.2" (an unknown range, a mapping); empty when it names none.
std::string named_library(const std::string& name) {
  for (const char* joint : {" in ", " of "}) {
    std::size_t at = name.rfind(joint);
    if (at != std::string::npos && is_runtime_library(name.substr(at + 4))) return name.substr(at + 4);
  }
  return "";
}

}  // namespace

std::string runtime_part_name(RuntimePart part) {
  switch (part) {
    case RuntimePart::loader: return "loader";
    case RuntimePart::libc: return "libc";
    case RuntimePart::libstdcxx: return "libstdc++";
    case RuntimePart::openmp: return "OpenMP runtime";
    case RuntimePart::allocator: return "allocator";
    case RuntimePart::other: break;
  }
  return "other runtime code";
}

RuntimePart library_part(const std::string& object_file) {
  const std::string name = base_name(object_file);
  if (starts_with(name, "ld-")) return RuntimePart::loader;
  for (const char* prefix : {"libc.so", "libc-", "libpthread", "libm.so", "libm-", "libdl"}) {
    if (starts_with(name, prefix)) return RuntimePart::libc;
  }
  if (starts_with(name, "libstdc++") || starts_with(name, "libgcc_s")) return RuntimePart::libstdcxx;
  for (const char* prefix : {"libgomp", "libomp", "libiomp"}) {
    if (starts_with(name, prefix)) return RuntimePart::openmp;
  }
  return RuntimePart::other;
}

std::uint64_t accesses_of(const Profile& profile, const Counts& counts) {
  auto reads = profile.event_index("reads");
  auto writes = profile.event_index("writes");
  if (reads && writes) return checked_sum(counts[*reads], counts[*writes]);
  std::uint64_t sum = 0;
  for (std::uint64_t count : counts) sum = checked_sum(sum, count);
  return sum;
}

std::vector<RuntimePart> object_parts(const Profile& profile) {
  // Per object, the accesses of each part's library code.
  std::vector<PartAccesses> touched(profile.objects.size());
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    const std::string& library = profile.references[cell.reference].object_file;
    if (!is_runtime_library(library)) continue;
    std::uint64_t& sum = touched[cell.object][library_part(library)];
    sum = checked_sum(sum, accesses_of(profile, cell.counts));
  }
  std::vector<RuntimePart> parts;
  for (std::size_t index = 0; index < profile.objects.size(); ++index) {
    const DataObject& object = profile.objects[index];
    std::string library = named_library(object.name);
    if (is_allocator_object(object)) {
      parts.push_back(RuntimePart::allocator);
    } else if (!library.empty()) {
      parts.push_back(library_part(library));
    } else {
      std::vector<std::pair<RuntimePart, std::uint64_t>> by_part = largest_first(touched[index]);
      parts.push_back(by_part.empty() ? RuntimePart::other : by_part.front().first);
    }
  }
  return parts;
}

std::vector<RuntimePart> reference_parts(const Profile& profile,
                                         const std::vector<std::optional<std::size_t>>& main_objects,
                                         const std::vector<RuntimePart>& objects) {
  std::vector<RuntimePart> parts;
  for (std::size_t reference = 0; reference < profile.references.size(); ++reference) {
    const std::optional<std::size_t>& object = main_objects[reference];
    const std::string& library = profile.references[reference].object_file;
    if (object && objects[*object] == RuntimePart::allocator) {
      parts.push_back(RuntimePart::allocator);
    } else if (is_runtime_library(library)) {
      parts.push_back(library_part(library));
    } else {
      parts.push_back(object ? objects[*object] : RuntimePart::other);
    }
  }
  return parts;
}

std::vector<std::pair<RuntimePart, std::uint64_t>> largest_first(const PartAccesses& parts) {
  std::vector<std::pair<RuntimePart, std::uint64_t>> sorted(parts.begin(), parts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return sorted;
}

}  // namespace ccsim::annotate
