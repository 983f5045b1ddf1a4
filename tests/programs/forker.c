/* forker.c: forks; parent and child each touch memory and exit, so two profiles must appear. */
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
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
