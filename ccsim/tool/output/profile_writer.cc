// profile_writer.cc: the profile file and the stderr summary. Only here, and in object_records.cc for
// the data-object records, do counters become text.
#include "ccsim/tool/output/profile_writer.h"

#include "ccsim/core/simulator.h"
#include "ccsim/tool/output/run_statistics.h"
#include "ccsim/tool/output/event_columns.h"
#include "ccsim/tool/data_objects/object_records.h"
#include "ccsim/tool/data_objects/path_records.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/lock_records.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_numbering.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/instrumentation/spin_waits.h"
#include "ccsim/tool/output/sorted_rows.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/threads/thread_labels.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// docs/output-format.md: version 2 added the transfer events and records.
constexpr int kProfileVersion = 2;

// The exit summary's thread rows at most (the total row comes on top); see print_summary.
constexpr std::uint32_t kSummaryThreadRows = 16;

const char* mode_name(SimMode mode) {
  switch (mode) {
    case SimMode::Native: return "native";
    case SimMode::Interleaved: return "interleaved";
    case SimMode::Piped: return "piped";
  }
  return "native";
}

// What the first pass over the tables shares: which references the written records name.
struct ReferenceUse {
  const EventList* events;
  ProfileNumbering* numbering;
};

void use_counted_reference(void* context, ProcId, RefId ref, const std::uint64_t* counts) {
  ReferenceUse* use = static_cast<ReferenceUse*>(context);
  if (any_reported(*use->events, counts)) use->numbering->use_reference(ref);
}

void use_evictor_references(void* context, const EvictorEdge& edge) {
  ProfileNumbering* numbering = static_cast<ReferenceUse*>(context)->numbering;
  numbering->use_reference(edge.victim_ref);
  numbering->use_reference(edge.evictor_ref);
}

void use_invalidator_references(void* context, const InvalidatorEdge& edge) {
  ProfileNumbering* numbering = static_cast<ReferenceUse*>(context)->numbering;
  numbering->use_reference(edge.victim_ref);
  numbering->use_reference(edge.invalidator_ref);
}

void use_transfer_references(void* context, const TransferEdge& edge) {
  ProfileNumbering* numbering = static_cast<ReferenceUse*>(context)->numbering;
  numbering->use_reference(edge.source_ref);
  numbering->use_reference(edge.reader_ref);
}

// `counts: <ref> <thread>` rows. A row keeps the reference's id, not a copy of its counts, which are
// read again when the row is written (reference_counts): a large program has hundreds of thousands of
// (reference, thread) pairs, and a copy is kNumEvents counters.
struct CountsRows {
  const EventList* events;
  const ProfileNumbering* numbering;
  SortedRows<2, RefId> rows{"ccsim.out.counts"};
};

void collect_reference_counts(void* context, ProcId proc, RefId ref, const std::uint64_t* counts) {
  CountsRows* r = static_cast<CountsRows*>(context);
  if (!any_reported(*r->events, counts)) return;
  r->rows.add({r->numbering->reference_number(ref), proc + 1}, ref);
}

// `evictor:` rows keyed (victim ref, victim thread, evictor ref, evictor thread, level); the edge gives
// the count.
struct EvictorRows {
  const ProfileNumbering* numbering;
  SortedRows<5, EvictorEdge> rows{"ccsim.out.evictors"};
};

void collect_evictor(void* context, const EvictorEdge& edge) {
  EvictorRows* r = static_cast<EvictorRows*>(context);
  r->rows.add({r->numbering->reference_number(edge.victim_ref), edge.victim_proc + 1,
               r->numbering->reference_number(edge.evictor_ref), edge.evictor_proc + 1,
               static_cast<std::uint32_t>(edge.level)},
              edge);
}

// `invalidator:` rows keyed (victim ref, victim thread, invalidator ref, invalidator thread); the edge
// gives the counts.
struct InvalidatorRows {
  const ProfileNumbering* numbering;
  SortedRows<4, InvalidatorEdge> rows{"ccsim.out.invalidators"};
};

void collect_invalidator(void* context, const InvalidatorEdge& edge) {
  InvalidatorRows* r = static_cast<InvalidatorRows*>(context);
  r->rows.add({r->numbering->reference_number(edge.victim_ref), edge.victim_proc + 1,
               r->numbering->reference_number(edge.invalidator_ref), edge.invalidator_proc + 1},
              edge);
}

// `transfer:` rows keyed (source ref, source thread, reader ref, reader thread); the edge gives the counts.
struct TransferRows {
  const ProfileNumbering* numbering;
  SortedRows<4, TransferEdge> rows{"ccsim.out.transfers"};
};

