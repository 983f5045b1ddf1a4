// hash_map.h: an open-addressing hash map for the core's off-hot-path tables (the directory, lines ever
// held, lost lines, edges, regions, shadow caches). std::unordered_map is not available inside Valgrind.
//
// Capacity is a power of two; the slot of a key is its multiplicative (Fibonacci) hash, the top bits of
// key * 2^64/phi, so no division; collisions probe linearly; erasing shifts later entries of the probe run
// back (no tombstones, so lookups never slow down after many erasures). Load stays at most 3/4.
// Keys and values are trivially copyable and kept in separate arrays, so a set (an empty Value type)
// costs only its keys and one occupancy byte per slot.
#ifndef CCSIM_CORE_HASH_MAP_H
#define CCSIM_CORE_HASH_MAP_H

#include <cstdint>
#include <type_traits>

#include "ccsim/core/platform.h"

namespace ccsim {

// How a key is hashed and compared. Integer keys use this; composite keys provide their own with the
// same two functions (`hash` mixes the fields into 64 bits; the map scrambles the result).
template <class Key>
struct IntegerKeyTraits {
  static std::uint64_t hash(Key key) { return static_cast<std::uint64_t>(key); }
  static bool equal(Key a, Key b) { return a == b; }
};

// The Value of a set.
struct NoValue {};

template <class Key, class Value, class Traits = IntegerKeyTraits<Key>>
class HashMap {
  static_assert(std::is_trivially_copyable<Key>::value && std::is_trivially_copyable<Value>::value,
                "HashMap moves keys and values with plain copies");
  static constexpr bool kIsSet = std::is_empty<Value>::value;

 public:
  explicit HashMap(const char* cost_centre) : cost_centre_(cost_centre) {}
  ~HashMap() { release_storage(); }
  HashMap(const HashMap&) = delete;
  HashMap& operator=(const HashMap&) = delete;

  std::uint32_t size() const { return size_; }

  // The value stored for `key`, or null. The pointer is valid until the next insertion or erasure.
  Value* find(const Key& key) {
    static_assert(!kIsSet, "a set has no values: use contains()");
    const std::uint32_t slot = find_slot(key);
    return slot == kNotFound ? nullptr : &values_[slot];
  }
  const Value* find(const Key& key) const { return const_cast<HashMap*>(this)->find(key); }
  bool contains(const Key& key) const { return find_slot(key) != kNotFound; }

  // The value for `key`, inserted zero-filled when absent; `added` (optional) says whether it was.
  Value& find_or_add(const Key& key, bool* added = nullptr) {
    static_assert(!kIsSet, "a set has no values: use add()");
    std::uint32_t slot = find_slot(key);
    if (added != nullptr) *added = slot == kNotFound;
    if (slot == kNotFound) slot = insert_new(key);
    return values_[slot];
  }

  // Inserts `key` into a set; says whether it was new.
  bool add(const Key& key) {
    if (find_slot(key) != kNotFound) return false;
    insert_new(key);
    return true;
  }

  bool erase(const Key& key) {
    std::uint32_t hole = find_slot(key);
    if (hole == kNotFound) return false;
    // Backward-shift deletion: walk the probe run after the hole and move back every entry whose home
    // slot is not cyclically between the hole and its current slot.
    std::uint32_t next = (hole + 1) & mask_;
    while (occupied_[next]) {
      const std::uint32_t home = home_slot(keys_[next]);
      const bool stays = ((next - home) & mask_) < ((next - hole) & mask_);
      if (!stays) {
        move_slot(next, hole);
        hole = next;
      }
      next = (next + 1) & mask_;
    }
    occupied_[hole] = 0;
    --size_;
    return true;
  }

