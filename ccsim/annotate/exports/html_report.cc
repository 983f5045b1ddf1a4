// html_report.cc: the sections of the HTML report, each from the analysis the text views read.
#include "ccsim/annotate/exports/html_report.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ccsim/annotate/analysis/diff.h"
#include "ccsim/annotate/analysis/data_names.h"
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/analysis/placement_findings.h"
#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/analysis/thread_columns.h"
#include "ccsim/annotate/exports/block_strips.h"
#include "ccsim/annotate/exports/set_histograms.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/exports/byte_map.h"
#include "ccsim/annotate/exports/drill_down_export.h"
#include "ccsim/annotate/exports/html_locks.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/exports/html_phases.h"
#include "ccsim/annotate/exports/svg_graph.h"
#include "ccsim/annotate/text/finding_text.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/run_text.h"
#include "ccsim/annotate/tables/ranked_rows.h"
#include "ccsim/annotate/tables/source_files.h"
#include "ccsim/annotate/tables/table_columns.h"
#include "ccsim/annotate/tables/view_context.h"

namespace ccsim::annotate {

namespace {


void make_directory(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir)) {
    throw OptionError("--html=" + dir + ": the directory cannot be created (" +
                      (error ? error.message() : std::string("a file of that name exists")) +
                      "); give a path where a directory can be made");
  }
}

void write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::string path = dir + "/" + name;
  std::ofstream file(path);
  file << text;
  file.close();
  if (!file) {
    throw OptionError("--html=" + dir + ": " + path + " cannot be written (" + std::strerror(errno) +
                      "); give a writable directory");
  }
}

// The run: profile files, command, machine, what was not simulated, threads; as the text header says them.
void write_header(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  out << "<dl class=\"header\">\n<dt>Profile</dt><dd>" << html_escaped(joined(profile.file_names))
      << (profile.file_names.size() > 1 ? " (summed)" : "") << "</dd>\n<dt>Command</dt><dd>"
      << html_escaped(profile.header.command) << " (pid " << profile.header.pid << ", "
      << html_escaped(profile.header.creator) << ")</dd>\n<dt>Machine</dt><dd>"
      << html_escaped(machine_description(profile.header)) << "</dd>\n";
  if (std::string skipped = skipped_text(profile.header); !skipped.empty())
    out << "<dt>Skipped</dt><dd>" << html_escaped(skipped) << "</dd>\n";
  if (std::string replay = replay_text(profile.header); !replay.empty())
    out << "<dt>Replay</dt><dd>" << html_escaped(replay) << "</dd>\n";
  out << "<dt>Threads</dt><dd>" << html_escaped(analysed_threads_text(analysis, options)) << "</dd>\n</dl>\n";
  for (const std::string& sentence : spin_wait_sentences(profile.header))
    out << "<p class=\"caveat\">" << html_escaped(sentence) << "</p>\n";
}

void write_finding_lines(std::ostream& out, const Finding& finding) {
  out << "<table class=\"lines\">\n<tr><th>caused</th><th>writing line (culprit)</th><th>received</th>"
         "<th>line that lost its copies (victim)</th></tr>\n";
  const std::size_t rows = finding_line_rows(finding);
  auto cells = [&](const std::vector<FindingLine>& lines, std::size_t row) {
    if (row >= lines.size()) {
      out << "<td></td><td></td>";
      return;
    }
    out << "<td class=\"number\">" << with_commas(lines[row].invalidations) << "</td><td>"
        << html_escaped(site_label(lines[row].site, FileNames::base) + " " + threads_text(lines[row].threads))
        << "</td>";
  };
  for (std::size_t row = 0; row < rows; ++row) {
    out << "<tr>";
    cells(finding.culprits, row);
    cells(finding.victims, row);
    out << "</tr>\n";
  }
  out << "</table>\n";
}

