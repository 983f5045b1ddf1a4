// thread_selection.h: --threads=1,3-4, the threads whose counts the views add up.
#ifndef CCSIM_ANNOTATE_THREAD_SELECTION_H
#define CCSIM_ANNOTATE_THREAD_SELECTION_H

#include <string>
#include <utility>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The threads a user selected, as inclusive ranges (a single thread n is the range n-n). Ranges rather
// than a set, so that "1-4000000000" costs nothing.
struct ThreadSelection {
  std::string text;                                   // as the user wrote it, for messages
  std::vector<std::pair<ThreadId, ThreadId>> ranges;  // empty: every thread

  bool contains(ThreadId thread) const;
};

// Parses a list such as "1,3-4"; throws UsageError naming --threads when it is malformed.
ThreadSelection parse_thread_selection(const std::string& text);

// Drops every record of an unselected thread (edges go with their victim's thread) and recomputes the
// summary. Throws OptionError when an item of the list matches no thread of the profile.
void select_threads(Profile& profile, const ThreadSelection& selection);

}  // namespace ccsim::annotate

#endif
