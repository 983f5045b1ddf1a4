/* hash_table.c: a chained hash table of 20,000 small heap nodes shared by 4 OpenMP threads, one mutex per
   operation (pointer chasing over thousands of heap blocks, lock-heavy). Each lookup walks a chain of
   about 10 nodes; every 16th one also frees the node it found and inserts a new one, so blocks are freed
   and allocated all through the run. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define BUCKETS 1024
#define NODES 20000
#define PASSES 8 /* lookups of every key per unit of SCALE */
struct node {
  long key;
  long value;
  struct node* next;
};
static struct node** buckets;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void insert(long key, long value) {
  struct node* node = malloc(sizeof *node);
  node->key = key;
  node->value = value;
  node->next = buckets[key % BUCKETS];
  buckets[key % BUCKETS] = node;
}

/* The value of `key` (-1 when absent); with `replace`, its node is freed and a new one inserted. */
static long find(long key, int replace) {
  struct node** link = &buckets[key % BUCKETS];
  while (*link != NULL && (*link)->key != key) link = &(*link)->next;
  struct node* node = *link;
  if (node == NULL) return -1;
  const long value = node->value;
  if (replace) {
    *link = node->next;
    free(node);
    insert(key, value + 1);
  }
  return value;
}

int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1; /* perf/tool_bench.sh SCALE: more lookups */
  buckets = calloc(BUCKETS, sizeof *buckets);
  long sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    const int t = omp_get_thread_num(), n = omp_get_num_threads();
    for (long k = t; k < NODES; k += n) {
      pthread_mutex_lock(&lock);
      insert(k, k);
      pthread_mutex_unlock(&lock);
    }
#pragma omp barrier
    for (int pass = 0; pass < PASSES * scale; pass++) {
      for (long i = t; i < NODES; i += n) {
        const long key = (i * 7919 + pass) % NODES;
        pthread_mutex_lock(&lock);
        sum += find(key, i % 16 == 0);
        pthread_mutex_unlock(&lock);
      }
    }
  }
  printf("%ld\n", sum);
  return 0;
}