// The findings as --view=findings chooses them: most costly first, at most --top, each reaching
// --threshold of the memory time. `id`: the section's anchor, one per page.
void write_findings(std::ostream& out, const Analysis& analysis, const Options& options, const std::string& id) {
  const Profile& profile = *analysis.profile;
  out << "<h2 id=\"" << id << "\">Findings: the shared data whose coherence traffic costs the most</h2>\n";
  std::string limit = order_limit_sentence(profile.header);
  if (!limit.empty()) out << "<p>" << html_escaped(limit) << "</p>\n";
  if (profile.objects.empty()) {
    out << "<p>This profile has no data objects (it was made with --data-objects=no), so there is nothing to "
           "rank; see the lines and the invalidator graph.</p>\n";
    return;
  }
  Findings findings = find_findings(analysis, options.latencies, options.show_runtime);
  std::uint64_t program_cycles = 0;
  for (const Finding& finding : findings.findings) program_cycles += finding.cycles;
  out << "<p>Cost: cycles of coherence misses and invalidated copies (--latency), against the simulated memory "
         "time of the run, all threads ("
      << with_commas(findings.memory_cycles) << " cycles). The program's shared data: "
      << html_escaped(share_text(program_cycles, findings.memory_cycles)) << ".</p>\n";
  write_byte_map_legend(out);
  std::vector<PlacementFinding> placements = placement_findings(profile, options.min_invalidations);
  const std::vector<ObjectBlocks> edges = chunk_edge_objects(profile);
  std::vector<const Finding*> shown = shown_findings(findings, options.threshold_percent, options.min_invalidations,
                                                    options.top);
  for (std::size_t rank = 0; rank < shown.size(); ++rank) {
    const Finding& finding = *shown[rank];
    out << "<div class=\"finding\">\n<h3>" << rank + 1 << ". " << html_escaped(joined(finding.object_texts, " and "))
        << ": <span class=\"class\">" << html_escaped(class_text(finding.sharing)) << "</span>, "
        << html_escaped(share_text(finding.cycles, findings.memory_cycles))
        << " of the simulated memory time of the run</h3>\n<p>" << html_escaped(split_text(finding.split)) << "; "
        << with_commas(finding.coherence_misses) << " coherence misses</p>\n";
    // One map per cache line, with a row for each of the finding's objects in it (finding.lines keeps
    // the hottest line first; a line's objects follow one another or not, so they are gathered).
    std::vector<std::vector<const LineUse*>> maps;
    for (const LineUse* line : finding.lines) {
      auto same_line = std::find_if(maps.begin(), maps.end(), [&](const std::vector<const LineUse*>& map) {
        return map.front()->line_address == line->line_address;
      });
      if (same_line == maps.end()) {
        maps.push_back({line});
      } else {
        same_line->push_back(line);
      }
    }
    for (const std::vector<const LineUse*>& map : maps) write_byte_map(out, profile, map);
    // The threads' bytes by field or variable (the maps count them from the line's start).
    for (const LineUse* line : finding.lines) {
      std::vector<std::string> threads;
      for (const ThreadBytes& use : line->threads) threads.push_back(named_thread_text(profile, *line, use));
      out << "<p class=\"names\">line " << hex(line->line_address) << ": " << html_escaped(joined(threads, ", "))
          << "</p>\n";
    }
    out << "<p class=\"fix\">fix: " << html_escaped(finding.advice) << ".</p>\n";
    // The placement predictions for the finding's blocks, as the text puts them under the finding.
    for (auto it = placements.begin(); it != placements.end();) {
      if (std::find(finding.objects.begin(), finding.objects.end(), it->object) == finding.objects.end()) {
        ++it;
        continue;
      }
      out << "<p class=\"caveat\">placement: " << html_escaped(it->sentence) << ".</p>\n";
      it = placements.erase(it);
    }
    for (const ObjectBlocks& blocks : edges) {
      if (std::find(finding.objects.begin(), finding.objects.end(), blocks.object) != finding.objects.end()) {
        out << "<p class=\"fix\">chunk edges: " << html_escaped(blocks.edges.sentence) << ".</p>\n";
      }
    }
    write_finding_lines(out, finding);
    out << "</div>\n";
  }
  if (shown.empty()) {
    out << "<p>"
        << html_escaped(no_finding_sentence(profile.header, options.threshold_percent, options.min_invalidations))
        << "</p>\n";
  } else if (findings.findings.size() > shown.size()) {
    out << "<p>(" << shown.size() << " of " << findings.findings.size()
        << " shared objects shown, most costly first; the others are under --threshold or --min-invalidations, or "
           "past the first "
        << options.top << ")</p>\n";
  }
  if (!placements.empty()) {
    out << "<p>Placement: blocks whose sharing another start within a line would change:</p>\n<ul>\n";
    for (const PlacementFinding& placement : placements) {
      out << "<li>" << html_escaped(object_description(profile.objects[placement.object]) + ": " + placement.sentence)
          << ".</li>\n";
    }
    out << "</ul>\n";
  }
  for (const std::string& sentence : {runtime_findings_sentence(findings), allocator_findings_sentence(findings)}) {
    if (!sentence.empty()) out << "<p>" << html_escaped(sentence) << "</p>\n";
  }
}

