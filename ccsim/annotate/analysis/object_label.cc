// object_label.cc: names of data objects by kind, shortened from what the profile records.
#include "ccsim/annotate/analysis/object_label.h"

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// "histogram.c:213 main" -> "histogram.c:213 in main"; "0x4868841 [call_init]" -> "0x4868841 in
// call_init"; a GCC static-initialization function is named for what it initializes.
std::string frame_text(const std::string& frame) {
  std::size_t space = frame.find(' ');
  if (space == std::string::npos) return frame;
  std::string function = frame.substr(space + 1);
  if (!function.empty() && function.front() == '[' && function.back() == ']')
    function = function.substr(1, function.size() - 2);
  const std::string static_init = "_GLOBAL__sub_I_";
  if (function.compare(0, static_init.size(), static_init) == 0)
    function = "static initialization of " + function.substr(static_init.size());
  return frame.substr(0, space) + " in " + function;
}

// The innermost frame of an allocation stack ("a <- b <- c") that has a source line, else the first.
std::string allocation_frame(const std::string& stack) {
  const std::string separator = " <- ";
  std::size_t begin = 0;
  while (begin < stack.size()) {
    std::size_t end = stack.find(separator, begin);
    if (end == std::string::npos) end = stack.size();
    std::string frame = stack.substr(begin, end - begin);
    if (frame.compare(0, 2, "0x") != 0 && frame.find(':') != std::string::npos) return frame_text(frame);
    begin = end + separator.size();
  }
  return frame_text(stack.substr(0, stack.find(separator)));
}

// "mapping 0x601000-0x601fff of /usr/bin/app" -> "mapping 0x601000 of app";
// "anonymous mapping 0x601000-0x601fff" -> "anonymous mapping 0x601000".
std::string mapping_name(const std::string& name) {
  std::size_t dash = name.find('-', name.find("0x"));
  if (dash == std::string::npos) return name;
  std::size_t range_end = name.find(' ', dash);
  std::string text = name.substr(0, dash);
  if (range_end == std::string::npos) return text;
  std::string rest = name.substr(range_end);  // " of /usr/bin/app"
  const std::string of = " of ";
  if (rest.compare(0, of.size(), of) == 0) rest = of + base_name(rest.substr(of.size()));
  return text + rest;
}

}  // namespace

std::string object_name(const DataObject& object) {
  if (object.kind == "heap" && object.named_by_stack) return "heap block allocated at " + object.name;
  if (object.kind == "heap") {
    // "calloc at x.c:133 in main" when the profile names the allocator (`object-origin:`).
    const std::string allocator =
        object.allocator.empty() || object.allocator == "-" ? std::string("heap block") : object.allocator;
    return allocator + " at " + allocation_frame(object.name);
  }
  if (object.kind == "stack") return "stack of " + object.name;
  if (object.kind == "unknown") return mapping_name(object.name);
  return object.name;
}

std::string object_description(const DataObject& object) {
  std::string details = object.kind;
  if (object.size > 0) details += ", " + with_commas(object.size) + " B";
  return object_name(object) + " (" + details + ")";
}

}  // namespace ccsim::annotate
