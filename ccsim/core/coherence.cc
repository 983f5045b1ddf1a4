// coherence.cc: see coherence.h.
#include "ccsim/core/coherence.h"

#include "ccsim/core/platform.h"

namespace ccsim {

Directory::Directory()
    : index_("ccsim.directory"),
      records_("ccsim.directory"),
      sharer_words_("ccsim.directory"),
      free_records_("ccsim.directory") {}

Directory::~Directory() {
  for_each_record([&](std::uint32_t entry) { release(records_[entry].written_at); });
}

void Directory::init(std::uint32_t max_processors, std::uint32_t line_bytes) {
  words_per_set_ = SharerSet::words_for(max_processors);
  line_bytes_ = line_bytes;
}

std::uint32_t Directory::find(Addr line) const {
  const std::uint32_t* entry = index_.find(line);
  return entry == nullptr ? kAbsent : *entry;
}

std::uint32_t Directory::find_or_add(Addr line) {
  bool added = false;
  std::uint32_t& slot = index_.find_or_add(line, &added);
  if (!added) return slot;
  std::uint32_t entry;
  if (!free_records_.empty()) {
    entry = free_records_.pop_back();
  } else {
    entry = records_.size();
    records_.resize(entry + 1);
    sharer_words_.resize((entry + 1) * words_per_set_);
  }
  slot = entry;
  records_[entry] = LineRecord{line, 0, kNoProcessor, false, 0, nullptr};
  return entry;
}

void Directory::add_holder(std::uint32_t entry, ProcId proc) {
  SharerSet sharers = holders(entry);
  CCSIM_DEBUG_ASSERT(!sharers.contains(proc));
  sharers.add(proc);
  ++records_[entry].holder_count;
}

void Directory::remove_holder(std::uint32_t entry, ProcId proc) {
  SharerSet sharers = holders(entry);
  CCSIM_DEBUG_ASSERT(sharers.contains(proc));
  sharers.remove(proc);
  LineRecord& record = records_[entry];
  --record.holder_count;
  if (record.owner == proc) {
    record.owner = kNoProcessor;
    record.dirty = false;
  }
}

std::uint64_t Directory::add_loss(std::uint32_t entry) {
  LineRecord& record = records_[entry];
  if (record.lost_count++ == 0) {
    record.written_at = allocate_zeroed_array<std::uint64_t>("ccsim.directory.written_at", line_bytes_);
  }
  return ++clock_;
}

void Directory::remove_loss(std::uint32_t entry) {
  LineRecord& record = records_[entry];
  CCSIM_DEBUG_ASSERT(record.lost_count > 0);
  if (--record.lost_count == 0) {
    release(record.written_at);
    record.written_at = nullptr;
  }
}

void Directory::fold_writes(std::uint32_t entry, const std::uint64_t* written, std::uint32_t mask_words) {
  LineRecord& record = records_[entry];
  if (record.lost_count == 0) return;
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

void Directory::release_if_unused(std::uint32_t entry) {
  const LineRecord& record = records_[entry];
  if (record.holder_count != 0 || record.lost_count != 0) return;
  index_.erase(record.line);
  free_records_.push_back(entry);
}

}  // namespace ccsim