std::vector<std::string> column_headings(const Profile& profile, const EventColumns& columns) {
  std::vector<std::string> headings;
  for (std::size_t i = 0; i < columns.shown.size(); ++i)
    headings.push_back(columns.headings.empty() ? profile.events[columns.shown[i]] : columns.headings[i]);
  return headings;
}

// The total row, then one row per thread labelled as the summary labels it (its name where the profile
// names threads, else its number), sorted by thread number; `add_cells` appends a row's cells and sort
// values after the thread's.
template <class AddCells>
void add_thread_rows(HtmlTable& table, const Analysis& analysis, AddCells add_cells) {
  const Profile& profile = *analysis.profile;
  auto add_row = [&](const std::string& label, std::uint64_t order, const Counts& counts, bool total) {
    std::vector<std::string> cells = {label};
    std::vector<std::uint64_t> values = {order};
    add_cells(counts, cells, values);
    table.add_row(cells, values, total);
  };
  add_row("total", 0, analysis.totals, true);
  for (const ThreadRow& row : analysis.threads) {
    const bool labelled = profile.header.thread_labels.count(row.thread) > 0;
    add_row(labelled ? profile.thread_name(row.thread) : std::to_string(row.thread), row.thread, row.counts, false);
  }
}

// Where each thread's L1 misses were served (version 2 profiles), the summary view's table (served_columns).
void write_served_table(std::ostream& out, const Analysis& analysis) {
  const Profile& profile = *analysis.profile;
  const CountColumns columns = served_columns(profile);
  if (columns.empty()) return;
  out << "<h3>Where L1 misses were served</h3>\n";
  std::vector<std::string> headings = {"thread"};
  for (const std::string& heading : columns.headings()) headings.push_back(heading);
  HtmlTable table(headings, std::vector<bool>(headings.size(), true));
  add_thread_rows(table, analysis, [&](const Counts& counts, std::vector<std::string>& cells,
                                       std::vector<std::uint64_t>& values) {
    for (std::string& cell : columns.cells(counts)) cells.push_back(std::move(cell));
    for (const std::optional<double>& value : columns.values(counts))
      values.push_back(static_cast<std::uint64_t>(value.value_or(0)));
  });
  table.write(out);
  out << "<p>Transfers: another thread's copy supplied the line, by the state it was in; a downgrade turns "
         "another thread's Modified or Exclusive copy into Shared.</p>\n";
}

// The shown events of each thread and of all of them.
void write_summary(std::ostream& out, const Analysis& analysis, const Options& options, const EventColumns& columns) {
  const Profile& profile = *analysis.profile;
  out << "<h2 id=\"summary\">Summary per thread</h2>\n";
  std::vector<std::string> headings = {"thread"};
  for (const std::string& heading : column_headings(profile, columns)) headings.push_back(heading);
  HtmlTable table(headings, std::vector<bool>(headings.size(), true));
  add_thread_rows(table, analysis, [&](const Counts& counts, std::vector<std::string>& cells,
                                       std::vector<std::uint64_t>& values) {
    for (std::size_t column : columns.shown) {
      cells.push_back(with_commas(counts[column]));
      values.push_back(counts[column]);
    }
  });
  table.write(out);
  out << "<p>" << html_escaped(coherence_traffic_sentence(analysis, options.latencies)) << "</p>\n";
  write_served_table(out, analysis);
}

