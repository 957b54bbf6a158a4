//===- TaskSampling.cpp - Which parallel tasks the profiler traces --------===//
#include "crop/Analyzer/TaskSampling.h"

using namespace crop;

namespace {
/// splitmix64's finaliser: a fixed, well-mixed hash, so that the same launch
/// samples the same tasks in every run.
uint64_t mix(uint64_t X) {
  X += 0x9E3779B97F4A7C15ULL;
  X = (X ^ (X >> 30)) * 0xBF58476D1CE4E5B9ULL;
  X = (X ^ (X >> 27)) * 0x94D049BB133111EBULL;
  return X ^ (X >> 31);
}
} // namespace

TaskPlan crop::planTask(uint64_t Index, uint64_t Count, uint64_t Budget) {
  if (Budget == 0 || Count == 0 || Count <= Budget || Index == 0)
    return {};
  // Stratum J holds the tasks from 1 + floor(J (Count - 1) / Pairs) up to
  // the next stratum's first, at least two of them (Count - 1 >= 2 Pairs);
  // its pair sits at a hashed place inside it, not at its start: tasks of
  // one loop often alternate (two tasks sharing each line of an operand, a
  // page-offset pattern repeating every few tasks), and pairs at a fixed
  // stride would hit the same phase of that pattern every time.
  const uint64_t Pairs = (Budget - 1) / 2, Rest = Count - 1;
  auto Start = [&](uint64_t J) {
    return 1 + uint64_t((unsigned __int128)J * Rest / Pairs);
  };
  uint64_t J = uint64_t((unsigned __int128)(Index - 1) * Pairs / Rest);
  while (J + 1 < Pairs && Start(J + 1) <= Index)
    ++J;
  while (J > 0 && Start(J) > Index)
    --J;
  uint64_t Length = Start(J + 1) - Start(J);
  uint64_t WarmUp = Start(J) + mix(Count * 0x100000001B3ULL + J) % (Length - 1);
  if (Index == WarmUp)
    return {true, 0};
  if (Index == WarmUp + 1)
    return {true, Length};
  return {false, 0};
}
