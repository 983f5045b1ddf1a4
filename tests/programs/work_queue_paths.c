/* work_queue_paths.c: a work queue of one slot handing NODES = 8 nodes from main (thread 1) to a consumer
   thread (thread 2), for the object paths (docs/model.md, "Object paths"). Two barriers per node make the
   order fixed: main allocates a node in alloc_node, fills it in fill_node and pushes it; at the barrier
   `pushed` the consumer pops it, reads it in read_node and frees it in free_node; at the barrier `taken`
   main goes on to the next node. Between a node's allocation and its free main also allocates and frees
   one log entry (log_push). Every access to a node is through a volatile pointer in a function the
   compiler keeps (noinline, each allocator call followed by a counter update so that none is a tail
   call), so each field access in the source is one machine access.

   Expected for the node site (work_queue_paths.c, the malloc in alloc_node), followed with --paths, every
   one of the 8 lives taking one path (the node is 32 bytes; 64-byte lines):
     run 1  alloc_node  thread 1          0 reads 0 writes  0 bytes  (malloc's own accesses are the
                                          allocator's object, not the node's)
     run 2  fill_node   thread 1  same    0 reads 2 writes 16 bytes, offsets 0-15 (key, value), no L1
                                          miss: malloc wrote the chunk's size field 8 bytes before the node
                                          (or, for a node at the start of a line, the next chunk's 40 bytes
                                          into it), so main's L1 holds the line Modified when fill_node
                                          stores to it
     run 3  read_node   thread 2  changed 2 reads 0 writes 16 bytes, offsets 0-15: the read of key misses
                                          and is served by main's Modified copy (1 transfer); the read of
                                          value hits the same line
     run 4  free_node   thread 2  same    0 reads 0 writes  0 bytes (free's accesses are the allocator's)
   Each life's lifetime is 1 allocation (the log entry, allocated while the node lives). With the
   default choice instead (--path-sites, no --paths), the site is chosen when the consumer first reads
   node 1, whose life is then under way: the 7 later lives are followed, taking the same path. */
#include <pthread.h>
#include <stdlib.h>

#define NODES 8

struct node {
  long key;
  long value;
  long unused[2];
};

static struct node* volatile slot; /* the queue */
static pthread_barrier_t pushed, taken;
static volatile long allocations, frees, sum;

__attribute__((noinline)) static struct node* alloc_node(void) {
  struct node* node = malloc(sizeof(struct node)); /* ccsim-test: node site */
  allocations++;
  return node;
}

__attribute__((noinline)) static void fill_node(struct node* node, long i) {
  volatile struct node* v = node;
  v->key = i;
  v->value = 2 * i;
}

__attribute__((noinline)) static void read_node(struct node* node) {
  volatile struct node* v = node;
  sum += v->key + v->value;
}

__attribute__((noinline)) static void free_node(struct node* node) {
  free(node);
  frees++;
}

__attribute__((noinline)) static void log_push(void) {
  void* entry = malloc(16);
  allocations++;
  free(entry);
  frees++;
}

static void* consume(void* unused) {
  (void)unused;
  for (int i = 0; i < NODES; i++) {
    pthread_barrier_wait(&pushed);
    struct node* node = slot;
    read_node(node);
    free_node(node);
    pthread_barrier_wait(&taken);
  }
  return NULL;
}

int main(void) {
  pthread_t consumer;
  pthread_barrier_init(&pushed, NULL, 2);
  pthread_barrier_init(&taken, NULL, 2);
  pthread_create(&consumer, NULL, consume, NULL);
  for (int i = 0; i < NODES; i++) {
    struct node* node = alloc_node();
    fill_node(node, i);
    log_push();
    slot = node;
    pthread_barrier_wait(&pushed);
    pthread_barrier_wait(&taken);
  }
  pthread_join(consumer, NULL);
  return 0;
}
