// byte_map.cc: one cache line's bytes as an HTML table.
#include "ccsim/annotate/exports/byte_map.h"

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/views/text_table.h"

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

}  // namespace

void write_byte_map(std::ostream& out, const Profile& profile, const LineUse& line) {
  std::uint64_t line_size = profile.header.line_size;
  const DataObject& object = profile.objects[line.object];
  std::string name = object_name(object);
  out << "<table class=\"bytes\" data-line=\"" << hex(line.line_address) << "\">\n<caption>line "
      << hex(line.line_address) << "</caption>\n<tr><th></th>";
  for (std::uint64_t byte = 0; byte < line_size; ++byte) out << "<th>" << (byte % 8 == 0 ? std::to_string(byte) : "") << "</th>";
  out << "<th></th></tr>\n<tr class=\"object\"><th>" << html_escaped(name) << "</th>";
  for (std::uint64_t byte = 0; byte < line_size; ++byte) {
    // Byte `byte` of the line is byte byte + offset_in_object of the object (a heap bin's size is its
    // largest block's; size 0: the object's end is unknown).
    std::int64_t in_object = static_cast<std::int64_t>(byte) + line.offset_in_object;
    bool belongs = in_object >= 0 && (object.size == 0 || in_object < static_cast<std::int64_t>(object.size));
    out << (belongs ? "<td class=\"object\" title=\"byte " + std::to_string(byte) + ": " + html_escaped(name) +
                          " byte " + std::to_string(in_object) + "\"></td>"
                    : std::string("<td></td>"));
  }
  out << "<td class=\"note\">bytes of " << html_escaped(name) << "</td></tr>\n";
  const std::vector<ThreadBytes>& threads = line.line_threads.empty() ? line.threads : line.line_threads;
  for (const ThreadBytes& use : threads) {
    std::string thread = std::to_string(use.thread);
    out << "<tr data-thread=\"" << thread << "\"><th>thread " << thread << "</th>";
    for (std::uint64_t byte = 0; byte < line_size; ++byte) {
      const char* kind = in_ranges(use.written, byte) ? "w" : in_ranges(use.read, byte) ? "r" : nullptr;
      if (kind == nullptr) {
        out << "<td></td>";
      } else {
        out << "<td class=\"" << kind << "\" title=\"byte " << byte << ": "
            << (kind[0] == 'w' ? "written" : "read") << " by thread " << thread << "\"></td>";
      }
    }
    out << "<td class=\"note\">" << html_escaped(thread_text(use, 0)) << "; its stores removed "
        << with_commas(invalidations_caused(profile, line.line_address, use.thread))
        << " copies of the line</td></tr>\n";
  }
  out << "</table>\n";
}

void write_byte_map_legend(std::ostream& out) {
  out << "<p class=\"legend\">Byte maps: one cell per byte of the cache line; <span style=\"background:#d62728\">"
         "</span>written by the thread, <span style=\"background:#1f77b4\"></span>only read, "
         "<span style=\"background:#bbb\"></span>the object's bytes. The profile records which bytes a thread "
         "used, not how often; the count beside each thread is how many copies of the line its stores "
         "removed.</p>\n";
}

}  // namespace ccsim::annotate
