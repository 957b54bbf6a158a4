/* main with arguments: loops atoi(argv[1]) times. */
#include <stdio.h>
#include <stdlib.h>
volatile int sink;
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  fprintf(stderr, "argc=%d\n", argc);
  for (int i = 0; i < n; ++i)
    sink = i;
  return 0;
}
