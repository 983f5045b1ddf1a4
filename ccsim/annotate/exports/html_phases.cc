// html_phases.cc: the phases in the HTML report (html_phases.h).
#include "ccsim/annotate/exports/html_phases.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/region_phases.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// Objects per barrier in the tables, and objects drawn in the chart (one colour each, .t0 to .t7).
constexpr std::size_t kObjectsPerPhase = 5;
constexpr std::size_t kChartObjects = 8;
const char* const kColours[kChartObjects] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                             "#9467bd", "#8c564b", "#e377c2", "#17becf"};

void write_phase_tables(std::ostream& out, const Profile& profile, const Options& options) {
  std::size_t shown = 0;
  for (const Phase& phase : region_phases(profile, false)) {
    if (phase.objects.empty() || shown == options.top) continue;
    ++shown;
    out << "<h3>" << with_commas(phase.regions.epochs) << (phase.regions.epochs == 1 ? " epoch" : " epochs")
        << " closed by " << html_escaped(closing_barrier(*phase.regions.first)) << "</h3>\n";
    std::vector<std::string> headings(std::begin(kPhaseCountNames), std::end(kPhaseCountNames));
    headings.push_back("object");
    std::vector<bool> numeric(headings.size(), true);
    numeric.back() = false;
    HtmlTable table(headings, numeric);
    for (std::size_t i = 0; i < phase.objects.size() && i < kObjectsPerPhase; ++i) {
      const PhaseObjectRow& row = phase.objects[i];
      std::vector<std::string> cells;
      std::vector<std::uint64_t> values;
      for (std::uint64_t count : row.counts) {
        cells.push_back(with_commas(count));
        values.push_back(count);
      }
      cells.push_back(object_description(profile.objects[row.object]));
      values.push_back(0);
      table.add_row(cells, values);
    }
    table.write(out);
  }
  if (shown == 0) out << "<p>This profile gives no objects per barrier.</p>\n";
}

// One polyline per object over the intervals: its L1 misses, invalidations received and transfers, on a
// scale of the busiest interval of any object. The SVG scales to the page's width (viewBox).
void write_timeline_chart(std::ostream& out, const Profile& profile) {
  const Timeline& timeline = profile.timeline;
  out << "<h3 id=\"timeline\">Timeline</h3>\n";
  if (timeline.unit.empty()) {
    out << "<p>This profile has no timeline: run ccsim with --timeline=N or --timeline=epoch.</p>\n";
    return;
  }
  const std::vector<TimelineRow> rows = timeline_rows(profile);
  const std::size_t objects = std::min(rows.size(), kChartObjects);
  std::uint64_t highest = 1;
  for (std::size_t o = 0; o < objects; ++o) {
    for (const PhaseCounts& counts : rows[o].intervals) highest = std::max(highest, phase_weight(counts));
  }
  const double width = 1000, height = 240, left = 60, bottom = 30;
  const double step = (width - left) / static_cast<double>(std::max<std::uint64_t>(timeline.intervals, 1));
  out << "<svg class=\"timeline\" viewBox=\"0 0 " << width << " " << height
      << "\" style=\"width:100%;height:auto\" role=\"img\"><title>L1 misses, invalidations received and transfers per "
      << with_commas(timeline.width) << " " << html_escaped(timeline.unit) << "</title>\n";
  out << "<line x1=\"" << left << "\" y1=\"" << height - bottom << "\" x2=\"" << width << "\" y2=\"" << height - bottom
      << "\" stroke=\"#888\"/><text x=\"0\" y=\"14\" font-size=\"12\">" << with_commas(highest) << "</text>"
      << "<text x=\"" << left << "\" y=\"" << height - 8 << "\" font-size=\"12\">0</text><text x=\"" << width - 120
      << "\" y=\"" << height - 8 << "\" font-size=\"12\">" << with_commas(timeline.intervals * timeline.width) << " "
      << html_escaped(timeline.unit) << "</text>\n";
  for (std::size_t o = 0; o < objects; ++o) {
    out << "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" << kColours[o] << "\" points=\"";
    for (std::size_t i = 0; i < rows[o].intervals.size(); ++i) {
      const double x = left + step * (static_cast<double>(i) + 0.5);
      const double y = (height - bottom) - (height - bottom - 20) * static_cast<double>(phase_weight(rows[o].intervals[i])) /
                                               static_cast<double>(highest);
      out << x << "," << y << " ";
    }
    out << "\"><title>" << html_escaped(object_name(profile.objects[rows[o].object])) << "</title></polyline>\n";
  }
  out << "</svg>\n<p class=\"legend\">";
  for (std::size_t o = 0; o < objects; ++o) {
    out << "<span class=\"t" << o << "\"></span>" << html_escaped(object_name(profile.objects[rows[o].object])) << " ";
  }
  out << "</p>\n<p>Each line is one object's L1 misses, invalidations received and transfers in each interval of "
      << with_commas(timeline.width) << " " << html_escaped(timeline.unit)
      << "; --view=timeline gives the numbers, the JSON export every count by cause.</p>\n";
}

}  // namespace

void write_html_phases(std::ostream& out, const Profile& profile, const Options& options) {
  out << "<h2 id=\"phases\">Phases: objects per parallel loop</h2>\n";
  write_phase_tables(out, profile, options);
  write_timeline_chart(out, profile);
}

}  // namespace ccsim::annotate
