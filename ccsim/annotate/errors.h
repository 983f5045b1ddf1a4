// errors.h: the three kinds of error a user can cause, each ending the program with one sentence.
//
// main.cc catches them and prints "ccsim-annotate: <what()>": a ProfileError or OptionError exits with
// 1, a UsageError with 2, pointing at --help.
#ifndef CCSIM_ANNOTATE_ERRORS_H
#define CCSIM_ANNOTATE_ERRORS_H

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ccsim::annotate {

// A profile file that cannot be read or breaks docs/output-format.md. what() is "<file>:<line>: <msg>",
// or "<file>: <msg>" when no line is involved (line 0).
class ProfileError : public std::runtime_error {
 public:
  ProfileError(const std::string& file, std::uint64_t line, const std::string& message);
};

// An option whose value is well formed but does not fit the profile (an event it does not have, a
// thread that does not occur). what() names the option and the values that would be right.
class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A command line that cannot be understood (unknown option, malformed value, wrong number of files).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ccsim::annotate

#endif
