// parser.cc: the profile reader. One ProfileReader reads one file, line by line; each record kind has
// one member function that checks its fields and appends it to the Profile.
#include "ccsim/annotate/parsing/parser.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/record.h"

namespace ccsim::annotate {

namespace {

// The header records, exactly once each and in this order (`cache:` once per level).
const char* const kHeaderKeywords[] = {"ccsim-profile-version",
                                       "creator",
                                       "pid",
                                       "command",
                                       "sim-mode",
                                       "threads",
                                       "line-size",
                                       "cache",
                                       "cache",
                                       "cache",
                                       "miss-classes",
                                       "trace-stack",
                                       "events"};
constexpr std::size_t kHeaderRecordCount = sizeof(kHeaderKeywords) / sizeof(kHeaderKeywords[0]);
constexpr std::size_t kFirstCacheRecord = 7;  // index of the first `cache:` in kHeaderKeywords
const char* const kHeaderOrder =
    "ccsim-profile-version, creator, pid, command, sim-mode, threads, line-size, cache (L1, L2, LLC), "
    "miss-classes, trace-stack, events";

// The bounds of header and record numbers (docs/output-format.md, "Limits"): those of the machines ccsim
// simulates (ccsim/core/geometry.h), so that no later arithmetic on them can overflow.
constexpr std::uint64_t kMaxThreads = 4096;  // the tool's kMaxProcessors
constexpr std::uint64_t kMinLineSize = 8;    // line sizes are powers of two in this range
constexpr std::uint64_t kMaxLineSize = 256;
constexpr std::uint64_t kMaxCacheSize = 1ULL << 32;   // bytes
constexpr std::uint64_t kMaxSourceLine = 0xFFFFFFFF;  // debug info numbers lines in 32 bits

// The versions read: 1, and 2, which added the transfer events and the transfer:, object-transfer:,
// path-site:, path: and path-run: records (docs/output-format.md).
constexpr std::uint64_t kNewestVersion = 2;

const std::set<std::string> kSimModes = {"native", "interleaved", "piped"};
const std::set<std::string> kObjectKinds = {"global", "heap", "stack", "named", "unknown"};

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

bool is_event_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// Reads one file: the state of the header sequence, the ids the file has defined so far, and the sum
// the summary is checked against.
class ProfileReader {
 public:
  ProfileReader(std::istream& in, const std::string& file_name) : in_(in), file_name_(file_name) {
    profile_.file_names.push_back(file_name);
  }

  Profile read();

 private:
  using RecordReader = void (ProfileReader::*)(const Record&);

  [[noreturn]] void fail(const std::string& message) const {
    throw ProfileError(file_name_, line_number_ == 0 ? 1 : line_number_, message);
  }

  void read_line(std::string_view line);
  void read_header_record(const Record& record);
  void read_body_record(const Record& record);

  // Header records.
  void read_version(const Record& record);
  void read_cache(const Record& record);
  void read_events(const Record& record);
  bool read_yes_no(const Record& record);
  void read_skipped(const Record& record);
  void read_replay(const Record& record);
  void read_spin_wait(const Record& record);
  void read_thread_label(const Record& record);

  // Body records.
  void read_file_name(const Record& record);
  void read_function_name(const Record& record);
  void read_object_file_name(const Record& record);
  void read_reference(const Record& record);
  void read_counts(const Record& record);
  void read_region(const Record& record);
  void read_evictor(const Record& record);
  void read_invalidator(const Record& record);
  void read_transfer(const Record& record);
  void read_object_transfer(const Record& record);
  void read_object_evictor(const Record& record);
  std::string level_field(const Record& record, std::size_t index);
  TransferSplit transfer_split(const Record& record, std::size_t first);
  void read_object(const Record& record);
  void read_object_origin(const Record& record);
  void read_object_field(const Record& record);
  void read_local(const Record& record);
  void read_object_counts(const Record& record);
  void read_object_reference(const Record& record);
  void read_line_detail(const Record& record);
  void read_line_writer(const Record& record);
  void read_placement(const Record& record);
  void read_lock(const Record& record);
  void read_lock_thread(const Record& record);
  void read_lock_section(const Record& record);
  void read_unlocked_write(const Record& record);
  std::size_t lock_field(const Record& record, std::size_t index) const;
  void read_block(const Record& record);
  // The phases (version 2).
  PhaseCounts phase_counts(const Record& record, std::size_t first_field, std::size_t first_count);
  BarrierSite barrier_site(const Record& record);
  void read_region_object(const Record& record);
  void read_barrier_object(const Record& record);
  void read_barrier_line(const Record& record);
  void read_timeline(const Record& record);
  void read_timeline_object(const Record& record);
  // Cache sets and working set (version 2).
  const CacheLevel& set_level_field(const Record& record, std::size_t index) const;
  SetCounts set_counts_field(const Record& record, std::size_t first) const;
  void read_set_totals(const Record& record);
  void read_cache_set(const Record& record);
  void read_object_set(const Record& record);
  void read_object_resident(const Record& record);
  void read_site_live(const Record& record);
  void read_site_live_series(const Record& record);
  // Object paths (version 2): a site, then each of its paths with its runs.
  void read_path_site(const Record& record);
  void read_path(const Record& record);
  void read_path_run(const Record& record);
  void check_last_path_site(const Record& record) const;
  void read_summary(const Record& record);

  // Field helpers shared by the record readers. defined_id resolves an id the file defined earlier
  // (in `defined`, by `definer` records).
  template <class Value>
  const Value& defined_id(const Record& record, std::size_t index, const char* what,
                          const std::unordered_map<std::uint64_t, Value>& defined, const char* definer) const;
  void define_name(const Record& record, std::unordered_map<std::uint64_t, std::string>& names,
                   const char* kind);
  std::string name_field(const Record& record, std::size_t index, const char* kind,
                         const std::unordered_map<std::uint64_t, std::string>& names) const;
  std::size_t reference_field(const Record& record, std::size_t index, const char* what) const;
  std::size_t object_field(const Record& record, std::size_t index) const;
  ThreadId thread_field(const Record& record, std::size_t index, const char* what) const;
  Counts counts_from(const Record& record, std::size_t first) const;
  std::uint64_t source_line_field(const Record& record, std::size_t index) const;
  // Adds `counts` to Profile::count_totals of the record's kind; fails when the total passes 2^64 - 1.
  void tally(const Record& record, const Counts& counts);
  ByteRanges byte_ranges(const Record& record, std::size_t index, const char* what) const;

  std::istream& in_;
  std::string file_name_;
  std::uint64_t line_number_ = 0;
  std::size_t header_records_read_ = 0;  // how many of kHeaderKeywords have been read
  bool names_started_ = false;           // a record after the informational header was read
  bool summary_read_ = false;
  Profile profile_;
  // The numbers the file gives to names, references and objects; valid only within this file.
  std::unordered_map<std::uint64_t, std::string> file_names_, function_names_, object_file_names_;
  std::unordered_map<std::uint64_t, std::size_t> reference_indices_, object_indices_, lock_ids_;
  std::unordered_set<std::uint64_t> region_ids_;
  Counts counts_total_;  // the sum of every `counts:` record, checked against `summary:`
  // The entry of Profile::count_totals that tally() added to last, and its kind: records of one kind
  // mostly come in runs, so most records find their total without a map lookup.
  std::string tally_kind_;
  std::uint64_t* tally_total_ = nullptr;
};

Profile ProfileReader::read() {
  std::string line;
  while (std::getline(in_, line)) {
    ++line_number_;
    read_line(line);
  }
  if (in_.bad()) fail(std::string("the file could not be read (") + std::strerror(errno) + ")");
  if (header_records_read_ == 0) {
    fail("the file is empty; a ccsim profile starts with \"ccsim-profile-version: 1\"");
  }
  if (header_records_read_ < kHeaderRecordCount) {
    fail(std::string("the file ends inside the header, before the ") + kHeaderKeywords[header_records_read_] +
         ": record; it is truncated");
  }
  if (!summary_read_) {
    fail("the file ends without the summary: record, which must be the last one; the file is truncated");
  }
  return std::move(profile_);
}

void ProfileReader::read_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') {
    fail("line " + std::to_string(line_number_) +
         " ends with a carriage return (\\r): the file has Windows line endings, and a ccsim profile's " +
         "lines end in \\n alone; convert it with dos2unix");
  }
  if (line.empty() || line[0] == '#') return;
  try {
    Record record(line);
    if (summary_read_) {
      fail("a " + record.keyword() + ": record follows summary:, which must be the last record");
    }
    if (header_records_read_ < kHeaderRecordCount) {
      read_header_record(record);
    } else {
      read_body_record(record);
    }
  } catch (const RecordError& error) {
    // Before the first record, a line that is no record at all means another kind of file (a binary, a
    // Cachegrind profile, a log): say that, not how records look.
    if (header_records_read_ == 0) {
      fail("this is not a ccsim profile: its first line is not \"ccsim-profile-version: 1\"");
    }
    fail(error.what());
  }
}

