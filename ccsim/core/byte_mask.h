// byte_mask.h: sets of byte offsets within one cache line, the bookkeeping behind temporal vs spatial hits,
// spatial use at eviction and true vs false sharing. A line of 8..256 bytes needs one to four 64-bit words;
// bit b of word w stands for byte 64*w + b of the line. Lines shorter than 64 bytes use the low bits of
// one word.
#ifndef CCSIM_CORE_BYTE_MASK_H
#define CCSIM_CORE_BYTE_MASK_H

#include <cstdint>

namespace ccsim {

constexpr std::uint32_t kMaxLineBytes = 256;
constexpr std::uint32_t kMaxMaskWords = kMaxLineBytes / 64;

// The words a mask of a line of `line_bytes` bytes needs.
constexpr std::uint32_t mask_words_for(std::uint32_t line_bytes) { return line_bytes <= 64 ? 1 : line_bytes / 64; }

// The bytes [first, first + length) of one line that one line access names; length >= 1 and the range
// lies inside the line (simulate_access splits accesses that straddle lines).
struct ByteRange {
  std::uint32_t first;
  std::uint32_t length;
};

// `length` bits (1..64) starting at bit `first` (first + length <= 64). Shifting all-ones right avoids
// the undefined 1 << 64 without a branch.
inline std::uint64_t bit_run(std::uint32_t first, std::uint32_t length) {
  return (~std::uint64_t(0) >> (64 - length)) << first;
}

// The bits of mask word `word` that `range` covers (zero when the range misses that word).
inline std::uint64_t range_bits_in_word(ByteRange range, std::uint32_t word) {
  const std::uint32_t word_first = word * 64;
  const std::uint32_t end = range.first + range.length;
  if (end <= word_first || range.first >= word_first + 64) return 0;
  const std::uint32_t lo = (range.first > word_first ? range.first : word_first) - word_first;
  const std::uint32_t hi = (end < word_first + 64 ? end : word_first + 64) - word_first;
  return bit_run(lo, hi - lo);
}

// mask_add_was_covered() for a range over two or more words: kept out of line so that the common case
// stays small where it is inlined.
__attribute__((noinline)) inline bool mask_add_was_covered_spanning(std::uint64_t* mask, ByteRange range) {
  bool covered = true;
  for (std::uint32_t w = range.first / 64; w <= (range.first + range.length - 1) / 64; ++w) {
    const std::uint64_t bits = range_bits_in_word(range, w);
    covered = covered && (mask[w] & bits) == bits;
    mask[w] |= bits;
  }
  return covered;
}

// Adds `range` to `mask` and says whether every byte of it was already there (a temporal hit).
// This runs on every L1 hit. Almost every access lies within one 64-byte word of the mask (always, for
// lines up to 64 bytes), so that case is a few straight-line instructions.
// mask_add_was_covered() for a range that lies within one word of the mask, as the L1 hit path checks
// before it starts: straight-line code with no call.
inline bool mask_add_was_covered_in_word(std::uint64_t* mask, ByteRange range) {
  const std::uint64_t bits = bit_run(range.first & 63, range.length);
  std::uint64_t& word = mask[range.first >> 6];
  const std::uint64_t before = word;
  word = before | bits;
  return (before & bits) == bits;
}

inline bool mask_add_was_covered(std::uint64_t* mask, ByteRange range) {
  if (__builtin_expect((range.first & 63) + range.length > 64, 0)) return mask_add_was_covered_spanning(mask, range);
  return mask_add_was_covered_in_word(mask, range);
}

inline void mask_add(std::uint64_t* mask, ByteRange range) { mask_add_was_covered(mask, range); }

// Whether `mask` holds at least one byte of `range` (true sharing: the writer's bytes meet the victim's).
inline bool mask_overlaps(const std::uint64_t* mask, ByteRange range) {
  const std::uint32_t first_word = range.first / 64;
  const std::uint32_t last_word = (range.first + range.length - 1) / 64;
  for (std::uint32_t w = first_word; w <= last_word; ++w) {
    if ((mask[w] & range_bits_in_word(range, w)) != 0) return true;
  }
  return false;
}

// The whole-mask operations below run several times per miss (fills, evictions, the fold of an L1 copy
// into L2). A line of up to 64 bytes, the usual case, has one word: each helper does word 0 outside its
// loop, so that case is straight-line code (and clearing does not become a call to memset).
inline void mask_or(std::uint64_t* into, const std::uint64_t* from, std::uint32_t words) {
  into[0] |= from[0];
  for (std::uint32_t w = 1; w < words; ++w) into[w] |= from[w];
}

inline void mask_clear(std::uint64_t* mask, std::uint32_t words) {
  mask[0] = 0;
  for (std::uint32_t w = 1; w < words; ++w) mask[w] = 0;
}

inline void mask_set(std::uint64_t* mask, std::uint32_t words, ByteRange range) {
  if (words == 1) {
    mask[0] = bit_run(range.first, range.length);
    return;
  }
  for (std::uint32_t w = 0; w < words; ++w) mask[w] = range_bits_in_word(range, w);
}

// The bits set in one word, by the classic parallel sum: __builtin_popcountll is a call into libgcc on a
// generic x86-64 target, slower than these dozen instructions.
inline std::uint32_t popcount_word(std::uint64_t bits) {
  bits = bits - ((bits >> 1) & 0x5555555555555555ull);
  bits = (bits & 0x3333333333333333ull) + ((bits >> 2) & 0x3333333333333333ull);
  bits = (bits + (bits >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<std::uint32_t>((bits * 0x0101010101010101ull) >> 56);
}

// Number of bytes in the mask (bytes used at eviction, once per eviction).
inline std::uint32_t mask_popcount(const std::uint64_t* mask, std::uint32_t words) {
  std::uint32_t count = popcount_word(mask[0]);
  for (std::uint32_t w = 1; w < words; ++w) count += popcount_word(mask[w]);
  return count;
}

}  // namespace ccsim

#endif
