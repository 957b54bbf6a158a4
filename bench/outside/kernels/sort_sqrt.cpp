// std::sort of a copy, then a sum of square roots: data-dependent loop exits.
#include <algorithm>
#include <cmath>
#include <vector>
extern "C" void k_cxx(const float *a, float *out, int n) {
  std::vector<float> tmp(a, a + n);
  std::sort(tmp.begin(), tmp.end());
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += std::sqrt(tmp[i]);
  out[0] = s;
}