void ProfileReader::read_header_record(const Record& record) {
  const std::string expected = kHeaderKeywords[header_records_read_];
  if (record.keyword() != expected) {
    if (header_records_read_ == 0) {
      fail("the first record must be \"ccsim-profile-version: 1\", not \"" + record.keyword() +
           ":\"; this is not a ccsim profile");
    }
    fail("expected the header record " + expected + ": here, found " + record.keyword() +
         ":; the header records come once each, in the order " + kHeaderOrder);
  }
  ProfileHeader& header = profile_.header;
  if (expected == "ccsim-profile-version") {
    read_version(record);
  } else if (expected == "creator") {
    header.creator = std::string(record.text_from(0, "creator"));
  } else if (expected == "pid") {
    record.expect_fields(1, "<pid>");
    header.pid = record.number(0, "pid");
  } else if (expected == "command") {
    header.command = std::string(record.text_from(0, "command"));
  } else if (expected == "sim-mode") {
    record.expect_fields(1, "<mode>");
    header.sim_mode = std::string(record.field(0, "mode"));
    if (kSimModes.count(header.sim_mode) == 0) {
      record.fail("the mode must be native, interleaved or piped, not " + in_quotes(header.sim_mode));
    }
  } else if (expected == "threads") {
    record.expect_fields(1, "<count>");
    header.threads = record.number(0, "thread count");
    if (header.threads == 0 || header.threads > kMaxThreads) {
      record.fail("the thread count must be from 1 to " + std::to_string(kMaxThreads) +
                  " (the most processors ccsim simulates), not " + std::to_string(header.threads));
    }
  } else if (expected == "line-size") {
    record.expect_fields(1, "<bytes>");
    header.line_size = record.number(0, "line size");
    bool power_of_two = (header.line_size & (header.line_size - 1)) == 0;
    if (!power_of_two || header.line_size < kMinLineSize || header.line_size > kMaxLineSize) {
      record.fail("the line size must be a power of two from " + std::to_string(kMinLineSize) + " to " +
                  std::to_string(kMaxLineSize) + " bytes, not " + std::to_string(header.line_size));
    }
  } else if (expected == "cache") {
    read_cache(record);
  } else if (expected == "miss-classes") {
    header.miss_classes = read_yes_no(record);
  } else if (expected == "trace-stack") {
    header.trace_stack = read_yes_no(record);
  } else {
    read_events(record);
  }
  ++header_records_read_;
}

void ProfileReader::read_version(const Record& record) {
  record.expect_fields(1, "<version>");
  std::uint64_t version = 0;
  if (!parse_unsigned(record.field(0, "version"), version) || version < 1 || version > kNewestVersion) {
    fail("profile version " + std::string(record.field(0, "version")) +
         " is not supported; this ccsim-annotate reads versions 1 and 2");
  }
  profile_.header.version = version;
}

void ProfileReader::read_cache(const Record& record) {
  const char* level = kLevelNames[header_records_read_ - kFirstCacheRecord];
  record.expect_at_least(2, "<level> <size> <assoc> <line>, or <level> none");
  if (record.field(0, "level") != level) {
    record.fail(std::string("expected the ") + level + " level here, found " +
                in_quotes(std::string(record.field(0, "level"))) + "; levels come in the order L1, L2, LLC");
  }
  CacheLevel cache;
  cache.name = level;
  if (record.field_count() == 2 && record.field(1, "size") == "none") {
    if (cache.name == "L1") record.fail("L1 cannot be none; every simulated processor has an L1 data cache");
  } else {
    record.expect_fields(4, "<level> <size> <assoc> <line>, or <level> none");
    cache.present = true;
    cache.size = record.number(1, "size");
    cache.associativity = record.number(2, "associativity");
    cache.line_size = record.number(3, "line size");
    if (cache.size == 0 || cache.associativity == 0) {
      record.fail(cache.name + " size and associativity must be at least 1");
    }
    if (cache.line_size != profile_.header.line_size) {
      record.fail(cache.name + " line size " + std::to_string(cache.line_size) + " differs from line-size: " +
                  std::to_string(profile_.header.line_size) + "; every level has the same line size");
    }
    if (cache.size > kMaxCacheSize) {
      record.fail(cache.name + " size " + std::to_string(cache.size) + " is above the largest cache ccsim " +
                  "simulates, " + std::to_string(kMaxCacheSize) + " bytes");
    }
    // The size is at most 2^32 and the line at most 256 bytes, so this product cannot overflow.
    std::uint64_t set_size = cache.associativity > cache.size ? 0 : cache.associativity * cache.line_size;
    if (set_size == 0 || set_size > cache.size || cache.size % set_size != 0) {
      record.fail(cache.name + " size " + std::to_string(cache.size) + " is not a whole number of sets of " +
                  std::to_string(cache.associativity) + " lines of " + std::to_string(cache.line_size) +
                  " bytes");
    }
  }
  profile_.header.caches.push_back(cache);
}

bool ProfileReader::read_yes_no(const Record& record) {
  record.expect_fields(1, "yes or no");
  std::string_view value = record.field(0, "value");
  if (value != "yes" && value != "no") {
    record.fail("the value must be yes or no, not " + in_quotes(std::string(value)));
  }
  return value == "yes";
}

void ProfileReader::read_events(const Record& record) {
  record.expect_at_least(1, "<event> ...");
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < record.field_count(); ++i) {
    std::string_view name = record.field(i, "event name");
    if (!is_event_name(name)) {
      record.fail("event names are letters, digits and '_', not " + in_quotes(std::string(name)));
    }
    if (!seen.insert(name).second) record.fail("the event " + std::string(name) + " is named twice");
    profile_.events.emplace_back(name);
  }
  counts_total_.assign(profile_.events.size(), 0);
}

void ProfileReader::read_skipped(const Record& record) {
  record.expect_fields(2, "<what> <accesses>");
  profile_.header.skipped.emplace_back(std::string(record.field(0, "what")), record.number(1, "accesses"));
  tally(record, {profile_.header.skipped.back().second});
}

void ProfileReader::read_replay(const Record& record) {
  record.expect_fields(2, "early-flushes <count>");
  if (record.field(0, "counter") != "early-flushes") {
    record.fail("the only replay counter is early-flushes, not " +
                in_quotes(std::string(record.field(0, "counter"))));
  }
  profile_.header.replay_early_flushes = record.number(1, "count");
  tally(record, {*profile_.header.replay_early_flushes});
}

void ProfileReader::read_thread_label(const Record& record) {
  record.expect_at_least(2, "<thread> <label>");
  const ThreadId thread = thread_field(record, 0, "thread");
  if (thread > profile_.header.threads) {
    record.fail("thread " + std::to_string(thread) + " is beyond the " + std::to_string(profile_.header.threads) +
                " threads the header announces");
  }
  if (!profile_.header.thread_labels.emplace(thread, std::string(record.text_from(1, "label"))).second) {
    record.fail("thread " + std::to_string(thread) + " is labelled twice");
  }
}

