// phase_records.cc: writes the phases' records (phase_records.h).
#include "ccsim/tool/data_objects/phase_records.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/line_detail.h"
#include "ccsim/tool/data_objects/object_timeline.h"
#include "ccsim/tool/data_objects/region_phases.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_numbering.h"
#include "ccsim/tool/output/sorted_rows.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// A barrier site as the records name it: file, function and line numbers (0 0 0: unknown, or regions
// open at exit). Two call addresses on one source line are one site.
struct SiteKey {
  std::uint32_t file;
  std::uint32_t function;
  std::uint32_t line;
  std::uint64_t thing;  // an object's profile number, or a line's address
};
struct SiteKeyTraits {
  static std::uint64_t hash(const SiteKey& key) {
    return ((std::uint64_t(key.file) << 40 ^ std::uint64_t(key.function) << 20 ^ key.line) * 0x9E3779B97F4A7C15ull) ^
           key.thing;
  }
  static bool equal(const SiteKey& a, const SiteKey& b) {
    return a.file == b.file && a.function == b.function && a.line == b.line && a.thing == b.thing;
  }
};
using SiteSums = HashMap<SiteKey, PhaseCounts, SiteKeyTraits>;

SiteKey site_key(Addr site, const ProfileNumbering& numbering, std::uint64_t thing) {
  if (site == 0) return SiteKey{0, 0, 0, thing};
  const Reference* ref = reference_at(site);
  return SiteKey{numbering.source_file_number(ref->source_file), numbering.function_number(ref->function),
                 ref->line, thing};
}

void write_counts(ProfileFile* file, const PhaseCounts& counts, std::uint32_t first) {
  for (std::uint32_t event = first; event < kPhaseEvents; ++event) {
    file->printf(" %llu", static_cast<ULong>(counts.counts[event]));
  }
  file->printf("\n");
}

struct Context {
  const std::uint32_t* numbers;
  const ProfileNumbering* numbering;
  SiteSums* sums;
  SortedRows<2, PhaseCounts>* rows;
  const HashSet<Addr>* detailed_lines;
};

void collect_region_object(void* context, RegionId region, ObjectId object, const PhaseCounts& counts) {
  Context* c = static_cast<Context*>(context);
  if (c->numbers[object] != 0) c->rows->add({region, c->numbers[object]}, counts);
}

void collect_site_object(void* context, Addr site, ObjectId object, const PhaseCounts& counts) {
  Context* c = static_cast<Context*>(context);
  if (c->numbers[object] == 0) return;
  add_phase_counts(c->sums->find_or_add(site_key(site, *c->numbering, c->numbers[object])), counts);
}

void collect_site_line(void* context, Addr site, Addr line, const PhaseCounts& counts) {
  Context* c = static_cast<Context*>(context);
  if (!c->detailed_lines->contains(line)) return;
  add_phase_counts(c->sums->find_or_add(site_key(site, *c->numbering, line)), counts);
}

void collect_detailed_line(void* context, const LineBytes& bytes) {
  static_cast<HashSet<Addr>*>(context)->add(bytes.line_address);
}

void ignore_writer(void*, const LineWriter&) {}

void collect_timeline_entry(void* context, std::uint32_t interval, ObjectId object, const PhaseCounts& counts) {
  Context* c = static_cast<Context*>(context);
  if (c->numbers[object] != 0) c->rows->add({interval, c->numbers[object]}, counts);
}

// Sorted by site, then the object's number or the line's address.
void write_site_rows(ProfileFile* file, const char* keyword, SiteSums& sums, bool line_address, std::uint32_t first) {
  SortedRows<5, PhaseCounts> rows("ccsim.out.phase_sites");
  sums.for_each([&](const SiteKey& key, const PhaseCounts& counts) {
    rows.add({key.file, key.function, key.line, static_cast<std::uint32_t>(key.thing >> 32),
              static_cast<std::uint32_t>(key.thing)},
             counts);
  });
  rows.visit_sorted([&](const std::uint32_t* key, const PhaseCounts& counts) {
    const std::uint64_t thing = std::uint64_t(key[3]) << 32 | key[4];
    if (line_address) {
      file->printf("%s: %u %u %u 0x%llx", keyword, key[0], key[1], key[2], static_cast<ULong>(thing));
    } else {
      file->printf("%s: %u %u %u %llu", keyword, key[0], key[1], key[2], static_cast<ULong>(thing));
    }
    write_counts(file, counts, first);
  });
}

const char* unit_name(TimelineUnit unit) { return unit == TimelineUnit::Epochs ? "epochs" : "accesses"; }

}  // namespace

void write_phase_records(ProfileFile* file, const std::uint32_t* numbers, const ProfileNumbering& numbering) {
  HashSet<Addr> detailed_lines("ccsim.out.phase_lines");
  for_each_hot_line(collect_detailed_line, ignore_writer, &detailed_lines);

  SortedRows<2, PhaseCounts> regions("ccsim.out.region_objects");
  Context context{numbers, &numbering, nullptr, &regions, &detailed_lines};
  for_each_region_object(collect_region_object, &context);
  regions.visit_sorted([&](const std::uint32_t* key, const PhaseCounts& counts) {
    file->printf("region-object: %u %u", key[0], key[1]);
    write_counts(file, counts, 0);
  });

  SiteSums objects("ccsim.out.barrier_objects");
  context.sums = &objects;
  for_each_site_object(collect_site_object, &context);
  write_site_rows(file, "barrier-object", objects, false, 0);

  SiteSums lines("ccsim.out.barrier_lines");
  context.sums = &lines;
  for_each_site_line(collect_site_line, &context);
  write_site_rows(file, "barrier-line", lines, true, kFirstLinePhaseEvent);

  const TimelineShape shape = timeline_shape();
  if (shape.unit == TimelineUnit::Off) return;
  file->printf("timeline: %s %llu %u\n", unit_name(shape.unit), static_cast<ULong>(shape.width), shape.intervals);
  SortedRows<2, PhaseCounts> intervals("ccsim.out.timeline");
  context.rows = &intervals;
  for_each_timeline_entry(collect_timeline_entry, &context);
  intervals.visit_sorted([&](const std::uint32_t* key, const PhaseCounts& counts) {
    file->printf("timeline-object: %u %u", key[0], key[1]);
    write_counts(file, counts, 0);
  });
}

}  // namespace ccsim
