// object_threads.h: the data objects side by side per thread for one event (dprof's variable miss overview,
// the thesis' tables per processor): how much of each object's count each thread has. The text view
// (view_object_threads.cc) and the HTML report (bars, html_report.cc) print it.
#ifndef CCSIM_ANNOTATE_OBJECT_THREADS_H
#define CCSIM_ANNOTATE_OBJECT_THREADS_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"

namespace ccsim::annotate {

// At most this many thread columns; the others are summed into one.
constexpr std::size_t kMostThreadColumns = 8;

// One object's row: its total of the event and its count per column (columns, then the others' sum).
struct ObjectThreadsRow {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t total = 0;
  std::vector<std::uint64_t> per_column;  // one per ObjectThreads::threads, then the other threads' sum
};

struct ObjectThreads {
  std::vector<ThreadId> threads;  // the columns: the heaviest threads over the rows, ascending
  std::size_t other_threads = 0;  // threads with some of the event summed into the last column (0: none)
  std::vector<ObjectThreadsRow> rows;  // heaviest first, at most `top`
  std::size_t objects_with_event = 0;  // objects (of the program, unless runtime shown) with any of it
};

// The table for `event` (an index into Profile::events) from the object-counts: records; the runtime's
// objects only when `show_runtime`; at most `top` rows.
ObjectThreads object_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top);

}  // namespace ccsim::annotate

#endif
