// coherence.cc: see coherence.h.
#include "ccsim/core/coherence.h"

#include "ccsim/core/platform.h"

namespace ccsim {

Directory::Directory()
    : index_("ccsim.directory"),
      records_("ccsim.directory"),
      far_sharer_words_("ccsim.directory"),
      free_records_("ccsim.directory"),
      spare_written_at_("ccsim.directory") {}

Directory::~Directory() {
  for_each_record([&](std::uint32_t entry) { release(records_[entry].written_at); });
  while (!spare_written_at_.empty()) release(spare_written_at_.pop_back());
}

void Directory::init(std::uint32_t max_processors, std::uint32_t line_bytes) {
  far_words_per_set_ = SharerSet::far_words_for(max_processors);
  line_bytes_ = line_bytes;
}

std::uint32_t Directory::find(Addr line) const {
  const IndexChunk* chunk = index_.find(line);
  const std::uint32_t record_plus_one = chunk == nullptr ? 0 : chunk->record_plus_one[index_.slot_of(line)];
  return record_plus_one - 1;  // kAbsent for 0
}

std::uint32_t Directory::grow_records() {
  const std::uint32_t entry = records_.size();
  records_.resize(entry + 1);
  far_sharer_words_.resize((entry + 1) * far_words_per_set_);
  return entry;
}

std::uint64_t Directory::add_loss(std::uint32_t entry) {
  LineRecord& record = records_[entry];
  if (record.lost_count++ == 0) {
    record.written_at = spare_written_at_.empty()
                            ? allocate_zeroed_array<std::uint64_t>("ccsim.directory.written_at", line_bytes_)
                            : spare_written_at_.pop_back();
  }
  return ++clock_;
}

void Directory::remove_loss(std::uint32_t entry) {
  LineRecord& record = records_[entry];
  CCSIM_DEBUG_ASSERT(record.lost_count > 0);
  if (--record.lost_count == 0) {
    spare_written_at_.push_back(record.written_at);
    record.written_at = nullptr;
  }
}

void Directory::fold_writes(std::uint32_t entry, const std::uint64_t* written, std::uint32_t mask_words) {
  LineRecord& record = records_[entry];
  CCSIM_DEBUG_ASSERT(record.lost_count != 0);
  const std::uint64_t now = ++clock_;
  for (std::uint32_t word = 0; word < mask_words; ++word) {
    for (std::uint64_t bits = written[word]; bits != 0; bits &= bits - 1) {
      record.written_at[word * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits))] = now;
    }
  }
}

bool Directory::written_since(std::uint32_t entry, ByteRange bytes, std::uint64_t since) const {
  const LineRecord& record = records_[entry];
  CCSIM_DEBUG_ASSERT(record.written_at != nullptr);
  for (std::uint32_t byte = bytes.first; byte < bytes.first + bytes.length; ++byte) {
    if (record.written_at[byte] > since) return true;
  }
  return false;
}

}  // namespace ccsim