// A ranked table of the text views (ranked_table.h), sortable by any column.
void write_ranked_table(std::ostream& out, const ViewContext& context, const std::string& id,
                        const std::string& title, const std::string& noun, const std::string& label_heading,
                        const std::vector<LabelledCounts>& rows) {
  const Profile& profile = context.profile();
  const EventColumns& columns = context.columns;
  out << "<h2 id=\"" << id << "\">" << html_escaped(title) << "</h2>\n";
  RankedRows ranked;
  rank_table_rows(context, noun, rows, ranked);
  const CountColumns ratios = row_ratio_columns(profile, shows_cycles(profile, columns));
  std::vector<std::string> headings = column_headings(profile, columns);
  for (const std::string& heading : ratios.headings()) headings.push_back(heading);
  headings.push_back("cumulative");
  const bool moves = has_moves_column(ranked.rows);
  // Two narrow numeric columns rather than the text view's "16 among 2 threads": the page must fit its
  // window, and each sorts by its number.
  if (moves) {
    headings.push_back("moved between threads");
    headings.push_back("threads moved among");
  }
  headings.push_back(label_heading);
  std::vector<bool> numeric(headings.size(), true);
  numeric.back() = false;
  HtmlTable table(headings, numeric);
  // `running`: the cumulative column's sum, which sorts as its share does; none on the total row.
  auto add_row = [&](const Counts& counts, const std::string& label, bool total, std::uint64_t running,
                     const LabelledCounts* row) {
    std::vector<std::string> cells;
    std::vector<std::uint64_t> values;
    for (std::size_t column : columns.shown) {
      std::string cell = with_commas(counts[column]);
      if (!total && columns.percents && counts[column] > 0)
        cell += " (" + percent(counts[column], ranked.totals[column]) + ")";
      cells.push_back(cell);
      values.push_back(counts[column]);
    }
    for (std::string& cell : ratios.cells(counts)) cells.push_back(std::move(cell));
    // A ratio sorts by its millionths (a 0/0 "-" as 0): the sort values are whole numbers.
    for (const std::optional<double>& ratio : ratios.values(counts))
      values.push_back(static_cast<std::uint64_t>(std::llround(ratio.value_or(0) * 1e6)));
    cells.push_back(total ? "" : percent(running, ranked.totals[columns.sort.front()]));
    values.push_back(running);
    if (moves) {
      const bool any = row != nullptr && row->moves && row->moves->transfers > 0;
      cells.push_back(any ? with_commas(row->moves->transfers) : row != nullptr && row->moves ? "-" : "");
      values.push_back(any ? row->moves->transfers : 0);
      cells.push_back(any ? std::to_string(row->moves->threads) : "");
      values.push_back(any ? row->moves->threads : 0);
    }
    cells.push_back(label);
    table.add_row(cells, values, total);
  };
  add_row(ranked.totals, "(all " + noun + ")", true, 0, nullptr);
  std::vector<LabelledCounts> printed;
  for (std::size_t row : ranked.ranked) printed.push_back(ranked.rows[row]);
  const std::vector<std::uint64_t> sums = running_sums(context, printed);
  for (std::size_t row = 0; row < printed.size(); ++row)
    add_row(*printed[row].counts, printed[row].label, false, sums[row], &printed[row]);
  table.write(out);
  out << "<p>" << ranked.ranked.size() << " of " << ranked.rows.size() << " " << noun << " shown: at most "
      << context.options.top << ", each with at least "
      << html_escaped(percentage_option(context.options.threshold_percent))
      << " of a sort event's total; click a heading to sort. " << html_escaped(ratio_note(context, noun, ranked))
      << "</p>\n";
}

