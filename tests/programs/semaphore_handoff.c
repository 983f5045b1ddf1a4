/* semaphore_handoff.c: two workers take turns through POSIX semaphores while main waits on a third.
   Worker A (created first: Valgrind thread 2) waits on `a_turn` (initial value 1), adds 1 to
   `shared.counter` TURN = 10 times, and posts `b_turn`; worker B (thread 3) waits on `b_turn` (initial
   value 0), does the same and posts `a_turn`: ROUNDS = 100 turns each. After each of its turns a worker
   also writes its own 8 KiB array `own[t]` whole (1,024 stores: the other worker's turn runs meanwhile
   in the replay). Each worker posts `done` after its last turn; main waits on `done` twice, joins both
   and reads the counter.

   Expected in every order (the replay's, which the semaphores order, and the native one, the real run's,
   which they order too): the turns alternate A, B, A, ... (200 turns), each turn's 10 increments (a load
   and a store of the same 8 bytes) one thread's in a row. A's first load is its compulsory miss; B's
   first load finds the line Modified in A's cache (a transfer, not a coherence miss: B never held it)
   and B's first store invalidates A's copy. From then on each turn's first load is a coherence miss of
   the thread whose copy the other's last turn invalidated, true sharing (it reads the bytes the other
   wrote), and its first store invalidates the other's copy. So at the increment line: 199 invalidations
   received (and caused), all true sharing in region 0 (no barrier; main's waits and joins come after),
   and 198 true-sharing coherence misses; none at `own`'s line, which no other thread touches. No store
   is an unlocked shared write (a race): each follows the unit its thread took. (Before semaphores
   ordered the replay, one access per thread per turn interleaved the two workers' increments, for
   several times as many invalidations, all called a race, and main's wait held the replay up until
   `--max-buffer=1` forced early replays.) */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define ROUNDS 100
#define TURN 10
#define OWN_WORDS 1024

static struct {
  volatile long counter;
} shared __attribute__((aligned(64)));
static volatile long own[2][OWN_WORDS] __attribute__((aligned(64)));  /* volatile: every store kept */
static sem_t a_turn, b_turn, done;

/* Each worker's number, and the semaphore it waits on and the one it posts: constant data, which no
   thread writes (on main's stack, its later frames would invalidate the workers' copies). */
static const struct worker {
  int t;
  sem_t* mine;
  sem_t* other;
} workers[2] = {{0, &a_turn, &b_turn}, {1, &b_turn, &a_turn}};

static void* take_turns(void* argument) {
  const struct worker* w = argument;
  for (int round = 0; round < ROUNDS; round++) {
    sem_wait(w->mine);
    for (int i = 0; i < TURN; i++) shared.counter = shared.counter + 1; /* ccsim-test: increment */
    sem_post(w->other);
    for (int i = 0; i < OWN_WORDS; i++) own[w->t][i] = round; /* ccsim-test: own */
  }
  sem_post(&done);
  return NULL;
}

int main(void) {
  sem_init(&a_turn, 0, 1);
  sem_init(&b_turn, 0, 0);
  sem_init(&done, 0, 0);
  pthread_t threads[2];
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, take_turns, (void*)&workers[t]);
  sem_wait(&done);
  sem_wait(&done);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", shared.counter);
  return 0;
}