void ProfileReader::read_spin_wait(const Record& record) {
  record.expect_at_least(3, "<reads> <line> <file>");
  profile_.header.spin_waits.push_back(
      SpinWait{record.number(0, "reads"), source_line_field(record, 1), std::string(record.text_from(2, "file"))});
  tally(record, {profile_.header.spin_waits.back().reads});
}

void ProfileReader::read_body_record(const Record& record) {
  static const std::unordered_map<std::string, RecordReader> kBodyRecords = {
      {"file", &ProfileReader::read_file_name},
      {"fn", &ProfileReader::read_function_name},
      {"obj", &ProfileReader::read_object_file_name},
      {"ref", &ProfileReader::read_reference},
      {"counts", &ProfileReader::read_counts},
      {"region", &ProfileReader::read_region},
      {"evictor", &ProfileReader::read_evictor},
      {"invalidator", &ProfileReader::read_invalidator},
      {"transfer", &ProfileReader::read_transfer},
      {"object-transfer", &ProfileReader::read_object_transfer},
      {"object-evictor", &ProfileReader::read_object_evictor},
      {"object", &ProfileReader::read_object},
      {"object-origin", &ProfileReader::read_object_origin},
      {"field", &ProfileReader::read_object_field},
      {"local", &ProfileReader::read_local},
      {"object-counts", &ProfileReader::read_object_counts},
      {"object-ref", &ProfileReader::read_object_reference},
      {"line-detail", &ProfileReader::read_line_detail},
      {"line-writer", &ProfileReader::read_line_writer},
      {"placement", &ProfileReader::read_placement},
      {"lock", &ProfileReader::read_lock},
      {"lock-thread", &ProfileReader::read_lock_thread},
      {"lock-section", &ProfileReader::read_lock_section},
      {"unlocked-write", &ProfileReader::read_unlocked_write},
      {"block", &ProfileReader::read_block},
      {"region-object", &ProfileReader::read_region_object},
      {"barrier-object", &ProfileReader::read_barrier_object},
      {"barrier-line", &ProfileReader::read_barrier_line},
      {"timeline", &ProfileReader::read_timeline},
      {"timeline-object", &ProfileReader::read_timeline_object},
      {"set-totals", &ProfileReader::read_set_totals},
      {"set", &ProfileReader::read_cache_set},
      {"object-set", &ProfileReader::read_object_set},
      {"object-resident", &ProfileReader::read_object_resident},
      {"site-live", &ProfileReader::read_site_live},
      {"site-live-series", &ProfileReader::read_site_live_series},
      {"path-site", &ProfileReader::read_path_site},
      {"path", &ProfileReader::read_path},
      {"path-run", &ProfileReader::read_path_run},
      {"summary", &ProfileReader::read_summary},
  };
  const std::string& keyword = record.keyword();
  if (keyword == "skipped" || keyword == "replay" || keyword == "spin-wait" || keyword == "thread") {
    if (names_started_) {
      fail(keyword + ": belongs to the header; it must come before the first name, ref: or counts: record");
    }
    if (keyword == "skipped") {
      read_skipped(record);
    } else if (keyword == "replay") {
      read_replay(record);
    } else if (keyword == "thread") {
      read_thread_label(record);
    } else {
      read_spin_wait(record);
    }
    return;
  }
  auto reader = kBodyRecords.find(keyword);
  static const std::set<std::string> kAddedInVersion2 = {
      "transfer",       "object-transfer", "object-evictor", "set-totals", "set",           "object-set",
      "object-resident", "site-live", "site-live-series", "path-site",      "path",       "path-run",      "region-object",
      "barrier-object", "barrier-line",    "timeline",       "timeline-object"};
  const bool added_in_version_2 = kAddedInVersion2.count(keyword) != 0;
  if (reader == kBodyRecords.end() || (added_in_version_2 && profile_.header.version < 2)) {
    for (const char* header_keyword : kHeaderKeywords) {
      if (keyword == header_keyword) {
        fail(keyword + ": appears a second time; each header record appears once, at the top of the file");
      }
    }
    fail("unknown record " + in_quotes(keyword + ":") + "; a version " + std::to_string(profile_.header.version) +
         " profile has no such record");
  }
  names_started_ = true;
  (this->*(reader->second))(record);
}

void ProfileReader::define_name(const Record& record, std::unordered_map<std::uint64_t, std::string>& names,
                                const char* kind) {
  record.expect_at_least(2, "<id> <name>");
  std::uint64_t id = record.number(0, "id");
  if (id == 0) record.fail(std::string(kind) + " 0 means unknown and cannot be defined; numbers start at 1");
  std::string name(record.text_from(1, "name"));
  if (!names.emplace(id, std::move(name)).second) {
    record.fail("the number " + std::to_string(id) + " is defined twice");
  }
}

void ProfileReader::read_file_name(const Record& record) { define_name(record, file_names_, "file"); }
void ProfileReader::read_function_name(const Record& record) { define_name(record, function_names_, "fn"); }
void ProfileReader::read_object_file_name(const Record& record) {
  define_name(record, object_file_names_, "obj");
}

template <class Value>
const Value& ProfileReader::defined_id(const Record& record, std::size_t index, const char* what,
                                       const std::unordered_map<std::uint64_t, Value>& defined,
                                       const char* definer) const {
  std::uint64_t id = record.number(index, what);
  auto found = defined.find(id);
  if (found == defined.end()) {
    record.fail(std::string(what) + " " + std::to_string(id) + " is not defined; it must be defined by an " +
                "earlier " + definer + ": record");
  }
  return found->second;
}

std::string ProfileReader::name_field(const Record& record, std::size_t index, const char* kind,
                                      const std::unordered_map<std::uint64_t, std::string>& names) const {
  if (record.number(index, kind) == 0) return "";  // 0: unknown
  return defined_id(record, index, kind, names, kind);
}

std::size_t ProfileReader::reference_field(const Record& record, std::size_t index, const char* what) const {
  return defined_id(record, index, what, reference_indices_, "ref");
}

std::size_t ProfileReader::object_field(const Record& record, std::size_t index) const {
  return defined_id(record, index, "object", object_indices_, "object");
}

ThreadId ProfileReader::thread_field(const Record& record, std::size_t index, const char* what) const {
  std::uint64_t thread = record.number(index, what);
  if (thread == 0) record.fail(std::string(what) + " 0 does not exist; Valgrind numbers threads from 1");
  if (thread > kMaxThreads) {
    record.fail(std::string(what) + " " + std::to_string(thread) +
                " is out of range; thread numbers go up to " + std::to_string(kMaxThreads) +
                ", the most processors ccsim simulates");
  }
  return static_cast<ThreadId>(thread);
}

Counts ProfileReader::counts_from(const Record& record, std::size_t first) const {
  std::size_t given = record.field_count() - first;
  std::size_t events = profile_.events.size();
  if (given > events) {
    record.fail("gives " + std::to_string(given) + " counts but events: names " + std::to_string(events) +
                "; a record gives at most one count per event");
  }
  Counts counts(events, 0);
  for (std::size_t i = 0; i < given; ++i) counts[i] = record.number(first + i, "count");
  return counts;
}

std::uint64_t ProfileReader::source_line_field(const Record& record, std::size_t index) const {
  std::uint64_t line = record.number(index, "line");
  if (line > kMaxSourceLine) {
    record.fail("the line " + std::to_string(line) + " is above " + std::to_string(kMaxSourceLine) +
                ", the highest line number debug info can give");
  }
  return line;
}

void ProfileReader::tally(const Record& record, const Counts& counts) {
  if (tally_total_ == nullptr || tally_kind_ != record.keyword()) {
    tally_kind_ = record.keyword();
    tally_total_ = &profile_.count_totals[tally_kind_];  // std::map entries stay where they are
  }
  std::uint64_t& total = *tally_total_;
  try {
    for (std::uint64_t count : counts) total = checked_sum(total, count);
  } catch (const CountOverflow&) {
    record.fail("with this record the counts of the " + record.keyword() + ": records add up to more than " +
                "2^64 - 1, which no run reaches; the file was edited or is corrupt");
  }
}

