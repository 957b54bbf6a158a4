//===- TimeSampling.cpp - Which stretches of a run the profiler records ---===//
//
// The chunk sequence of TimeSampler (TimeSampling.h explains why).
//
//===----------------------------------------------------------------------===//
#include "crop/Analyzer/TimeSampling.h"

using namespace crop;

bool TimeSampler::recorded(uint64_t I) const {
  // splitmix64 of the stratum: a place in it independent of any loop's
  // period, the same every run.
  uint64_t S = I / K + 0x9E3779B97F4A7C15ULL;
  S = (S ^ (S >> 30)) * 0xBF58476D1CE4E5B9ULL;
  S = (S ^ (S >> 27)) * 0x94D049BB133111EBULL;
  S ^= S >> 31;
  return I % K == S % K;
}

void TimeSampler::startChunk() {
  bool Recorded = NextRecorded;
  NextRecorded = recorded(++Index);
  if (Recorded) {
    Now = Phase::Record;
    Left = Chunk;
    return;
  }
  // A recorded chunk next: the end of this one warms the short records up.
  Now = Phase::Skip;
  Left = NextRecorded ? Chunk - WarmUp : Chunk;
}

void TimeSampler::advance() {
  if (!Sampling) {
    // The exact prefix ends: the first chunk follows a recorded stretch, so
    // it needs no warm-up whichever it is.
    Sampling = true;
    NextRecorded = recorded(0);
    startChunk();
    return;
  }
  if (Now == Phase::Skip && NextRecorded) {
    Now = Phase::WarmUp;
    Left = WarmUp;
    return;
  }
  startChunk();
}
