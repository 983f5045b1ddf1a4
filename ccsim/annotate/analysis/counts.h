// counts.h: the event counts of one record, one count per event of the profile's `events:` line, and
// the checked addition every sum of counts goes through.
#ifndef CCSIM_ANNOTATE_COUNTS_H
#define CCSIM_ANNOTATE_COUNTS_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace ccsim::annotate {

// One count per event, indexed like Profile::events. A record in the file may omit trailing zeros; in
// memory every vector has one entry per event, so views index it without bounds checks.
using Counts = std::vector<std::uint64_t>;

// A sum of counts that passed 2^64 - 1. The parser and add_profile catch it and name the file (and
// line); they bound every record kind's total (Profile::count_totals), so the sums the analysis forms
// later, each over records of one kind, stay below that total.
class CountOverflow : public std::overflow_error {
 public:
  CountOverflow();
};

// a + b; throws CountOverflow when the sum does not fit in 64 bits.
std::uint64_t checked_sum(std::uint64_t a, std::uint64_t b);

// Adds `more` into `sum`, event by event, with checked_sum; `sum` grows to the length of `more` if it
// is shorter.
void add_counts(Counts& sum, const Counts& more);
// The same for records with a fixed number of counts (the phases' PhaseCounts).
template <std::size_t N>
void add_counts(std::array<std::uint64_t, N>& sum, const std::array<std::uint64_t, N>& more) {
  for (std::size_t i = 0; i < N; ++i) sum[i] = checked_sum(sum[i], more[i]);
}

}  // namespace ccsim::annotate

#endif
