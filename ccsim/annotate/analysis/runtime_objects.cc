// runtime_objects.cc: telling the runtime's objects from the program's by library names and frames.
#include "ccsim/annotate/analysis/runtime_objects.h"

#include <set>

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/tool/data_objects/toolchain_names.h"

namespace ccsim::annotate {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// The source files and functions of references outside the runtime libraries: what a program frame is.
struct ProgramCode {
  std::set<std::string> files;  // base names
  std::set<std::string> functions;
};

ProgramCode program_code(const Profile& profile, const std::vector<bool>& references_in_runtime) {
  ProgramCode code;
  for (std::size_t reference = 0; reference < profile.references.size(); ++reference) {
    if (references_in_runtime[reference]) continue;
    const Reference& ref = profile.references[reference];
    if (!ref.file.empty()) code.files.insert(base_name(ref.file));
    if (!ref.function.empty()) code.functions.insert(ref.function);
  }
  return code;
}

// A frame of a heap object's name: "histogram.c:213 main" or "0x4868841 [call_init]" or "0x4868841".
bool is_program_frame(const std::string& frame, const ProgramCode& code) {
  std::size_t space = frame.find(' ');
  std::string where = frame.substr(0, space);
  std::string function = space == std::string::npos ? "" : frame.substr(space + 1);
  if (!function.empty() && function.front() == '[' && function.back() == ']')
    function = function.substr(1, function.size() - 2);
  std::size_t colon = where.rfind(':');
  if (!starts_with(where, "0x") && colon != std::string::npos && code.files.count(where.substr(0, colon)))
    return true;
  return !function.empty() && code.functions.count(function) > 0;
}

bool heap_is_runtime(const DataObject& object, const ProgramCode& code) {
  const std::string separator = " <- ";
  std::size_t begin = 0;
  while (begin <= object.name.size()) {
    std::size_t end = object.name.find(separator, begin);
    if (end == std::string::npos) end = object.name.size();
    if (is_program_frame(object.name.substr(begin, end - begin), code)) return false;
    begin = end + separator.size();
  }
  return true;
}

// A variable's name without the library the tool appends ("completed.0 in libfoo.so" -> "completed.0").
std::string variable_name(const std::string& name) {
  std::size_t in = name.rfind(" in ");
  return in == std::string::npos ? name : name.substr(0, in);
}

// Whether a global variable's name is one the toolchain reserves (toolchain_names.h): the linker's and the
// start files' symbols, and the copies of a runtime library's variables ("stdout@GLIBC_2.2.5").
bool has_toolchain_name(const DataObject& object) {
  const std::string name = variable_name(object.name);
  for (const char* toolchain_name : kToolchainVariableNames) {
    if (name == toolchain_name) return true;
  }
  std::size_t at = name.find('@');
  if (at == std::string::npos) return false;
  std::size_t version = name.compare(at, 2, "@@") == 0 ? at + 2 : at + 1;
  for (const char* prefix : kRuntimeSymbolVersions) {
    if (name.compare(version, std::string(prefix).size(), prefix) == 0) return true;
  }
  return false;
}

}  // namespace

bool is_runtime_library(const std::string& object_file) {
  static const char* const kPrefixes[] = {"ld-linux", "ld-", "libc.so", "libc-", "libpthread", "libgomp",
                                          "libomp", "libiomp", "libstdc++", "libgcc_s", "libm.so", "libm-",
                                          "libdl", "vgpreload_"};
  std::string name = base_name(object_file);
  for (const char* prefix : kPrefixes) {
    if (starts_with(name, prefix)) return true;
  }
  return false;
}

std::vector<bool> runtime_references(const Profile& profile) {
  std::vector<bool> runtime;
  for (const Reference& reference : profile.references) runtime.push_back(is_runtime_library(reference.object_file));
  return runtime;
}

std::vector<bool> runtime_objects(const Profile& profile, const std::vector<bool>& references_in_runtime) {
  ProgramCode code = program_code(profile, references_in_runtime);
  // Per object: touched by runtime code; touched by program code that has a source line.
  std::vector<bool> runtime_touch(profile.objects.size(), false);
  std::vector<bool> program_touch(profile.objects.size(), false);
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    if (references_in_runtime[cell.reference]) {
      runtime_touch[cell.object] = true;
    } else if (profile.references[cell.reference].line != 0) {
      program_touch[cell.object] = true;
    }
  }
  std::vector<bool> runtime;
  for (std::size_t index = 0; index < profile.objects.size(); ++index) {
    const DataObject& object = profile.objects[index];
    bool is_runtime = false;
    if (object.kind == "global" && has_toolchain_name(object)) {
      is_runtime = true;  // whatever an older tool's `object-origin:` said: no program variable has the name
    } else if (!object.origin.empty()) {
      // The tool's word (`object-origin:`), when the profile has it; the allocator's own memory is
      // grouped apart from the program's like the runtime's (is_allocator_object).
      is_runtime = object.origin == "runtime" || object.origin == "allocator";
    } else if (object.kind == "global") {
      std::size_t in = object.name.rfind(" in ");
      is_runtime = (in != std::string::npos && is_runtime_library(object.name.substr(in + 4))) ||
                   (variable_name(object.name) == kStartFilesCompletedFlag && object.size == 1);
    } else if (object.kind == "heap") {
      is_runtime = heap_is_runtime(object, code);
    } else if (object.kind == "unknown") {
      std::size_t of = object.name.rfind(" of ");
      is_runtime = (of != std::string::npos && is_runtime_library(object.name.substr(of + 4))) ||
                   (runtime_touch[index] && !program_touch[index]);
    }
    runtime.push_back(is_runtime);
  }
  return runtime;
}

}  // namespace ccsim::annotate
