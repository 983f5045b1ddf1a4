// thread_columns.h: data objects or source lines side by side per thread for one event (dprof's variable
// miss overview, the thesis' per-processor tables): how much of each row's count each thread has. The text
// views (view_thread_columns.cc: --view=object-threads, line-threads) and the HTML report (bars) print it.
#ifndef CCSIM_ANNOTATE_THREAD_COLUMNS_H
#define CCSIM_ANNOTATE_THREAD_COLUMNS_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"

namespace ccsim::annotate {

// At most this many thread columns; the others are summed into one.
constexpr std::size_t kMostThreadColumns = 8;

// One row: the item (an index into Profile::objects, or into Analysis::lines), its total of the event and
// its count per column (ThreadColumns::threads, then the other threads' sum when there are any).
struct ThreadColumnsRow {
  std::size_t item = 0;
  std::uint64_t total = 0;
  std::vector<std::uint64_t> per_column;
};

struct ThreadColumns {
  std::vector<ThreadId> threads;  // the columns: the heaviest threads over the rows, ascending
  std::size_t other_threads = 0;  // threads with some of the event summed into the last column (0: none)
  std::vector<ThreadColumnsRow> rows;  // heaviest first, ties by item, at most `top`
  std::size_t items_with_event = 0;    // rows (of the program, unless runtime shown) with any of it
};

// The data objects for `event` (an index into Profile::events), from the object-counts: records; the
// runtime's objects only when `show_runtime`; at most `top` rows.
ThreadColumns object_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top);

// The source lines likewise, from the counts: records, each reference added to its line (Analysis::lines).
ThreadColumns line_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top);

}  // namespace ccsim::annotate

#endif
