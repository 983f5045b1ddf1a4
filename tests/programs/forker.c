/* forker.c: forks; parent and child each touch memory and exit, so two profiles must appear. The parent
 * exits with 0 only when its child did and it has no child left after it: a profiler's helper process
 * must not be the program's child (a wait(NULL) would wait for it). */
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

/* volatile: the stores must happen although nothing reads them; aligned: 2,048 bytes are 32 lines. */
static volatile long data[256] __attribute__((aligned(64)));

int main(void) {
  pid_t child = fork();
  for (int i = 0; i < 256; i++) data[i] = i;
  if (child == 0) return 0;
  int status = 0;
  waitpid(child, &status, 0);
  const int child_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  const int no_child_left = waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
  return child_ok && no_child_left ? 0 : 1;
}
