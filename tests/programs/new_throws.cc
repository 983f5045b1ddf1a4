/* new_throws.cc: operator new throws std::bad_alloc (a request no allocator can serve), the program
   catches it and goes on: the call that threw never returned through ccsim's wrapper. Then it allocates
   8 longs at "site after" and writes each once: the test finds that block's object with its 8 writes (a
   thread left "inside the allocator" would have it taken for the allocator's own). */
#include <cstdio>
#include <new>

static void fill(volatile long* block) {
  for (int i = 0; i < 8; i++) block[i] = i;
}

int main() {
  volatile std::size_t huge = std::size_t(1) << 62;
  try {
    char* never = new char[huge];
    std::printf("allocated %p\n", static_cast<void*>(never));
  } catch (const std::bad_alloc&) {
    std::printf("caught bad_alloc\n");
  }
  long* block = new long[8]; /* ccsim-test: site after */
  fill(block);
  delete[] block;
  return 0;
}
