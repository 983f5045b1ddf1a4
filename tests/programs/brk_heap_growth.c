/* brk_heap_growth.c: grows the brk heap twice with sbrk, without malloc (so the allocator gives no block
   there), and writes one byte on each page a growth added: 4 pages, then 4 more, 8 writes in all. It
   prints where the two growths start ("first 0x... second 0x..."), formatted on the stack and written
   with write(2): stdio would allocate its buffer with malloc, in the same heap.
   tests/tool/object_tests.cc checks that the 8 writes go to one object, the brk heap's, whose extent
   covers both growths: the heap is made an object at its growths, not at the lookups of its bytes (which,
   in the native order, come between the growths). */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  const intptr_t page = 4096;
  char* end = sbrk(0);
  const intptr_t pad = (page - ((intptr_t)end & (page - 1))) & (page - 1);
  volatile char* first = (char*)sbrk(pad + 4 * page) + pad;
  for (int i = 0; i < 4; ++i) first[i * page] = 1;
  volatile char* second = sbrk(4 * page);
  for (int i = 0; i < 4; ++i) second[i * page] = 2;
  char line[64];
  const int length = snprintf(line, sizeof line, "first %p second %p\n", (void*)first, (void*)second);
  return write(1, line, (size_t)length) == length ? 0 : 1;
}
