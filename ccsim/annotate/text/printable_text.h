// printable_text.h: text from a profile made safe for a terminal. Names in a profile (files, functions,
// objects, the command) come from the profiled program and its debug info; an escape byte among them
// would let a profile drive the terminal of whoever reads the report (move the cursor, retitle windows).
#ifndef CCSIM_ANNOTATE_PRINTABLE_TEXT_H
#define CCSIM_ANNOTATE_PRINTABLE_TEXT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace ccsim::annotate {

// The length of the UTF-8 sequence starting at text[i], or 0 when it is not valid UTF-8.
std::size_t utf8_length(std::string_view text, std::size_t i);

// `text` with every control byte but newline and tab (C0, DEL, the C1 controls U+0080..U+009F) and
// every byte that is not valid UTF-8 written as \xHH, e.g. ESC as \x1b; valid UTF-8 is kept.
std::string printable(std::string_view text);

}  // namespace ccsim::annotate

#endif
