/* text_domains.c: two threads, one after the other (the second is created after the first is joined),
   each calls bindtextdomain three times. glibc's bindtextdomain takes its reader-writer lock with a call
   and releases it with a jump at the end of a function that has popped its saved registers
   (set_binding_values: `pop; jmp pthread_rwlock_unlock`), a jump straight into a function whose
   wrapper ccsim enters at its first instruction. So the lock is taken 6 times: 3 times by thread 2, never
   found held and never handed off, and 3 times by thread 3, handed off once (its first acquisition
   follows thread 2's last) and never found held: a release that was not seen would leave the lock held
   and make thread 3's acquisitions contended. */
#include <libintl.h>
#include <pthread.h>
#include <stdio.h>

static void* bind_three_times(void* unused) {
  (void)unused;
  for (int i = 0; i < 3; i++) {
    if (bindtextdomain("ccsim-test", "/nonexistent") == NULL) return (void*)1;
  }
  return NULL;
}

int main(void) {
  for (int t = 0; t < 2; t++) {
    pthread_t thread;
    void* result = NULL;
    if (pthread_create(&thread, NULL, bind_three_times, NULL) != 0) return 2;
    if (pthread_join(thread, &result) != 0 || result != NULL) return 3;
  }
  printf("done\n");
  return 0;
}
