// notices.cc: the observer's notices (observer.h), built from the simulator's state at the slow-path event
// that counted them. Each event site calls these only when the observer wants that notice, so building
// them costs nothing otherwise.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

MissNotice Simulator::miss_notice(const LineAccess& access, Level level, LevelEvent cause, bool capacity) const {
  MissNotice notice;
  notice.proc = access.proc;
  notice.ref = access.ref;
  notice.address = (access.line << line_shift_) + access.bytes.first;
  notice.size = access.bytes.length;
  notice.level = level;
  notice.cause = cause;
  notice.capacity = capacity;
  notice.write = writes(access.kind);
  notice.class_later = false;
  notice.region = access.region;
  return notice;
}

void Simulator::notify_miss(const LineAccess& access, Level level, LevelEvent cause, bool capacity) const {
  observer_.miss(observer_.context, miss_notice(access, level, cause, capacity));
}

void Simulator::notify_coherence_miss(const LineAccess& access, bool true_sharing) const {
  CoherenceMissNotice notice;
  notice.proc = access.proc;
  notice.ref = access.ref;
  notice.address = (access.line << line_shift_) + access.bytes.first;
  notice.size = access.bytes.length;
  notice.true_sharing = true_sharing;
  notice.region = access.region;
  observer_.coherence_miss(observer_.context, notice);
}

void Simulator::notify_invalidation(const LineAccess& access, ProcId victim, const LineInfo& victim_info,
                                    const std::uint64_t* victim_touched, const std::uint64_t* victim_written,
                                    bool true_sharing, bool in_region, bool critical) const {
  InvalidationNotice notice;
  notice.victim_proc = victim;
  notice.victim_ref = victim_info.last_ref;
  notice.writer_proc = access.proc;
  notice.writer_ref = access.ref;
  notice.line_address = access.line << line_shift_;
  notice.written_offset = access.bytes.first;
  notice.written_size = access.bytes.length;
  notice.victim_touched = victim_touched;
  notice.victim_written = victim_written;
  notice.true_sharing = true_sharing;
  notice.in_region = in_region;
  notice.critical = critical;
  notice.writer_region = access.region;
  observer_.invalidation(observer_.context, notice);
}

void Simulator::notify_eviction(const LineAccess& access, Level level, const Cache& cache, std::uint32_t way,
                                std::uint32_t bytes_used) const {
  const LineInfo& victim = cache.info(way);
  EvictionNotice notice;
  notice.victim_proc = victim.last_proc;
  notice.victim_ref = victim.last_ref;
  notice.evictor_proc = access.proc;
  notice.evictor_ref = access.ref;
  notice.evictor_address = (access.line << line_shift_) + access.bytes.first;
  notice.line_address = cache.tag(way) << line_shift_;
  notice.level = level;
  notice.bytes_used = bytes_used;
  notice.first_byte_used = 0;
  const std::uint64_t* touched = cache.touched(way);
  for (std::uint32_t word = 0; word < mask_words_; ++word) {
    if (touched[word] != 0) {
      notice.first_byte_used = 64 * word + static_cast<std::uint32_t>(__builtin_ctzll(touched[word]));
      break;
    }
  }
  observer_.eviction(observer_.context, notice);
}

void Simulator::notify_served(const LineAccess& access, std::uint32_t source, ProcId supplier_proc,
                              RefId supplier_ref) const {
  ServedNotice notice;
  notice.proc = access.proc;
  notice.ref = access.ref;
  notice.address = (access.line << line_shift_) + access.bytes.first;
  notice.size = access.bytes.length;
  notice.source = source;
  notice.supplier_proc = supplier_proc;
  notice.supplier_ref = supplier_ref;
  notice.region = access.region;
  observer_.served(observer_.context, notice);
}

void Simulator::notify_downgrade(const LineAccess& access, ProcId owner_proc, RefId owner_ref) const {
  DowngradeNotice notice;
  notice.reader_proc = access.proc;
  notice.reader_ref = access.ref;
  notice.owner_proc = owner_proc;
  notice.owner_ref = owner_ref;
  notice.address = (access.line << line_shift_) + access.bytes.first;
  notice.size = access.bytes.length;
  notice.region = access.region;
  observer_.downgrade(observer_.context, notice);
}

}  // namespace ccsim
