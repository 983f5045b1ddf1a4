// sharer_set.h: the set of processors holding a line, as the directory keeps it. Up to 4096 processors
// need 64 words of bits; a summary word (bit w set when bit word w is non-zero) lets every operation,
// visiting included, cost time in the number of actual sharers rather than in the number of processors:
// a write to a line two processors share costs the same on a 4-processor and on a 4096-processor machine.
#ifndef CCSIM_CORE_SHARER_SET_H
#define CCSIM_CORE_SHARER_SET_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

// A view of 1 + ceil(max_processors / 64) words owned elsewhere (the directory's pool): word 0 is the
// summary, word 1 + w holds processors 64w..64w+63.
class SharerSet {
 public:
  static std::uint32_t words_for(std::uint32_t max_processors) { return 1 + (max_processors + 63) / 64; }

  explicit SharerSet(std::uint64_t* words) : words_(words) {}

  bool contains(ProcId proc) const { return contains(words_, proc); }
  // Membership in a set stored at `words`, for readers that hold the words read-only.
  static bool contains(const std::uint64_t* words, ProcId proc) { return (words[1 + (proc >> 6)] >> (proc & 63)) & 1; }
  bool empty() const { return words_[0] == 0; }

  void add(ProcId proc) {
    words_[1 + (proc >> 6)] |= std::uint64_t(1) << (proc & 63);
    words_[0] |= std::uint64_t(1) << (proc >> 6);
  }

  void remove(ProcId proc) {
    std::uint64_t& bits = words_[1 + (proc >> 6)];
    bits &= ~(std::uint64_t(1) << (proc & 63));
    if (bits == 0) words_[0] &= ~(std::uint64_t(1) << (proc >> 6));
  }

  // Calls visit(proc) for each member, lowest first. `visit` may remove members: the words being
  // scanned are copies taken before the call.
  template <class Visit>
  void for_each(Visit visit) const {
    for (std::uint64_t summary = words_[0]; summary != 0; summary &= summary - 1) {
      const std::uint32_t word = static_cast<std::uint32_t>(__builtin_ctzll(summary));
      for (std::uint64_t bits = words_[1 + word]; bits != 0; bits &= bits - 1) {
        visit(static_cast<ProcId>(word * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits))));
      }
    }
  }

 private:
  std::uint64_t* words_;
};

}  // namespace ccsim

#endif
