// counts.cc: arithmetic on event count vectors.
#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

CountOverflow::CountOverflow()
    : std::overflow_error("the counts add up to more than 18446744073709551615 (2^64 - 1)") {}

std::uint64_t checked_sum(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) throw CountOverflow();
  return sum;
}

void add_counts(Counts& sum, const Counts& more) {
  if (sum.size() < more.size()) sum.resize(more.size(), 0);
  for (std::size_t event = 0; event < more.size(); ++event) sum[event] = checked_sum(sum[event], more[event]);
}

}  // namespace ccsim::annotate
