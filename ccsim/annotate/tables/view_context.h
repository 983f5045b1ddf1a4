// view_context.h: what every output of ccsim-annotate reads, whether it prints text (views/), JSON or
// HTML (exports/): the analysed profile, the options, the chosen event columns, and where to write.
#ifndef CCSIM_ANNOTATE_VIEW_CONTEXT_H
#define CCSIM_ANNOTATE_VIEW_CONTEXT_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/ranking.h"
#include "ccsim/annotate/options.h"
#include "ccsim/annotate/tables/event_columns.h"

namespace ccsim::annotate {

// The profile, options and columns of one output, and its stream (an export that builds a document of
// its own gives a stream it does not use).
struct ViewContext {
  const Analysis& analysis;
  const Options& options;
  const EventColumns& columns;
  std::ostream& out;

  const Profile& profile() const { return *analysis.profile; }
  // The ranking of --sort, --threshold and --top.
  RankingRule ranking() const { return {columns.sort, options.threshold_percent, options.top}; }
};

}  // namespace ccsim::annotate

#endif
