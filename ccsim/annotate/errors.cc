// errors.cc: formatting of profile errors as "<file>:<line>: <message>".
#include "ccsim/annotate/errors.h"

namespace ccsim::annotate {

namespace {

std::string located(const std::string& file, std::uint64_t line, const std::string& message) {
  if (line == 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ": " + message;
}

}  // namespace

ProfileError::ProfileError(const std::string& file, std::uint64_t line, const std::string& message)
    : std::runtime_error(located(file, line, message)) {}

}  // namespace ccsim::annotate
