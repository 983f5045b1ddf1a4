// invariants.cc: the protocol's invariants, stated once and checked two ways: for one line after every line
// access in debug builds (configure --enable-debug, and the unit tests), and for the whole machine by
// check_invariants(). Per line:
//   - inclusion: a line in a processor's L1 is in its L2, in the same MESI state, and the two copies name
//     each other's ways;
//   - only a Modified copy has written bytes (and, checked by check_invariants(), no empty way has any);
//   - the directory lists exactly the processors whose private hierarchy holds the line, and every
//     private copy names the line's directory record;
//   - at most one processor holds it in E or M, that processor is the directory's owner and then the only
//     holder, and the directory's dirty flag says whether it is M;
//   - a processor that lost the line (and not re-fetched it) does not hold it, and the directory counts
//     exactly those processors, keeping per-byte write times only while there is one.
#include "ccsim/core/message.h"
#include "ccsim/core/simulator_impl.h"

namespace ccsim {
namespace {

const char* state_name(LineState state) {
  switch (state) {
    case LineState::Invalid:
      return "Invalid";
    case LineState::Shared:
      return "Shared";
    case LineState::Exclusive:
      return "Exclusive";
    case LineState::Modified:
      return "Modified";
  }
  return "?";
}

bool mask_is_empty(const std::uint64_t* mask, std::uint32_t words) {
  for (std::uint32_t w = 0; w < words; ++w) {
    if (mask[w] != 0) return false;
  }
  return true;
}

// Whether `way` of a private cache keeps written bytes it should not: only a Modified copy has any.
bool written_without_modified(const Cache& cache, std::uint32_t way, std::uint32_t mask_words) {
  const bool modified = cache.tag(way) != Cache::kNoLine && cache.info(way).state == LineState::Modified;
  return !modified && !mask_is_empty(cache.written(way), mask_words);
}

}  // namespace

bool Simulator::check_line(Addr line, ErrorMessage* error) const {
  const std::uint32_t entry = directory_.find(line);
  std::uint32_t holders = 0;
  std::uint32_t losers = 0;
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) {
    const Processor* self = processors_[proc];
    if (self == nullptr) continue;
    const std::uint32_t way1 = self->l1.find(line);
    const std::uint32_t way2 = self->l2.present() ? self->l2.find(line) : Cache::kAbsent;
    if (self->l2.present() && way1 != Cache::kAbsent) {
      if (way2 == Cache::kAbsent) {
        MessageWriter(error)
            .text("processor ")
            .number(proc)
            .text("'s L1 holds line ")
            .hex(line)
            .text(" but its L2 does not (inclusion).");
        return false;
      }
      if (self->l1.info(way1).state != self->l2.info(way2).state) {
        MessageWriter(error)
            .text("processor ")
            .number(proc)
            .text(" holds line ")
            .hex(line)
            .text(" ")
            .text(state_name(self->l1.info(way1).state))
            .text(" in L1 but ")
            .text(state_name(self->l2.info(way2).state))
            .text(" in L2.");
        return false;
      }
    }
    const bool l1_written_stray = way1 != Cache::kAbsent && written_without_modified(self->l1, way1, mask_words_);
    const bool l2_written_stray = way2 != Cache::kAbsent && written_without_modified(self->l2, way2, mask_words_);
    if (l1_written_stray || l2_written_stray) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text("'s ")
          .text(l1_written_stray ? "L1" : "L2")
          .text(" copy of line ")
          .hex(line)
          .text(" is not Modified but has written bytes.");
      return false;
    }
    const bool l1_link_broken = way1 != Cache::kAbsent && self->l2.present() && self->l1.links(way1).peer_way != way2;
    const bool l2_link_broken = way2 != Cache::kAbsent && self->l2.links(way2).peer_way != way1;
    if (l1_link_broken || l2_link_broken) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text("'s ")
          .text(l1_link_broken ? "L1" : "L2")
          .text(" copy of line ")
          .hex(line)
          .text(" is not linked to the way of its ")
          .text(l1_link_broken ? "L2" : "L1")
          .text(" copy.");
      return false;
    }
    const std::uint32_t outer_way = self->l2.present() ? way2 : way1;
    const bool holds = outer_way != Cache::kAbsent;
    const bool listed = entry != Directory::kAbsent && directory_.is_holder(entry, proc);
    if (holds != listed) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text(holds ? " holds" : " does not hold")
          .text(" line ")
          .hex(line)
          .text(" but the directory ")
          .text(listed ? "lists" : "does not list")
          .text(" it as a holder.");
      return false;
    }
    const bool l1_entry_stale = way1 != Cache::kAbsent && self->l1.links(way1).directory_entry != entry;
    const bool l2_entry_stale = way2 != Cache::kAbsent && self->l2.links(way2).directory_entry != entry;
    if (l1_entry_stale || l2_entry_stale) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text("'s ")
          .text(l1_entry_stale ? "L1" : "L2")
          .text(" copy of line ")
          .hex(line)
          .text(" names directory record ")
          .number((l1_entry_stale ? self->l1.links(way1) : self->l2.links(way2)).directory_entry)
          .text(" but the line's record is ")
          .number(entry)
          .text(".");
      return false;
    }
    const bool lost = self->lost_lines.contains(line);
    if (holds && lost) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text(" holds line ")
          .hex(line)
          .text(" that it is recorded as having lost to another processor's write.");
      return false;
    }
    holders += holds;
    losers += lost;
    if (!holds) continue;
    const LineState state = (self->l2.present() ? self->l2 : self->l1).info(outer_way).state;
    const LineRecord& record = directory_.record(entry);
    const bool exclusive = state == LineState::Exclusive || state == LineState::Modified;
    if (exclusive != (record.owner == proc) || (exclusive && record.dirty != (state == LineState::Modified))) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text(" holds line ")
          .hex(line)
          .text(" ")
          .text(state_name(state))
          .text(" but the directory's owner is ")
          .number(record.owner)
          .text(record.dirty ? " (dirty)." : " (clean).");
      return false;
    }
  }
  if (entry == Directory::kAbsent) {
    if (losers != 0) {
      MessageWriter(error)
          .text("line ")
          .hex(line)
          .text(" was lost by ")
          .number(losers)
          .text(" processors but the directory has no record of it.");
      return false;
    }
    return true;
  }
  const LineRecord& record = directory_.record(entry);
  const std::uint32_t listed_holders = directory_.holder_count(entry);
  if (listed_holders != holders) {
    MessageWriter(error)
        .text("the directory lists ")
        .number(listed_holders)
        .text(" holders of line ")
        .hex(line)
        .text(" but ")
        .number(holders)
        .text(" processors hold it.");
    return false;
  }
  if (record.owner == kNoProcessor ? record.dirty : !directory_.is_holder(entry, record.owner)) {
    MessageWriter(error)
        .text("the directory's owner of line ")
        .hex(line)
        .text(" (")
        .number(record.owner)
        .text(record.dirty ? ", dirty" : ", clean")
        .text(") does not hold it.");
    return false;
  }
  if (record.owner != kNoProcessor && holders != 1) {
    MessageWriter(error)
        .text("line ")
        .hex(line)
        .text(" is held exclusively by processor ")
        .number(record.owner)
        .text(" and by ")
        .number(holders - 1)
        .text(" other processors.");
    return false;
  }
  if (record.lost_count != losers || (losers != 0) != (record.written_at != nullptr)) {
    MessageWriter(error)
        .text("the directory counts ")
        .number(record.lost_count)
        .text(" processors that lost line ")
        .hex(line)
        .text(" but ")
        .number(losers)
        .text(" did (or keeps its write times without them).");
    return false;
  }
  if (holders == 0 && losers == 0) {
    MessageWriter(error)
        .text("the directory keeps a record of line ")
        .hex(line)
        .text(" that no processor holds or lost.");
    return false;
  }
  return true;
}

