// xorshift.h: the seeded pseudo-random generator of --schedule=random. Marsaglia's xorshift64: three
// shifts per number, no state but one word, the same sequence for the same seed on every host.
#ifndef CCSIM_REPLAY_XORSHIFT_H
#define CCSIM_REPLAY_XORSHIFT_H

#include <cstdint>

namespace ccsim {

class Xorshift64 {
 public:
  // Seed 0 would make every number 0, so it is replaced by a fixed non-zero word.
  explicit Xorshift64(std::uint64_t seed) : state_(seed != 0 ? seed : 0x9e3779b97f4a7c15ull) {}

  std::uint64_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }

  // A number in [0, bound); bound > 0. The modulo bias is negligible for the small bounds used here
  // (thread counts), and the choice must only be reproducible, not perfectly uniform.
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

}  // namespace ccsim

#endif