  // Calls visit(key, value) (a set: visit(key)) for every entry; the map must not change meanwhile.
  template <class Visit>
  void for_each(Visit visit) const {
    for (std::uint32_t slot = 0; slot < capacity(); ++slot) {
      if (!occupied_[slot]) continue;
      if constexpr (kIsSet) {
        visit(keys_[slot]);
      } else {
        visit(keys_[slot], values_[slot]);
      }
    }
  }
  // The same, letting visit(key, value) change the values (not the keys).
  template <class Visit>
  void for_each(Visit visit) {
    static_assert(!kIsSet, "a set has no values to change");
    for (std::uint32_t slot = 0; slot < capacity(); ++slot) {
      if (occupied_[slot]) visit(keys_[slot], values_[slot]);
    }
  }
  // Empties the map and returns its storage.
  void clear() {
    release_storage();
    size_ = 0;
    mask_ = 0;
  }

 private:
  static constexpr std::uint32_t kNotFound = ~std::uint32_t(0);
  static constexpr std::uint32_t kInitialCapacity = 16;
  static constexpr std::uint64_t kGoldenRatio = 0x9E3779B97F4A7C15ull;  // 2^64 / phi, odd

  std::uint32_t capacity() const { return keys_ == nullptr ? 0 : mask_ + 1; }

  std::uint32_t home_slot(const Key& key) const {
    return static_cast<std::uint32_t>((Traits::hash(key) * kGoldenRatio) >> (64 - capacity_bits_));
  }

  std::uint32_t find_slot(const Key& key) const {
    if (size_ == 0) return kNotFound;
    for (std::uint32_t slot = home_slot(key);; slot = (slot + 1) & mask_) {
      if (!occupied_[slot]) return kNotFound;
      if (Traits::equal(keys_[slot], key)) return slot;
    }
  }

  std::uint32_t insert_new(const Key& key) {
    if ((size_ + 1) * 4 > capacity() * 3) grow();
    std::uint32_t slot = home_slot(key);
    while (occupied_[slot]) slot = (slot + 1) & mask_;
    occupied_[slot] = 1;
    keys_[slot] = key;
    if constexpr (!kIsSet) values_[slot] = Value{};
    ++size_;
    return slot;
  }

  void move_slot(std::uint32_t from, std::uint32_t to) {
    keys_[to] = keys_[from];
    if constexpr (!kIsSet) values_[to] = values_[from];
    occupied_[to] = 1;
  }

  void grow() {
    const std::uint32_t old_capacity = capacity();
    Key* old_keys = keys_;
    Value* old_values = values_;
    std::uint8_t* old_occupied = occupied_;
    const std::uint32_t new_capacity = old_capacity == 0 ? kInitialCapacity : old_capacity * 2;
    keys_ = allocate_zeroed_array<Key>(cost_centre_, new_capacity);
    if constexpr (!kIsSet) values_ = allocate_zeroed_array<Value>(cost_centre_, new_capacity);
    occupied_ = allocate_zeroed_array<std::uint8_t>(cost_centre_, new_capacity);
    mask_ = new_capacity - 1;
    capacity_bits_ = static_cast<std::uint32_t>(__builtin_ctz(new_capacity));
    for (std::uint32_t slot = 0; slot < old_capacity; ++slot) {
      if (!old_occupied[slot]) continue;
      std::uint32_t to = home_slot(old_keys[slot]);
      while (occupied_[to]) to = (to + 1) & mask_;
      occupied_[to] = 1;
      keys_[to] = old_keys[slot];
      if constexpr (!kIsSet) values_[to] = old_values[slot];
    }
    release(old_keys);
    release(old_values);
    release(old_occupied);
  }

  void release_storage() {
    release(keys_);
    release(values_);
    release(occupied_);
    keys_ = nullptr;
    values_ = nullptr;
    occupied_ = nullptr;
  }

  const char* cost_centre_;
  Key* keys_ = nullptr;
  Value* values_ = nullptr;  // stays null for a set
  std::uint8_t* occupied_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t mask_ = 0;  // capacity - 1
  std::uint32_t capacity_bits_ = 0;
};

template <class Key, class Traits = IntegerKeyTraits<Key>>
using HashSet = HashMap<Key, NoValue, Traits>;

}  // namespace ccsim

#endif
