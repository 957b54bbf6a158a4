/* A transpose's strided side: Out[p * ROW + c], p inner, 3136 rows of ROW
   floats (ROW 256: 1024-byte rows, 4 in-page classes; 264: all 64). */
void walk(float *restrict Out) {
  for (int c = 0; c < 16; ++c)
    for (int p = 0; p < 3136; ++p)
      Out[p * ROW + c] = (float)c;
}
