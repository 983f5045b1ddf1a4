// byte_map.cc: one cache line's bytes as an HTML table.
#include "ccsim/annotate/exports/byte_map.h"

#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

bool in_ranges(const ByteRanges& ranges, std::uint64_t byte) {
  for (const auto& [first, last] : ranges) {
    if (byte >= first && byte <= last) return true;
  }
  return false;
}

// The invalidations that `thread`'s stores to the line caused, every object's bytes in it.
std::uint64_t invalidations_caused(const Profile& profile, std::uint64_t line_address, ThreadId thread) {
  std::uint64_t total = 0;
  for (const LineWriter& writer : profile.line_writers) {
    if (writer.line_address == line_address && writer.thread == thread) total += writer.invalidations;
  }
  return total;
}

// The threads' bytes in the line: every object's, as the first use gives them; from a profile that does not
// give them, the bytes of the uses' objects united per thread.
std::vector<ThreadBytes> line_threads(const std::vector<const LineUse*>& uses) {
  if (!uses.front()->line_threads.empty()) return uses.front()->line_threads;
  std::map<ThreadId, ThreadBytes> united;
  for (const LineUse* use : uses) {
    for (const ThreadBytes& bytes : use->threads) {
      ThreadBytes& thread = united[bytes.thread];
      thread.thread = bytes.thread;
      thread.read.insert(thread.read.end(), bytes.read.begin(), bytes.read.end());
      thread.written.insert(thread.written.end(), bytes.written.begin(), bytes.written.end());
    }
  }
  std::vector<ThreadBytes> threads;
  for (auto& [thread, bytes] : united) threads.push_back(std::move(bytes));
  return threads;
}

// The row of one object (extent) in the line: its bytes grey.
void write_object_row(std::ostream& out, const Profile& profile, const LineUse& use) {
  std::uint64_t line_size = profile.header.line_size;
  const DataObject& object = profile.objects[use.object];
  std::string name = html_escaped(object_name(object));
  out << "<tr class=\"object\"><th title=\"" << name << "\">" << name << "</th>";
  for (std::uint64_t byte = 0; byte < line_size; ++byte) {
    // Byte `byte` of the line is byte byte + offset_in_object of the object (a heap bin's size is its
    // largest block's; size 0: the object's end is unknown).
    std::int64_t in_object = static_cast<std::int64_t>(byte) + use.offset_in_object;
    bool belongs = in_object >= 0 && (object.size == 0 || in_object < static_cast<std::int64_t>(object.size));
    out << (belongs ? "<td class=\"object\" title=\"byte " + std::to_string(byte) + ": " + name + " byte " +
                          std::to_string(in_object) + "\"></td>"
                    : std::string("<td></td>"));
  }
  out << "</tr>\n";
}

}  // namespace

void write_byte_map(std::ostream& out, const Profile& profile, const std::vector<const LineUse*>& uses) {
  std::uint64_t line_size = profile.header.line_size;
  std::uint64_t line_address = uses.front()->line_address;
  // Fixed layout: the label column has its width, the byte columns share the rest of the page (or of a
  // side of the diff) equally, so that a line of any size fits; the offsets head groups of 8 bytes.
  out << "<table class=\"bytes\" data-line=\"" << hex(line_address) << "\">\n<caption>line " << hex(line_address)
      << "</caption>\n<colgroup><col class=\"label\"><col span=\"" << line_size << "\"></colgroup>\n<tr><th></th>";
  for (std::uint64_t byte = 0; byte < line_size; byte += 8)
    out << "<th colspan=\"" << std::min<std::uint64_t>(8, line_size - byte) << "\">" << byte << "</th>";
  out << "</tr>\n";
  for (const LineUse* use : uses) write_object_row(out, profile, *use);
  std::vector<ThreadBytes> threads = line_threads(uses);
  for (const ThreadBytes& use : threads) {
    std::string thread = std::to_string(use.thread);
    std::string name = html_escaped(profile.thread_name(use.thread));
    out << "<tr data-thread=\"" << thread << "\"><th title=\"" << name << "\">" << name << "</th>";
    for (std::uint64_t byte = 0; byte < line_size; ++byte) {
      const char* kind = in_ranges(use.written, byte) ? "w" : in_ranges(use.read, byte) ? "r" : nullptr;
      if (kind == nullptr) {
        out << "<td></td>";
      } else {
        out << "<td class=\"" << kind << "\" title=\"byte " << byte << ": "
            << (kind[0] == 'w' ? "written" : "read") << " by thread " << thread << "\"></td>";
      }
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
  // What each thread did, in words under the map: beside it the sentences would widen the page.
  out << "<ul class=\"byte-notes\" data-line=\"" << hex(line_address) << "\">\n";
  for (const ThreadBytes& use : threads) {
    out << "<li data-thread=\"" << use.thread << "\">" << html_escaped(thread_text(profile, use, 0, "the line"))
        << "; its stores removed " << with_commas(invalidations_caused(profile, line_address, use.thread))
        << " copies of the line</li>\n";
  }
  out << "</ul>\n";
}

void write_byte_map_legend(std::ostream& out) {
  out << "<p class=\"legend\">Byte maps: one cell per byte of the cache line; <span style=\"background:#d62728\">"
         "</span>written by the thread, <span style=\"background:#1f77b4\"></span>only read, "
         "<span style=\"background:#bbb\"></span>the object's bytes. The profile records which bytes a thread "
         "used, not how often; the count under each map is how many copies of the line each thread's stores "
         "removed.</p>\n";
}

}  // namespace ccsim::annotate
