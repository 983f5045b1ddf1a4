// numbers.h: numbers and lists in words, as every text output of ccsim-annotate writes them (the text
// views, the diff, the HTML report, the graphs' labels).
#ifndef CCSIM_ANNOTATE_NUMBERS_H
#define CCSIM_ANNOTATE_NUMBERS_H

#include <cstdint>
#include <string>
#include <vector>

namespace ccsim::annotate {

// {"a", "b", "c"} -> "a, b, c" (with the default separator).
std::string joined(const std::vector<std::string>& items, const std::string& separator = ", ");
// 1234567 -> "1,234,567", as cg_annotate prints counts.
std::string with_commas(std::uint64_t value);
// part / whole as "12.5%" (one decimal); "-" when whole is 0. Doubles, so that a scaled whole (evictions x
// line size) cannot wrap.
std::string percent(double part, double whole);
// 0.1 -> "0.1%", 25 -> "25%": a percentage the user gave, as short as it can be printed.
std::string percentage_option(double percent);
// 0x404040 -> "0x404040".
std::string hex(std::uint64_t value);

}  // namespace ccsim::annotate

#endif
