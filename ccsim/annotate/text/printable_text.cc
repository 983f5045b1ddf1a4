// printable_text.cc: escaping control bytes and invalid UTF-8 for the terminal.
#include "ccsim/annotate/text/printable_text.h"

namespace ccsim::annotate {

namespace {

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = byte < 0x80           ? 1
                       : (byte >> 5) == 0x6  ? 2
                       : (byte >> 4) == 0xE  ? 3
                       : (byte >> 3) == 0x1E ? 4
                                             : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if (!is_continuation(static_cast<unsigned char>(text[i + k]))) return 0;
  }
  return length;
}

std::string printable(std::string_view text) {
  static const char kHexDigits[] = "0123456789abcdef";
  std::string result;
  result.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = utf8_length(text, i);
    bool c0_or_delete = (byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F;
    // U+0080..U+009F are C2 80..C2 9F; escaping the C2 leaves a lone continuation byte, escaped next.
    bool c1 = length == 2 && byte == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
    if (length == 0 || c0_or_delete || c1) {
      result += "\\x";
      result += kHexDigits[byte >> 4];
      result += kHexDigits[byte & 0xF];
      ++i;
    } else {
      result.append(text, i, length);
      i += length;
    }
  }
  return result;
}

}  // namespace ccsim::annotate