void collect_transfer(void* context, const TransferEdge& edge) {
  TransferRows* r = static_cast<TransferRows*>(context);
  r->rows.add({r->numbering->reference_number(edge.source_ref), edge.source_proc + 1,
               r->numbering->reference_number(edge.reader_ref), edge.reader_proc + 1},
              edge);
}

// Region rows need the closing barrier's location; sync.cc knows the barrier's code address per region.
struct RegionClose {
  RegionId region;
  Addr barrier;
};

void collect_region_close(void* context, RegionId region, Addr barrier) {
  RegionClose close{region, barrier};
  VG_(addToXA)(static_cast<XArray*>(context), &close);
}

// What a `region:` record says besides its id: the closing barrier's location (profile numbers; 0 0 0
// when unknown) and the counts.
struct RegionRow {
  EventCounts counts;
  std::uint32_t file;
  std::uint32_t function;
  std::uint32_t line;
};

// `region: <id>` rows.
struct RegionRows {
  const ProfileNumbering* numbering;
  XArray* closes;  // of RegionClose
  SortedRows<1, RegionRow> rows{"ccsim.out.regions"};
};

void collect_region(void* context, RegionId region, const std::uint64_t* counts) {
  RegionRows* r = static_cast<RegionRows*>(context);
  Addr barrier = 0;
  for (Word i = 0; i < VG_(sizeXA)(r->closes); ++i) {
    const RegionClose* close = static_cast<const RegionClose*>(VG_(indexXA)(r->closes, i));
    if (close->region == region) barrier = close->barrier;
  }
  RegionRow row{copy_of_counts(counts), 0, 0, 0};
  if (barrier != 0) {
    const Reference* ref = reference_at(barrier);
    row.file = r->numbering->source_file_number(ref->source_file);
    row.function = r->numbering->function_number(ref->function);
    row.line = ref->line;
  }
  r->rows.add({region}, row);
}

void write_header(ProfileFile* file, const EventList& events) {
  const MachineConfig& machine = options.machine;
  file->printf("ccsim-profile-version: %d\n", kProfileVersion);
  file->printf("creator: ccsim %s\n", CCSIM_VERSION);
  file->printf("pid: %d\n", profile_pid());
  file->printf("command: %s", VG_(args_the_exename));
  for (Word i = 0; i < VG_(sizeXA)(VG_(args_for_client)); ++i) {
    file->printf(" %s", *static_cast<HChar**>(VG_(indexXA)(VG_(args_for_client), i)));
  }
  file->printf("\nsim-mode: %s\n", mode_name(options.sync.mode));
  file->printf("threads: %u\n", threads_that_ran());
  file->printf("line-size: %u\n", machine.l1.line_bytes);
  const CacheGeometry* levels[kNumLevels] = {&machine.l1, &machine.l2, &machine.llc};
  for (int l = 0; l < kNumLevels; ++l) {
    const char* name = level_name(static_cast<Level>(l));
    if (levels[l]->present) {
      file->printf("cache: %s %llu %u %u\n", name, static_cast<ULong>(levels[l]->size_bytes),
                   levels[l]->associativity, levels[l]->line_bytes);
    } else {
      file->printf("cache: %s none\n", name);
    }
  }
  file->printf("miss-classes: %s\n", machine.miss_classes ? "yes" : "no");
  file->printf("trace-stack: %s\n", options.trace_stack ? "yes" : "no");
  file->printf("events:");
  for (std::uint32_t i = 0; i < events.count; ++i) file->printf(" %s", event_name(events.ids[i]));
  file->printf("\n");
}

struct SkippedAccesses {
  std::uint64_t stack = 0;
  std::uint64_t runtime = 0;
  std::uint64_t spin = 0;
};

SkippedAccesses skipped_accesses() {
  SkippedAccesses skipped;
  for (std::uint32_t tid = 1; tid <= thread_ids_used(); ++tid) {
    skipped.stack += thread_state(tid)->skipped_stack_accesses;
    skipped.runtime += thread_state(tid)->excluded_runtime_accesses;
  }
  skipped.spin = spin_reads_of_all_threads();
  return skipped;
}

// The closing barrier of every region, with the barrier's reference created: region rows name its
// location, so it must exist before anything is numbered.
XArray* region_closes() {
  XArray* closes = VG_(newXA)(VG_(malloc), "ccsim.out.regions", VG_(free), sizeof(RegionClose));
  sync_for_each_region_close(collect_region_close, closes);
  for (Word i = 0; i < VG_(sizeXA)(closes); ++i) {
    const Addr barrier = static_cast<const RegionClose*>(VG_(indexXA)(closes, i))->barrier;
    if (barrier != 0) reference_at(barrier);
  }
  return closes;
}

