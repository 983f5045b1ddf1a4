// growable_array.h: a vector for the core, which cannot use std::vector (it allocates through libstdc++
// and throws). Elements must be trivially copyable: growing moves them with memcpy. Storage comes from the
// injected allocator; capacity doubles, so appending is amortized O(1).
#ifndef CCSIM_CORE_GROWABLE_ARRAY_H
#define CCSIM_CORE_GROWABLE_ARRAY_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ccsim/core/platform.h"

namespace ccsim {

template <class T>
class GrowableArray {
  static_assert(std::is_trivially_copyable<T>::value, "GrowableArray moves its elements with memcpy");

 public:
  explicit GrowableArray(const char* cost_centre) : cost_centre_(cost_centre) {}
  ~GrowableArray() { release(elements_); }
  GrowableArray(const GrowableArray&) = delete;
  GrowableArray& operator=(const GrowableArray&) = delete;

  std::uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::uint32_t index) {
    CCSIM_DEBUG_ASSERT(index < size_);
    return elements_[index];
  }
  const T& operator[](std::uint32_t index) const {
    CCSIM_DEBUG_ASSERT(index < size_);
    return elements_[index];
  }
  T* data() { return elements_; }
  const T* data() const { return elements_; }

  void push_back(const T& value) {
    if (size_ == capacity_) reserve(capacity_ == 0 ? 8 : capacity_ * 2);
    elements_[size_++] = value;
  }
  T pop_back() {
    CCSIM_DEBUG_ASSERT(size_ > 0);
    return elements_[--size_];
  }

  // Grows to `new_size` elements, the new ones zero-filled (or shrinks, keeping the storage).
  void resize(std::uint32_t new_size) {
    if (new_size > capacity_) reserve(new_size > capacity_ * 2 ? new_size : capacity_ * 2);
    if (new_size > size_) std::memset(static_cast<void*>(elements_ + size_), 0, (new_size - size_) * sizeof(T));
    size_ = new_size;
  }

  void clear() { size_ = 0; }

 private:
  void reserve(std::uint32_t new_capacity) {
    T* grown = allocate_zeroed_array<T>(cost_centre_, new_capacity);
    if (size_ > 0) std::memcpy(static_cast<void*>(grown), elements_, size_ * sizeof(T));
    release(elements_);
    elements_ = grown;
    capacity_ = new_capacity;
  }

  const char* cost_centre_;
  T* elements_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
};

}  // namespace ccsim

#endif
