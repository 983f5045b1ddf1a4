// view_phases.cc: the phases per object and line, and the timeline (issue 28, "Phases"):
// --view=region-objects and --view=region-lines give, for each parallel loop (the regions one barrier
// closed, as the regions view sums them; with --regions=each every region the profile gives one by one)
// its objects or detailed lines with their L1 misses by cause, coherence misses, invalidations received
// and transfers; --view=timeline the busiest objects' events in each interval of the run.
#include <algorithm>
#include <set>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/region_phases.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// The count columns: misses by cause, coherence misses and invalidations true/false, transfers.
const char* const kPhaseHeadings[kPhaseCounts] = {"compulsory", "transfer misses", "coherence",  "replacement",
                                                  "coh. true",  "coh. false",      "inval. true", "inval. false",
                                                  "transfers"};

TextTable phase_table(std::size_t first_count, const std::string& last_heading) {
  TextTable table;
  for (std::size_t i = first_count; i < kPhaseCounts; ++i) table.add_column(kPhaseHeadings[i], TextTable::Align::right);
  table.add_column(last_heading, TextTable::Align::left);
  return table;
}

std::vector<std::string> phase_cells(const PhaseCounts& counts, std::size_t first_count, std::string last) {
  std::vector<std::string> cells;
  for (std::size_t i = first_count; i < kPhaseCounts; ++i) cells.push_back(counts[i] == 0 ? "." : with_commas(counts[i]));
  cells.push_back(std::move(last));
  return cells;
}

// "100 epochs closed by the barrier at file:line (function)", or "region 7, closed by ...".
std::string phase_title(const Phase& phase, bool each_region) {
  const std::string barrier = closing_barrier(*phase.regions.first);
  if (each_region) return "region " + std::to_string(phase.regions.first->id) + ", closed by " + barrier;
  return with_commas(phase.regions.epochs) + (phase.regions.epochs == 1 ? " epoch" : " epochs") + " closed by " + barrier;
}

// The objects a detailed line holds (its `line-detail:` records), by their short names.
std::string line_objects(const Profile& profile, std::uint64_t line_address) {
  std::set<std::string> names;
  for (const LineDetail& detail : profile.line_details) {
    if (detail.line_address == line_address) names.insert(object_name(profile.objects[detail.object]));
  }
  std::vector<std::string> list(names.begin(), names.end());
  return hex(line_address) + (list.empty() ? "" : " (" + joined(list, ", ") + ")");
}

// The phases with any row to show, at most --top of them, each with at most --top rows.
template <class RowsOf, class PrintRows>
void print_phases(const ViewContext& context, const char* what, RowsOf rows_of, PrintRows print_rows) {
  const std::vector<Phase> phases = region_phases(context.profile(), context.options.each_region);
  std::size_t shown = 0;
  for (const Phase& phase : phases) {
    if (rows_of(phase).empty() || shown == context.options.top) continue;
    ++shown;
    context.out << phase_title(phase, context.options.each_region) << ":\n";
    print_rows(phase);
  }
  if (shown == 0) {
    context.out << "This profile has no " << what
                << " of its regions (ccsim writes them with its data objects, since profile version 2"
                << (context.options.each_region ? ", one by one for its first 256 regions" : "") << ").\n";
  }
}

}  // namespace

void print_region_objects_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Region x object: per parallel loop (the regions one barrier closed), its objects' "
                                   "L1 misses by cause, coherence misses, invalidations received and transfers");
  print_phases(context, "objects", [](const Phase& phase) -> const auto& { return phase.objects; },
               [&](const Phase& phase) {
                 TextTable table = phase_table(0, "object");
                 const std::size_t rows = std::min(phase.objects.size(), context.options.top);
                 for (std::size_t i = 0; i < rows; ++i) {
                   const PhaseObjectRow& row = phase.objects[i];
                   table.add_row(phase_cells(row.counts, 0, object_description(profile.objects[row.object])));
                 }
                 table.print(context.out);
                 if (rows < phase.objects.size()) context.out << "(and " << phase.objects.size() - rows << " more objects)\n";
               });
}

void print_region_lines_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Region x line: per parallel loop, the sharing of its detailed cache lines "
                                   "(coherence misses, invalidations received and transfers)");
  print_phases(context, "detailed lines", [](const Phase& phase) -> const auto& { return phase.lines; },
               [&](const Phase& phase) {
                 TextTable table = phase_table(kFirstLinePhaseCount, "line (objects)");
                 const std::size_t rows = std::min(phase.lines.size(), context.options.top);
                 for (std::size_t i = 0; i < rows; ++i) {
                   const PhaseLineRow& row = phase.lines[i];
                   table.add_row(phase_cells(row.counts, kFirstLinePhaseCount, line_objects(profile, row.line_address)));
                 }
                 table.print(context.out);
                 if (rows < phase.lines.size()) context.out << "(and " << phase.lines.size() - rows << " more lines)\n";
               });
}

void print_timeline_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  const Timeline& timeline = profile.timeline;
  print_section_title(context.out, "Timeline: the busiest objects' L1 misses/invalidations received/transfers per interval");
  if (timeline.unit.empty()) {
    context.out << "This profile has no timeline: run ccsim with --timeline=N (every N accesses) or "
                   "--timeline=epoch.\n";
    return;
  }
  const std::vector<TimelineRow> rows = timeline_rows(profile);
  const std::size_t objects = std::min<std::size_t>(rows.size(), 8);
  TextTable table;
  table.add_column("interval", TextTable::Align::right);
  table.add_column(timeline.unit, TextTable::Align::right);
  for (std::size_t o = 0; o < objects; ++o) table.add_column(object_name(profile.objects[rows[o].object]), TextTable::Align::right);
  for (std::uint64_t i = 0; i < timeline.intervals; ++i) {
    std::vector<std::string> cells = {std::to_string(i), with_commas(i * timeline.width) + "-" +
                                                             with_commas((i + 1) * timeline.width - 1)};
    for (std::size_t o = 0; o < objects; ++o) {
      const PhaseCounts& counts = rows[o].intervals[i];
      cells.push_back(phase_weight(counts) == 0 ? "."
                                                : with_commas(phase_l1_misses(counts)) + "/" +
                                                      with_commas(phase_invalidations(counts)) + "/" +
                                                      with_commas(counts[8]));
    }
    table.add_row(std::move(cells));
  }
  table.print(context.out);
  context.out << "(every " << with_commas(timeline.width) << " " << timeline.unit << "; " << objects << " of "
              << rows.size() << " objects of the profile's timeline, most events first; the JSON export has "
              << "every count by cause)\n";
}

}  // namespace ccsim::annotate
