/* evicted_block.c: a small heap block that starts in the middle of a cache line, read once, and its line
   then evicted by a sweep. Allocation loop: a 24-byte pad ("site pad"), then a 40-byte block at "site
   block", until the block starts at 32 mod 64 right after the pad, in a line whose set of the test's L1
   (4 KiB, direct-mapped: 64 sets of 64-byte lines) is at least 16 sets from the set of the loop's stack
   frame (nothing is freed; exit status 2 when no block does within 64 tries). glibc puts the pad's 24
   bytes at 0..23 of the block's line and the block's header at 24..31; the pad's malloc writes the header
   of the heap's top there, the block's malloc reads and writes it. The loop reads the block's first long
   (32..39) at once; main then writes one byte of each line of an 8 KiB array.

   Expected with a direct-mapped 4 KiB L1 and no other level (tests/tool/object_tests.cc): the line is
   evicted once, by the sweep, with 16 bytes used (the header malloc wrote, the long the loop read). The
   eviction is charged to the object holding the first byte used, the header: the allocator's memory
   between blocks, 1 L1 eviction and 16 bytes used there, its only event. Neither the pad, which holds
   the line's first byte and which nothing touched, nor the block's site gets it. The allocator's other
   lines, last touched inside malloc, are charged to the allocator's own accesses, not to that memory.

   Why the stack matters: the line must stay in the cache from the pad's malloc to the read. Another
   line of its set touched in between evicts it with only the header used (charged to the allocator's
   own accesses, which touched it last), and the read brings it back with 8 bytes, whose eviction then
   goes to the block's site. In that window the loop touches the heap, the allocator's globals and the
   stack: malloc's frames, a few hundred bytes below the loop's (under ccsim the window's stack accesses
   that evicted the line were 3 to 4 sets below the loop's frame), hence the 16 sets. The stack's place
   depends on the lengths of the program's path and environment (their strings lie above it), so main
   first moves the stack to the same place modulo the L1's 4 KiB (alloca): the loop then touches the same
   sets, and picks the same line, whatever the path and environment. */
#include <alloca.h>
#include <stdint.h>
#include <stdlib.h>

enum { kLineBytes = 64, kSets = 64 }; /* the test's L1: 64 sets of one 64-byte line, 4 KiB */

/* volatile: the sweep's stores must stay, although nothing reads the array back (gcc -O2 drops the
   stores to a plain static array that nothing reads, and with them the sweep). */
static volatile char sweep[8192];

/* The L1 set of the line holding `address`. */
static unsigned set_of(uintptr_t address) { return (unsigned)(address / kLineBytes) % kSets; }

/* How many sets apart two sets are, the shorter way around (0..32). */
static unsigned sets_apart(unsigned a, unsigned b) {
  const unsigned forward = (a - b) % kSets;
  return forward <= kSets / 2 ? forward : kSets - forward;
}

/* The block, already read once; NULL when none of 64 tries gives one. noinline: its frame, and malloc's
   below it, are where main put the stack. */
static __attribute__((noinline)) long* allocate_block(void) {
  char here; /* the address of this frame */
  const unsigned stack_set = set_of((uintptr_t)&here);
  for (int tries = 0; tries < 64; tries++) {
    const uintptr_t pad = (uintptr_t)malloc(24); /* ccsim-test: site pad */
    long* candidate = malloc(40);                /* ccsim-test: site block */
    const uintptr_t at = (uintptr_t)candidate;
    if (at % kLineBytes == 32 && at == pad + 32 && sets_apart(set_of(at), stack_set) >= 16) {
      __asm__("" : "+r"(candidate)); /* malloc wrote no value there: reading it as is is the point */
      volatile long seen = candidate[0];
      (void)seen;
      return candidate;
    }
  }
  return NULL;
}

int main(void) {
  /* Moves the stack down by the distance from `here` to the next address below it that is 2048 (any
     fixed place) modulo 4096: `here` lies a fixed distance above the stack pointer and alloca rounds to
     16 bytes, so the stack pointer ends at the same place modulo 4096 whatever it started at. */
  char here;
  char* room = alloca(((uintptr_t)&here - 2048) % 4096);
  __asm__ volatile("" : : "r"(room) : "memory"); /* keeps the alloca */
  if (allocate_block() == NULL) return 2;
  for (unsigned i = 0; i < sizeof sweep; i += 64) sweep[i] = 1;
  return 0;
}
