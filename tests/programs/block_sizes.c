/* block_sizes.c: heap blocks on both sides of the largest size the heap layer keeps in its shadow table
   alone (64 KiB; larger blocks are in a tree, docs/data-objects.md "Cost"), and freed memory next to a
   live block, read by the one instruction marked "read". Blocks are zeroed by calloc (the allocator's
   own accesses, charged to it), and nothing else reads them:
   - site "exact": 65,536 bytes, read at 0, 64, ..., 65,472: 1,024 reads;
   - site "over": 65,537 bytes, read at 0, 64, ..., 65,536 (its last byte): 1,025 reads;
   - site "span": 200 blocks of 64 bytes, which the allocator puts at one stride (glibc: 80 bytes, the
     block and the next one's header; the program checks that the stride is the same throughout), all
     freed, then read in one pass, one byte at the start of each: 200 reads of freed memory. In native
     order that memory is in no block (the allocator's memory, "allocator's memory ... outside live
     blocks"); the replay orders keep blocks they freed for accesses they reach later and charge the
     reads to the bin "span";
   - site "keeper": 64 bytes, allocated after the span and one stride after its last block (checked),
     read once after the span's pass: 1 read. (Had the span's reads left a range over its bytes cached,
     the keeper's read would be charged to the freed memory.) */
#include <stdio.h>
#include <stdlib.h>

#define SPAN_BLOCKS 200
#define LINE 64

/* One instruction for every pass (not inlined): its cached object range is what the keeper's read tests. */
__attribute__((noinline)) static void read_lines(volatile char* bytes, size_t size, size_t step) {
  char total = 0;
  for (size_t i = 0; i < size; i += step) total += bytes[i]; /* ccsim-test: read */
  (void)total;
}

int main(void) {
  char* exact = calloc(1, 65536);   /* ccsim-test: site exact */
  char* over = calloc(1, 65537);    /* ccsim-test: site over */
  char* span[SPAN_BLOCKS];
  for (int i = 0; i < SPAN_BLOCKS; i++) span[i] = calloc(1, LINE); /* ccsim-test: site span */
  char* keeper = calloc(1, LINE);   /* ccsim-test: site keeper */
  const size_t stride = (size_t)(span[1] - span[0]);
  for (int i = 1; i < SPAN_BLOCKS; i++) {
    if (span[i] != span[i - 1] + stride) {
      printf("block_sizes: span block %d is not one stride after block %d\n", i, i - 1);
      return 2;
    }
  }
  if (keeper != span[SPAN_BLOCKS - 1] + stride) {
    printf("block_sizes: the keeper is not one stride after the span\n");
    return 2;
  }
  read_lines(exact, 65536, LINE);
  read_lines(over, 65537, LINE);
  char* const first = span[0];
  for (int i = 0; i < SPAN_BLOCKS; i++) free(span[i]);
  read_lines(first, SPAN_BLOCKS * stride, stride);
  read_lines(keeper, LINE, LINE);
  free(keeper);
  free(over);
  free(exact);
  return 0;
}
