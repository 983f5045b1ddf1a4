// std_threads.cc: four std::thread workers, each created after the previous one was joined, each
// incrementing its own element of one 64-byte line N times. Under Valgrind the later workers usually get
// the first one's thread id; each is still a thread (and a simulated processor) of its own.
#include <cstdio>
#include <cstdlib>
#include <thread>

static volatile long counters[4] __attribute__((aligned(64)));

static void count(int id, long iterations) {
  for (long i = 0; i < iterations; i++) counters[id]++;  // ccsim-test: increment
}

int main(int argc, char** argv) {
  const long iterations = argc > 1 ? std::atol(argv[1]) : 1000;
  for (int id = 0; id < 4; id++) {
    std::thread worker(count, id, iterations);
    worker.join();
  }
  std::printf("%ld\n", counters[0] + counters[1] + counters[2] + counters[3]);
  return 0;
}
