/* allocator_layout.cc: where the program's allocator puts blocks of the common kinds, as offsets within a
   4 KiB page: main's arena (calloc, malloc, memalign, aligned_alloc, posix_memalign, valloc, realloc
   growing from 16 bytes to 300,000, C++ new and new[]), a block large enough to be mapped on its own, and
   two threads' arenas (small, medium, large and mapped blocks, new[]). Prints one line per block:
   "<what> <address mod 4096>", and the distance between two malloc(8).

   The test (tests/tool/allocator_tests.cc) runs it natively and under ccsim in every order, pinned to one
   CPU and not, and compares the lines: ccsim runs the program's own allocator, so every block lies at the
   same offset in its page (ASLR moves pages, never offsets). The threads meet at a barrier before their
   first allocation, so each gets an arena of its own whichever allocates first; all printing is done by
   main at the end, so the stdio buffer comes last. */
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

namespace {

constexpr int kMaxLines = 64;
struct Line {
  const char* what;
  unsigned long value;
};
Line lines[kMaxLines];
int used = 0;

void note(const char* what, const void* block) {
  lines[used++] = Line{what, static_cast<unsigned long>(reinterpret_cast<uintptr_t>(block) % 4096)};
}

pthread_barrier_t start;
const char* const kThreadNames[2][5] = {
    {"thread 1 malloc(1024)", "thread 1 malloc(8192)", "thread 1 malloc(65536)", "thread 1 malloc(1 MiB)",
     "thread 1 new double[100]"},
    {"thread 2 malloc(1024)", "thread 2 malloc(8192)", "thread 2 malloc(65536)", "thread 2 malloc(1 MiB)",
     "thread 2 new double[100]"}};
void* thread_blocks[2][5];

void* worker(void* index_v) {
  const int index = static_cast<int>(reinterpret_cast<intptr_t>(index_v));
  pthread_barrier_wait(&start);
  thread_blocks[index][0] = malloc(1024);
  thread_blocks[index][1] = malloc(8192);
  thread_blocks[index][2] = malloc(65536);
  thread_blocks[index][3] = malloc(1 << 20);
  thread_blocks[index][4] = new double[100];
  pthread_barrier_wait(&start);  // both threads allocate before either frees: no arena changes hands
  for (int i = 0; i < 4; i++) free(thread_blocks[index][i]);
  delete[] static_cast<double*>(thread_blocks[index][4]);
  return nullptr;
}

struct Pair {
  long a, b;
};

}  // namespace

int main() {
  note("calloc(2, 64)", calloc(2, 64));
  note("malloc(96)", malloc(96));
  char* first = static_cast<char*>(malloc(8));
  char* second = static_cast<char*>(malloc(8));
  note("malloc(8)", first);
  note("malloc(8) again", second);
  note("memalign(64, 100)", memalign(64, 100));
  note("aligned_alloc(128, 256)", aligned_alloc(128, 256));
  void* aligned = nullptr;
  if (posix_memalign(&aligned, 256, 1000) != 0) return 1;
  note("posix_memalign(256, 1000)", aligned);
  note("valloc(100)", valloc(100));
  void* growing = malloc(16);
  note("malloc(16)", growing);
  static const size_t kGrowth[] = {100, 1000, 100000, 300000};
  static const char* const kGrowthNames[] = {"realloc(100)", "realloc(1000)", "realloc(100000)", "realloc(300000)"};
  for (int i = 0; i < 4; i++) {
    growing = realloc(growing, kGrowth[i]);
    note(kGrowthNames[i], growing);
  }
  note("new Pair", new Pair{1, 2});
  note("new int[10]", new int[10]);
  note("malloc(1 MiB)", malloc(1 << 20));

  pthread_barrier_init(&start, nullptr, 2);
  pthread_t threads[2];
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], nullptr, worker, reinterpret_cast<void*>(intptr_t(t)));
  for (int t = 0; t < 2; t++) pthread_join(threads[t], nullptr);
  for (int t = 0; t < 2; t++) {
    for (int i = 0; i < 5; i++) note(kThreadNames[t][i], thread_blocks[t][i]);
  }
  for (int i = 0; i < used; i++) printf("%s %lu\n", lines[i].what, lines[i].value);
  printf("distance between the two malloc(8) %ld\n", static_cast<long>(second - first));
  return 0;
}
