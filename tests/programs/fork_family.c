/* fork_family.c: forks while a second thread exists, and the child forks again: three processes, each
 * writing its own part of `data` and exiting with 0 when its child did.
 *
 * The second thread writes its 32 longs of `thread_data`, then tells the main thread it is about to block
 * and blocks, in one asm block of two raw system calls (write to `ready`, read from `blocked`, a pipe
 * nobody writes) with no memory access by an instruction between them: so whenever the main thread
 * forks, the thread's recorded accesses are the same, in every run. The child inherits them, but not the
 * thread (only the forking thread survives a fork). The thread ends with the parent's process: releasing
 * and joining it would make the join's path depend on which thread Valgrind ran first.
 *
 * Writes to `data` after the fork: the parent 256 longs, the child 128, the grandchild 64. */
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long data[256];        /* volatile: the stores must happen although nothing reads them */
static volatile long thread_data[32];
static int ready[2], blocked[2];
static char byte;                      /* what the pipes carry: read and written by the kernel only */

static void write_data(int count) {
  for (int i = 0; i < count; i++) data[i] = i;
}

static int child_status(pid_t child) {
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

static void* waiter(void* unused) {
  (void)unused;
  for (int i = 0; i < 32; i++) thread_data[i] = i;
  /* write(ready[1], &byte, 1), then read(blocked[0], &byte, 1): the kernel keeps rsi and rdx. */
  register long blocked_fd __asm__("r8") = blocked[0];
  long result = SYS_write;
  __asm__ volatile("syscall\n\t"
                   "mov %[fd], %%rdi\n\t"
                   "mov %[read], %%eax\n\t"
                   "syscall"
                   : "+a"(result)
                   : "D"((long)ready[1]), "S"(&byte), "d"(1L), [fd] "r"(blocked_fd), [read] "i"(SYS_read)
                   : "rcx", "r11", "memory");
  return 0;
}

int main(void) {
  if (pipe(ready) != 0 || pipe(blocked) != 0) return 2;
  pthread_t thread;
  if (pthread_create(&thread, 0, waiter, 0) != 0) return 2;
  char told;
  if (read(ready[0], &told, 1) != 1) return 2;
  pid_t child = fork();
  if (child == 0) {
    write_data(128);
    pid_t grandchild = fork();
    if (grandchild == 0) {
      write_data(64);
      return 0;
    }
    return child_status(grandchild);
  }
  write_data(256);
  return child_status(child);
}
