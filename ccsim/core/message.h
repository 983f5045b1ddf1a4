// message.h: builds the one-sentence messages of ErrorMessage without printf (there is no libc inside a
// Valgrind tool). Text that does not fit is cut at the buffer's end, never overrun.
#ifndef CCSIM_CORE_MESSAGE_H
#define CCSIM_CORE_MESSAGE_H

#include <cstdint>

#include "ccsim/core/geometry.h"

namespace ccsim {

class MessageWriter {
 public:
  // Starts an empty message in `message` (which may be null: then everything is dropped).
  explicit MessageWriter(ErrorMessage* message);

  MessageWriter& text(const char* text);
  MessageWriter& number(std::uint64_t value);
  MessageWriter& hex(std::uint64_t value);  // 0x-prefixed, as addresses are written

 private:
  void put(char c);

  ErrorMessage* message_;     // where the text goes, or null
  std::uint32_t length_ = 0;  // characters written so far, excluding the terminating NUL
};

}  // namespace ccsim

#endif
