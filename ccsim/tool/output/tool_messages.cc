// tool_messages.cc: see tool_messages.h.
#include "ccsim/tool/output/tool_messages.h"

namespace ccsim {
namespace {

// The captured text, null while messages go to Valgrind's log.
struct Capture {
  char* buffer = nullptr;
  std::uint32_t capacity = 0;
  std::uint32_t* length = nullptr;
};
Capture capture;

void add_char(HChar c, void*) {
  if (*capture.length + 1 >= capture.capacity) return;
  capture.buffer[(*capture.length)++] = c;
  capture.buffer[*capture.length] = '\0';
}

}  // namespace

void tool_message(const HChar* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  if (capture.buffer == nullptr) {
    VG_(vmessage)(Vg_UserMsg, format, arguments);
  } else {
    VG_(vcbprintf)(add_char, nullptr, format, arguments);
  }
  va_end(arguments);
}

void capture_tool_messages(char* buffer, std::uint32_t capacity, std::uint32_t* length) {
  capture = Capture{buffer, capacity, length};
  *length = 0;
  if (capacity > 0) buffer[0] = '\0';
}

}  // namespace ccsim
