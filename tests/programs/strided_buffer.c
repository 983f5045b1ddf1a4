/* strided_buffer.c: reads 8 bytes of a global buffer, each STRIDE bytes after the last, ROUNDS times over
   (cache sets and working set, docs/model.md). `strided_buffer 4096`: the lines are 4,096 bytes apart;
   `strided_buffer 4160`: 4,160 bytes (one 64-byte line more). Then 13 blocks of 100 bytes are allocated at
   one site, the first 6 freed after the 10th allocation.

   `strided` is 4096-byte aligned. With --L1=4096,2,64 --L2=none --LLC=none (32 sets of 2 ways: the set of a
   line is (address / 64) mod 32):
   - stride 4096: the 8 lines are 64 line numbers apart, all in set 0 (64 mod 32 = 0). Each round reads the
     8 lines in order, and a 2-way LRU set holds the last 2 of them: every read misses. Round 1: 8
     compulsory misses; rounds 2-100: 99 x 8 = 792 replacement misses. A fully-associative LRU cache of 64
     lines would hold all 8 lines: all 792 are conflict misses (--miss-classes=yes). The object's set
     histogram at L1: exactly set 0, 8 lines, 792 replacement and 792 conflict misses. Its lines "fall in 1
     of L1's 32 sets (1/32)": 8 lines > 1 set x 2 ways, and 1 set < half the 8 sets 8 contiguous lines
     fill. At most 2 of its lines are in L1 at once (the set's 2 ways): peak 2.
   - stride 4160: line i is 65 i line numbers from the first, set 65 i mod 32 = i: sets 0-7, one line
     each; 8 compulsory misses and no other (2 ways per set, one line each). All 8 are in L1 after round 1
     and nothing else the loop does touches sets 0-7 between: peak 8.
   - the heap site (`make_block`): 13 allocations; 10 live after the 10th (1,000 bytes), then 6 freed and
     3 more allocated: 7 blocks, 700 bytes at the end (never freed). Peak 10 blocks, 1,000 bytes. */
#include <stdlib.h>

#define LINES 8
#define ROUNDS 100
#define MAX_STRIDE 4160

static char strided[LINES * MAX_STRIDE] __attribute__((aligned(4096)));

static __attribute__((noinline)) char* make_block(void) { return malloc(100); }

int main(int argc, char** argv) {
  const long stride = argc > 1 ? atol(argv[1]) : 4096;
  if (stride <= 0 || stride > MAX_STRIDE) return 2;
  volatile char* buffer = strided;
  long sum = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    for (int i = 0; i < LINES; ++i) sum += buffer[i * stride];
  }
  char* blocks[13];
  for (int i = 0; i < 13; ++i) {
    blocks[i] = make_block();
    blocks[i][0] = (char)i;
    if (i == 9) {
      for (int j = 0; j < 6; ++j) free(blocks[j]);
    }
  }
  return (int)(sum + blocks[12][0]) == 12 ? 0 : 1;
}
