// view_header.cc: the block that opens every text output: which profile, which run, which machine,
// and how the tables below were chosen.
#include <ostream>

#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

std::string event_names(const Profile& profile, const std::vector<std::size_t>& columns) {
  std::vector<std::string> names;
  for (std::size_t column : columns) names.push_back(profile.events[column]);
  return joined(names, " ");
}

std::string thread_description(const ViewContext& context) {
  std::string threads;
  if (context.profile().header.thread_labels.empty()) {
    std::vector<std::string> numbers;
    for (const ThreadRow& row : context.analysis.threads) numbers.push_back(std::to_string(row.thread));
    threads = joined(numbers);
  } else {
    std::vector<ThreadId> numbers;
    for (const ThreadRow& row : context.analysis.threads) numbers.push_back(row.thread);
    threads = context.profile().thread_names(numbers);
  }
  if (context.options.threads.ranges.empty()) return "all (" + threads + ")";
  return threads + " (--threads=" + context.options.threads.text + "; edges by victim thread)";
}

}  // namespace

std::string machine_description(const ProfileHeader& header) {
  std::string text = header.sim_mode + " simulation of " + std::to_string(header.threads) + " threads; " +
                     header.cache_geometry();
  text += header.miss_classes ? "; capacity/conflict classified" : "";
  text += header.trace_stack ? "" : "; stack accesses not simulated";
  return text;
}

void print_header(const ViewContext& context) {
  const Profile& profile = context.profile();
  const ProfileHeader& header = profile.header;
  std::ostream& out = context.out;
  print_section_title(out, "ccsim profile");
  out << (profile.file_names.size() > 1 ? "Profiles:     " : "Profile:      ") << joined(profile.file_names)
      << (profile.file_names.size() > 1 ? " (summed)" : "") << '\n';
  out << "Command:      " << header.command << " (pid " << header.pid << ", " << header.creator << ")\n";
  out << "Machine:      " << machine_description(header) << '\n';
  if (!header.skipped.empty()) {
    std::vector<std::string> skipped;
    for (const auto& [what, accesses] : header.skipped) skipped.push_back(what + " " + with_commas(accesses));
    out << "Skipped:      " << joined(skipped) << " accesses (not simulated)\n";
  }
  if (header.replay_early_flushes) {
    out << "Replay:       " << with_commas(*header.replay_early_flushes)
        << " early flushes of the replay buffer\n";
  }
  out << "Threads:      " << thread_description(context) << '\n';
  out << "Events shown: " << event_names(profile, context.columns.shown) << '\n';
  out << "Sorted by:    " << event_names(profile, context.columns.sort) << '\n';
  out << "Threshold:    " << percentage_option(context.options.threshold_percent)
      << " of a sort event's total, top " << context.options.top << " rows\n";
}

}  // namespace ccsim::annotate
