// block_strips.cc: one strip of cells per object, a cell per bucket position, sized to share the page's
// width (at most 256 buckets per object, so a strip always fits).
#include "ccsim/annotate/exports/block_strips.h"

#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// The threads' colours, by thread number (thread 1 the first), repeating past ten; red is left for
// invalidations, as in the byte maps.
const char* const kThreadColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
                                      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#aec7e8"};

const char* thread_colour(ThreadId thread) { return kThreadColours[(thread - 1) % 10]; }

// The cell's background: its threads' colours in bands, top to bottom.
std::string cell_background(const BlockBucket& bucket) {
  if (bucket.threads.size() == 1) return thread_colour(bucket.threads.begin()->first);
  std::string gradient = "linear-gradient(";
  const std::size_t bands = bucket.threads.size();
  std::size_t band = 0;
  for (const auto& [thread, counts] : bucket.threads) {
    const std::string from = std::to_string(100 * band / bands) + "%";
    const std::string to = std::to_string(100 * (band + 1) / bands) + "%";
    gradient += std::string(band == 0 ? "" : ",") + thread_colour(thread) + " " + from + "," + thread_colour(thread) +
                " " + to;
    ++band;
  }
  return gradient + ")";
}

std::string cell_title(const Profile& profile, const BlockBucket& bucket) {
  std::string title = bucket_text(bucket) + ": " + with_commas(bucket.l1_misses()) + " L1 misses, " +
                      with_commas(bucket.coherence_misses()) + " coherence misses, " +
                      with_commas(bucket.invalidations()) + " invalidations received (" +
                      with_commas(bucket.total[5]) + " true, " + with_commas(bucket.total[6]) + " false); ";
  std::vector<std::string> threads;
  for (const auto& [thread, counts] : bucket.threads) {
    threads.push_back(profile.thread_name(thread) + " " + with_commas(l1_misses_of(counts)) + " misses, " +
                      with_commas(counts[5] + counts[6]) + " invalidations");
  }
  return title + joined(threads, "; ");
}

void write_strip(std::ostream& out, const Profile& profile, const ObjectBlocks& blocks) {
  const std::uint64_t lines = blocks.buckets.front().lines;
  out << "<h3>" << html_escaped(object_description(profile.objects[blocks.object])) << "</h3>\n<p>"
      << buckets_text(blocks) << " of " << profile.header.line_size << " bytes with events; "
      << with_commas(blocks.total[5] + blocks.total[6]) << " invalidations received, "
      << with_commas(l1_misses_of(blocks.total)) << " L1 misses.</p>\n";
  std::uint64_t most = 1;
  for (const BlockBucket& bucket : blocks.buckets) most = std::max(most, bucket.invalidations());
  out << "<div class=\"strip\">";
  // One cell per bucket position from the first to the last with events; positions without events blank.
  std::uint64_t position = blocks.buckets.front().block / lines;
  for (const BlockBucket& bucket : blocks.buckets) {
    for (; position < bucket.block / lines; ++position) out << "<span></span>";
    // The invalidations as a red bar under the cell, 1 to 8 pixels high by their share of the object's most.
    const std::uint64_t bar = bucket.invalidations() == 0 ? 0 : 1 + 7 * bucket.invalidations() / most;
    out << "<span style=\"background:" << cell_background(bucket);
    if (bar != 0) out << ";box-shadow:inset 0 -" << bar << "px #d62728";
    out << "\" title=\"" << html_escaped(cell_title(profile, bucket)) << "\"></span>";
    position = bucket.block / lines + 1;
  }
  out << "</div>\n<p class=\"legend\">";
  std::map<ThreadId, bool> threads;
  for (const BlockBucket& bucket : blocks.buckets) {
    for (const auto& [thread, counts] : bucket.threads) threads[thread] = true;
  }
  for (const auto& [thread, used] : threads) {
    out << "<span style=\"background:" << thread_colour(thread) << "\"></span>" << html_escaped(profile.thread_name(thread))
        << " ";
  }
  out << "<span style=\"background:#d62728\"></span>invalidations received</p>\n";
  if (blocks.has_edges) out << "<p class=\"fix\">chunk edges: " << html_escaped(blocks.edges.sentence) << ".</p>\n";
}

}  // namespace

void write_block_strips(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  if (profile.blocks.empty()) return;
  out << "<h2 id=\"blocks\">Blocks of data objects</h2>\n<p>Each strip is one object, left to right in "
         "line-sized blocks (or buckets of blocks), coloured by the threads that missed or lost copies there, "
         "with the invalidations received as a red bar below; hover over a block for its counts.</p>\n";
  std::size_t shown = 0;
  for (const ObjectBlocks& blocks : object_blocks(profile)) {
    if (analysis.runtime_objects[blocks.object] && !options.show_runtime) continue;
    if (shown++ == options.top) break;
    write_strip(out, profile, blocks);
  }
}

}  // namespace ccsim::annotate