ByteRanges ProfileReader::byte_ranges(const Record& record, std::size_t index, const char* what) const {
  std::string_view text = record.field(index, what);
  ByteRanges ranges;
  if (text == "-") return ranges;
  std::uint64_t line_size = profile_.header.line_size;
  while (true) {
    std::size_t comma = text.find(',');
    std::string_view range = text.substr(0, comma);
    std::size_t dash = range.find('-');
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    bool ok = parse_unsigned(range.substr(0, dash), first);
    if (dash == std::string_view::npos) {
      last = first;  // a single byte may be written "a" as well as "a-a"
    } else {
      ok = ok && parse_unsigned(range.substr(dash + 1), last);
    }
    if (!ok || first > last || last >= line_size) {
      record.fail("the " + std::string(what) +
                  " must be \"-\" or ranges a-b separated by ',' with a <= b < " + std::to_string(line_size) +
                  " (the line size), not " + in_quotes(std::string(text)));
    }
    ranges.emplace_back(first, last);
    if (comma == std::string_view::npos) return ranges;
    text = text.substr(comma + 1);
  }
}

void ProfileReader::read_reference(const Record& record) {
  record.expect_fields(6, "<id> <address> <obj> <file> <fn> <line>");
  std::uint64_t id = record.number(0, "id");
  Reference reference;
  reference.address = record.address(1, "address");
  reference.object_file = name_field(record, 2, "obj", object_file_names_);
  reference.file = name_field(record, 3, "file", file_names_);
  reference.function = name_field(record, 4, "fn", function_names_);
  reference.line = source_line_field(record, 5);
  if (!reference_indices_.emplace(id, profile_.references.size()).second) {
    record.fail("reference " + std::to_string(id) + " is defined twice");
  }
  profile_.references.push_back(std::move(reference));
}

void ProfileReader::read_counts(const Record& record) {
  record.expect_at_least(2, "<ref> <thread> <count>...");
  ThreadCounts counts;
  counts.reference = reference_field(record, 0, "reference");
  counts.thread = thread_field(record, 1, "thread");
  counts.counts = counts_from(record, 2);
  tally(record, counts.counts);
  add_counts(counts_total_, counts.counts);  // cannot overflow: bounded by the tally of counts: records
  profile_.counts.push_back(std::move(counts));
}

void ProfileReader::read_region(const Record& record) {
  record.expect_at_least(4, "<id> <file> <fn> <line> <count>...");
  Region region;
  region.id = record.number(0, "id");
  region.file = name_field(record, 1, "file", file_names_);
  region.function = name_field(record, 2, "fn", function_names_);
  region.line = source_line_field(record, 3);
  region.counts = counts_from(record, 4);
  tally(record, region.counts);
  if (!region_ids_.insert(region.id).second)
    record.fail("region " + std::to_string(region.id) + " is given twice");
  profile_.regions.push_back(std::move(region));
}

void ProfileReader::read_evictor(const Record& record) {
  record.expect_fields(6, "<victim-ref> <victim-thread> <evictor-ref> <evictor-thread> <level> <count>");
  EvictorEdge edge;
  edge.victim = reference_field(record, 0, "victim reference");
  edge.victim_thread = thread_field(record, 1, "victim thread");
  edge.evictor = reference_field(record, 2, "evictor reference");
  edge.evictor_thread = thread_field(record, 3, "evictor thread");
  edge.level = level_field(record, 4);
  edge.count = record.number(5, "count");
  tally(record, {edge.count});
  profile_.evictor_edges.push_back(std::move(edge));
}

void ProfileReader::read_invalidator(const Record& record) {
  record.expect_fields(9,
                       "<victim-ref> <victim-thread> <invalidator-ref> <invalidator-thread> <true-in-region> "
                       "<true-in-region-critical> <false-in-region> <true-across-regions> "
                       "<false-across-regions>");
  InvalidatorEdge edge;
  edge.victim = reference_field(record, 0, "victim reference");
  edge.victim_thread = thread_field(record, 1, "victim thread");
  edge.invalidator = reference_field(record, 2, "invalidator reference");
  edge.invalidator_thread = thread_field(record, 3, "invalidator thread");
  edge.split.true_in_region = record.number(4, "true-in-region count");
  edge.split.true_in_region_critical = record.number(5, "true-in-region-critical count");
  edge.split.false_in_region = record.number(6, "false-in-region count");
  edge.split.true_across_regions = record.number(7, "true-across-regions count");
  edge.split.false_across_regions = record.number(8, "false-across-regions count");
  if (edge.split.true_in_region_critical > edge.split.true_in_region) {
    record.fail("the critical count " + std::to_string(edge.split.true_in_region_critical) +
                " exceeds the true-in-region count " + std::to_string(edge.split.true_in_region) +
                ", of which it is a part");
  }
  // The critical count is a part of true_in_region, so the other four bound every sum of these counts.
  tally(record, {edge.split.true_in_region, edge.split.false_in_region, edge.split.true_across_regions,
                 edge.split.false_across_regions});
  profile_.invalidator_edges.push_back(edge);
}

TransferSplit ProfileReader::transfer_split(const Record& record, std::size_t first) {
  TransferSplit split;
  split.from_modified = record.number(first, "from-modified count");
  split.from_exclusive = record.number(first + 1, "from-exclusive count");
  split.from_shared = record.number(first + 2, "from-shared count");
  tally(record, {split.from_modified, split.from_exclusive, split.from_shared});
  return split;
}

// A transfer (a `transfer:` or `object-transfer:` record) goes from one thread to another.
void require_two_threads(const Record& record, ThreadId from, ThreadId to) {
  if (from == to) {
    record.fail("a transfer goes from one thread to another, not from thread " + std::to_string(from) + " to itself");
  }
}

void ProfileReader::read_transfer(const Record& record) {
  record.expect_fields(7,
                       "<source-ref> <source-thread> <reader-ref> <reader-thread> <from-modified> <from-exclusive> "
                       "<from-shared>");
  TransferEdge edge;
  edge.source = reference_field(record, 0, "source reference");
  edge.source_thread = thread_field(record, 1, "source thread");
  edge.reader = reference_field(record, 2, "reader reference");
  edge.reader_thread = thread_field(record, 3, "reader thread");
  require_two_threads(record, edge.source_thread, edge.reader_thread);
  edge.split = transfer_split(record, 4);
  profile_.transfer_edges.push_back(edge);
}

void ProfileReader::read_object_transfer(const Record& record) {
  record.expect_fields(6, "<object> <from-thread> <to-thread> <from-modified> <from-exclusive> <from-shared>");
  ObjectTransfer transfer;
  transfer.object = object_field(record, 0);
  transfer.from_thread = thread_field(record, 1, "from thread");
  transfer.to_thread = thread_field(record, 2, "to thread");
  require_two_threads(record, transfer.from_thread, transfer.to_thread);
  transfer.split = transfer_split(record, 3);
  profile_.object_transfers.push_back(transfer);
}

// A level of an edge (`evictor:`, `object-evictor:`): one the profile simulates.
std::string ProfileReader::level_field(const Record& record, std::size_t index) {
  std::string level(record.field(index, "level"));
  if (level != "L1" && level != "L2" && level != "LLC") {
    record.fail("the level must be L1, L2 or LLC, not " + in_quotes(level));
  }
  if (!profile_.has_level(level)) {
    record.fail("the level " + level + " is not simulated in this profile (cache: " + level + " none)");
  }
  return level;
}

