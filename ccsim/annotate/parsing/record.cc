// record.cc: splitting a profile line into keyword and fields, and converting fields to numbers.
#include "ccsim/annotate/parsing/record.h"

#include <limits>

namespace ccsim::annotate {

namespace {

bool is_keyword_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

std::string in_quotes(std::string_view text) { return "\"" + std::string(text) + "\""; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool parse_unsigned(std::string_view text, std::uint64_t& value) {
  if (text.empty()) return false;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t result = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    auto digit = static_cast<std::uint64_t>(c - '0');
    if (result > (kMax - digit) / 10) return false;
    result = result * 10 + digit;
  }
  value = result;
  return true;
}

Record::Record(std::string_view line) : line_(line) {
  std::size_t colon = line.find(':');
  std::string_view keyword = line.substr(0, colon);
  bool keyword_ok = colon != std::string_view::npos && colon > 0;
  for (char c : keyword) keyword_ok = keyword_ok && is_keyword_char(c);
  if (!keyword_ok || (colon + 1 < line.size() && line[colon + 1] != ' ')) {
    throw RecordError(
        "this line is not a record: a record is \"keyword: fields\" with a lower-case "
        "keyword, then a colon and a space");
  }
  keyword_ = std::string(keyword);
  if (colon + 1 >= line.size()) return;
  std::string_view rest = line.substr(colon + 2);
  std::size_t start = 0;
  while (true) {
    std::size_t space = rest.find(' ', start);
    if (space == std::string_view::npos) {
      fields_.push_back(rest.substr(start));
      return;
    }
    fields_.push_back(rest.substr(start, space - start));
    start = space + 1;
  }
}

void Record::fail(const std::string& message) const { throw RecordError(keyword_ + ": " + message); }

std::string_view Record::field(std::size_t index, const char* what) const {
  if (index >= fields_.size()) fail(std::string("the ") + what + " is missing");
  if (fields_[index].empty()) {
    fail(std::string("the ") + what + " is empty; fields are separated by single spaces");
  }
  return fields_[index];
}

std::string_view Record::text_from(std::size_t index, const char* what) const {
  std::string_view first = field(index, what);
  return line_.substr(static_cast<std::size_t>(first.data() - line_.data()));
}

std::uint64_t Record::number(std::size_t index, const char* what) const {
  std::string_view text = field(index, what);
  std::uint64_t value = 0;
  if (!parse_unsigned(text, value)) {
    fail(std::string("the ") + what + " must be an unsigned decimal number below 2^64, not " +
         in_quotes(text));
  }
  return value;
}

std::int64_t Record::signed_number(std::size_t index, const char* what) const {
  std::string_view text = field(index, what);
  const bool negative = !text.empty() && text[0] == '-';
  std::uint64_t magnitude = 0;
  if (!parse_unsigned(negative ? text.substr(1) : text, magnitude) || magnitude > (std::uint64_t{1} << 62)) {
    fail(std::string("the ") + what + " must be a decimal number (a '-' may precede it), not " + in_quotes(text));
  }
  return negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
}

std::uint64_t Record::address(std::size_t index, const char* what) const {
  std::string_view text = field(index, what);
  bool ok = text.size() > 2 && text.size() <= 18 && text[0] == '0' && text[1] == 'x';
  std::uint64_t value = 0;
  for (std::size_t i = 2; ok && i < text.size(); ++i) {
    int digit = hex_digit(text[i]);
    ok = digit >= 0;
    value = (value << 4) | static_cast<std::uint64_t>(digit < 0 ? 0 : digit);
  }
  if (!ok) {
    fail(std::string("the ") + what + " must be a 64-bit hexadecimal address such as 0x401136, not " +
         in_quotes(text));
  }
  return value;
}

void Record::expect_fields(std::size_t count, const char* layout) const {
  if (fields_.size() != count) {
    fail("expected " + std::to_string(count) + " fields (" + layout + "), found " +
         std::to_string(fields_.size()));
  }
}

void Record::expect_at_least(std::size_t count, const char* layout) const {
  if (fields_.size() < count) {
    fail("expected at least " + std::to_string(count) + " fields (" + layout + "), found " +
         std::to_string(fields_.size()));
  }
}

}  // namespace ccsim::annotate
