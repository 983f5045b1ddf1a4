// geometry.cc: parsing and checking of cache geometries (see geometry.h). Every rejection is one sentence
// that starts with the option as the user wrote it, so the message says what to fix.
#include "ccsim/core/geometry.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/message.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kMaxCacheBytes = std::uint64_t(1) << 32;  // keeps line indices within 32 bits
constexpr std::uint32_t kMinLineBytes = 8;

bool is_power_of_two(std::uint64_t value) { return value != 0 && (value & (value - 1)) == 0; }

// Reads one decimal number ending at `stop` (or at the end of the text), saturating instead of wrapping.
// Returns the character after it, or null when there is not a number there.
const char* read_number(const char* text, char stop, std::uint64_t* value) {
  if (*text < '0' || *text > '9') return nullptr;
  std::uint64_t result = 0;
  for (; *text >= '0' && *text <= '9'; ++text) {
    const std::uint64_t digit = static_cast<std::uint64_t>(*text - '0');
    result = result > (~std::uint64_t(0) - digit) / 10 ? ~std::uint64_t(0) : result * 10 + digit;
  }
  if (*text != stop) return nullptr;
  *value = result;
  return stop == '\0' ? text : text + 1;
}

bool equals(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

// Starts a rejection: "--L1=<text>: ".
MessageWriter reject(ErrorMessage* error, const char* level_name, const char* text) {
  MessageWriter message(error);
  message.text(level_name).text("=").text(text).text(": ");
  return message;
}

}  // namespace

bool parse_geometry(const char* text, bool allow_none, const char* level_name, CacheGeometry* out,
                    ErrorMessage* error) {
  if (equals(text, "none")) {
    if (!allow_none) {
      MessageWriter(error)
          .text(level_name)
          .text(" cannot be none: give size,assoc,line in decimal bytes (e.g. 32768,8,64).");
      return false;
    }
    *out = CacheGeometry{};
    return true;
  }
  std::uint64_t size = 0;
  std::uint64_t associativity = 0;
  std::uint64_t line = 0;
  const char* rest = read_number(text, ',', &size);
  if (rest != nullptr) rest = read_number(rest, ',', &associativity);
  if (rest != nullptr) rest = read_number(rest, '\0', &line);
  if (rest == nullptr) {
    reject(error, level_name, text).text("not size,assoc,line in decimal bytes (e.g. 32768,8,64).");
    return false;
  }
  if (size == 0 || associativity == 0 || line == 0) {
    reject(error, level_name, text).text("size, associativity and line size must all be at least 1.");
    return false;
  }
  if (!is_power_of_two(line) || line < kMinLineBytes || line > kMaxLineBytes) {
    reject(error, level_name, text)
        .text("the line size ")
        .number(line)
        .text(" is not a power of two from ")
        .number(kMinLineBytes)
        .text(" to ")
        .number(kMaxLineBytes)
        .text(".");
    return false;
  }
  if (size > kMaxCacheBytes) {
    reject(error, level_name, text).text("the size must be at most ").number(kMaxCacheBytes).text(" bytes.");
    return false;
  }
  if (line > size) {
    reject(error, level_name, text)
        .text("the line size ")
        .number(line)
        .text(" is larger than the size ")
        .number(size)
        .text(".");
    return false;
  }
  const std::uint64_t lines = size / line;
  if (associativity > lines) {
    reject(error, level_name, text)
        .text("the associativity ")
        .number(associativity)
        .text(" is more than the ")
        .number(lines)
        .text(" lines the cache holds.");
    return false;
  }
  if (size % (associativity * line) != 0) {
    reject(error, level_name, text)
        .text("the size ")
        .number(size)
        .text(" is not a whole number of sets of ")
        .number(associativity)
        .text(" ways x ")
        .number(line)
        .text(" bytes.");
    return false;
  }
  const std::uint64_t sets = size / (associativity * line);
  if (!is_power_of_two(sets)) {
    reject(error, level_name, text)
        .text("the ")
        .number(sets)
        .text(" sets (size / (associativity x line size)) are not a power of two.");
    return false;
  }
  out->present = true;
  out->size_bytes = size;
  out->associativity = static_cast<std::uint32_t>(associativity);
  out->line_bytes = static_cast<std::uint32_t>(line);
  return true;
}

bool validate_machine(const MachineConfig& config, ErrorMessage* error) {
  if (!config.l1.present) {
    MessageWriter(error).text("--L1 cannot be none: every processor needs an L1 data cache.");
    return false;
  }
  struct NamedLevel {
    const char* name;
    const CacheGeometry* geometry;
  };
  const NamedLevel outer_levels[] = {{"--L2", &config.l2}, {"--LLC", &config.llc}};
  for (const NamedLevel& level : outer_levels) {
    if (level.geometry->present && level.geometry->line_bytes != config.l1.line_bytes) {
      MessageWriter(error)
          .text(level.name)
          .text("'s line size ")
          .number(level.geometry->line_bytes)
          .text(" differs from --L1's ")
          .number(config.l1.line_bytes)
          .text(": every level must use the same line size.");
      return false;
    }
  }
  if (config.max_processors < 1 || config.max_processors > kMaxProcessors) {
    MessageWriter(error)
        .text("the number of simulated processors must be 1..")
        .number(kMaxProcessors)
        .text(" (got ")
        .number(config.max_processors)
        .text(").");
    return false;
  }
  return true;
}

}  // namespace ccsim