void Simulator::fail_on_broken_line(Addr line) const {
  ErrorMessage error;
  if (!check_line(line, &error)) platform().fail(__FILE__, __LINE__, error.text);
}

// Every line some cache holds or some processor lost must have a directory record; then checking every
// record's line covers every line.
bool Simulator::check_invariants(ErrorMessage* error) const {
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) {
    const Processor* self = processors_[proc];
    if (self == nullptr) continue;
    bool known = true;
    Addr unknown_line = 0;
    const auto require_record = [&](Addr line) {
      if (known && directory_.find(line) == Directory::kAbsent) {
        known = false;
        unknown_line = line;
      }
    };
    self->l1.for_each_line([&](std::uint32_t way) { require_record(self->l1.tag(way)); });
    if (self->l2.present()) self->l2.for_each_line([&](std::uint32_t way) { require_record(self->l2.tag(way)); });
    self->lost_lines.for_each([&](Addr line, std::uint64_t) { require_record(line); });
    if (!known) {
      MessageWriter(error)
          .text("processor ")
          .number(proc)
          .text(" holds or lost line ")
          .hex(unknown_line)
          .text(" that the directory has no record of.");
      return false;
    }
    const Cache* const private_caches[] = {&self->l1, &self->l2};
    for (const Cache* cache : private_caches) {
      if (!cache->present()) continue;
      for (std::uint32_t way = 0; way < cache->lines(); ++way) {
        if (cache->tag(way) == Cache::kNoLine && written_without_modified(*cache, way, mask_words_)) {
          MessageWriter(error)
              .text("processor ")
              .number(proc)
              .text(cache == &self->l1 ? "'s L1" : "'s L2")
              .text(" way ")
              .number(way)
              .text(" is empty but has written bytes, which a read fill would keep.");
          return false;
        }
      }
    }
  }
  bool consistent = true;
  directory_.for_each_record([&](std::uint32_t entry) {
    if (consistent) consistent = check_line(directory_.record(entry).line, error);
  });
  return consistent;
}

}  // namespace ccsim
