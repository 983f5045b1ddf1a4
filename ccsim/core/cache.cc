// cache.cc: see cache.h.
#include "ccsim/core/cache.h"

#include "ccsim/core/platform.h"

namespace ccsim {

Cache::~Cache() {
  release(tags_);
  release(info_);
  release(links_);
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
    links_ = allocate_zeroed_array<LineLinks>(cost_centre, lines_);
    written_ = allocate_zeroed_array<std::uint64_t>(cost_centre, std::size_t(lines_) * mask_words_);
  }
  policy_.init(lines_, cost_centre);
  for (std::uint32_t way = 0; way < lines_; ++way) tags_[way] = kNoLine;
}

// The policy ranks an empty way first (replacement.h), so this is one scan of the set. The lowest rank is
// kept in a register: reloading it each step would chain every compare behind the previous one's load.
// Two ways per step, as in find(), in way order: the first of equal ranks (empty ways) is chosen.
std::uint32_t Cache::choose_way(Addr line) const {
  const std::uint32_t first = first_way_of(line);
  const std::uint64_t* const ranks = policy_.ranks() + first;
  const std::uint64_t* const end = ranks + associativity_;
  const std::uint64_t* lowest = ranks;
  std::uint64_t lowest_rank = *ranks;
  // Way 0 is the start; an even associativity pairs way 0 with way 1 (way 0 compares equal, no change).
  for (const std::uint64_t* rank = ranks + (associativity_ & 1); rank != end; rank += 2) {
    if (rank[0] < lowest_rank) {
      lowest = rank;
      lowest_rank = rank[0];
    }
    if (rank[1] < lowest_rank) {
      lowest = rank + 1;
      lowest_rank = rank[1];
    }
  }
  return first + static_cast<std::uint32_t>(lowest - ranks);
}

void Cache::clear() {
  for (std::uint32_t way = 0; way < lines_; ++way) {
    tags_[way] = kNoLine;
    info_[way].state = LineState::Invalid;
  }
  policy_.clear();
}

}  // namespace ccsim
