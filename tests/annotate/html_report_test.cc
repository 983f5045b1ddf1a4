// html_report_test.cc: --html=DIR. The page of a hand-written profile must carry the same finding as the
// text overview, the ranked rows, the byte map of the hot line worked out from its line-detail: and
// line-writer: records, the graphs drawn by dot with the expected nodes, and every name escaped.
#include "ccsim/annotate/exports/html_page.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/options.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs --html into a fresh directory and returns DIR/index.html.
std::string html_page(std::vector<std::string> arguments) {
  std::string dir = testing::temporary_path("html");
  std::filesystem::remove_all(dir);
  arguments.insert(arguments.begin(), "--html=" + dir);
  // The report goes to the directory; standard output says where the page is.
  std::string page = std::filesystem::absolute(dir + "/index.html").lexically_normal().string();
  EXPECT_EQ(annotate(arguments), "ccsim-annotate: the report is " + page + "\n");
  return file_text(dir + "/index.html");
}

// The row of `thread` in the byte map of the cache line at `line` ("0x404040"); empty when there is none.
std::string byte_map_row(const std::string& page, const std::string& line, unsigned thread) {
  std::size_t table = page.find("<table class=\"bytes\" data-line=\"" + line + "\"");
  if (table == std::string::npos) return "";
  std::size_t end = page.find("</table>", table);
  std::size_t row = page.find("<tr data-thread=\"" + std::to_string(thread) + "\">", table);
  if (row == std::string::npos || row > end) return "";
  return page.substr(row, page.find("</tr>", row) - row);
}

// The sentence under the byte map of the line at `line` on `thread`'s use of it; empty when there is none.
std::string byte_note(const std::string& page, const std::string& line, unsigned thread) {
  std::size_t notes = page.find("<ul class=\"byte-notes\" data-line=\"" + line + "\"");
  if (notes == std::string::npos) return "";
  std::size_t end = page.find("</ul>", notes);
  std::size_t item = page.find("<li data-thread=\"" + std::to_string(thread) + "\">", notes);
  if (item == std::string::npos || item > end) return "";
  return page.substr(item, page.find("</li>", item) - item);
}

// The byte offsets whose cells in `row` say "byte N: <what> by thread T".
std::set<int> bytes_marked(const std::string& row, const std::string& what) {
  std::set<int> bytes;
  std::regex cell("title=\"byte ([0-9]+): " + what + " by thread");
  for (std::sregex_iterator match(row.begin(), row.end(), cell), end; match != end; ++match)
    bytes.insert(std::stoi((*match)[1]));
  return bytes;
}

std::set<int> byte_range(int first, int last) {
  std::set<int> bytes;
  for (int byte = first; byte <= last; ++byte) bytes.insert(byte);
  return bytes;
}