void ProfileReader::read_object_evictor(const Record& record) {
  record.expect_fields(6, "<victim-object> <victim-thread> <evictor-object> <evictor-thread> <level> <count>");
  ObjectEvictor edge;
  edge.victim = object_field(record, 0);
  edge.victim_thread = thread_field(record, 1, "victim thread");
  edge.evictor = object_field(record, 2);
  edge.evictor_thread = thread_field(record, 3, "evictor thread");
  edge.level = level_field(record, 4);
  edge.count = record.number(5, "count");
  tally(record, {edge.count});
  profile_.object_evictors.push_back(std::move(edge));
}

void ProfileReader::read_object(const Record& record) {
  record.expect_at_least(6, "<id> <kind> <address> <size> <file> <name>");
  std::uint64_t id = record.number(0, "id");
  DataObject object;
  object.kind = std::string(record.field(1, "kind"));
  if (kObjectKinds.count(object.kind) == 0) {
    record.fail("the kind must be global, heap, stack, named or unknown, not " + in_quotes(object.kind));
  }
  object.address = record.address(2, "address");
  object.size = record.number(3, "size");
  if (object.size > std::numeric_limits<std::uint64_t>::max() - object.address) {
    record.fail("the object's extent, " + std::to_string(object.size) +
                " bytes from its address, runs past the end of the 64-bit address space");
  }
  object.file = name_field(record, 4, "file", file_names_);
  object.name = std::string(record.text_from(5, "name"));
  if (!object_indices_.emplace(id, profile_.objects.size()).second) {
    record.fail("object " + std::to_string(id) + " is defined twice");
  }
  profile_.objects.push_back(std::move(object));
}

void ProfileReader::read_object_origin(const Record& record) {
  record.expect_fields(3, "<object> <origin> <allocator>");
  DataObject& object = profile_.objects[object_field(record, 0)];
  if (!object.origin.empty()) record.fail("gives the origin of an object a second time");
  const std::string_view origin = record.field(1, "origin");
  if (origin != "program" && origin != "runtime" && origin != "allocator") {
    record.fail("the origin must be program, runtime or allocator, not " + in_quotes(std::string(origin)));
  }
  object.origin = std::string(origin);
  const std::string_view allocator = record.field(2, "allocator");
  if (allocator != "-") object.allocator = std::string(allocator);
}

void ProfileReader::read_object_field(const Record& record) {
  record.expect_at_least(4, "<object> <offset> <size> <name>");
  ObjectField field;
  field.object = object_field(record, 0);
  field.offset = record.number(1, "offset");
  field.size = record.number(2, "size");
  if (field.size == 0) record.fail("the size of a field must be at least 1 byte");
  if (field.offset > ~std::uint64_t(0) - field.size) {
    record.fail("the field's bytes run past the end of the 64-bit address space");
  }
  field.name = std::string(record.text_from(3, "name"));
  profile_.object_fields.push_back(std::move(field));
}

void ProfileReader::read_local(const Record& record) {
  record.expect_at_least(5, "<object> <offset> <size> <name> <function>");
  LocalVariable local;
  local.object = object_field(record, 0);
  local.offset = record.number(1, "offset");
  local.size = record.number(2, "size");
  if (local.size == 0) record.fail("the size of a local variable must be at least 1 byte");
  if (local.offset > ~std::uint64_t(0) - local.size) {
    record.fail("the local variable's bytes run past the end of the 64-bit address space");
  }
  local.name = std::string(record.field(3, "name"));
  local.function = std::string(record.text_from(4, "function"));
  profile_.locals.push_back(std::move(local));
}

void ProfileReader::read_object_counts(const Record& record) {
  record.expect_at_least(2, "<object> <thread> <count>...");
  ObjectThreadCounts counts;
  counts.object = object_field(record, 0);
  counts.thread = thread_field(record, 1, "thread");
  counts.counts = counts_from(record, 2);
  tally(record, counts.counts);
  profile_.object_counts.push_back(std::move(counts));
}

void ProfileReader::read_object_reference(const Record& record) {
  record.expect_at_least(3, "<object> <ref> <thread> <count>...");
  ObjectReferenceCounts counts;
  counts.object = object_field(record, 0);
  counts.reference = reference_field(record, 1, "reference");
  counts.thread = thread_field(record, 2, "thread");
  counts.counts = counts_from(record, 3);
  tally(record, counts.counts);
  profile_.object_references.push_back(std::move(counts));
}

void ProfileReader::read_line_detail(const Record& record) {
  const char* layout = "<object> <line-address> <offset-in-object> <thread> R <ranges> W <ranges>";
  record.expect_fields(8, layout);
  LineDetail detail;
  detail.object = object_field(record, 0);
  detail.line_address = record.address(1, "line address");
  detail.offset_in_object = record.signed_number(2, "offset in object");
  detail.thread = thread_field(record, 3, "thread");
  if (record.field(4, "R") != "R" || record.field(6, "W") != "W") {
    record.fail(std::string("the fields must be ") + layout + ", with the letters R and W in place");
  }
  detail.read = byte_ranges(record, 5, "read ranges");
  detail.written = byte_ranges(record, 7, "written ranges");
  profile_.line_details.push_back(std::move(detail));
}

void ProfileReader::read_line_writer(const Record& record) {
  record.expect_fields(5, "<object> <line-address> <thread> <ref> <invalidations>");
  LineWriter writer;
  writer.object = object_field(record, 0);
  writer.line_address = record.address(1, "line address");
  writer.thread = thread_field(record, 2, "thread");
  writer.reference = reference_field(record, 3, "reference");
  writer.invalidations = record.number(4, "invalidations");
  tally(record, {writer.invalidations});
  profile_.line_writers.push_back(writer);
}

void ProfileReader::read_placement(const Record& record) {
  record.expect_fields(7, "<object> <block-offset> <blocks> <line> <start> <true> <false>");
  PlacementPrediction placement;
  placement.object = object_field(record, 0);
  placement.block_offset = record.number(1, "block offset");
  placement.blocks = record.number(2, "blocks");
  placement.line_bytes = record.number(3, "line");
  placement.start = record.number(4, "start");
  placement.true_sharing = record.number(5, "true invalidations");
  placement.false_sharing = record.number(6, "false invalidations");
  const std::uint64_t line_size = profile_.header.line_size;
  if (placement.line_bytes != line_size && placement.line_bytes != 2 * line_size) {
    record.fail("the line of a prediction is line-size: or twice it (" + std::to_string(line_size) + " or " +
                std::to_string(2 * line_size) + " bytes), not " + std::to_string(placement.line_bytes));
  }
  if (placement.start >= placement.line_bytes || placement.block_offset >= 2 * line_size) {
    record.fail("the block's start and offset lie within a line: below " + std::to_string(placement.line_bytes) +
                " and " + std::to_string(2 * line_size) + " bytes");
  }
  tally(record, {placement.true_sharing, placement.false_sharing});
  profile_.placements.push_back(placement);
}

void ProfileReader::read_lock(const Record& record) {
  record.expect_at_least(7, "<id> <address> <kind> <file> <fn> <line> <name>");
  const std::uint64_t id = record.number(0, "id");
  if (id == 0) record.fail("lock numbers start at 1");
  Lock lock;
  lock.address = record.address(1, "address");
  lock.kind = std::string(record.field(2, "kind"));
  lock.file = name_field(record, 3, "file", file_names_);
  lock.function = name_field(record, 4, "fn", function_names_);
  lock.line = source_line_field(record, 5);
  const std::string_view name = record.text_from(6, "name");
  if (name != "-") lock.name = std::string(name);
  if (!lock_ids_.emplace(id, profile_.locks.size()).second) {
    record.fail("the lock number " + std::to_string(id) + " is defined twice");
  }
  profile_.locks.push_back(std::move(lock));
}

std::size_t ProfileReader::lock_field(const Record& record, std::size_t index) const {
  return defined_id(record, index, "lock", lock_ids_, "lock");
}