// The first pass over the core's tables: the references that the counts, region and edge records name.
void use_references(const RunStatistics& statistics, const EventList& events, XArray* closes,
                    ProfileNumbering* numbering) {
  for (Word i = 0; i < VG_(sizeXA)(closes); ++i) {
    const Addr barrier = static_cast<const RegionClose*>(VG_(indexXA)(closes, i))->barrier;
    if (barrier != 0) numbering->use_reference(reference_at(barrier)->id);
  }
  ReferenceUse use{&events, numbering};
  statistics.for_each_reference(use_counted_reference, &use);
  statistics.for_each_evictor_edge(use_evictor_references, &use);
  statistics.for_each_invalidator_edge(use_invalidator_references, &use);
  statistics.for_each_transfer_edge(use_transfer_references, &use);
}

// `counts:` records, adding them up into `summary` (kNumEvents entries).
void write_reference_counts(ProfileFile* file, const RunStatistics& statistics, const EventList& events,
                            const ProfileNumbering& numbering, std::uint64_t* summary) {
  CountsRows counts{&events, &numbering};
  statistics.for_each_reference(collect_reference_counts, &counts);
  std::uint64_t row[kNumEvents];
  counts.rows.visit_sorted([&](const std::uint32_t* key, const RefId& ref) {
    statistics.reference_counts(key[1] - 1, ref, row);
    for (std::uint32_t e = 0; e < kNumEvents; ++e) summary[e] += row[e];
    file->printf("counts: %u %u", key[0], key[1]);
    write_counts(file, events, row, false);
  });
}

void write_regions(ProfileFile* file, const RunStatistics& statistics, const EventList& events,
                   const ProfileNumbering& numbering, XArray* closes) {
  RegionRows regions{&numbering, closes};
  statistics.for_each_region(collect_region, &regions);
  regions.rows.visit_sorted([&](const std::uint32_t* key, const RegionRow& row) {
    file->printf("region: %u %u %u %u", key[0], row.file, row.function, row.line);
    write_counts(file, events, row.counts.values, false);
  });
}

// `evictor:`, `invalidator:` and `transfer:` records.
void write_edges(ProfileFile* file, const RunStatistics& statistics, const ProfileNumbering& numbering) {
  EvictorRows evictors{&numbering};
  statistics.for_each_evictor_edge(collect_evictor, &evictors);
  evictors.rows.visit_sorted([&](const std::uint32_t* key, const EvictorEdge& edge) {
    file->printf("evictor: %u %u %u %u %s %llu\n", key[0], key[1], key[2], key[3], level_name(edge.level),
                 static_cast<ULong>(edge.count));
  });

  InvalidatorRows invalidators{&numbering};
  statistics.for_each_invalidator_edge(collect_invalidator, &invalidators);
  invalidators.rows.visit_sorted([&](const std::uint32_t* key, const InvalidatorEdge& edge) {
    file->printf("invalidator: %u %u %u %u %llu %llu %llu %llu %llu\n", key[0], key[1], key[2], key[3],
                 static_cast<ULong>(edge.true_in_region), static_cast<ULong>(edge.true_in_region_critical),
                 static_cast<ULong>(edge.false_in_region), static_cast<ULong>(edge.true_across_regions),
                 static_cast<ULong>(edge.false_across_regions));
  });

  TransferRows transfers{&numbering};
  statistics.for_each_transfer_edge(collect_transfer, &transfers);
  transfers.rows.visit_sorted([&](const std::uint32_t* key, const TransferEdge& edge) {
    file->printf("transfer: %u %u %u %u %llu %llu %llu\n", key[0], key[1], key[2], key[3],
                 static_cast<ULong>(edge.from_modified), static_cast<ULong>(edge.from_exclusive),
                 static_cast<ULong>(edge.from_shared));
  });
}

