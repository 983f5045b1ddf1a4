/* counted_reader.c: a reader thread sums one field of a struct in a counted loop while a writer thread
   bumps the other field, on the same 64-byte line: false sharing, and work, not waiting. The reader's loop
   stores nothing and re-reads one address, but it ends when its own counter says so, whatever value it
   reads: it is not a polling loop (docs/synchronization.md, "Spin-waiting"), and all its reads are
   simulated.

   Threads: main (1) creates the reader (2) and the writer (3) and joins them. Both meet at a pthread
   barrier, then make ROUNDS accesses of `st` each, one per iteration (their counters and the sum stay in
   registers at -O2; the stack is not simulated): the reader reads `st.limit` (bytes 8-15), the writer
   publishes its count in `st.produced` (bytes 0-7): it is the only writer, so it keeps the count in a
   register and stores it, one write per iteration (`st.produced++` would read it back first: two
   accesses, and half the invalidations below).

   Expected in the interleaved order (one access per thread per turn, docs/synchronization.md): the
   barrier's release puts both threads in region 1 and ends the turn of the thread that arrived last;
   round-robin then starts a new round at the lowest-numbered thread that can run. Main waits in its join,
   so the turns go: reader read 1, writer write 1, reader read 2, writer write 2, ..., reader read ROUNDS,
   writer write ROUNDS.
   - Writer write k removes the copy the reader fetched at read k: ROUNDS = 20,000 invalidations, caused at
     "bump", received at "read limit", all false_in_region (the reader has touched only `limit`, which the
     writer never writes; both in region 1).
   - Reader read 1 is a compulsory miss; reads 2..ROUNDS each miss on the line lost to write k-1, which
     wrote no byte the reader reads: 19,999 false coherence misses.
   - ROUNDS reads simulated at "read limit", none skipped as spinning, no line named as waiting.
   Expected in the piped order: the reader, the lowest-numbered thread that can run, replays all its reads
   up to its end (1 compulsory miss, then hits), then the writer's first write removes its copy: 1 false
   in-region invalidation, no coherence miss; the same ROUNDS reads, none skipped. */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 20000

/* Both fields on one line of 64 bytes, which holds nothing else; volatile, so that the reader reads `limit`
   in every iteration. */
static struct shared {
  volatile long produced;
  volatile long limit;
} __attribute__((aligned(64))) st = {0, 3};

static pthread_barrier_t start;

static void* reader(void* arg) {
  (void)arg;
  long sum = 0;
  pthread_barrier_wait(&start);
  for (int i = 0; i < ROUNDS; i++) sum += st.limit; /* ccsim-test: read limit */
  return (void*)sum;
}

static void* writer(void* arg) {
  (void)arg;
  pthread_barrier_wait(&start);
  for (long i = 0; i < ROUNDS; i++) st.produced = i + 1; /* ccsim-test: bump */
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  void* sum;
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&threads[0], NULL, reader, NULL);
  pthread_create(&threads[1], NULL, writer, NULL);
  pthread_join(threads[0], &sum);
  pthread_join(threads[1], NULL);
  printf("%ld %ld\n", (long)sum, st.produced);
  return (long)sum == 3L * ROUNDS && st.produced == ROUNDS ? 0 : 1;
}
