// view_header.cc: the block that opens every text output: which profile, which run, which machine,
// and how the tables below were chosen.
#include <ostream>

#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/run_text.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

std::string event_names(const Profile& profile, const std::vector<std::size_t>& columns) {
  std::vector<std::string> names;
  for (std::size_t column : columns) names.push_back(profile.events[column]);
  return joined(names, " ");
}

}  // namespace

void print_header(const ViewContext& context) {
  const Profile& profile = context.profile();
  const ProfileHeader& header = profile.header;
  std::ostream& out = context.out;
  print_section_title(out, "ccsim profile");
  out << (profile.file_names.size() > 1 ? "Profiles:     " : "Profile:      ") << joined(profile.file_names)
      << (profile.file_names.size() > 1 ? " (summed)" : "") << '\n';
  out << "Command:      " << header.command << " (pid " << header.pid << ", " << header.creator << ")\n";
  out << "Machine:      " << machine_description(header) << '\n';
  if (std::string skipped = skipped_text(header); !skipped.empty()) out << "Skipped:      " << skipped << '\n';
  if (std::string replay = replay_text(header); !replay.empty()) out << "Replay:       " << replay << '\n';
  out << "Threads:      " << analysed_threads_text(context.analysis, context.options) << '\n';
  out << "Events shown: " << event_names(profile, context.columns.shown) << '\n';
  out << "Sorted by:    " << event_names(profile, context.columns.sort) << '\n';
  out << "Threshold:    " << percentage_option(context.options.threshold_percent)
      << " of a sort event's total, top " << context.options.top << " rows\n";
}

}  // namespace ccsim::annotate
