// placement_prediction.cc: virtual lines of one block in every layout (placement_prediction.h).
#include "ccsim/core/placement_prediction.h"

#include <cstring>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/platform.h"

namespace ccsim {

namespace {

// Starts are 16 bytes apart (the allocators' alignment), or one line apart for shorter lines.
std::uint32_t start_step(std::uint32_t line_bytes) { return line_bytes < 16 ? line_bytes : 16; }

std::uint32_t starts_of(std::uint32_t line_bytes) { return line_bytes / start_step(line_bytes); }

}  // namespace

std::uint32_t placement_layout_count(std::uint32_t line_bytes) {
  return starts_of(line_bytes) + starts_of(2 * line_bytes);
}

PlacementLayout placement_layout(std::uint32_t line_bytes, Addr base, std::uint32_t index) {
  std::uint32_t bytes = line_bytes;
  if (index >= starts_of(line_bytes)) {
    index -= starts_of(line_bytes);
    bytes = 2 * line_bytes;
  }
  const std::uint32_t step = start_step(bytes);
  return PlacementLayout{bytes, static_cast<std::uint32_t>(base % step) + step * index};
}

PlacementPrediction::PlacementPrediction(Addr base, std::uint64_t size, std::uint32_t line_bytes)
    : base_(base), size_(size), layout_count_(placement_layout_count(line_bytes)) {
  CCSIM_ASSERT(size >= 1);
  layouts_ = allocate_zeroed_array<Layout>("ccsim.placement.layouts", layout_count_);
  for (std::uint32_t i = 0; i < layout_count_; ++i) {
    Layout& layout = layouts_[i];
    layout.shape = placement_layout(line_bytes, base, i);
    layout.line_shift = static_cast<std::uint32_t>(__builtin_ctz(layout.shape.line_bytes));
    layout.mask_words = mask_words_for(layout.shape.line_bytes);
    layout.line_count = ((size + layout.shape.start - 1) >> layout.line_shift) + 1;
    layout.lines = allocate_zeroed_array<VirtualLine>("ccsim.placement.lines", layout.line_count);
  }
}

PlacementPrediction::~PlacementPrediction() {
  for (std::uint32_t i = 0; i < layout_count_; ++i) {
    for (std::uint64_t line = 0; line < layouts_[i].line_count; ++line) {
      if (layouts_[i].lines[line].holders != nullptr) release(layouts_[i].lines[line].holders);
    }
    release(layouts_[i].lines);
  }
  release(layouts_);
}

void PlacementPrediction::access(ProcId proc, Addr address, std::uint32_t size, bool write) {
  if (address < base_ || address - base_ >= size_) return;
  std::uint64_t first = address - base_;
  const std::uint64_t end = first + size < size_ ? first + size : size_;
  for (std::uint32_t i = 0; i < layout_count_; ++i) {
    Layout& layout = layouts_[i];
    // The access's bytes as virtual addresses of this layout, split at its virtual lines.
    std::uint64_t at = first + layout.shape.start;
    const std::uint64_t stop = end + layout.shape.start;
    while (at < stop) {
      const std::uint64_t line = at >> layout.line_shift;
      const std::uint64_t line_end = (line + 1) << layout.line_shift;
      const std::uint64_t piece_end = stop < line_end ? stop : line_end;
      access_line(layout, layout.lines[line], proc, static_cast<std::uint32_t>(at - (line << layout.line_shift)),
                  static_cast<std::uint32_t>(piece_end - at), write);
      at = piece_end;
    }
  }
}

// A holder is (1 + mask_words) words: its processor, then its touched mask.
void PlacementPrediction::access_line(Layout& layout, VirtualLine& line, ProcId proc, std::uint32_t first,
                                      std::uint32_t length, bool write) {
  const std::uint32_t stride = 1 + layout.mask_words;
  const ByteRange bytes{first, length};
  std::uint64_t* own = nullptr;
  if (write) {
    // Every other copy goes; the writer's own (if any) moves to the front.
    std::uint32_t kept = 0;
    for (std::uint32_t h = 0; h < line.count; ++h) {
      std::uint64_t* holder = line.holders + h * stride;
      if (holder[0] == proc) {
        if (kept != h) std::memmove(line.holders + kept * stride, holder, stride * sizeof(std::uint64_t));
        ++kept;
        continue;
      }
      if (mask_overlaps(holder + 1, bytes)) {
        ++layout.counts.true_sharing;
      } else {
        ++layout.counts.false_sharing;
      }
    }
    line.count = kept;
    if (kept == 1) own = line.holders;
  } else {
    for (std::uint32_t h = 0; h < line.count && own == nullptr; ++h) {
      if (line.holders[h * stride] == proc) own = line.holders + h * stride;
    }
  }
  if (own == nullptr) {
    // A new copy, with nothing touched yet.
    if (line.count == line.capacity) {
      const std::uint32_t capacity = line.capacity == 0 ? 2 : 2 * line.capacity;
      auto* grown = allocate_zeroed_array<std::uint64_t>("ccsim.placement.holders", capacity * stride);
      if (line.count != 0) std::memcpy(grown, line.holders, line.count * stride * sizeof(std::uint64_t));
      if (line.holders != nullptr) release(line.holders);
      line.holders = grown;
      line.capacity = capacity;
    }
    own = line.holders + line.count * stride;
    ++line.count;
    own[0] = proc;
    mask_clear(own + 1, layout.mask_words);
  }
  mask_add(own + 1, bytes);
}

void PlacementPrediction::zero_counts() {
  for (std::uint32_t i = 0; i < layout_count_; ++i) layouts_[i].counts = PlacementCounts{};
}

}  // namespace ccsim