// The data objects side by side per thread for the first sort event (analysis/object_threads.h): per
// object a bar whose parts are the threads' shares, a colour per thread column (the legend names them).
void write_object_threads(std::ostream& out, const Analysis& analysis, const Options& options,
                          const EventColumns& columns) {
  const Profile& profile = *analysis.profile;
  if (profile.objects.empty() || columns.sort.empty()) return;
  const std::size_t event = columns.sort.front();
  const ThreadColumns table = object_threads(analysis, event, options.show_runtime, options.top);
  out << "<h2 id=\"object-threads\">Data objects by thread: " << html_escaped(profile.events[event]) << "</h2>\n";
  if (table.rows.empty()) {
    out << "<p>No data object of the program has any " << html_escaped(profile.events[event]) << ".</p>\n";
    return;
  }
  std::vector<std::string> names;
  for (ThreadId thread : table.threads) names.push_back(profile.thread_name(thread));
  if (table.other_threads > 0) names.push_back(std::to_string(table.other_threads) + " other threads");
  out << "<p class=\"legend\">";
  for (std::size_t column = 0; column < names.size(); ++column)
    out << "<span class=\"t" << column << "\"></span>" << html_escaped(names[column]) << " ";
  out << "</p>\n<table class=\"plain threads\"><thead><tr><th>" << html_escaped(profile.events[event])
      << "</th><th>by thread</th><th>object</th></tr></thead><tbody>\n";
  for (const ThreadColumnsRow& row : table.rows) {
    out << "<tr><td class=\"number\">" << with_commas(row.total) << "</td><td><div class=\"bar\">";
    for (std::size_t column = 0; column < row.per_column.size(); ++column) {
      if (row.per_column[column] == 0) continue;
      const std::string part = names[column] + ": " + with_commas(row.per_column[column]) + " (" +
                               percent(row.per_column[column], row.total) + ")";
      out << "<span class=\"t" << column << "\" style=\"width:"
          << 100.0 * static_cast<double>(row.per_column[column]) / static_cast<double>(row.total) << "%\" title=\""
          << html_escaped(part) << "\"></span>";
    }
    out << "</div></td><td>" << html_escaped(object_description(profile.objects[row.item])) << "</td></tr>\n";
  }
  out << "</tbody></table>\n<p>" << table.rows.size() << " of " << table.items_with_event
      << " objects with any of it, heaviest first; each bar is the object's count split by thread (hover for "
         "the numbers); --view=object-threads gives the same as text.</p>\n";
}

// The regions summed by the barrier that closed them (analysis/region_barriers.h): one row per parallel
// loop or barrier, with its epochs.
void write_region_barriers(std::ostream& out, const Profile& profile, const Options& options) {
  out << "<h2 id=\"regions\">Regions by barrier</h2>\n";
  if (profile.regions.empty()) {
    out << "<p>This profile has no region: records (no barrier of the program was observed).</p>\n";
    return;
  }
  auto named = [](const std::vector<std::string>& events) {
    return std::find(events.begin(), events.end(), "cycles") != events.end();
  };
  const CountColumns columns = region_columns(profile, options.level,  // the text view's
                                              named(options.show_events) || named(options.sort_events));
  std::vector<std::string> headings = {"epochs"};
  for (const std::string& heading : columns.headings()) headings.push_back(heading);
  headings.push_back("closed by the barrier at");
  std::vector<bool> numeric(headings.size(), true);
  numeric.back() = false;
  HtmlTable table(headings, numeric);
  for (const BarrierRegions& barrier : regions_by_barrier(profile)) {
    std::vector<std::string> cells = {with_commas(barrier.epochs)};
    std::vector<std::uint64_t> values = {barrier.epochs};
    for (std::string& cell : columns.cells(barrier.counts)) cells.push_back(std::move(cell));
    for (const std::optional<double>& value : columns.values(barrier.counts))
      values.push_back(static_cast<std::uint64_t>(value.value_or(0)));
    cells.push_back(closing_barrier(*barrier.first));
    values.push_back(0);
    table.add_row(cells, values);
  }
  table.write(out);
  out << "<p>Each row sums the regions (spans between two barriers) that one barrier closed; click a heading to "
         "sort; --view=regions --regions=each lists every region.</p>\n";
}

// One graph as inline SVG; when it has no edge (Graphviz marks each edge class="edge"), a sentence says so
// rather than leaving its bare title.
void write_graph(std::ostream& out, const Analysis& analysis, const Options& options, const std::string& dir,
                 GraphKind kind) {
  const bool invalidators = kind == GraphKind::invalidators;
  const std::string name = invalidators ? "invalidators" : kind == GraphKind::transfers ? "transfers" : "evictors";
  std::string svg = svg_culprit_graph(analysis, options, kind, dir, name);
  out << "<div class=\"graph\" id=\"" << name << "\">\n";
  if (svg.find("class=\"edge\"") != std::string::npos) {
    out << svg;
  } else {
    const std::string whose = options.show_runtime ? "" : " of the program's data (--runtime=show adds the runtime's)";
    const std::string sentence =
        invalidators ? "The invalidator graph has no edge: no write removed another thread's copy" + whose + "."
        : kind == GraphKind::transfers
            ? "The transfer graph has no edge: no miss was served by another thread's copy" + whose + "."
            : "The evictor graph has no edge: no access evicted another reference's line from " + options.level +
                  whose + "; choose another level with --level.";
    out << "<p>" << html_escaped(sentence)        << "</p>\n";
  }
  out << "</div>\n";
}