void ProfileReader::read_lock_thread(const Record& record) {
  record.expect_fields(6, "<lock> <thread> <acquisitions> <hand-offs> <contended> <waited-accesses>");
  LockThread row;
  row.lock = lock_field(record, 0);
  row.thread = thread_field(record, 1, "thread");
  row.acquisitions = record.number(2, "acquisitions");
  row.hand_offs = record.number(3, "hand-offs");
  row.contended = record.number(4, "contended acquisitions");
  row.waited_accesses = record.number(5, "waited accesses");
  if (row.hand_offs > row.acquisitions || row.contended > row.acquisitions) {
    record.fail("hand-offs and contended acquisitions are some of the acquisitions, so at most " +
                std::to_string(row.acquisitions));
  }
  tally(record, {row.acquisitions, row.hand_offs, row.contended, row.waited_accesses});
  profile_.lock_threads.push_back(row);
}

void ProfileReader::read_lock_section(const Record& record) {
  // Version 2 adds the transfers.
  if (profile_.header.version >= 2) {
    record.expect_fields(11, "<lock> <object> <ref> <thread> <true-in-region> <false-in-region> "
                             "<true-across-regions> <false-across-regions> <coherence-miss-true> "
                             "<coherence-miss-false> <transfers>");
  } else {
    record.expect_fields(10, "<lock> <object> <ref> <thread> <true-in-region> <false-in-region> "
                             "<true-across-regions> <false-across-regions> <coherence-miss-true> <coherence-miss-false>");
  }
  LockSection row;
  row.lock = lock_field(record, 0);
  row.object = object_field(record, 1);
  row.reference = reference_field(record, 2, "reference");
  row.thread = thread_field(record, 3, "thread");
  row.invalidations.true_in_region = record.number(4, "true in-region invalidations");
  row.invalidations.false_in_region = record.number(5, "false in-region invalidations");
  row.invalidations.true_across_regions = record.number(6, "true across-region invalidations");
  row.invalidations.false_across_regions = record.number(7, "false across-region invalidations");
  row.coherence_miss_true = record.number(8, "true coherence misses");
  row.coherence_miss_false = record.number(9, "false coherence misses");
  if (profile_.header.version >= 2) row.transfers = record.number(10, "transfers");
  tally(record, {row.invalidations.true_in_region, row.invalidations.false_in_region,
                 row.invalidations.true_across_regions, row.invalidations.false_across_regions,
                 row.coherence_miss_true, row.coherence_miss_false, row.transfers});
  profile_.lock_sections.push_back(row);
}

void ProfileReader::read_unlocked_write(const Record& record) {
  record.expect_fields(4, "<object> <ref> <thread> <stores>");
  UnlockedWrite row;
  row.object = object_field(record, 0);
  row.reference = reference_field(record, 1, "reference");
  row.thread = thread_field(record, 2, "thread");
  row.stores = record.number(3, "stores");
  tally(record, {row.stores});
  profile_.unlocked_writes.push_back(row);
}

void ProfileReader::read_block(const Record& record) {
  // Version 1 has the first 7 counts; version 2 adds the transfer misses (profile.h, kBlockCountNames).
  const std::size_t given = profile_.header.version >= 2 ? kBlockCounts : kBlockCounts - 1;
  record.expect_fields(4 + given, given == kBlockCounts ? "<object> <offset-in-object> <lines> <thread> and 8 counts"
                                                       : "<object> <offset-in-object> <lines> <thread> and 7 counts");
  ObjectBlock block;
  block.object = object_field(record, 0);
  block.offset = record.signed_number(1, "offset in object");
  block.lines = record.number(2, "lines");
  block.thread = thread_field(record, 3, "thread");
  const std::int64_t line_size = static_cast<std::int64_t>(profile_.header.line_size);
  if (block.lines == 0 || (block.lines & (block.lines - 1)) != 0 || block.lines > (std::uint64_t(1) << 48)) {
    record.fail("a bucket's lines are a power of two from 1 to 2^48, not " + std::to_string(block.lines));
  }
  if (block.offset <= -line_size || block.offset > (std::int64_t(1) << 62)) {
    record.fail("a block starts at most " + std::to_string(line_size - 1) +
                " bytes before its object (within the object's first line), and below 2^62 bytes after");
  }
  Counts counts;
  for (std::size_t i = 0; i < given; ++i) {
    block.counts[i] = record.number(4 + i, kBlockCountNames[i]);
    counts.push_back(block.counts[i]);
  }
  tally(record, counts);
  profile_.blocks.push_back(block);
}

// The counts of a phase record from `first_field` on, named from kPhaseCountNames[first_count].
PhaseCounts ProfileReader::phase_counts(const Record& record, std::size_t first_field, std::size_t first_count) {
  PhaseCounts counts{};
  Counts tallied;
  for (std::size_t i = first_count; i < kPhaseCounts; ++i) {
    counts[i] = record.number(first_field + i - first_count, kPhaseCountNames[i]);
    tallied.push_back(counts[i]);
  }
  tally(record, tallied);
  return counts;
}

BarrierSite ProfileReader::barrier_site(const Record& record) {
  return BarrierSite{name_field(record, 0, "file", file_names_), name_field(record, 1, "fn", function_names_),
                     source_line_field(record, 2)};
}

void ProfileReader::read_region_object(const Record& record) {
  record.expect_fields(2 + kPhaseCounts, "<region> <object> and 9 counts");
  RegionObject row;
  row.region = record.number(0, "region");
  row.object = object_field(record, 1);
  row.counts = phase_counts(record, 2, 0);
  profile_.region_objects.push_back(row);
}

void ProfileReader::read_barrier_object(const Record& record) {
  record.expect_fields(4 + kPhaseCounts, "<file> <fn> <line> <object> and 9 counts");
  BarrierObject row;
  row.barrier = barrier_site(record);
  row.object = object_field(record, 3);
  row.counts = phase_counts(record, 4, 0);
  profile_.barrier_objects.push_back(std::move(row));
}

void ProfileReader::read_barrier_line(const Record& record) {
  record.expect_fields(4 + kPhaseCounts - kFirstLinePhaseCount, "<file> <fn> <line> <line-address> and 5 counts");
  BarrierLine row;
  row.barrier = barrier_site(record);
  row.line_address = record.address(3, "line address");
  if (row.line_address % profile_.header.line_size != 0) {
    record.fail("the line address " + std::string(record.field(3, "line address")) + " is not a multiple of the " +
                std::to_string(profile_.header.line_size) + "-byte line size");
  }
  row.counts = phase_counts(record, 4, kFirstLinePhaseCount);
  profile_.barrier_lines.push_back(std::move(row));
}

void ProfileReader::read_timeline(const Record& record) {
  record.expect_fields(3, "<accesses|epochs> <width> <intervals>");
  if (!profile_.timeline.unit.empty()) record.fail("gives the timeline a second time");
  Timeline timeline;
  timeline.unit = std::string(record.field(0, "unit"));
  if (timeline.unit != "accesses" && timeline.unit != "epochs") {
    record.fail("the timeline's unit is accesses or epochs, not " + in_quotes(timeline.unit));
  }
  timeline.width = record.number(1, "width");
  timeline.intervals = record.number(2, "intervals");
  if (timeline.width == 0) record.fail("an interval of the timeline is at least 1 " + timeline.unit + " wide");
  if (timeline.intervals > 256) record.fail("a timeline has at most 256 intervals, not " + std::to_string(timeline.intervals));
  profile_.timeline = timeline;
}

void ProfileReader::read_timeline_object(const Record& record) {
  record.expect_fields(2 + kPhaseCounts, "<interval> <object> and 9 counts");
  if (profile_.timeline.unit.empty()) record.fail("comes before the timeline: record that says what an interval is");
  TimelineObject row;
  row.interval = record.number(0, "interval");
  if (row.interval >= profile_.timeline.intervals) {
    record.fail("interval " + std::to_string(row.interval) + " is beyond the timeline's " +
                std::to_string(profile_.timeline.intervals) + " intervals");
  }
  row.object = object_field(record, 1);
  row.counts = phase_counts(record, 2, 0);
  profile_.timeline_objects.push_back(row);
}

