// counts.cc: arithmetic on event count vectors.
#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

void add_counts(Counts& sum, const Counts& more) {
  if (sum.size() < more.size()) sum.resize(more.size(), 0);
  for (std::size_t event = 0; event < more.size(); ++event) sum[event] += more[event];
}

}  // namespace ccsim::annotate
