//===- TimeSampling.cpp - Which stretches of a run the profiler records ---===//
//
// The chunk sequence of TimeSampler (TimeSampling.h explains why).
//
//===----------------------------------------------------------------------===//
#include "crop/Analyzer/TimeSampling.h"

using namespace crop;

bool TimeSampler::draw() {
  // xorshift64*: good enough to be independent of any loop's period.
  State ^= State >> 12;
  State ^= State << 25;
  State ^= State >> 27;
  return ((State * 0x2545F4914F6CDD1DULL) >> 11) % K == 0;
}

void TimeSampler::startChunk() {
  bool Recorded = NextRecorded;
  NextRecorded = draw();
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
    NextRecorded = draw();
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