// Object paths (DProf's data flow): the path graph of --graph=paths, when the profile followed a heap site.
void write_path_graph_section(std::ostream& out, const Analysis& analysis, const Options& options,
                              const std::string& dir) {
  if (analysis.profile->path_sites.empty()) return;
  out << "<h2 id=\"paths\">How heap blocks move between functions and threads</h2>\n<p>The object paths of "
         "--view=paths as a graph (--graph=paths): each followed allocation site's blocks from allocation to "
         "free; thick red edges where the data changes thread, darker boxes where a life spends more memory "
         "time. Also in paths.svg.</p>\n";
  const std::string svg = svg_culprit_graph(analysis, options, GraphKind::paths, dir, "paths");
  out << "<div class=\"graph\" id=\"path-graph\">\n" << svg << "</div>\n";
}

void write_graphs(std::ostream& out, const Analysis& analysis, const Options& options, const std::string& dir) {
  out << "<h2 id=\"graphs\">Who invalidated and evicted whom</h2>\n<p>The graphs of --graph: culprit -> victim; "
         "red edges mostly true sharing, blue mostly false sharing, purple mixed, grey evictions. Also in "
         "invalidators.svg and evictors.svg beside this page.</p>\n";
  write_graph(out, analysis, options, dir, GraphKind::invalidators);
  write_graph(out, analysis, options, dir, GraphKind::evictors);
  if (analysis.profile->header.version >= 2) {
    out << "<p>Transfers (version 2 profiles): writer -> reader whose miss another thread's copy served; orange "
           "mostly from a Modified copy, green from clean copies. Also in transfers.svg.</p>\n";
    write_graph(out, analysis, options, dir, GraphKind::transfers);
  }
  write_path_graph_section(out, analysis, options, dir);
}

// The hot source files with counts in the margin, as --view=source chooses them; the hot lines (those
// the lines table ranks above the threshold) highlighted, long lines scrolling inside their box.
void write_sources(std::ostream& out, const Analysis& analysis, const Options& options, const EventColumns& columns) {
  std::ostringstream unused;
  SourceAnnotation annotation = annotate_sources({analysis, options, columns, unused});
  out << "<h2 id=\"source\">Annotated source of the hot files</h2>\n";
  if (annotation.files.empty() && annotation.missing.empty()) {
    out << "<p>No source line reaches the threshold.</p>\n";
    return;
  }
  out << "<p>The hot lines, those the lines table ranks above the threshold, are highlighted.</p>\n";
  for (const AnnotatedSource& source : annotation.files) {
    out << "<h3>" << html_escaped(source.file + (source.path == source.file ? "" : " (read from " + source.path + ")"))
        << "</h3>\n<div class=\"source\"><table class=\"source\">\n<tr>";
    for (std::size_t column : columns.shown) out << "<th>" << html_escaped(analysis.profile->events[column]) << "</th>";
    out << "<th>line</th><th></th></tr>\n";
    for (const SourceRow& row : source.rows) {
      std::string classes = std::string(row.hot ? "hot" : "") + (row.after_gap ? (row.hot ? " gap" : "gap") : "");
      out << (classes.empty() ? "<tr>" : "<tr class=\"" + classes + "\">");
      for (const std::string& cell : row.cells) out << "<td class=\"number\">" << html_escaped(cell) << "</td>";
      out << "<td class=\"number\">" << (row.line == 0 ? "" : std::to_string(row.line)) << "</td><td class=\"code\">"
          << html_escaped(row.text) << "</td></tr>\n";
    }
    out << "</table></div>\n";
  }
  if (!annotation.missing.empty()) {
    out << "<p>Source files not found: " << html_escaped(joined(annotation.missing))
        << " (give the directory that holds them with --include=DIR).</p>\n";
  }
}

}  // namespace

