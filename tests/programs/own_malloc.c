/* own_malloc.c: a program that defines its own malloc, calloc, realloc and free (a bump allocator over a
   static arena that never reuses memory), as a program linking an allocator statically does. The C library
   and the dynamic linker call them too (the program's definitions take precedence over libc's). Like
   Valgrind's own malloc replacement, ccsim wraps the allocator functions an executable defines as global
   functions unless --soname-synonyms=somalloc=PATTERN names where the allocator is (NONE: the executable).
   The program allocates one 48-byte block at a marked site, writes its 6 longs once and frees it: wrapped,
   the block is the heap object of that site, allocated by malloc, with 6 writes. */
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

enum { kArenaBytes = 1 << 20, kHeader = 16 };
static alignas(64) char arena[kArenaBytes];
static size_t used;

/* A block of `size` bytes after a 16-byte header holding its size; null when the arena is full. */
void* malloc(size_t size) {
  const size_t rounded = (size + 15) & ~(size_t)15;
  if (rounded + kHeader > kArenaBytes - used) return NULL;
  char* block = arena + used + kHeader;
  memcpy(block - kHeader, &size, sizeof size);
  used += rounded + kHeader;
  return block;
}

void free(void* block) { (void)block; }

void* calloc(size_t count, size_t size) {
  if (size != 0 && count > (size_t)-1 / size) return NULL;
  return malloc(count * size); /* the arena is never reused: its bytes are still zero */
}

void* realloc(void* old, size_t size) {
  void* block = malloc(size);
  if (old != NULL && block != NULL) {
    size_t old_size;
    memcpy(&old_size, (char*)old - kHeader, sizeof old_size);
    memcpy(block, old, old_size < size ? old_size : size);
  }
  return block;
}

int main(void) {
  volatile long* block = malloc(48); /* ccsim-test: site block */
  if (block == NULL) return 1;
  for (int i = 0; i < 6; i++) block[i] = i;
  free((void*)block);
  printf("done\n");
  return 0;
}
