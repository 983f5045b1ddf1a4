// word_stream.h: 64-bit words written to a sink a block at a time, and read back in order: the form in
// which a simulation worker of line shards hands its tables to the worker that writes the profile
// (docs/parallel-simulation.md, section 9): the simulator's statistics (statistics_transfer.h) and the
// tool's data-object tables (tool/data_objects/object_transfer.h). Both ends are copies of one build on
// one machine, so a word is in the host's order and a table's layout needs no description.
#ifndef CCSIM_CORE_WORD_STREAM_H
#define CCSIM_CORE_WORD_STREAM_H

#include <cstdint>

namespace ccsim {

// Where the words go, a block at a time; false stops the writing (a full disk).
using WordSink = bool (*)(void* context, const std::uint64_t* words, std::uint64_t count);

// Buffers words for a WordSink: one sink call per kBlockWords words. 32 KiB: keep one in static storage,
// not on a Valgrind tool's stack.
class WordWriter {
 public:
  static constexpr std::uint32_t kBlockWords = 4096;

  void start(WordSink sink, void* context) {
    sink_ = sink;
    context_ = context;
    ok_ = true;
    used_ = 0;
  }
  void put(std::uint64_t word) {
    if (used_ == kBlockWords) flush();
    block_[used_++] = word;
  }
  void put(const std::uint64_t* words, std::uint64_t count) {
    for (std::uint64_t i = 0; i < count; ++i) put(words[i]);
  }
  // Hands the buffered words to the sink; false once the sink has refused any.
  bool flush() {
    if (ok_ && used_ > 0) ok_ = sink_(context_, block_, used_);
    used_ = 0;
    return ok_;
  }

 private:
  WordSink sink_ = nullptr;
  void* context_ = nullptr;
  bool ok_ = true;
  std::uint32_t used_ = 0;
  std::uint64_t block_[kBlockWords];
};

// Reads words in order from memory. A read past the end fails the reader for good, and every later read
// fails too, so a caller may read a whole record and test ok() once.
class WordReader {
 public:
  WordReader(const std::uint64_t* words, std::uint64_t count) : words_(words), count_(count) {}

  // The next `count` words, or null (the reader then failed) when fewer are left.
  const std::uint64_t* take(std::uint64_t count) {
    if (!ok_ || count_ - at_ < count) {
      ok_ = false;
      return nullptr;
    }
    const std::uint64_t* words = words_ + at_;
    at_ += count;
    return words;
  }
  // The next word, or 0 (the reader then failed) when none is left.
  std::uint64_t get() {
    const std::uint64_t* word = take(1);
    return word != nullptr ? *word : 0;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == count_; }
  std::uint64_t position() const { return at_; }

 private:
  const std::uint64_t* words_;
  std::uint64_t count_;
  std::uint64_t at_ = 0;
  bool ok_ = true;
};

}  // namespace ccsim

#endif