void write_html_report(const std::string& dir, const Analysis& analysis, const Options& options,
                       const EventColumns& columns) {
  make_directory(dir);
  const Profile& profile = *analysis.profile;
  std::ostringstream page;
  write_page_start(page, "ccsim report: " + profile.header.command);
  page << "<h1>ccsim report: " << html_escaped(profile.header.command) << "</h1>\n";
  page << "<p><a href=\"#findings\">findings</a> | <a href=\"#graphs\">graphs</a> | <a href=\"#summary\">summary</a> | "
          "<a href=\"#lines\">lines</a> | <a href=\"#functions\">functions</a> | <a href=\"#objects\">objects</a> | "
          "<a href=\"#object-threads\">by thread</a> | <a href=\"#regions\">regions</a> | <a href=\"#phases\">phases</a> | <a href=\"#locks\">locks</a> | "
          "<a href=\"#source\">source</a></p>\n";
  write_header(page, analysis, options);
  write_findings(page, analysis, options, "findings");
  write_graphs(page, analysis, options, dir);
  write_summary(page, analysis, options, columns);
  std::ostringstream unused;  // the ranked tables print nothing through the context
  ViewContext context{analysis, options, columns, unused};
  write_ranked_table(page, context, "lines", "Lines", "lines", "line (function)", line_table_rows(analysis));
  write_ranked_table(page, context, "functions", "Functions", "functions", "file:function",
                     function_table_rows(analysis));
  if (profile.objects.empty()) {
    page << "<h2 id=\"objects\">Data objects</h2>\n<p>This profile has no data objects: the run recorded no "
            "object: records.</p>\n";
  } else {
    write_ranked_table(page, context, "objects", "Data objects", "objects", "object", object_table_rows(analysis));
    write_object_threads(page, analysis, options, columns);
  }
  write_region_barriers(page, profile, options);
  write_html_phases(page, profile, options);
  write_html_drill_downs(page, analysis, options);  // --object, --function
  write_html_locks(page, profile, options.top);
  write_block_strips(page, analysis, options);
  write_set_histograms(page, analysis, options);
  write_sources(page, analysis, options, columns);
  write_page_end(page);
  write_file(dir, "index.html", page.str());
}

void write_html_diff(const std::string& dir, const std::vector<const Analysis*>& analyses, const Options& options,
                     const EventColumns& columns) {
  // First, so that profiles with different events fail before anything is written.
  ProfileDiff diff = diff_profiles(analyses, columns, options);
  const Analysis& before = *analyses.front();
  const Analysis& after = *analyses.back();
  make_directory(dir);
  std::ostringstream page;
  write_page_start(page, "ccsim diff: " + before.profile->header.command + " -> " + after.profile->header.command);
  page << "<h1>ccsim diff: before and after</h1>\n<dl class=\"header\">\n";
  for (std::size_t side = 0; side < diff.runs.size(); ++side)
    page << "<dt>" << html_escaped(diff.run_labels[side]) << "</dt><dd>" << html_escaped(diff.runs[side]) << "</dd>\n";
  page << "</dl>\n";
  if (diff.different_caches) page << "<p class=\"caveat\">" << html_escaped(kDifferentCachesSentence) << "</p>\n";
  page << "<div class=\"side-by-side\">\n";
  for (const Analysis* analysis : {&before, &after}) {
    page << "<div class=\"" << (analysis == &before ? "before" : "after") << "\">\n<h2>"
         << (analysis == &before ? "Before" : "After") << "</h2>\n";
    write_header(page, *analysis, options);
    write_findings(page, *analysis, options, analysis == &before ? "findings-before" : "findings-after");
    page << "</div>\n";
  }
  page << "</div>\n";
  for (const DiffTable& table : diff.tables) {
    page << "<h2 id=\"" << table.id << "\">" << html_escaped(table.title) << "</h2>\n";
    if (!table.nothing_to_compare.empty()) {
      page << "<p>" << html_escaped(table.nothing_to_compare) << "</p>\n";
      continue;
    }
    page << "<p>before, after: " << html_escaped(table.primary_event) << "; change %: of "
         << html_escaped(table.primary_event);
    if (!table.change_columns.empty())
      page << "; " << html_escaped(table.change_columns) << ": the change, after - before";
    if (!table.ranking.empty()) page << "; " << html_escaped(table.ranking);
    page << ".</p>\n";
    std::vector<bool> numeric(table.headings.size(), true);
    numeric.back() = false;
    write_plain_table(page, table.headings, table.rows, numeric, true);
    page << "<p>" << table.shown << " of " << table.rows_in_all << " " << table.noun
         << " shown, biggest change first.</p>\n";
  }
  write_page_end(page);
  write_file(dir, "index.html", page.str());
}

}  // namespace ccsim::annotate
