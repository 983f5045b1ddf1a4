/* conflicting_arrays.c: two global arrays, `left` and `right`, of LINES = 64 lines each, both aligned to
   4 KiB, read one line of each in turn, ROUNDS = 10 times: left's line k, then right's line k. Nothing
   else is accessed inside the loop (the sum and the counters stay in registers; the reads are volatile).
   The arrays are not static: never written, static ones may be folded into one read-only array.

   Expected with a direct-mapped 4 KiB L1 (--L1=4096,1,64: 64 sets of one 64-byte line) and no L2: line k
   of either array maps to set k (both start at a multiple of 4096), so each set holds one line at a time.
   Round 1: left's line k misses and evicts whatever start-up data held set k; right's line k misses and
   evicts left's line k. Rounds 2 to 10: left's line k misses and evicts right's line k, then right's
   evicts left's. So at L1, right's accesses evict left's lines 64 x 10 = 640 times, and left's accesses
   evict right's lines 64 x 9 = 576 times (right's last lines are evicted after the loop, by whatever the
   exit touches). Each array: 640 read misses (10 rounds x 64 lines). */
#define LINES 64
#define ROUNDS 10

char left[LINES * 64] __attribute__((aligned(4096)));
char right[LINES * 64] __attribute__((aligned(4096)));

int main(void) {
  long sum = 0;
  for (int round = 0; round < ROUNDS; round++) {
    for (int line = 0; line < LINES; line++) {
      sum += *(volatile char*)&left[64 * line];  /* ccsim-test: left */
      sum += *(volatile char*)&right[64 * line]; /* ccsim-test: right */
    }
  }
  return (int)(sum & 1);
}
