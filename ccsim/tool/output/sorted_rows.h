// sorted_rows.h: profile records written in the order of their numeric keys. The tables the records come
// from (the core's hash maps, the data-object statistics) are visited in an order that follows hash
// values and the order Valgrind translated the code in, which changes between runs; buffering the rows
// and sorting them by the numbers the file shows makes two runs that count the same write the same file.
#ifndef CCSIM_TOOL_SORTED_ROWS_H
#define CCSIM_TOOL_SORTED_ROWS_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Rows of one kind of record: a key of `kKeyFields` numbers as the file shows them (profile numbers of
// references and objects, thread numbers), most significant first, and the rest of the record. Every
// kind's keys are unique, so the order is total and the sort's instability never shows.
template <std::uint32_t kKeyFields, class Payload>
class SortedRows {
 public:
  using Key = std::uint32_t[kKeyFields];

  explicit SortedRows(const char* cost_centre) : keys_(cost_centre), payloads_(cost_centre) {}

  void add(const Key& key, const Payload& payload) {
    IndexedKey indexed;
    for (std::uint32_t f = 0; f < kKeyFields; ++f) indexed.fields[f] = key[f];
    indexed.payload = payloads_.size();
    keys_.push_back(indexed);
    payloads_.push_back(payload);
  }

  // Calls visit(key, payload) for every row, in key order.
  template <class Visit>
  void visit_sorted(Visit visit) {
    VG_(ssort)(keys_.data(), keys_.size(), sizeof(IndexedKey), compare_keys);
    for (std::uint32_t i = 0; i < keys_.size(); ++i) visit(keys_[i].fields, payloads_[keys_[i].payload]);
  }

 private:
  // The sort moves keys only: a payload (a region row holds a copy of its counts) stays where it was added.
  struct IndexedKey {
    std::uint32_t fields[kKeyFields];
    std::uint32_t payload;  // index into payloads_
  };

  static Int compare_keys(const void* a, const void* b) {
    const std::uint32_t* x = static_cast<const IndexedKey*>(a)->fields;
    const std::uint32_t* y = static_cast<const IndexedKey*>(b)->fields;
    for (std::uint32_t f = 0; f < kKeyFields; ++f) {
      if (x[f] != y[f]) return x[f] < y[f] ? -1 : 1;
    }
    return 0;
  }

  GrowableArray<IndexedKey> keys_;
  GrowableArray<Payload> payloads_;
};

}  // namespace ccsim

#endif