// Names from a profile cannot add markup: every special character becomes an entity, and control
// bytes are shown as \xHH as in the text views.
TEST(HtmlPageTest, EscapesNames) {
  EXPECT_EQ(html_escaped("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
  EXPECT_EQ(html_escaped("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(html_escaped("caf\xc3\xa9"), "caf\xc3\xa9");  // valid UTF-8 kept
}

// A sortable table keeps its total row in the head and gives each number its exact value to sort by.
TEST(HtmlPageTest, SortableTableCarriesValues) {
  HtmlTable table({"writes", "line"}, {true, false});
  table.add_row({"2,000", "all"}, {2000, 0}, true);
  table.add_row({"1,234 (61.7%)", "a<b"}, {1234, 0});
  std::ostringstream out;
  table.write(out);
  std::string html = out.str();
  EXPECT_NE(html.find("<th data-numeric=\"yes\">writes</th><th data-numeric=\"no\">line</th>"), std::string::npos);
  EXPECT_LT(html.find("<tr class=\"total\"><td class=\"number\" data-value=\"2000\">2,000</td>"), html.find("<tbody>"));
  EXPECT_GT(html.find("<td class=\"number\" data-value=\"1234\">1,234 (61.7%)</td><td>a&lt;b</td>"), html.find("<tbody>"));
}

// counters: threads 2 and 3 write adjacent 8-byte counters of one line 1000 times each, every
// invalidation false and in a region; the finding's class and object are the text overview's.
TEST(HtmlReportTest, ShowsTheFindingWithItsClassAndAdvice) {
  std::string page = html_page({profile_path("counters.profile")});
  EXPECT_NE(page.find("<h3>1. counters (global, 16 B): <span class=\"class\">false sharing in parallel regions</span>"),
            std::string::npos);
  // The split: 999 + 1000 = 1999 invalidations, all false and in-region; 999 + 999 coherence misses.
  EXPECT_NE(page.find("1,999 invalidations: 1,999 false (100.0%), 0 true (0.0%); 1,999 in-region, 0 across "
                      "regions; 0 by writers holding a lock; 1,998 coherence misses"),
            std::string::npos);
  std::string overview = annotate({"--view=findings", profile_path("counters.profile")});
  std::size_t fix = overview.find("fix: ");
  ASSERT_NE(fix, std::string::npos);
  std::string advice = overview.substr(fix, overview.find('\n', fix) - fix);
  EXPECT_NE(page.find("<p class=\"fix\">" + html_escaped(advice) + "</p>"), std::string::npos) << advice;
  // Culprit and victim: worker's line 12 on both sides, T3's stores caused 1000, T2's 999.
  EXPECT_NE(page.find("<td class=\"number\">1,999</td><td>counters.c:12 (worker) threads 2,3</td>"), std::string::npos);
}

// The line-detail records: T2 wrote bytes 0-7, T3 bytes 8-15 of line 0x404040, neither read; the
// object's 16 bytes start at the line's first byte. line-writer: T3's stores removed 1000 copies, T2's 999.
TEST(HtmlReportTest, ByteMapShowsEachThreadsBytes) {
  std::string page = html_page({profile_path("counters.profile")});
  std::string thread2 = byte_map_row(page, "0x404040", 2);
  std::string thread3 = byte_map_row(page, "0x404040", 3);
  ASSERT_FALSE(thread2.empty());
  ASSERT_FALSE(thread3.empty());
  EXPECT_EQ(bytes_marked(thread2, "written"), byte_range(0, 7));
  EXPECT_EQ(bytes_marked(thread3, "written"), byte_range(8, 15));
  EXPECT_TRUE(bytes_marked(thread2, "read").empty());
  std::regex cell_start("<td");
  EXPECT_EQ(std::distance(std::sregex_iterator(thread2.begin(), thread2.end(), cell_start), std::sregex_iterator()),
            64);  // a cell per byte of the 64-byte line; the sentence is under the map
  EXPECT_NE(byte_note(page, "0x404040", 2).find("thread 2 writes bytes 0-7 of the line; its stores removed 999 "
                                                "copies of the line"),
            std::string::npos);
  EXPECT_NE(byte_note(page, "0x404040", 3).find("thread 3 writes bytes 8-15 of the line; its stores removed "
                                                 "1,000 copies of the line"),
            std::string::npos);
  std::regex object_cell("title=\"byte ([0-9]+): counters byte");
  std::size_t object_bytes = std::distance(std::sregex_iterator(page.begin(), page.end(), object_cell),
                                           std::sregex_iterator());
  EXPECT_EQ(object_bytes, 16u);
}

// The page needs nothing from outside itself: no linked style sheet, script or image, and the only URLs
// are the SVG namespaces dot declares.
TEST(HtmlReportTest, WorksOffline) {
  std::string page = html_page({profile_path("counters.profile")});
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_EQ(page.find("@import"), std::string::npos);
  std::regex url("[a-z]+://[^\"]*");
  for (std::sregex_iterator match(page.begin(), page.end(), url), end; match != end; ++match) {
    std::string found = match->str();
    EXPECT_TRUE(found == "http://www.w3.org/2000/svg" || found == "http://www.w3.org/1999/xlink") << found;
  }
}

// findings.profile: progress (bytes 0-7 of line 0x601000, written by thread 2 1,500 times) and limit (bytes
// 8-15, read by thread 3) are one finding with one map of their line, a row for each object; thread 3's
// row shows limit's bytes, read; T2's stores removed T3's copy 1,499 times (its line-writer record), T3
// stored nothing. sum (0x601040): both threads write bytes 0-7; T2's stores removed 499 copies, T3's 500.
TEST(HtmlReportTest, ByteMapShowsEveryObjectOfTheLine) {
  std::string page = html_page({profile_path("findings.profile")});
  std::size_t first = page.find("<table class=\"bytes\" data-line=\"0x601000\"");
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(page.find("<table class=\"bytes\" data-line=\"0x601000\"", first + 1), std::string::npos);  // one map
  std::string map = page.substr(first, page.find("</table>", first) - first);
  EXPECT_NE(map.find("<tr class=\"object\"><th title=\"limit\">limit</th>"), std::string::npos);
  EXPECT_NE(map.find("<tr class=\"object\"><th title=\"progress\">progress</th>"), std::string::npos);
  EXPECT_EQ(bytes_marked(byte_map_row(page, "0x601000", 2), "written"), byte_range(0, 7));
  EXPECT_EQ(bytes_marked(byte_map_row(page, "0x601000", 3), "read"), byte_range(8, 15));
  EXPECT_TRUE(bytes_marked(byte_map_row(page, "0x601000", 3), "written").empty());
  EXPECT_NE(byte_note(page, "0x601000", 2).find("its stores removed 1,499 copies"), std::string::npos);
  EXPECT_NE(byte_note(page, "0x601000", 3).find("thread 3 reads bytes 8-15 of the line; its stores removed 0 copies"),
            std::string::npos);
  EXPECT_EQ(bytes_marked(byte_map_row(page, "0x601040", 2), "written"), byte_range(0, 7));
  EXPECT_EQ(bytes_marked(byte_map_row(page, "0x601040", 3), "written"), byte_range(0, 7));
  EXPECT_NE(byte_note(page, "0x601040", 2).find("its stores removed 499 copies"), std::string::npos);
  EXPECT_NE(byte_note(page, "0x601040", 3).find("its stores removed 500 copies"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"class\">true sharing in critical sections</span>"), std::string::npos);
}

// --top cuts the findings as it cuts --view=findings: findings.profile has three program findings
// (progress and limit, sum, table; stdout is the runtime's), so --top=1 shows one of three.
TEST(HtmlReportTest, TopCutsTheFindings) {
  std::string page = html_page({"--top=1", profile_path("findings.profile")});
  std::regex finding("<div class=\"finding\">");
  EXPECT_EQ(std::distance(std::sregex_iterator(page.begin(), page.end(), finding), std::sregex_iterator()), 1);
  EXPECT_NE(page.find("<p>(1 of 3 shared objects shown, most costly first; the others are under --threshold or "
                      "--min-invalidations, or past the first 1)</p>"),
            std::string::npos);
}

// The lines table ranks as --view=lines does: worker's line 12 (2000 writes, 1999 invalidations
// received) is shown; main's line 30 (1 of 2001 L1 misses = 0.05%, no invalidation) is under the 0.1%
// threshold, so 1 of 2 lines.
TEST(HtmlReportTest, RankedTablesHoldTheViewsRows) {
  std::string page = html_page({profile_path("counters.profile")});
  std::size_t lines = page.find("<h2 id=\"lines\">");
  std::size_t functions = page.find("<h2 id=\"functions\">");
  ASSERT_LT(lines, functions);
  std::string table = page.substr(lines, functions - lines);
  EXPECT_NE(table.find("<td class=\"number\" data-value=\"2000\">2,000</td>"), std::string::npos);
  EXPECT_NE(table.find("<td>/home/me/ccsim-example/counters.c:12 (worker)</td>"), std::string::npos);
  EXPECT_EQ(table.find("counters.c:30"), std::string::npos);
  EXPECT_NE(table.find("1 of 2 lines shown"), std::string::npos);
  EXPECT_NE(page.find("<table class=\"sortable\">"), std::string::npos);
  EXPECT_NE(page.find("<td>counters (global, 16 B) at 0x404040 in /home/me/ccsim-example/counters.c</td>"),
            std::string::npos);
}

// The objects side by side per thread as bars (findings.profile by hand, as in views_test.cc: table's
// 2,000 invalidations received, 1,000 by each of threads 2 and 3; limit's 1,499 all on thread 3, the second
// colour), and the regions summed by barrier (shared_sum.profile: 3 barriers, one epoch each).
TEST(HtmlReportTest, ShowsObjectsByThreadAndRegionsByBarrier) {
  std::string page = html_page({profile_path("findings.profile")});
  EXPECT_NE(page.find("<tr><td class=\"number\">2,000</td><td><div class=\"bar\"><span class=\"t0\" style=\"width:50%\" "
                      "title=\"thread 2: 1,000 (50.0%)\"></span><span class=\"t1\" style=\"width:50%\" title=\"thread 3: "
                      "1,000 (50.0%)\"></span></div></td><td>table (global, 64,000 B)</td></tr>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<span class=\"t1\" style=\"width:100%\" title=\"thread 3: 1,499 (100.0%)\"></span></div></td><td>limit"),
            std::string::npos);
  std::string regions = html_page({profile_path("shared_sum.profile")});
  const std::size_t at = regions.find("<h2 id=\"regions\">Regions by barrier</h2>");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(regions.find("<td>/home/me/ccsim-example/shared_sum.c:17 (main._omp_fn.0)</td>", at), std::string::npos);
  EXPECT_NE(regions.find("<td class=\"number\" data-value=\"199\">199</td>", at), std::string::npos);
}

// The HTML lines table has the text's ratio and cumulative columns (ratio_columns_test.cc works them out
// for testing::shared_lines_profile()), each sorting by its number: a ratio by its millionths (40 of 60
// coherence misses: 666,667), the cumulative share by its running sum (50, then 80, then 100).
TEST(HtmlReportTest, RankedTablesHoldTheRatioColumns) {
  std::string page =
      html_page({"--threshold=0", testing::write_temporary_file("app.profile", testing::shared_lines_profile())});
  std::size_t lines = page.find("<h2 id=\"lines\">");
  std::size_t functions = page.find("<h2 id=\"functions\">");
  ASSERT_LT(lines, functions);
  std::string table = page.substr(lines, functions - lines);
  EXPECT_NE(table.find("<th data-numeric=\"yes\">L1_<wbr>miss_<wbr>ratio</th><th data-numeric=\"yes\">coherence_<wbr>"
                       "share</th><th data-numeric=\"yes\">cumulative</th>"),
            std::string::npos)
      << table;
  auto cells = [](const std::string& ratio, const std::string& ratio_value, const std::string& share,
                  const std::string& share_value, const std::string& cumulative, const std::string& running) {
    return "<td class=\"number\" data-value=\"" + ratio_value + "\">" + ratio + "</td><td class=\"number\" data-value=\"" +
           share_value + "\">" + share + "</td><td class=\"number\" data-value=\"" + running + "\">" + cumulative + "</td>";
  };
  EXPECT_NE(table.find(cells("60.0%", "600000", "66.7%", "666667", "50.0%", "50") + "<td>/src/app.c:10 (worker)</td>"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find(cells("40.0%", "400000", "75.0%", "750000", "80.0%", "80") + "<td>/src/app.c:20 (worker)</td>"),
            std::string::npos);
  EXPECT_NE(table.find(cells("10.0%", "100000", "0.0%", "0", "100.0%", "100") + "<td>/src/app.c:30 (main)</td>"),
            std::string::npos);
  EXPECT_NE(table.find("3 of 4 lines have any invalidations_received"), std::string::npos);
}

// The invalidator graph is dot's SVG, inline: one node, worker's line 12 with the object counters, and
// an edge from it to itself (T3 -> T2 and T2 -> T3 on the same line).
TEST(HtmlReportTest, InlinesTheGraphsAsSvg) {
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot";
  std::string page = html_page({profile_path("counters.profile")});
  std::size_t graph = page.find("<div class=\"graph\" id=\"invalidators\">\n<svg");
  ASSERT_NE(graph, std::string::npos);
  std::string svg = page.substr(graph, page.find("</svg>", graph) - graph);
  EXPECT_NE(svg.find(">counters.c:12</text>"), std::string::npos);
  EXPECT_NE(svg.find(">worker</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1,999 (100.0%)</text>"), std::string::npos);  // T3->T2 1000 + T2->T3 999
  EXPECT_EQ(svg.find("<?xml"), std::string::npos);
}

// A function named <script>...</script> appears only escaped: in tables, findings, and the SVG.
TEST(HtmlReportTest, EscapesEveryName) {
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot";
  std::string profile = file_text(profile_path("counters.profile"));
  std::size_t worker = profile.find("fn: 1 worker");
  ASSERT_NE(worker, std::string::npos);
  profile.replace(worker, 12, "fn: 1 <script>alert(1)</script>");
  std::string page = html_page({testing::write_temporary_file("script.profile", profile)});
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("counters.c:12 (&lt;script&gt;alert(1)&lt;/script&gt;)"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;</text>"), std::string::npos);  // dot's own escape
}

// The hot file annotated as --view=source chooses it, escaped: worker's line 12 has 0 reads, 2000 writes
// and 2000 L1 misses (1000 per thread), 1998 coherence misses (999 per thread), 1999 invalidations
// received (1000 + 999) and 1999 caused; its `<` is written &lt;. It is the one line above the threshold
// (main's line 30 has 1 of 2001 L1 misses, 0.05%), so the one row highlighted.
TEST(HtmlReportTest, AnnotatesTheHotSourceAndHighlightsItsHotLine) {
  std::string page = html_page({"-I", CCSIM_TEST_SRCDIR "/tests/annotate/profiles", profile_path("counters.profile")});
  std::size_t source = page.find("<h2 id=\"source\">");
  ASSERT_NE(source, std::string::npos);
  std::string section = page.substr(source);
  EXPECT_NE(section.find("<h3>/home/me/ccsim-example/counters.c (read from "), std::string::npos);
  const std::string hot_row =
      "<tr class=\"hot\"><td class=\"number\">0</td><td class=\"number\">2,000</td><td class=\"number\">2,000</td>"
      "<td class=\"number\">1,998</td><td class=\"number\">1,999</td><td class=\"number\">1,999</td>"
      "<td class=\"number\">12</td><td class=\"code\">";
  std::size_t hot = section.find(hot_row);
  ASSERT_NE(hot, std::string::npos) << section;
  EXPECT_NE(section.find("for (int i = 0; i &lt; ITERATIONS; i++) counters[id]++;", hot), std::string::npos);
  EXPECT_EQ(section.find("class=\"hot", hot + hot_row.size()), std::string::npos);  // the only hot row
  EXPECT_EQ(section.find("<pre>"), std::string::npos);
}

// --diff --html: before (false sharing) and after (padded: no invalidation) side by side.
TEST(HtmlReportTest, DiffShowsBothRunsSideBySide) {
  std::string page = html_page({"--diff", profile_path("counters.profile"), profile_path("counters_padded.profile")});
  std::size_t before = page.find("<div class=\"before\">");
  std::size_t after = page.find("<div class=\"after\">");
  ASSERT_NE(before, std::string::npos);
  ASSERT_LT(before, after);
  std::string left = page.substr(before, after - before);
  std::string right = page.substr(after, page.find("id=\"change-lines\"") - after);
  EXPECT_NE(left.find("false sharing in parallel regions"), std::string::npos);
  EXPECT_NE(left.find("./counters 2 1000"), std::string::npos);
  EXPECT_NE(right.find("./counters_padded 2 1000"), std::string::npos);
  // The text's verdict, word for word: the padded run is interleaved, so its absence of findings is one.
  EXPECT_NE(right.find("<p>No shared object&#39;s coherence traffic reaches 0.1% of the simulated memory time "
                       "(--threshold) with at least 100 invalidations (--min-invalidations): coherence is not what "
                       "limits this run.</p>"),
            std::string::npos);
  EXPECT_EQ(right.find("class=\"bytes\""), std::string::npos);
  // The change tables are tables, not a text dump: worker's line lost all 1999 invalidations received,
  // in the column of invalidations_received (the fifth event shown, after before, after and change %), of
  // the row of counters.c:12.
  EXPECT_EQ(page.find("<pre>"), std::string::npos);
  std::size_t lines = page.find("<h2 id=\"change-lines\">Change per line</h2>");
  std::size_t objects = page.find("<h2 id=\"change-objects\">Change per data object</h2>");
  ASSERT_LT(lines, objects);
  std::string table = page.substr(lines, objects - lines);
  EXPECT_NE(table.find("<th>before</th><th>after</th>"), std::string::npos) << table;
  EXPECT_TRUE(std::regex_search(table, std::regex("<tr><td class=\"number\">1,999</td><td class=\"number\">0</td>"
                                                  "(<td class=\"number\">[^<]*</td>){5}<td class=\"number\">-1,999"
                                                  "</td>.*counters.c:12 \\(worker\\)</td></tr>")))
      << table;
}

// A graph without an edge is a sentence, not a bare title: counters.profile has no evictor: records.
TEST(HtmlReportTest, SaysWhenAGraphHasNoEdge) {
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot";
  std::string page = html_page({profile_path("counters.profile")});
  EXPECT_NE(page.find("<div class=\"graph\" id=\"evictors\">\n<p>The evictor graph has no edge: no access evicted "
                      "another reference&#39;s line from L1 of the program&#39;s data (--runtime=show adds the "
                      "runtime&#39;s); choose another level with --level.</p>"),
            std::string::npos);
}

// What the text header and overview say, the page says: skipped accesses, spin-waits, the share of
// coherence traffic, the runtime left out.
TEST(HtmlReportTest, SaysEverythingTheTextSays) {
  std::string profile = testing::write_temporary_file(
      "spin.profile", testing::small_profile(2, "spin", 4000, "spin-wait: 4000 21 spin.c\n", ""));
  std::string page = html_page({profile});
  std::string text = annotate({profile});
  // small_profile: `skipped: spin 4000`, one spin-wait: record at spin.c:21.
  for (const std::string& sentence :
       {std::string("<dt>Skipped</dt><dd>spin 4,000 accesses (not simulated)</dd>"),
        std::string("<p class=\"caveat\">Spin-waiting: spin.c:21 waits by re-reading one address (4,000 reads not "
                    "simulated); mark the hand-off with CCSIM_HAPPENS_BEFORE/AFTER"),
        std::string("<p>Coherence traffic (coherence misses and invalidated copies, all objects): ")}) {
    EXPECT_NE(page.find(sentence), std::string::npos) << sentence;
  }
  EXPECT_NE(text.find("Skipped:      spin 4,000 accesses (not simulated)"), std::string::npos) << text;
  EXPECT_NE(text.find("Spin-waiting: spin.c:21 waits by re-reading one address (4,000 reads not simulated)"),
            std::string::npos)
      << text;
  // runtime_parts.profile (runtime_parts_test.cc): the runtime's and the allocator's sentences, as the text's.
  std::string runtime = html_page({profile_path("runtime_parts.profile")});
  EXPECT_NE(runtime.find("<p>(runtime): 2 objects of the runtime with coherence traffic, about 40% of the memory time "
                         "(OpenMP runtime about 38%, libc about 1.9%), left out (--runtime=show includes them).</p>"),
            std::string::npos);
  EXPECT_NE(runtime.find("<p>(allocator): the program&#39;s allocator (its headers, free lists and arenas) has "
                         "coherence traffic, about 4.7% of the memory time"),
            std::string::npos);
}

// --help documents the option (the man page is made from the same text).
// The summary's "Where L1 misses were served" table, as the text summary view has it
// (producer_consumer.profile's derivation in its header): main's 16 misses served by memory and its 16
// copies downgraded; the consumer's 16 reads served by main's Modified copies, 16 downgrades caused. The
// profile simulates no L2 or LLC, so those columns are left out.
TEST(HtmlReportTest, SummaryShowsWhereMissesWereServed) {
  const std::string page = html_page({profile_path("producer_consumer.profile")});
  const std::size_t table = page.find("<h3>Where L1 misses were served</h3>");
  ASSERT_NE(table, std::string::npos);
  const std::string served = page.substr(table, page.find("</table>", table) - table);
  EXPECT_NE(served.find("<th data-numeric=\"yes\">thread</th><th data-numeric=\"yes\">from Modified</th><th "
                        "data-numeric=\"yes\">from Exclusive</th><th data-numeric=\"yes\">from Shared</th><th "
                        "data-numeric=\"yes\">transfers</th><th data-numeric=\"yes\">memory</th>"),
            std::string::npos)
      << served;
  EXPECT_EQ(served.find(">own L2<"), std::string::npos);
  EXPECT_EQ(served.find(">LLC<"), std::string::npos);
  // The cells of a row, in order, without markup.
  auto row_of = [&](const std::string& label) {
    const std::size_t start = served.find(">" + label + "</td>");
    if (start == std::string::npos) return std::string("(no row ") + label + ")";
    std::string row = served.substr(start, served.find("</tr>", start) - start);
    return std::regex_replace(row, std::regex("</td><td[^>]*>"), " ").substr(1);
  };
  // thread, from Modified, from Exclusive, from Shared, transfers, memory, downgrades caused, received
  EXPECT_EQ(row_of("thread 1 (main)"), "thread 1 (main) 0 0 0 0 16 0 16</td>");
  EXPECT_EQ(row_of("thread 2 (consumer)"), "thread 2 (consumer) 16 0 0 16 0 16 0</td>");
  EXPECT_EQ(row_of("total"), "total 16 0 0 16 16 16 16</td>");
}

TEST(HtmlReportTest, HelpListsTheOption) {
  std::string usage = usage_text();
  std::size_t option = usage.find("--html arg");
  ASSERT_NE(option, std::string::npos);
  EXPECT_NE(usage.find("write an HTML report into directory DIR", option), std::string::npos);
}

// Without dot on the PATH the report cannot draw its graphs: one sentence, exit 1.
TEST(HtmlReportTest, SaysWhenDotIsMissing) {
  std::string dir = testing::temporary_path("html");
  testing::ProgramResult result = testing::run_command("PATH=/nonexistent '" + std::string(CCSIM_ANNOTATE_PROGRAM) +
                                                       "' --html='" + dir + "' '" + profile_path("counters.profile") + "'");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: --html draws its graphs with Graphviz's dot program, which is not on the PATH; "
            "install Graphviz (Debian: apt-get install graphviz) or put dot on the PATH\n");
}

// A directory that cannot be made is named in one sentence; --html does not go with --json.
TEST(HtmlReportTest, RejectsBadDirectoriesAndCombinations) {
  testing::ProgramResult result =
      testing::run_annotate_program({"--html=/dev/null/report", profile_path("counters.profile")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.standard_error.find("--html=/dev/null/report: the directory cannot be created"), std::string::npos);
  EXPECT_THROW(annotate({"--html=x", "--json", profile_path("counters.profile")}), UsageError);
  EXPECT_THROW(annotate({"--html=", profile_path("counters.profile")}), UsageError);
}

}  // namespace
}  // namespace ccsim::annotate
