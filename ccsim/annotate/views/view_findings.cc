// view_findings.cc: --view=findings, and the opening of the overview: the program's shared objects
// whose coherence traffic costs the most, each with its class, cost, bytes, advice, and the lines that
// write (culprits) beside the lines that lose their copies (victims).
#include <algorithm>
#include <sstream>

#include "ccsim/annotate/analysis/data_names.h"
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/analysis/lock_findings.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/analysis/placement_findings.h"
#include "ccsim/annotate/text/finding_text.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {


// Each line of the finding, what it holds, and each thread's bytes there by field or variable, every range
// saying what it counts from: "line 0x10c040 holds bytes 0-63 of st: thread 2 (reader) reads st.limit
// (bytes 8-15 of st)".
void print_bytes(const ViewContext& context, const Finding& finding) {
  const Profile& profile = context.profile();
  for (const LineUse* line : finding.lines) {
    const DataObject& object = profile.objects[line->object];
    context.out << "   line " << hex(line->line_address);
    if (object.kind == "stack") {
      std::vector<std::string> labels;
      for (const Variable& variable : variables_in(profile, {line})) labels.push_back(variable.label);
      context.out << (labels.empty() ? " is" : " holds " + joined(labels, " and ") + ",") << " on the "
                  << object_name(object);
    } else {
      // The object's bytes this line holds; a heap bin's size is its largest block's.
      std::int64_t first = std::max<std::int64_t>(line->offset_in_object, 0);
      std::int64_t last = line->offset_in_object + static_cast<std::int64_t>(profile.header.line_size) - 1;
      if (object.size > 0) last = std::min(last, static_cast<std::int64_t>(object.size) - 1);
      context.out << " holds bytes " << first << "-" << last << " of " << object_name(object);
    }
    context.out << ": ";
    for (std::size_t i = 0; i < line->threads.size(); ++i)
      context.out << (i == 0 ? "" : ", ") << named_thread_text(profile, *line, line->threads[i]);
    context.out << '\n';
  }
}

void print_lines(const ViewContext& context, const Finding& finding) {
  TextTable table;
  table.add_column("caused", TextTable::Align::right);
  table.add_column("writing line (culprit)", TextTable::Align::left);
  table.add_column("received", TextTable::Align::right);
  table.add_column("line that lost its copies (victim)", TextTable::Align::left);
  const std::size_t rows = finding_line_rows(finding);
  auto cells = [](const std::vector<FindingLine>& lines, std::size_t row) -> std::pair<std::string, std::string> {
    if (row >= lines.size()) return {"", ""};
    return {with_commas(lines[row].invalidations),
            site_label(lines[row].site, FileNames::base) + " " + threads_text(lines[row].threads)};
  };
  for (std::size_t row = 0; row < rows; ++row) {
    auto [caused, culprit] = cells(finding.culprits, row);
    auto [received, victim] = cells(finding.victims, row);
    table.add_row({caused, culprit, received, victim});
  }
  std::ostringstream text;
  table.print(text);
  std::istringstream lines(text.str());
  for (std::string line; std::getline(lines, line);) context.out << "   " << line << '\n';
}

}  // namespace

// The placement predictions (placement_findings.h): under a finding for its objects' blocks, and after the
// findings for blocks that had little or no sharing in this run but would at another start.
void print_placement(const ViewContext& context, const Finding& finding, std::vector<PlacementFinding>& left) {
  for (auto it = left.begin(); it != left.end();) {
    if (std::find(finding.objects.begin(), finding.objects.end(), it->object) == finding.objects.end()) {
      ++it;
      continue;
    }
    context.out << "   placement: " << it->sentence << ".\n";
    it = left.erase(it);
  }
}

void print_other_placements(const ViewContext& context, const std::vector<PlacementFinding>& left) {
  if (left.empty()) return;
  context.out << "\nPlacement: blocks whose sharing another start within a line would change:\n";
  for (const PlacementFinding& placement : left) {
    context.out << "- " << object_description(context.profile().objects[placement.object]) << ": "
                << placement.sentence << ".\n";
  }
}

void print_findings(const ViewContext& context, std::size_t most) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Findings: the shared data whose coherence traffic costs the most");
  std::string limit = order_limit_sentence(profile.header);
  if (!limit.empty()) context.out << limit << '\n';
  if (profile.objects.empty()) {
    context.out << "This profile has no data objects (it was made with --data-objects=no), so there is nothing to "
                   "rank; see the lines and invalidators views.\n";
    return;
  }
  Findings findings = find_findings(context.analysis, context.options.latencies, context.options.show_runtime);
  std::uint64_t program_cycles = 0;
  for (const Finding& finding : findings.findings) program_cycles += finding.cycles;
  context.out << "Cost: cycles of coherence misses (other-core=" << context.options.latencies.other_core
              << ") and invalidated copies (upgrade=" << context.options.latencies.upgrade
              << "), against the simulated memory time of the run, all threads (" << with_commas(findings.memory_cycles)
              << " cycles; --latency). The program's shared data: " << share_text(program_cycles, findings.memory_cycles)
              << ".\n";
  std::vector<PlacementFinding> placements = placement_findings(profile, context.options.min_invalidations);
  const std::vector<ObjectBlocks> edges = chunk_edge_objects(profile);
  std::vector<const Finding*> shown = shown_findings(findings, context.options.threshold_percent,
                                                    context.options.min_invalidations, most);
  for (std::size_t rank = 0; rank < shown.size(); ++rank) {
    const Finding& finding = *shown[rank];
    context.out << '\n'
                << rank + 1 << ". " << joined(finding.object_texts, " and ") << ": " << class_text(finding.sharing) << ", "
                << share_text(finding.cycles, findings.memory_cycles) << " of the simulated memory time of the run\n";
    context.out << "   " << split_text(finding.split) << "; " << with_commas(finding.coherence_misses)
                << " coherence misses\n";
    print_bytes(context, finding);
    context.out << "   fix: " << finding.advice << ".\n";
    print_placement(context, finding, placements);
    for (const ObjectBlocks& blocks : edges) {
      if (std::find(finding.objects.begin(), finding.objects.end(), blocks.object) != finding.objects.end()) {
        context.out << "   chunk edges: " << blocks.edges.sentence << ".\n";
      }
    }
    print_lines(context, finding);
  }
  if (shown.empty()) {
    context.out << '\n'
                << no_finding_sentence(profile.header, context.options.threshold_percent,
                                       context.options.min_invalidations)
                << '\n';
  } else if (findings.findings.size() > shown.size()) {
    context.out << "(" << shown.size() << " of " << findings.findings.size()
                << " shared objects shown, most costly first; the others are under --threshold or "
                   "--min-invalidations, or past the first "
                << most << ")\n";
  }
  print_other_placements(context, placements);
  for (const std::string& sentence : {runtime_findings_sentence(findings), allocator_findings_sentence(findings)}) {
    if (!sentence.empty()) context.out << sentence << '\n';
  }
  const std::vector<std::string> locks = lock_findings(profile);
  if (!locks.empty()) context.out << "\nLocks (--view=locks has the details):\n";
  for (const std::string& sentence : locks) context.out << "- " << sentence << '\n';
}

void print_findings_view(const ViewContext& context) { print_findings(context, context.options.top); }

}  // namespace ccsim::annotate
