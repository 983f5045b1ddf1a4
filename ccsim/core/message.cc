// message.cc: see message.h.
#include "ccsim/core/message.h"

namespace ccsim {

MessageWriter::MessageWriter(ErrorMessage* message) : message_(message) {
  if (message_ != nullptr) message_->text[0] = '\0';
}

void MessageWriter::put(char c) {
  if (message_ == nullptr || length_ + 1 >= sizeof(message_->text)) return;
  message_->text[length_++] = c;
  message_->text[length_] = '\0';
}

MessageWriter& MessageWriter::text(const char* text) {
  for (const char* c = text; *c != '\0'; ++c) put(*c);
  return *this;
}

MessageWriter& MessageWriter::number(std::uint64_t value) {
  char digits[20];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (count > 0) put(digits[--count]);
  return *this;
}

MessageWriter& MessageWriter::hex(std::uint64_t value) {
  text("0x");
  int shift = 60;
  while (shift > 0 && ((value >> shift) & 0xf) == 0) shift -= 4;
  for (; shift >= 0; shift -= 4) put("0123456789abcdef"[(value >> shift) & 0xf]);
  return *this;
}

}  // namespace ccsim
