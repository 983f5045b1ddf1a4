/* exec_after_work.c: a program that replaces itself (exec) after its threads worked. Two threads each add
 * 1 to their own counter 1,000 times (adjacent longs: one line), then the program execs itself with the
 * argument "after", whose image writes 300 longs and exits with 7. The first argument chooses the way:
 *   (none)    the work, then the exec;
 *   missing   the work, an exec of a file that does not exist (it fails, the program goes on), the exec;
 *   fork      the work, then a forked child execs while the parent waits for it and exits with its code;
 *   after     the image after the exec.
 * argv[0] must be the program's path (the tests run it by its full path). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long counters[2] __attribute__((aligned(64)));
static volatile long after[300];

static void* work(void* arg) {
  long slot = (long)arg;
  for (int k = 0; k < 1000; k++)
    counters[slot] += 1; /* ccsim-test: count */
  return 0;
}

static int after_exec(void) {
  for (int k = 0; k < 300; k++)
    after[k] = k; /* ccsim-test: after */
  return 7;
}

static void exec_self(const char* self) {
  char* const args[] = {(char*)self, "after", 0};
  execv(self, args);
  perror("execv");
}

int main(int argc, char** argv) {
  const char* way = argc > 1 ? argv[1] : "";
  if (strcmp(way, "after") == 0) return after_exec();
  pthread_t threads[2];
  for (long i = 0; i < 2; i++) pthread_create(&threads[i], 0, work, (void*)i);
  for (int i = 0; i < 2; i++) pthread_join(threads[i], 0);
  if (strcmp(way, "missing") == 0) {
    char* const args[] = {"/nonexistent/program", 0};
    execv(args[0], args); /* fails: ENOENT */
  }
  if (strcmp(way, "fork") == 0) {
    pid_t child = fork();
    if (child == 0) {
      exec_self(argv[0]);
      _exit(1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  exec_self(argv[0]);
  return 1;
}
