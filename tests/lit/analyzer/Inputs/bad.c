/* A program that misbehaves as argv[1] says: 1 crash, 2 exit(3), 3 abort,
 * 4 loop forever, 5 allocate without end, 6 fail (main returns 2),
 * 7 recurse without end (stack overflow), 8 divide by zero, 9 write past
 * the end of its buffer. */
#include <stdlib.h>
#include <string.h>
char *volatile sink;
int deep(int n) {
  volatile char pad[256];
  pad[0] = (char)n;
  return deep(n + 1) + pad[0];
}
int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 1)
    *(volatile int *)sink = 1;
  if (mode == 2)
    exit(3);
  if (mode == 3)
    abort();
  if (mode == 4)
    for (;;)
      sink = 0;
  if (mode == 5)
    for (;;) {
      char *p = malloc(1 << 24);
      memset(p, 1, 1 << 24);
      sink = p;
    }
  if (mode == 6)
    return 2;
  if (mode == 7)
    return deep(0);
  if (mode == 8) {
    volatile int num = 7, zero = 0;
    return num / zero;
  }
  if (mode == 9) {
    volatile char *buf = malloc(1000);
    for (long i = 0;; i += 64)
      buf[i] = 1;
  }
  return 0;
}
