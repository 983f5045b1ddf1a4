/* allocator_entries.c: one thread allocates a 64-byte block with malloc in each of the ways a program
   reaches it, whose wrapper ccsim's instrumentation enters from malloc's first instruction instead of
   Valgrind's redirection (ccsim/tool/instrumentation/entry_wrappers.h):
   - a call through the PLT;
   - a call through a function pointer read from a volatile variable;
   - a jump from a function of the program that tail-calls it (written in assembly, so that no compiler
     makes it a call): at malloc's first instruction, the return address on the stack is the program's
     call of that function, as at a plain call.
   Each block gets its 8 longs written once and is freed the same way it was allocated. So each block is
   the heap object of its own allocation site, allocated by malloc, with 8 writes: a call whose wrapper
   was not entered would leave its block unknown to ccsim (its bytes in no heap object). */
#include <stdio.h>
#include <stdlib.h>

static void* (*volatile malloc_pointer)(size_t) = malloc;
static void (*volatile free_pointer)(void*) = free;

/* malloc_by_jump(n) and free_by_jump(p): jumps to malloc and free. */
void* malloc_by_jump(size_t size);
void free_by_jump(void* block);
__asm__(".text\n"
        ".globl malloc_by_jump\n"
        ".type malloc_by_jump, @function\n"
        "malloc_by_jump:\n"
        "\tjmp malloc@PLT\n"
        ".size malloc_by_jump, .-malloc_by_jump\n"
        ".globl free_by_jump\n"
        ".type free_by_jump, @function\n"
        "free_by_jump:\n"
        "\tjmp free@PLT\n"
        ".size free_by_jump, .-free_by_jump\n");

static void fill(volatile long* block) {
  for (int i = 0; i < 8; i++) block[i] = i;
}

int main(void) {
  volatile long* called = malloc(64); /* ccsim-test: site called */
  volatile long* pointed = malloc_pointer(64); /* ccsim-test: site pointer */
  volatile long* jumped = malloc_by_jump(64); /* ccsim-test: site jump */
  if (called == NULL || pointed == NULL || jumped == NULL) return 1;
  fill(called);
  fill(pointed);
  fill(jumped);
  free((void*)called);
  free_pointer((void*)pointed);
  free_by_jump((void*)jumped);
  printf("done\n");
  return 0;
}
