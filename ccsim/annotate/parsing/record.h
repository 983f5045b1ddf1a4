// record.h: one line of a profile split into its keyword and fields, with checked number conversion.
//
// A record is "keyword: field field ...", fields separated by single spaces; a text field (a command,
// a name) is the last one and runs to the end of the line, spaces included.
#ifndef CCSIM_ANNOTATE_RECORD_H
#define CCSIM_ANNOTATE_RECORD_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ccsim::annotate {

// A malformed field; the parser adds the file name and line number.
class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One record, split once: the hot loop of reading a profile, so fields are views into the line and
// are converted to numbers only when a reader asks for them.
class Record {
 public:
  // Splits `line`, which must outlive the record. Throws RecordError when the line has no keyword.
  explicit Record(std::string_view line);

  const std::string& keyword() const { return keyword_; }  // without the ':'
  std::size_t field_count() const { return fields_.size(); }

  // Field `index`; throws RecordError when it is empty (two spaces in a row) or absent.
  std::string_view field(std::size_t index, const char* what) const;
  // The rest of the line from field `index` on, spaces included; throws RecordError when it is empty.
  std::string_view text_from(std::size_t index, const char* what) const;
  // Field `index` as an unsigned decimal / a 0x-prefixed hexadecimal number.
  std::uint64_t number(std::size_t index, const char* what) const;
  // Field `index` as a decimal number that may start with '-'.
  std::int64_t signed_number(std::size_t index, const char* what) const;
  std::uint64_t address(std::size_t index, const char* what) const;

  // Throws RecordError unless the record has exactly / at least `count` fields; `layout` names them,
  // e.g. "<id> <address> <obj> <file> <fn> <line>".
  void expect_fields(std::size_t count, const char* layout) const;
  void expect_at_least(std::size_t count, const char* layout) const;

  // Throws RecordError with "<keyword>: <message>".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  std::string_view line_;
  std::string keyword_;
  std::vector<std::string_view> fields_;  // views into line_, in order; may be empty strings
};

// Parses a whole string as an unsigned decimal number; false when it is not one or does not fit.
bool parse_unsigned(std::string_view text, std::uint64_t& value);

}  // namespace ccsim::annotate

#endif
