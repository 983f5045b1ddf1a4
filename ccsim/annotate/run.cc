// run.cc: loading the profiles and dispatching to the chosen output.
#include "ccsim/annotate/run.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/exports/callgrind_export.h"
#include "ccsim/annotate/analysis/derived_events.h"
#include "ccsim/annotate/analysis/diff.h"
#include "ccsim/annotate/analysis/gates.h"
#include "ccsim/annotate/analysis/heap_sites.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/views/event_columns.h"
#include "ccsim/annotate/exports/graph.h"
#include "ccsim/annotate/exports/html_report.h"
#include "ccsim/annotate/exports/json_export.h"
#include "ccsim/annotate/parsing/merge.h"
#include "ccsim/annotate/parsing/parser.h"
#include "ccsim/annotate/text/printable_text.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// Runs `write` on `standard_output`, or on the file `path` when one is given ("-" is standard output);
// a file that cannot be written is a user error naming `option`.
template <class Writer>
void write_to(const std::string& path, const std::string& option, std::ostream& standard_output,
              Writer write) {
  if (path.empty() || path == "-") {
    write(standard_output);
    return;
  }
  std::ofstream file(path);
  if (file) write(file);
  file.close();
  if (!file) {
    throw OptionError(option + "=" + path + ": the file cannot be written (" + std::strerror(errno) +
                      "); give a path in a writable directory");
  }
}

// `write` run into a string that is then written with its control bytes escaped (printable_text.h): every
// text output but JSON, which escapes them itself.
template <class Writer>
auto printable_output(Writer write) {
  return [write](std::ostream& out) {
    std::ostringstream text;
    write(text);
    out << printable(text.str());
  };
}

// After --html=DIR: the page to open, as an absolute path (a terminal makes it a link).
void say_where_the_page_is(const std::string& dir, std::ostream& standard_output) {
  std::error_code error;
  std::filesystem::path page = std::filesystem::absolute(std::filesystem::path(dir) / "index.html", error);
  std::string shown = error ? dir + "/index.html" : page.lexically_normal().string();
  standard_output << "ccsim-annotate: the report is " << printable(shown) << '\n';
}

}  // namespace

Profile load_profiles(const std::vector<std::string>& files, const Options& options) {
  Profile profile = read_profile_file(files.front());
  for (std::size_t i = 1; i < files.size(); ++i)
    add_profile(profile, read_profile_file(files[i]), options.sum_different);
  if (!options.threads.ranges.empty()) select_threads(profile, options.threads);
  if (options.separate_heap_paths) {
    name_heap_objects_by_stack(profile);
  } else {
    merge_heap_sites(profile);
  }
  add_derived_events(profile, options.latencies);
  return profile;
}

std::vector<std::string> run(const Options& options, std::ostream& standard_output) {
  if (options.diff) {
    // Each profile on its own (an Analysis points into its Profile, so they are kept apart).
    std::vector<Profile> profiles;
    profiles.reserve(options.profile_files.size());
    for (const std::string& file : options.profile_files) profiles.push_back(load_profiles({file}, options));
    EventColumns columns = choose_event_columns(profiles.front(), options);
    std::vector<Analysis> analyses;
    analyses.reserve(profiles.size());
    for (const Profile& profile : profiles) analyses.push_back(analyse(profile));
    std::vector<const Analysis*> sides;
    for (const Analysis& analysis : analyses) sides.push_back(&analysis);
    if (!options.html_dir.empty()) {
      write_html_diff(options.html_dir, sides, options, columns);
      say_where_the_page_is(options.html_dir, standard_output);
      return {};
    }
    printable_output([&](std::ostream& out) { print_diff(out, sides, columns, options); })(standard_output);
    return {};
  }
  Profile profile = load_profiles(options.profile_files, options);
  EventColumns columns = choose_event_columns(profile, options);
  Analysis analysis = analyse(profile);
  std::vector<std::string> crossed = crossed_gates(analysis, options.fail_if);
  if (!options.html_dir.empty()) {
    write_html_report(options.html_dir, analysis, options, columns);
    say_where_the_page_is(options.html_dir, standard_output);
  } else if (options.graph != GraphKind::none) {
    write_to(options.output, "--output", standard_output,
             printable_output([&](std::ostream& out) { write_culprit_graph(out, analysis, options); }));
  } else if (options.export_callgrind) {
    write_to(options.output, "--output", standard_output,
             printable_output([&](std::ostream& out) { write_callgrind(out, analysis, columns); }));
  } else if (options.json) {
    bool to_json_file = options.json_file != "-";
    write_to(to_json_file ? options.json_file : options.output, to_json_file ? "--json" : "--output",
             standard_output, [&](std::ostream& out) { write_json(out, analysis, options); });
  } else {
    printable_output([&](std::ostream& out) {
      print_views({analysis, options, columns, out});
    })(standard_output);
  }
  return crossed;
}

}  // namespace ccsim::annotate
