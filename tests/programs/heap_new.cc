// heap_new.cc: C++ allocations are heap objects too. new[] of 8 longs (64 bytes) at one line, written
// once: 8 stores; new[] of two 64-byte-aligned structs (128 bytes, the aligned operator new[]) at
// another line, one store to each: 2 stores. Nothing else touches these blocks.
#include <cstddef>

struct alignas(64) Padded {
  long value;
};

int main() {
  volatile long* array = new long[8]; // ccsim-test: site array
  volatile Padded* padded = new Padded[2]; // ccsim-test: site aligned
  for (long i = 0; i < 8; i++) array[i] = i;
  padded[0].value = 1;
  padded[1].value = 2;
  delete[] array;
  delete[] padded;
  return 0;
}