// The records are written in two passes over the tables: the first learns which references and names
// they use, so that those can be numbered canonically (profile_numbering.h); the second writes each kind
// of record sorted by those numbers (sorted_rows.h).
void write_body(ProfileFile* file, const RunStatistics& statistics) {
  EventList events = reported_events(options.machine);
  write_header(file, events);
  SkippedAccesses skipped = skipped_accesses();
  file->printf("skipped: stack %llu\n", static_cast<ULong>(skipped.stack));
  file->printf("skipped: runtime %llu\n", static_cast<ULong>(skipped.runtime));
  file->printf("skipped: spin %llu\n", static_cast<ULong>(skipped.spin));
  write_spin_wait_records(file);
  if (options.sync.mode != SimMode::Native) {
    file->printf("replay: early-flushes %llu\n", static_cast<ULong>(sync_early_flushes()));
  }
  for (std::uint32_t proc = 0; proc < threads_that_ran(); ++proc) {
    HChar label[128];
    thread_label(proc, label, sizeof label);
    file->printf("thread: %u %s\n", proc + 1, label);
  }

  XArray* closes = region_closes();
  create_lock_call_references();
  ProfileNumbering numbering;
  use_references(statistics, events, closes, &numbering);
  use_lock_references(&numbering);
  ObjectRecords* objects =
      options.data_objects ? create_object<ObjectRecords>("ccsim.out.objects", events, &numbering) : nullptr;
  PathRecords* paths =
      objects != nullptr ? create_object<PathRecords>("ccsim.out.paths", *objects, &numbering) : nullptr;
  numbering.number();

  numbering.write_names_and_references(file);
  std::uint64_t summary[kNumEvents] = {};
  write_reference_counts(file, statistics, events, numbering, summary);
  write_regions(file, statistics, events, numbering, closes);
  VG_(deleteXA)(closes);
  write_edges(file, statistics, numbering);
  if (objects != nullptr) objects->write(file, numbering);
  if (paths != nullptr) paths->write(file, numbering);
  destroy_object(paths);
  write_lock_records(file, numbering, objects);
  destroy_object(objects);
  file->printf("summary:");
  write_counts(file, events, summary, true);
}

}  // namespace

bool write_profile(const RunStatistics& statistics) {
  ProfileFile* file = open_profile_file();
  if (file == nullptr) return false;
  write_body(file, statistics);
  return finish_profile_file(file);
}