// Cache sets and working set: `set-totals:`, `set:`, `object-set:`, `object-resident:`, `site-live:`.

// A level field: a level the header's `cache:` records simulate.
const CacheLevel& ProfileReader::set_level_field(const Record& record, std::size_t index) const {
  const std::string_view name = record.field(index, "level");
  for (const CacheLevel& level : profile_.header.caches) {
    if (level.name == name && level.present) return level;
  }
  record.fail("names the level " + in_quotes(std::string(name)) + ", which this profile does not simulate (cache: " +
              profile_.header.cache_geometry() + ")");
}

// Lines, replacement misses and conflict misses; no set has more conflict than replacement
// misses (a conflict miss is a replacement miss).
SetCounts ProfileReader::set_counts_field(const Record& record, std::size_t first) const {
  SetCounts counts;
  counts.lines = record.number(first, "lines");
  counts.replacement = record.number(first + 1, "replacement misses");
  counts.conflict = record.number(first + 2, "conflict misses");
  if (counts.conflict > counts.replacement) {
    record.fail("counts " + std::to_string(counts.conflict) + " conflict misses but " +
                std::to_string(counts.replacement) + " replacement misses; conflict misses are replacement misses");
  }
  return counts;
}

std::uint64_t sets_of(const CacheLevel& level) { return level.size / (level.associativity * level.line_size); }

void ProfileReader::read_set_totals(const Record& record) {
  record.expect_fields(4, "<level> <lines> <replacement-misses> <conflict-misses>");
  LevelSetTotals totals;
  const CacheLevel& level = set_level_field(record, 0);
  totals.level = level.name;
  for (const LevelSetTotals& earlier : profile_.set_totals) {
    if (earlier.level == totals.level) record.fail("gives the level " + totals.level + " a second time");
  }
  totals.counts = set_counts_field(record, 1);
  tally(record, {totals.counts.lines, totals.counts.replacement, totals.counts.conflict});
  profile_.set_totals.push_back(totals);
}

void ProfileReader::read_cache_set(const Record& record) {
  record.expect_fields(5, "<level> <set> <lines> <replacement-misses> <conflict-misses>");
  CacheSet row;
  const CacheLevel& level = set_level_field(record, 0);
  row.level = level.name;
  row.set = record.number(1, "set");
  if (row.set >= sets_of(level)) {
    record.fail("names set " + std::to_string(row.set) + " but " + level.name + " has " +
                std::to_string(sets_of(level)) + " sets, numbered from 0");
  }
  row.counts = set_counts_field(record, 2);
  tally(record, {row.counts.lines, row.counts.replacement, row.counts.conflict});
  profile_.cache_sets.push_back(row);
}

void ProfileReader::read_object_set(const Record& record) {
  record.expect_fields(7, "<object> <level> <first-set> <sets> <lines> <replacement-misses> <conflict-misses>");
  ObjectSet row;
  row.object = object_field(record, 0);
  const CacheLevel& level = set_level_field(record, 1);
  row.level = level.name;
  row.first_set = record.number(2, "first set");
  row.sets = record.number(3, "sets");
  const std::uint64_t sets = sets_of(level);
  if (row.sets == 0 || (row.sets & (row.sets - 1)) != 0 || row.sets > sets || row.first_set % row.sets != 0 ||
      row.first_set >= sets) {
    record.fail("a bucket is a power of two of sets starting at a multiple of it, within the " +
                std::to_string(sets) + " sets of " + level.name + "; not " + std::to_string(row.sets) +
                " sets from set " + std::to_string(row.first_set));
  }
  row.counts = set_counts_field(record, 4);
  tally(record, {row.counts.lines, row.counts.replacement, row.counts.conflict});
  profile_.object_sets.push_back(row);
}

void ProfileReader::read_object_resident(const Record& record) {
  record.expect_fields(4, "<object> <level> <average-lines> <peak-lines>");
  ObjectResident row;
  row.object = object_field(record, 0);
  const CacheLevel& level = set_level_field(record, 1);
  row.level = level.name;
  // The average has exactly two decimals: "12.50".
  const std::string_view average = record.field(2, "average lines");
  const std::size_t point = average.find('.');
  std::uint64_t whole = 0, hundredths = 0;
  if (point == std::string_view::npos || average.size() != point + 3 || !parse_unsigned(average.substr(0, point), whole) ||
      !parse_unsigned(average.substr(point + 1), hundredths) || whole > (std::uint64_t(1) << 40)) {
    record.fail("the average lines are a number with two decimals such as 12.50, not " +
                in_quotes(std::string(average)));
  }
  row.average_hundredths = whole * 100 + hundredths;
  row.peak = record.number(3, "peak lines");
  const std::uint64_t capacity = level.size / level.line_size * (level.name == "LLC" ? 1 : kMaxThreads);
  if (row.peak > capacity || row.average_hundredths > row.peak * 100) {
    record.fail("the peak is at most the lines the level holds and at least the average, not average " +
                std::string(average) + " and peak " + std::to_string(row.peak));
  }
  tally(record, {row.peak});
  profile_.object_residents.push_back(row);
}

void ProfileReader::read_site_live(const Record& record) {
  record.expect_fields(6, "<object> <allocations> <peak-blocks> <peak-bytes> <blocks-at-end> <bytes-at-end>");
  SiteLive row;
  row.object = object_field(record, 0);
  if (profile_.objects[row.object].kind != "heap") {
    record.fail("names object " + std::string(record.field(0, "object")) + ", a " + profile_.objects[row.object].kind +
                " object; live blocks are counted per heap allocation site");
  }
  row.allocations = record.number(1, "allocations");
  row.peak_blocks = record.number(2, "peak blocks");
  row.peak_bytes = record.number(3, "peak bytes");
  row.blocks_at_end = record.number(4, "blocks at end");
  row.bytes_at_end = record.number(5, "bytes at end");
  if (row.peak_blocks > row.allocations || row.blocks_at_end > row.peak_blocks || row.bytes_at_end > row.peak_bytes) {
    record.fail("a site's live blocks are at most its peak, and its peak at most its allocations");
  }
  tally(record, {row.allocations, row.peak_bytes});
  profile_.site_lives.push_back(row);
}

// `site-live-series: <object> <allocations-per-point> <blocks>:<bytes>...`, right after its site's
// `site-live:` record: each interval's peak is at most the site's, and the highest of them is the site's.
void ProfileReader::read_site_live_series(const Record& record) {
  record.expect_at_least(2, "<object> <allocations-per-point> <blocks>:<bytes>...");
  const std::size_t object = object_field(record, 0);
  if (profile_.site_lives.empty() || profile_.site_lives.back().object != object ||
      !profile_.site_lives.back().series.empty()) {
    record.fail("follows the site-live: record of its object, once");
  }
  SiteLive& site = profile_.site_lives.back();
  site.allocations_per_point = record.number(1, "allocations per point");
  if (site.allocations_per_point == 0) record.fail("an interval holds at least one allocation");
  std::uint64_t most_blocks = 0, most_bytes = 0;
  for (std::size_t i = 2; i < record.field_count(); ++i) {
    const std::string point(record.field(i, "point"));
    const std::size_t colon = point.find(':');
    std::uint64_t blocks = 0, bytes = 0;
    if (colon == std::string::npos || !parse_unsigned(point.substr(0, colon), blocks) ||
        !parse_unsigned(point.substr(colon + 1), bytes)) {
      record.fail("each point is <blocks>:<bytes>, not " + in_quotes(point));
    }
    most_blocks = std::max(most_blocks, blocks);
    most_bytes = std::max(most_bytes, bytes);
    site.series.push_back({blocks, bytes});
  }
  if (!site.series.empty() && (most_blocks != site.peak_blocks || most_bytes != site.peak_bytes)) {
    record.fail("the intervals' peaks (" + std::to_string(most_blocks) + " blocks, " + std::to_string(most_bytes) +
                " bytes) must reach the site's peak (" + std::to_string(site.peak_blocks) + " blocks, " +
                std::to_string(site.peak_bytes) + " bytes)");
  }
}

