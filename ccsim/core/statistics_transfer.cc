// statistics_transfer.cc: see statistics_transfer.h.
#include "ccsim/core/statistics_transfer.h"

#include <cstring>

#include "ccsim/core/events.h"
#include "ccsim/core/message.h"

namespace ccsim {
namespace {

// A record's first word.
enum RecordKind : std::uint64_t {
  kEnd = 0, kReference = 1, kRegion = 2, kEvictor = 3, kInvalidator = 4, kTransfer = 5, kShadowOp = 6
};

// A shadow op in whole words.
constexpr std::uint64_t kShadowOpWords = (sizeof(ShadowOp) + 7) / 8;

// Each record's words after its kind; the end has one, the count of records before it.
constexpr std::uint64_t kFieldWords[] = {1, 1 + kNumEvents, 1 + kNumEvents, 4, 7, 5, kShadowOpWords};

std::uint64_t pack(RefId ref, ProcId proc) { return (std::uint64_t(ref) << 32) | proc; }
RefId ref_of(std::uint64_t word) { return static_cast<RefId>(word >> 32); }
ProcId proc_of(std::uint64_t word) { return static_cast<ProcId>(word); }

// The records, counted, go out through a WordWriter (word_stream.h): one sink call per block, not per
// record.
struct Writer {
  WordWriter words;
  std::uint64_t records = 0;

  void start(WordSink to, void* to_context) {
    words.start(to, to_context);
    records = 0;
  }
  // One record; `fields` has kFieldWords[kind] words.
  void record(RecordKind kind, const std::uint64_t* fields) {
    words.put(kind);
    words.put(fields, kFieldWords[kind]);
    if (kind != kEnd) ++records;
  }
  // A pair's or a region's record: its key, then the counts.
  void counts(RecordKind kind, std::uint64_t key, const std::uint64_t* counts) {
    std::uint64_t fields[1 + kNumEvents];
    fields[0] = key;
    for (std::uint32_t event = 0; event < kNumEvents; ++event) fields[1 + event] = counts[event];
    record(kind, fields);
  }
};

}  // namespace

bool write_statistics(const Simulator* sim, WordSink sink, void* context) {
  // Static, not on the stack: 32 KiB is more than a Valgrind tool's stack should take at once, and one
  // transfer is written per process.
  static Writer writer;
  writer.start(sink, context);
  for_each_reference(
      sim,
      [](void* w, ProcId proc, RefId ref, const std::uint64_t* counts) {
        static_cast<Writer*>(w)->counts(kReference, pack(ref, proc), counts);
      },
      &writer);
  for_each_region(
      sim, [](void* w, RegionId region, const std::uint64_t* counts) { static_cast<Writer*>(w)->counts(kRegion, region, counts); },
      &writer);
  for_each_evictor_edge(
      sim,
      [](void* w, const EvictorEdge& edge) {
        const std::uint64_t fields[] = {pack(edge.victim_ref, edge.victim_proc), pack(edge.evictor_ref, edge.evictor_proc),
                                        static_cast<std::uint64_t>(edge.level), edge.count};
        static_cast<Writer*>(w)->record(kEvictor, fields);
      },
      &writer);
  for_each_invalidator_edge(
      sim,
      [](void* w, const InvalidatorEdge& edge) {
        const std::uint64_t fields[] = {pack(edge.victim_ref, edge.victim_proc),
                                        pack(edge.invalidator_ref, edge.invalidator_proc),
                                        edge.true_in_region,
                                        edge.true_in_region_critical,
                                        edge.false_in_region,
                                        edge.true_across_regions,
                                        edge.false_across_regions};
        static_cast<Writer*>(w)->record(kInvalidator, fields);
      },
      &writer);
  for_each_transfer_edge(
      sim,
      [](void* w, const TransferEdge& edge) {
        const std::uint64_t fields[] = {pack(edge.source_ref, edge.source_proc), pack(edge.reader_ref, edge.reader_proc),
                                        edge.from_modified, edge.from_exclusive, edge.from_shared};
        static_cast<Writer*>(w)->record(kTransfer, fields);
      },
      &writer);
  if (const ShadowLog* log = shadow_log(sim)) {
    for (std::uint32_t i = 0; i < log->size(); ++i) {
      std::uint64_t fields[kShadowOpWords] = {};
      std::memcpy(fields, &(*log)[i], sizeof(ShadowOp));
      writer.record(kShadowOp, fields);
    }
  }
  const std::uint64_t records = writer.records;
  writer.record(kEnd, &records);
  return writer.words.flush();
}

bool read_statistics(const std::uint64_t* words, std::uint64_t count, MergedStatistics* merged, ShadowLog* log,
                     ErrorMessage* error) {
  std::uint64_t records = 0;
  for (std::uint64_t at = 0; at < count;) {
    const std::uint64_t kind = words[at];
    if (kind > kShadowOp || count - at - 1 < kFieldWords[kind] || (kind == kShadowOp && log == nullptr)) {
      MessageWriter(error).text("the shard's statistics are damaged at word ").number(at).text(".");
      return false;
    }
    const std::uint64_t* f = words + at + 1;
    at += 1 + kFieldWords[kind];
    switch (kind) {
      case kEnd:
        if (f[0] != records) {
          MessageWriter(error).text("the shard's statistics end after ").number(records).text(" records, not the ").number(f[0]).text(" they announce.");
          return false;
        }
        if (at != count) {
          MessageWriter(error).text("the shard's statistics go on after their end.");
          return false;
        }
        return true;
      case kReference:
        merged->add_reference(proc_of(f[0]), ref_of(f[0]), f + 1);
        break;
      case kRegion:
        merged->add_region(static_cast<RegionId>(f[0]), f + 1);
        break;
      case kEvictor:
        merged->add_edge(EvictorEdge{ref_of(f[0]), proc_of(f[0]), ref_of(f[1]), proc_of(f[1]), static_cast<Level>(f[2]), f[3]});
        break;
      case kInvalidator:
        merged->add_edge(InvalidatorEdge{ref_of(f[0]), proc_of(f[0]), ref_of(f[1]), proc_of(f[1]), f[2], f[3], f[4], f[5], f[6]});
        break;
      case kTransfer:
        merged->add_edge(TransferEdge{ref_of(f[0]), proc_of(f[0]), ref_of(f[1]), proc_of(f[1]), f[2], f[3], f[4]});
        break;
      case kShadowOp: {
        ShadowOp op;
        std::memcpy(&op, f, sizeof op);
        log->append(op);
        break;
      }
    }
    ++records;
  }
  MessageWriter(error).text("the shard's statistics stop after ").number(records).text(" records, before their end.");
  return false;
}

}  // namespace ccsim
