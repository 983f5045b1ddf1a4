// profile_reader.cc: see profile_reader.h.
#include "tests/tool/profile_reader.h"

#include <fstream>
#include <sstream>

namespace ccsim_test {

int Profile::event_index(const std::string& name) const {
  for (size_t i = 0; i < events.size(); ++i) {
    if (events[i] == name) return static_cast<int>(i);
  }
  return -1;
}

std::uint64_t Profile::sum_where(const std::string& event, bool (*keep)(const ProfileRef&, const void*),
                                 const void* arg) const {
  int index = event_index(event);
  if (index < 0) return 0;
  std::uint64_t sum = 0;
  for (const auto& [key, values] : counts) {
    auto ref = refs.find(key.first);
    if (ref == refs.end() || !keep(ref->second, arg)) continue;
    if (static_cast<size_t>(index) < values.size()) sum += values[index];
  }
  return sum;
}

std::uint64_t Profile::at_line(const std::string& file_suffix, unsigned line, const std::string& event) const {
  struct Where { const std::string* suffix; unsigned line; } where{&file_suffix, line};
  return sum_where(event, [](const ProfileRef& r, const void* a) {
    const Where* w = static_cast<const Where*>(a);
    return r.line == w->line && r.file.size() >= w->suffix->size() &&
           r.file.compare(r.file.size() - w->suffix->size(), w->suffix->size(), *w->suffix) == 0;
  }, &where);
}

std::uint64_t Profile::in_function(const std::string& function, const std::string& event) const {
  return sum_where(event, [](const ProfileRef& r, const void* a) {
    return r.function == *static_cast<const std::string*>(a);
  }, &function);
}

std::uint64_t Profile::total(const std::string& event) const {
  int index = event_index(event);
  return index < 0 ? 0 : summary.at(index);
}

std::uint64_t Profile::skipped_count(const std::string& what) const {
  for (const std::string& s : skipped) {
    std::istringstream in(s);
    std::string name;
    std::uint64_t n = 0;
    if (in >> name >> n && name == what) return n;
  }
  return 0;
}

std::vector<unsigned> Profile::objects_named(const std::string& name) const {
  std::vector<unsigned> found;
  for (const auto& [id, object] : objects) {
    if (object.name == name) found.push_back(id);
  }
  return found;
}

std::uint64_t Profile::object_count(unsigned object, unsigned thread, const std::string& event) const {
  const int index = event_index(event);
  const auto counts = object_counts.find({object, thread});
  return index < 0 || counts == object_counts.end() ? 0 : counts->second[index];
}

std::uint64_t Profile::object_total(unsigned object, const std::string& event) const {
  int index = event_index(event);
  std::uint64_t sum = 0;
  for (const auto& [key, values] : object_counts) {
    if (index >= 0 && key.first == object) sum += values[index];
  }
  return sum;
}

std::uint64_t Profile::all_objects_total(const std::string& event) const {
  int index = event_index(event);
  std::uint64_t sum = 0;
  for (const auto& [key, values] : object_counts) {
    if (index >= 0) sum += values[index];
  }
  return sum;
}

namespace {

// Reads the rest of `fields` as counts, padded to the number of events; false when there are too many.
bool read_counts(std::istringstream& fields, size_t events, std::vector<std::uint64_t>* values) {
  for (std::uint64_t v; fields >> v;) values->push_back(v);
  if (values->size() > events) return false;
  values->resize(events, 0);
  return true;
}

// "-" or inclusive ranges "a-b" separated by ",", each within the line and ascending.
bool valid_byte_ranges(const std::string& text, std::uint64_t line_size) {
  if (text == "-") return true;
  std::istringstream ranges(text);
  std::int64_t previous_end = -1;
  for (std::string range; std::getline(ranges, range, ',');) {
    std::uint64_t first = 0, last = 0;
    char dash = 0;
    std::istringstream in(range);
    if (!(in >> first >> dash >> last) || dash != '-' || !in.eof() || first > last || last >= line_size ||
        static_cast<std::int64_t>(first) <= previous_end) {
      return false;
    }
    previous_end = static_cast<std::int64_t>(last);
  }
  return true;
}

}  // namespace

Invalidations invalidations_at(const Profile& p, const std::string& file, unsigned line, const char* side) {
  const std::string prefix = std::string("invalidations_") + side + "_";
  Invalidations i;
  i.true_in = p.at_line(file, line, prefix + "true_in_region");
  i.true_in_critical = p.at_line(file, line, prefix + "true_in_region_critical");
  i.false_in = p.at_line(file, line, prefix + "false_in_region");
  i.true_across = p.at_line(file, line, prefix + "true_across_regions");
  i.false_across = p.at_line(file, line, prefix + "false_across_regions");
  return i;
}

bool read_profile(const std::string& path, Profile* p, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = path + ": cannot open";
    return false;
  }
  std::map<unsigned, std::string> files, functions;
  std::vector<std::uint64_t> sums;
  std::string text;
  unsigned number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text.empty() || text[0] == '#') continue;
    auto fail = [&](const std::string& what) {
      *error = path + ":" + std::to_string(number) + ": " + what + ": " + text;
      return false;
    };
    size_t colon = text.find(':');
    if (colon == std::string::npos) return fail("no keyword");
    std::string keyword = text.substr(0, colon);
    std::string rest = colon + 2 <= text.size() ? text.substr(colon + 2) : "";
    std::istringstream fields(rest);
    if (number == 1 && (keyword != "ccsim-profile-version" || rest != "2")) return fail("bad version line");
    if (keyword == "events") {
      for (std::string e; fields >> e;) p->events.push_back(e);
      sums.assign(p->events.size(), 0);
    } else if (keyword == "skipped") {
      p->skipped.push_back(rest);
    } else if (keyword == "file" || keyword == "fn") {
      unsigned id;
      fields >> id;
      std::string name;
      std::getline(fields >> std::ws, name);
      (keyword == "file" ? files : functions)[id] = name;
    } else if (keyword == "ref") {
      unsigned id, object, file, function, line;
      std::string address;
      if (!(fields >> id >> address >> object >> file >> function >> line)) return fail("bad ref");
      if ((file && !files.count(file)) || (function && !functions.count(function))) return fail("undefined name");
      p->refs[id] = ProfileRef{file ? files[file] : "", function ? functions[function] : "", line};
    } else if (keyword == "counts") {
      unsigned ref, thread;
      if (!(fields >> ref >> thread)) return fail("bad counts");
      if (!p->refs.count(ref)) return fail("undefined ref");
      std::vector<std::uint64_t> values;
      for (std::uint64_t v; fields >> v;) values.push_back(v);
      if (values.size() > p->events.size()) return fail("too many counts");
      for (size_t i = 0; i < values.size(); ++i) sums[i] += values[i];
      values.resize(p->events.size(), 0);
      p->counts[{ref, thread}] = values;
    } else if (keyword == "invalidator") {
      InvalidatorRow r;
      if (!(fields >> r.victim_ref >> r.victim_thread >> r.invalidator_ref >> r.invalidator_thread >> r.true_in >>
            r.true_in_critical >> r.false_in >> r.true_across >> r.false_across)) {
        return fail("bad invalidator");
      }
      p->invalidators.push_back(r);
    } else if (keyword == "transfer") {
      TransferRow r;
      if (!(fields >> r.source_ref >> r.source_thread >> r.reader_ref >> r.reader_thread >> r.from_modified >>
            r.from_exclusive >> r.from_shared) ||
          r.source_thread == r.reader_thread) {
        return fail("bad transfer");
      }
      if (!p->refs.count(r.source_ref) || !p->refs.count(r.reader_ref)) return fail("undefined ref");
      p->transfers.push_back(r);
    } else if (keyword == "object-transfer") {
      ObjectTransferRow r;
      if (!(fields >> r.object >> r.from_thread >> r.to_thread >> r.from_modified >> r.from_exclusive >>
            r.from_shared) ||
          r.from_thread == r.to_thread) {
        return fail("bad object-transfer");
      }
      if (!p->objects.count(r.object)) return fail("undefined object");
      p->object_transfers.push_back(r);
    } else if (keyword == "object-evictor") {
      ObjectEvictorRow r;
      if (!(fields >> r.victim >> r.victim_thread >> r.evictor >> r.evictor_thread >> r.level >> r.count)) {
        return fail("bad object-evictor");
      }
      if (!p->objects.count(r.victim) || !p->objects.count(r.evictor)) return fail("undefined object");
      p->object_evictors.push_back(r);
    } else if (keyword == "object") {
      unsigned id, file;
      ProfileObject object;
      std::string address;
      if (!(fields >> id >> object.kind >> address >> object.size >> file) || address.rfind("0x", 0) != 0) {
        return fail("bad object");
      }
      object.address = std::stoull(address, nullptr, 16);
      if (file && !files.count(file)) return fail("undefined name");
      object.file = file ? files[file] : "";
      std::getline(fields >> std::ws, object.name);
      if (object.name.empty() || !p->objects.emplace(id, object).second) return fail("object unnamed or defined twice");
    } else if (keyword == "object-origin") {
      unsigned id;
      std::string origin, allocator, more;
      if (!(fields >> id >> origin >> allocator) || (fields >> more) || (origin != "program" && origin != "runtime" && origin != "allocator")) {
        return fail("bad object-origin");
      }
      if (!p->objects.count(id) || !p->objects[id].origin.empty()) return fail("object-origin of an undefined object, or twice");
      p->objects[id].origin = origin;
      p->objects[id].allocator = allocator;
    } else if (keyword == "field") {
      FieldRow row;
      if (!(fields >> row.object >> row.offset >> row.size) || row.size == 0) return fail("bad field");
      std::getline(fields >> std::ws, row.name);
      if (row.name.empty() || !p->objects.count(row.object)) return fail("field unnamed or of an undefined object");
      p->fields.push_back(row);
    } else if (keyword == "object-counts") {
      unsigned object, thread;
      std::vector<std::uint64_t> values;
      if (!(fields >> object >> thread) || !read_counts(fields, p->events.size(), &values)) return fail("bad object-counts");
      if (!p->objects.count(object)) return fail("undefined object");
      p->object_counts[{object, thread}] = values;
    } else if (keyword == "object-ref") {
      ObjectRefRow row;
      if (!(fields >> row.object >> row.ref >> row.thread) || !read_counts(fields, p->events.size(), &row.counts)) {
        return fail("bad object-ref");
      }
      if (!p->objects.count(row.object) || !p->refs.count(row.ref)) return fail("undefined object or ref");
      p->object_refs.push_back(row);
    } else if (keyword == "line-detail") {
      LineDetailRow row;
      std::string line, r, w;
      if (!(fields >> row.object >> line >> row.offset_in_object >> row.thread >> r >> row.read >> w >> row.written) ||
          r != "R" || w != "W" || line.rfind("0x", 0) != 0) {
        return fail("bad line-detail");
      }
      row.line = std::stoull(line, nullptr, 16);
      const std::uint64_t line_size = std::stoull(p->header["line-size"]);
      if (!valid_byte_ranges(row.read, line_size) || !valid_byte_ranges(row.written, line_size)) return fail("bad ranges");
      if (!p->objects.count(row.object)) return fail("undefined object");
      p->line_details.push_back(row);
    } else if (keyword == "line-writer") {
      LineWriterRow row;
      std::string line;
      if (!(fields >> row.object >> line >> row.thread >> row.ref >> row.invalidations) || line.rfind("0x", 0) != 0) {
        return fail("bad line-writer");
      }
      row.line = std::stoull(line, nullptr, 16);
      if (!p->objects.count(row.object) || !p->refs.count(row.ref)) return fail("undefined object or ref");
      p->line_writers.push_back(row);
    } else if (keyword == "placement") {
      PlacementRow row;
      if (!(fields >> row.object >> row.block_offset >> row.blocks >> row.line_bytes >> row.start >> row.true_sharing >>
            row.false_sharing)) {
        return fail("bad placement");
      }
      if (!p->objects.count(row.object)) return fail("undefined object");
      p->placements.push_back(row);
    } else if (keyword == "lock") {
      unsigned id = 0, file = 0, function = 0;
      LockRow row;
      std::string address;
      if (!(fields >> id >> address >> row.kind >> file >> function >> row.line) || address.rfind("0x", 0) != 0) {
        return fail("bad lock");
      }
      row.address = std::stoull(address, nullptr, 16);
      std::getline(fields >> std::ws, row.name);
      if (!p->locks.emplace(id, row).second) return fail("lock defined twice");
    } else if (keyword == "lock-thread") {
      LockThreadRow row{};
      if (!(fields >> row.lock >> row.thread >> row.acquisitions >> row.hand_offs >> row.contended >>
            row.waited_accesses)) {
        return fail("bad lock-thread");
      }
      if (!p->locks.count(row.lock)) return fail("undefined lock");
      p->lock_threads.push_back(row);
    } else if (keyword == "lock-section") {
      LockSectionRow row{};
      if (!(fields >> row.lock >> row.object >> row.ref >> row.thread >> row.true_in >> row.false_in >>
            row.true_across >> row.false_across >> row.coherence_true >> row.coherence_false >> row.transfers)) {
        return fail("bad lock-section");
      }
      if (!p->locks.count(row.lock) || !p->objects.count(row.object) || !p->refs.count(row.ref)) {
        return fail("undefined lock, object or ref");
      }
      p->lock_sections.push_back(row);
    } else if (keyword == "unlocked-write") {
      UnlockedWriteRow row{};
      if (!(fields >> row.object >> row.ref >> row.thread >> row.stores)) return fail("bad unlocked-write");
      if (!p->objects.count(row.object) || !p->refs.count(row.ref)) return fail("undefined object or ref");
      p->unlocked_writes.push_back(row);
    } else if (keyword == "block") {
      BlockRow row;
      if (!(fields >> row.object >> row.offset >> row.lines >> row.thread)) return fail("bad block");
      for (std::uint64_t v; fields >> v;) row.counts.push_back(v);
      if (row.counts.size() != 7 && row.counts.size() != 8) return fail("a block record has 7 counts (8 in version 2)");
      if (!p->objects.count(row.object)) return fail("undefined object");
      p->blocks.push_back(row);
    } else if (keyword == "region-object" || keyword == "timeline-object") {
      PhaseRow row;
      if (!(fields >> (keyword == "region-object" ? row.region : row.interval) >> row.object)) return fail("bad phase row");
      for (std::uint64_t v; fields >> v;) row.counts.push_back(v);
      if (row.counts.size() != 9) return fail("a phase record has 9 counts");
      if (!p->objects.count(row.object)) return fail("undefined object");
      (keyword == "region-object" ? p->region_objects : p->timeline_objects).push_back(row);
    } else if (keyword == "barrier-object" || keyword == "barrier-line") {
      PhaseRow row;
      unsigned file = 0, function = 0;
      if (!(fields >> file >> function >> row.barrier.line)) return fail("bad barrier row");
      row.barrier.file = files[file];
      row.barrier.function = functions[function];
      if (keyword == "barrier-object") {
        if (!(fields >> row.object) || !p->objects.count(row.object)) return fail("bad object");
      } else {
        std::string address;
        if (!(fields >> address) || address.rfind("0x", 0) != 0) return fail("bad line address");
        row.line = std::stoull(address, nullptr, 16);
        row.counts.assign(4, 0);
      }
      for (std::uint64_t v; fields >> v;) row.counts.push_back(v);
      if (row.counts.size() != 9) return fail("a barrier record has 9 counts (a line 5)");
      (keyword == "barrier-object" ? p->barrier_objects : p->barrier_lines).push_back(row);
    } else if (keyword == "timeline") {
      p->timeline = rest;
    } else if (keyword == "path-site") {
      PathSiteRow row;
      if (!(fields >> row.object >> row.chosen >> row.stored >> row.unstored >> row.unfollowed)) return fail("bad path-site");
      if (!p->objects.count(row.object)) return fail("undefined object");
      p->path_sites.push_back(row);
    } else if (keyword == "path") {
      PathRow row;
      if (!(fields >> row.object >> row.path >> row.lives >> row.freed >> row.cut >> row.lifetime_sum >>
            row.lifetime_min >> row.lifetime_max)) {
        return fail("bad path");
      }
      p->paths.push_back(row);
    } else if (keyword == "path-run") {
      PathRunRow row;
      unsigned fn;
      if (!(fields >> row.object >> row.path >> row.run >> fn >> row.thread >> row.changed >> row.reads >>
            row.writes >> row.bytes >> row.offsets >> row.own_l2 >> row.llc >> row.transfer >> row.memory)) {
        return fail("bad path-run");
      }
      if (fn != 0 && !functions.count(fn)) return fail("undefined name");
      row.function = fn == 0 ? "" : functions[fn];
      p->path_runs.push_back(row);
    } else if (keyword == "summary") {
      for (std::uint64_t v; fields >> v;) p->summary.push_back(v);
      if (p->summary != sums) return fail("summary differs from the sum of the counts records");
    } else {
      if (!p->summary.empty()) return fail("record after summary");
      p->header.emplace(keyword, rest);
    }
  }
  if (p->summary.empty() || p->summary.size() != p->events.size()) {
    *error = path + ": no complete summary record (truncated?)";
    return false;
  }
  return true;
}

// region records: id -> the line of the barrier that closed the region (0 when unknown or open).
std::map<unsigned, unsigned> region_closing_lines(const std::string& path) {
  std::ifstream in(path);
  std::map<unsigned, unsigned> regions;
  for (std::string text; std::getline(in, text);) {
    if (text.rfind("region: ", 0) != 0) continue;
    std::istringstream fields(text.substr(8));
    unsigned id, file, function, line;
    fields >> id >> file >> function >> line;
    regions[id] = line;
  }
  return regions;
}

}  // namespace ccsim_test