void print_summary(const RunStatistics& statistics) {
  if (VG_(clo_verbosity) == 0) return;
  const MachineConfig& machine = options.machine;
  const std::uint32_t threads = threads_that_ran();
  tool_message("\n");
  tool_message("%-7s %14s %14s %12s %8s %12s %12s %12s %21s %26s %24s\n", "thread", "reads", "writes", "L1 misses",
            "L1 miss%", "transfers", machine.l2.present ? "L2 misses" : "", machine.llc.present ? "LLC misses" : "",
            "coh.misses true/false", "inval.received true/false", "inval.caused true/false");
  // shown[t]: whether thread t gets a row. All of them up to kSummaryThreadRows threads; past that, the
  // kSummaryThreadRows threads with the most coherence traffic (invalidations received plus caused, then
  // accesses; the lower number on ties), in thread order, so that a run of hundreds of threads keeps a
  // summary a terminal can show. Computed once at exit: O(threads x rows).
  bool* shown =
      static_cast<bool*>(VG_(calloc)("ccsim.summary.shown", threads == 0 ? 1 : threads, sizeof(bool)));
  std::uint64_t counts[kNumEvents];
  if (threads <= kSummaryThreadRows) {
    for (std::uint32_t t = 0; t < threads; ++t) shown[t] = true;
  } else {
    const SizeT bytes = threads * sizeof(std::uint64_t);
    std::uint64_t* traffic = static_cast<std::uint64_t*>(VG_(malloc)("ccsim.summary.traffic", bytes));
    std::uint64_t* accesses = static_cast<std::uint64_t*>(VG_(malloc)("ccsim.summary.accesses", bytes));
    for (std::uint32_t t = 0; t < threads; ++t) {
      statistics.processor_totals(t, counts);
      traffic[t] = counts[kInvalidationsReceivedTrueInRegion] + counts[kInvalidationsReceivedFalseInRegion] +
                   counts[kInvalidationsReceivedTrueAcrossRegions] + counts[kInvalidationsReceivedFalseAcrossRegions] +
                   counts[kInvalidationsCausedTrueInRegion] + counts[kInvalidationsCausedFalseInRegion] +
                   counts[kInvalidationsCausedTrueAcrossRegions] + counts[kInvalidationsCausedFalseAcrossRegions];
      accesses[t] = counts[kReads] + counts[kWrites];
    }
    for (std::uint32_t row = 0; row < kSummaryThreadRows; ++row) {
      std::uint32_t best = threads;
      for (std::uint32_t t = 0; t < threads; ++t) {
        if (shown[t]) continue;
        const bool busier = best == threads || traffic[t] > traffic[best] ||
                            (traffic[t] == traffic[best] && accesses[t] > accesses[best]);
        if (busier) best = t;
      }
      shown[best] = true;
    }
    VG_(free)(traffic);
    VG_(free)(accesses);
  }
  for (std::uint32_t t = 0; t <= threads; ++t) {
    bool total = t == threads;
    if (total) {
      if (threads > kSummaryThreadRows) {
        tool_message("(%'u more threads, none with more coherence traffic than those shown; "
                  "ccsim-annotate --view=summary lists every thread)\n", threads - kSummaryThreadRows);
      }
      statistics.machine_totals(counts);
    } else {
      if (!shown[t]) continue;
      statistics.processor_totals(t, counts);
    }
    auto level_misses = [&](Level level) {
      return counts[level_event(level, kReadMisses)] + counts[level_event(level, kWriteMisses)];
    };
    std::uint64_t accesses = counts[kReads] + counts[kWrites];
    std::uint64_t l1 = level_misses(Level::L1);
    std::uint64_t rate_hundredths = accesses ? (l1 * 10000 + accesses / 2) / accesses : 0;
    // L1 misses another core's copy served (docs/model.md, "Where a miss is served").
    std::uint64_t transfers = counts[kServedByTransferFromModified] + counts[kServedByTransferFromExclusive] +
                              counts[kServedByTransferFromShared];
    std::uint64_t recv_true = counts[kInvalidationsReceivedTrueInRegion] + counts[kInvalidationsReceivedTrueAcrossRegions];
    std::uint64_t recv_false = counts[kInvalidationsReceivedFalseInRegion] + counts[kInvalidationsReceivedFalseAcrossRegions];
    std::uint64_t caused_true = counts[kInvalidationsCausedTrueInRegion] + counts[kInvalidationsCausedTrueAcrossRegions];
    std::uint64_t caused_false = counts[kInvalidationsCausedFalseInRegion] + counts[kInvalidationsCausedFalseAcrossRegions];
    HChar label[16];
    if (total) VG_(sprintf)(label, "total"); else VG_(sprintf)(label, "%u", t + 1);
    HChar l2[24] = "", llc[24] = "", coh[40], recv[40], caused[40];
    if (machine.l2.present) VG_(sprintf)(l2, "%'llu", static_cast<ULong>(level_misses(Level::L2)));
    if (machine.llc.present) VG_(sprintf)(llc, "%'llu", static_cast<ULong>(level_misses(Level::LLC)));
    VG_(sprintf)(coh, "%'llu/%'llu", static_cast<ULong>(counts[kCoherenceMissTrue]), static_cast<ULong>(counts[kCoherenceMissFalse]));
    VG_(sprintf)(recv, "%'llu/%'llu", static_cast<ULong>(recv_true), static_cast<ULong>(recv_false));
    VG_(sprintf)(caused, "%'llu/%'llu", static_cast<ULong>(caused_true), static_cast<ULong>(caused_false));
    tool_message("%-7s %'14llu %'14llu %'12llu %5llu.%02llu%% %'12llu %12s %12s %21s %26s %24s\n", label,
              static_cast<ULong>(counts[kReads]), static_cast<ULong>(counts[kWrites]), static_cast<ULong>(l1),
              static_cast<ULong>(rate_hundredths / 100), static_cast<ULong>(rate_hundredths % 100),
              static_cast<ULong>(transfers), l2, llc, coh, recv, caused);
  }
  VG_(free)(shown);
  SkippedAccesses skipped = skipped_accesses();
  if (skipped.stack) {
    tool_message("accesses not simulated: %'llu to threads' own stacks (because of --trace-stack=no)\n",
              static_cast<ULong>(skipped.stack));
  }
  if (skipped.runtime) {
    tool_message("accesses not simulated: %'llu inside synchronization code (--trace-runtime=yes simulates "
              "them)\n", static_cast<ULong>(skipped.runtime));
  }
  if (skipped.spin) {
    tool_message("accesses not simulated: %'llu re-reads of spin-waiting loads\n",
              static_cast<ULong>(skipped.spin));
  }
  report_spin_waits();
  if (options.sync.mode != SimMode::Native && sync_early_flushes() != 0) {
    // Fair scheduling is ccsim's default (main.cc): only a user who turned it off is told of it.
    if (VG_(clo_fair_sched) != disable_fair_sched) {
      tool_message("the --max-buffer cap forced %'llu early replays: raise it for exact interleaving\n",
                static_cast<ULong>(sync_early_flushes()));
    } else {
      tool_message("the --max-buffer cap forced %'llu early replays: raise it, or leave out --fair-sched=no "
                "so that threads take turns evenly, for exact interleaving\n",
                static_cast<ULong>(sync_early_flushes()));
    }
  }
}

}  // namespace ccsim
