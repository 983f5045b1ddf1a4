// cache.cc: see cache.h.
#include "ccsim/core/cache.h"

#include "ccsim/core/platform.h"

namespace ccsim {

Cache::~Cache() {
  release(tags_);
  release(info_);
  release(touched_);
  release(written_);
}

void Cache::init(const CacheGeometry& geometry, CacheRole role, const char* cost_centre) {
  lines_ = static_cast<std::uint32_t>(geometry.size_bytes / geometry.line_bytes);
  associativity_ = geometry.associativity;
  mask_words_ = mask_words_for(geometry.line_bytes);
  set_mask_ = geometry.sets() - 1;
  tags_ = allocate_zeroed_array<Addr>(cost_centre, lines_);
  info_ = allocate_zeroed_array<LineInfo>(cost_centre, lines_);
  touched_ = allocate_zeroed_array<std::uint64_t>(cost_centre, std::size_t(lines_) * mask_words_);
  if (role == CacheRole::Private) {
    written_ = allocate_zeroed_array<std::uint64_t>(cost_centre, std::size_t(lines_) * mask_words_);
  }
  policy_.init(lines_, cost_centre);
  for (std::uint32_t way = 0; way < lines_; ++way) tags_[way] = kNoLine;
}

std::uint32_t Cache::choose_way(Addr line) const {
  const std::uint32_t first = static_cast<std::uint32_t>(line & set_mask_) * associativity_;
  for (std::uint32_t way = first; way < first + associativity_; ++way) {
    if (tags_[way] == kNoLine) return way;
  }
  return policy_.victim(first, associativity_);
}

void Cache::fill(std::uint32_t way, Addr line, LineState state, ByteRange bytes, bool write, RefId ref, RegionId region,
                 ProcId proc) {
  tags_[way] = line;
  info_[way] = LineInfo{ref, region, proc, state};
  mask_set(touched(way), mask_words_, bytes);
  if (written_ != nullptr) {
    std::uint64_t* written_bytes = written(way);
    mask_clear(written_bytes, mask_words_);
    if (write) mask_add(written_bytes, bytes);
  }
  policy_.touch(way);
}

void Cache::remove(std::uint32_t way) {
  tags_[way] = kNoLine;
  info_[way].state = LineState::Invalid;
  mask_clear(touched(way), mask_words_);
  if (written_ != nullptr) mask_clear(written(way), mask_words_);
}

void Cache::clear() {
  for (std::uint32_t way = 0; way < lines_; ++way) remove(way);
  policy_.clear();
}

}  // namespace ccsim
