// cache.cc: see cache.h.
#include "ccsim/core/cache.h"

#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

// Records are aligned to their size up to a host cache line (64 bytes on the machines Valgrind runs on),
// so a record of up to 64 bytes never straddles two.
constexpr std::size_t kHostCacheLine = 64;

}  // namespace

Cache::~Cache() {
  release(tags_);
  release(records_block_);
}

void Cache::init(const CacheGeometry& geometry, CacheRole role, const char* cost_centre) {
  lines_ = static_cast<std::uint32_t>(geometry.size_bytes / geometry.line_bytes);
  associativity_ = geometry.associativity;
  mask_words_ = mask_words_for(geometry.line_bytes);
  set_mask_ = geometry.sets() - 1;
  tags_ = allocate_zeroed_array<Addr>(cost_centre, lines_);
  keeps_written_ = role == CacheRole::Private;
  const std::size_t record_bytes = kMasksOffset + sizeof(std::uint64_t) * mask_words_ * (keeps_written_ ? 2 : 1);
  record_shift_ = 0;
  while ((std::size_t(1) << record_shift_) < record_bytes) ++record_shift_;
  const std::size_t record_size = std::size_t(1) << record_shift_;
  const std::size_t alignment = record_size < kHostCacheLine ? record_size : kHostCacheLine;
  records_block_ = allocate_zeroed_array<unsigned char>(cost_centre, lines_ * record_size + alignment);
  const std::uintptr_t block = reinterpret_cast<std::uintptr_t>(records_block_);
  records_ = static_cast<unsigned char*>(records_block_) + (((block + alignment - 1) & ~(alignment - 1)) - block);
  policy_.init(lines_, cost_centre);
  for (std::uint32_t way = 0; way < lines_; ++way) tags_[way] = kNoLine;
}

// The policy ranks an empty way first (replacement.h), so this is one scan of the set. The lowest rank is
// kept in a register: reloading it each step would chain every compare behind the previous one's load.
std::uint32_t Cache::choose_way(Addr line) const {
  const std::uint32_t first = first_way_of(line);
  std::uint32_t lowest = first;
  std::uint64_t lowest_rank = policy_.rank(first);
  for (std::uint32_t way = first + 1; way < first + associativity_; ++way) {
    const std::uint64_t rank = policy_.rank(way);
    if (rank < lowest_rank) {
      lowest = way;
      lowest_rank = rank;
    }
  }
  return lowest;
}

void Cache::clear() {
  for (std::uint32_t way = 0; way < lines_; ++way) {
    tags_[way] = kNoLine;
    info(way).state = LineState::Invalid;
  }
  policy_.clear();
}

}  // namespace ccsim
