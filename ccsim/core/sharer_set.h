// sharer_set.h: the set of processors holding a line, as the directory keeps it. Up to 4096 processors
// need 64 words of bits; a summary word (bit w set when bit word w is non-zero) lets every operation,
// visiting included, cost time in the number of actual sharers rather than in the number of processors:
// a write to a line two processors share costs the same on a 4-processor and on a 4096-processor machine.
//
// The summary and the word of processors 0-63 live inside the directory's record of the line (NearSharers),
// the words of processors 64 and up in an array apart. An eviction removes a holder from a line last
// touched long ago, whose record is mostly not in the host's caches; with all the words in an array of
// their own (9 words per line on the tool's 500-processor machine) that was a second host cache miss.
// Now the processors of a machine's first 64 threads touch the record only.
#ifndef CCSIM_CORE_SHARER_SET_H
#define CCSIM_CORE_SHARER_SET_H

#include <cstdint>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/types.h"

namespace ccsim {

// The part of a sharer set kept in the directory's record of its line.
struct NearSharers {
  std::uint64_t summary;  // bit w set when the word of processors 64w..64w+63 is non-zero
  std::uint64_t first;    // processors 0..63, bit p for processor p
};

// A view of a set whose near part and far words (processors 64w..64w+63 in far[w - 1], w >= 1) are
// owned elsewhere (the directory's records and its far-word pool).
class SharerSet {
 public:
  // The far words a set of `max_processors` needs: none up to 64 processors.
  static std::uint32_t far_words_for(std::uint32_t max_processors) {
    return max_processors > 64 ? (max_processors + 63) / 64 - 1 : 0;
  }

  SharerSet(NearSharers* near, std::uint64_t* far) : near_(near), far_(far) {}

  bool contains(ProcId proc) const { return contains(*near_, far_, proc); }
  // Membership in a set held read-only.
  static bool contains(const NearSharers& near, const std::uint64_t* far, ProcId proc) {
    return (word_of(near, far, proc) >> (proc & 63)) & 1;
  }
  bool empty() const { return near_->summary == 0; }

  void add(ProcId proc) {
    word_of(*near_, far_, proc) |= std::uint64_t(1) << (proc & 63);
    near_->summary |= std::uint64_t(1) << (proc >> 6);
  }

  void remove(ProcId proc) {
    std::uint64_t& bits = word_of(*near_, far_, proc);
    bits &= ~(std::uint64_t(1) << (proc & 63));
    if (bits == 0) near_->summary &= ~(std::uint64_t(1) << (proc >> 6));
  }

  // Calls visit(proc) for each member, lowest first. `visit` may remove members: the words being
  // scanned are copies taken before the call.
  template <class Visit>
  void for_each(Visit visit) const {
    for (std::uint64_t summary = near_->summary; summary != 0; summary &= summary - 1) {
      const std::uint32_t word = static_cast<std::uint32_t>(__builtin_ctzll(summary));
      for (std::uint64_t bits = word_at(word); bits != 0; bits &= bits - 1) {
        visit(static_cast<ProcId>(word * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits))));
      }
    }
  }

  // The lowest member; the set must not be empty. The one sharer that supplies a Shared line
  // (docs/model.md, "Where a miss is served").
  ProcId lowest() const {
    const std::uint32_t word = static_cast<std::uint32_t>(__builtin_ctzll(near_->summary));
    return static_cast<ProcId>(word * 64 + static_cast<std::uint32_t>(__builtin_ctzll(word_at(word))));
  }

  // The number of members, in time proportional to the words that have any (for invariant checks).
  std::uint32_t size() const {
    std::uint32_t members = 0;
    for (std::uint64_t summary = near_->summary; summary != 0; summary &= summary - 1) {
      const std::uint32_t word = static_cast<std::uint32_t>(__builtin_ctzll(summary));
      members += popcount_word(word_at(word));
    }
    return members;
  }

 private:
  // The word holding `proc`'s bit. A branch rather than one array of words: processors 0-63, the common
  // case, then read the record the caller has already brought into the host's cache.
  template <class Near, class Word>
  static Word& word_of(Near& near, Word* far, ProcId proc) {
    return proc < 64 ? near.first : far[(proc >> 6) - 1];
  }
  std::uint64_t word_at(std::uint32_t word) const { return word == 0 ? near_->first : far_[word - 1]; }

  NearSharers* near_;
  std::uint64_t* far_;
};

}  // namespace ccsim

#endif