// Object paths. A site's `path:` records follow its `path-site:` record, numbered from 1, each followed by
// its `path-run:` records, numbered from 1; a run's changed flag says whether its thread differs from the
// run before; the lives of a site's paths add up to its stored lives.
void ProfileReader::check_last_path_site(const Record& record) const {
  if (profile_.path_sites.empty()) return;
  const PathSite& site = profile_.path_sites.back();
  std::uint64_t lives = 0;
  for (const ObjectPath& path : site.paths) {
    if (path.runs.empty()) record.fail("a path: record of object " + profile_.objects[site.object].name + " has no path-run: record");
    lives += path.lives;
  }
  if (lives != site.lives_stored) {
    record.fail("the paths of a path-site: have " + std::to_string(lives) + " lives but the site says " +
                std::to_string(site.lives_stored) + " were stored; the file was edited or is incomplete");
  }
}

void ProfileReader::read_path_site(const Record& record) {
  record.expect_fields(5, "<object> named|shared <lives-stored> <lives-not-stored> <lives-not-followed>");
  check_last_path_site(record);
  PathSite site;
  site.object = object_field(record, 0);
  if (profile_.objects[site.object].kind != "heap") record.fail("only a heap object has paths");
  for (const PathSite& earlier : profile_.path_sites) {
    if (earlier.object == site.object) record.fail("a second path-site: record for the same object");
  }
  const std::string_view chosen = record.field(1, "how the site was chosen");
  if (chosen != "named" && chosen != "shared") record.fail("the site is named or shared, not " + in_quotes(std::string(chosen)));
  site.named = chosen == "named";
  site.lives_stored = record.number(2, "lives stored");
  site.lives_unstored = record.number(3, "lives not stored");
  site.lives_unfollowed = record.number(4, "lives not followed");
  tally(record, {site.lives_stored, site.lives_unstored, site.lives_unfollowed});
  profile_.path_sites.push_back(site);
}

// The path-site: the record's object names, which must be the last one read.
PathSite& last_site_of(const Record& record, std::vector<PathSite>& sites, std::size_t object) {
  if (sites.empty() || sites.back().object != object) {
    record.fail("comes before its object's path-site: record, or after another site's");
  }
  return sites.back();
}

void ProfileReader::read_path(const Record& record) {
  record.expect_fields(8, "<object> <path> <lives> freed|live cut|whole <lifetime-sum> <lifetime-min> <lifetime-max>");
  PathSite& site = last_site_of(record, profile_.path_sites, object_field(record, 0));
  if (!site.paths.empty() && site.paths.back().runs.empty()) record.fail("the path before has no path-run: record");
  if (record.number(1, "path") != site.paths.size() + 1) {
    record.fail("paths are numbered from 1 in order; expected path " + std::to_string(site.paths.size() + 1));
  }
  ObjectPath path;
  path.lives = record.number(2, "lives");
  if (path.lives == 0) record.fail("a path has at least one life");
  const std::string_view freed = record.field(3, "freed or live");
  const std::string_view cut = record.field(4, "cut or whole");
  if (freed != "freed" && freed != "live") record.fail("expected freed or live, not " + in_quotes(std::string(freed)));
  if (cut != "cut" && cut != "whole") record.fail("expected cut or whole, not " + in_quotes(std::string(cut)));
  path.freed = freed == "freed";
  path.cut = cut == "cut";
  path.lifetime_sum = record.number(5, "lifetime sum");
  path.lifetime_min = record.number(6, "shortest lifetime");
  path.lifetime_max = record.number(7, "longest lifetime");
  if (path.lifetime_min > path.lifetime_max || path.lifetime_sum < path.lifetime_min) {
    record.fail("the shortest lifetime exceeds the longest, or the sum is below the shortest");
  }
  tally(record, {path.lives, path.lifetime_sum});
  site.paths.push_back(path);
}

void ProfileReader::read_path_run(const Record& record) {
  record.expect_fields(14, "<object> <path> <run> <fn> <thread> changed|same <reads> <writes> <bytes> "
                           "<first>-<last>|- <own-L2> <LLC> <transfer> <memory>");
  PathSite& site = last_site_of(record, profile_.path_sites, object_field(record, 0));
  if (site.paths.empty() || record.number(1, "path") != site.paths.size()) {
    record.fail("a path-run: follows its path: record");
  }
  ObjectPath& path = site.paths.back();
  if (record.number(2, "run") != path.runs.size() + 1) {
    record.fail("runs are numbered from 1 in order; expected run " + std::to_string(path.runs.size() + 1));
  }
  PathRun run;
  run.function = name_field(record, 3, "fn", function_names_);
  run.thread = thread_field(record, 4, "thread");
  const std::string_view changed = record.field(5, "changed or same");
  if (changed != "changed" && changed != "same") record.fail("expected changed or same, not " + in_quotes(std::string(changed)));
  run.changed = changed == "changed";
  const bool differs = !path.runs.empty() && path.runs.back().thread != run.thread;
  if (run.changed != differs) {
    record.fail(path.runs.empty() ? "the first run of a path has no thread before it: it is same"
                                  : "a run is changed exactly when its thread differs from the run before's");
  }
  run.reads = record.number(6, "reads");
  run.writes = record.number(7, "writes");
  run.bytes = record.number(8, "bytes");
  const std::string offsets(record.field(9, "offsets"));
  if (offsets != "-") {
    const std::size_t dash = offsets.find('-');
    const auto digits = [](const std::string& text) {
      return !text.empty() && text.size() <= 19 && text.find_first_not_of("0123456789") == std::string::npos;
    };
    if (dash == std::string::npos || !digits(offsets.substr(0, dash)) || !digits(offsets.substr(dash + 1))) {
      record.fail("the offsets are <first>-<last> or -, not " + in_quotes(offsets));
    }
    run.touched = true;
    run.first_offset = std::stoull(offsets.substr(0, dash));
    run.last_offset = std::stoull(offsets.substr(dash + 1));
    if (run.first_offset > run.last_offset) record.fail("the first offset exceeds the last");
  } else if (run.reads + run.writes != 0 || run.bytes != 0) {
    record.fail("a run with accesses gives the offsets it touched");
  }
  run.own_l2 = record.number(10, "own-L2 misses");
  run.llc = record.number(11, "LLC misses");
  run.transfer = record.number(12, "transfer misses");
  run.memory = record.number(13, "memory misses");
  tally(record, {run.reads, run.writes, run.bytes, run.own_l2, run.llc, run.transfer, run.memory});
  path.runs.push_back(run);
}

void ProfileReader::read_summary(const Record& record) {
  check_last_path_site(record);
  std::size_t events = profile_.events.size();
  if (record.field_count() != events) {
    record.fail("gives " + std::to_string(record.field_count()) + " counts but events: names " +
                std::to_string(events) + "; the summary gives every count");
  }
  Counts summary = counts_from(record, 0);
  for (std::size_t event = 0; event < events; ++event) {
    if (summary[event] != counts_total_[event]) {
      record.fail(profile_.events[event] + " is " + std::to_string(summary[event]) +
                  " but the counts: records add up to " + std::to_string(counts_total_[event]) +
                  "; the file was edited or is incomplete");
    }
  }
  profile_.summary = std::move(summary);
  summary_read_ = true;
}

}  // namespace

Profile parse_profile(std::istream& in, const std::string& file_name) {
  return ProfileReader(in, file_name).read();
}

Profile read_profile_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw ProfileError(path, 0, "is a directory; give the path of a ccsim.out.<pid> file");
  }
  std::ifstream in(path);
  if (!in) {
    throw ProfileError(path, 0,
                       std::string("cannot be opened (") + std::strerror(errno) +
                           "); give the path of a ccsim.out.<pid> file");
  }
  return parse_profile(in, path);
}

}  // namespace ccsim::annotate
