// profile_reader.h: a small, independent reader of ccsim.out files for the end-to-end tests. It is written
// from docs/output-format.md alone (not from the annotator), so it also checks that the tool follows the doc.
#ifndef CCSIM_TESTS_TOOL_PROFILE_READER_H
#define CCSIM_TESTS_TOOL_PROFILE_READER_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ccsim_test {

struct ProfileRef {
  std::string file;      // full path, "" when unknown
  std::string function;  // "" when unknown
  unsigned line = 0;
};

struct InvalidatorRow {
  unsigned victim_ref, victim_thread, invalidator_ref, invalidator_thread;
  std::uint64_t true_in, true_in_critical, false_in, true_across, false_across;
};

struct Profile {
  std::map<std::string, std::string> header;             // first value of each header keyword
  std::vector<std::string> skipped;                      // "stack N", "runtime N"
  std::vector<std::string> events;
  std::map<unsigned, ProfileRef> refs;
  std::map<std::pair<unsigned, unsigned>, std::vector<std::uint64_t>> counts;  // (ref, thread) -> counts
  std::vector<InvalidatorRow> invalidators;
  std::vector<std::uint64_t> summary;

  int event_index(const std::string& name) const;  // -1 when the profile has no such event
  // Sum of `event` over the (ref, thread) rows whose ref satisfies the filter.
  std::uint64_t sum_where(const std::string& event, bool (*keep)(const ProfileRef&, const void*), const void* arg) const;
  std::uint64_t at_line(const std::string& file_suffix, unsigned line, const std::string& event) const;
  std::uint64_t in_function(const std::string& function, const std::string& event) const;
  std::uint64_t total(const std::string& event) const;  // from the summary record
  std::uint64_t skipped_count(const std::string& what) const;
};

// Reads `path`; on any deviation from the format (including a summary that differs from the sum of the
// counts records) returns false with a description in `error`.
bool read_profile(const std::string& path, Profile* profile, std::string* error);

}  // namespace ccsim_test

#endif
