//===- ReuseTracker.cpp - Reuse distances of a memory access stream -------===//
//
// Each tracked line remembers the logical time of its last access. A bitset
// over times marks the times that are still some line's last access; the
// reuse distance of an access is the number of marks after the line's
// previous time. A Fenwick tree over the bitset's 64-bit words counts marks
// in O(log n). When times run out of room they are compacted (renumbered in
// order, 0..live-1) and the bitset is sized to TimeSlack times the live lines:
// 2 bytes a line, small next to the line table, and compaction (a pass over
// the table) comes at most once per (TimeSlack - 1) x live accesses.
//
//===----------------------------------------------------------------------===//
#include "crop/Analyzer/ReuseTracker.h"
#include "crop/Profile/ProgramProfile.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace crop;

namespace {

/// Population count without a libgcc call: the project builds for baseline
/// x86-64, which has no POPCNT instruction.
inline uint64_t popcount(uint64_t X) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return uint64_t(__builtin_popcountll(X));
#else
  X = X - ((X >> 1) & 0x5555555555555555ULL);
  X = (X & 0x3333333333333333ULL) + ((X >> 2) & 0x3333333333333333ULL);
  X = (X + (X >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (X * 0x0101010101010101ULL) >> 56;
#endif
}

/// A fixed-size array of trivially copyable T. Big ones are put on huge
/// pages where Linux offers them: the line table is probed at random, and with
/// 4 KiB pages most probes of a big table would miss the TLB (and every new
/// page would cost a fault while the table grows).
template <typename T> class BigArray {
public:
  BigArray() = default;
  BigArray(size_t N, T Fill) : N(N) {
    size_t Bytes = std::max<size_t>(N * sizeof(T), 1);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr size_t Huge = size_t(2) << 20;
    if (Bytes >= Huge) {
      Bytes = (Bytes + Huge - 1) & ~(Huge - 1);
      Data = static_cast<T *>(std::aligned_alloc(Huge, Bytes));
      if (Data)
        madvise(Data, Bytes, MADV_HUGEPAGE);
    }
#endif
    if (!Data)
      Data = static_cast<T *>(std::malloc(Bytes));
    if (!Data)
      throw std::bad_alloc();
    std::fill(Data, Data + N, Fill);
  }
  BigArray(BigArray &&O) noexcept : Data(O.Data), N(O.N) {
    O.Data = nullptr;
    O.N = 0;
  }
  BigArray &operator=(BigArray &&O) noexcept {
    std::swap(Data, O.Data);
    std::swap(N, O.N);
    return *this;
  }
  ~BigArray() { std::free(Data); }

  T &operator[](size_t I) { return Data[I]; }
  const T &operator[](size_t I) const { return Data[I]; }
  size_t size() const { return N; }
  T *begin() { return Data; }
  T *end() { return Data + N; }
  const T *begin() const { return Data; }
  const T *end() const { return Data + N; }

private:
  T *Data = nullptr;
  size_t N = 0;
};

/// Open-addressing hash table line -> last-access time, linear probing.
/// std::unordered_map costs a cache miss per node; this is one probe in the
/// common case.
class LineTable {
public:
  static constexpr uint64_t Empty = ~uint64_t(0);
  static constexpr uint64_t NoTime = ~uint64_t(0);
  struct Slot {
    uint64_t Line;
    uint64_t Time;
    uint64_t ClassTime; ///< Last access in its class's time (if tracked).
    /// Last store (NoTime: none since the line was inserted). Not a mark of
    /// its own: compaction maps it to the last live time at or before it,
    /// which keeps the count of lines touched since.
    uint64_t StoreTime;
  };

  LineTable() { rehash(MinSlots); }

  /// The slot for Line, inserting it (with Inserted set) when it is new.
  Slot &findOrInsert(uint64_t Line, bool &Inserted) {
    if ((Count + 1) * 2 > Slots.size())
      rehash(Slots.size() * 2);
    size_t I = indexOf(Line);
    while (true) {
      Slot &S = Slots[I];
      if (S.Line == Line) {
        Inserted = false;
        return S;
      }
      if (S.Line == Empty) {
        S.Line = Line;
        S.StoreTime = NoTime;
        ++Count;
        Inserted = true;
        return S;
      }
      I = (I + 1) & Mask;
    }
  }

  template <typename Fn> void forEach(Fn F) {
    for (Slot &S : Slots)
      if (S.Line != Empty)
        F(S);
  }

  void clear() {
    Count = 0;
    if (Slots.size() == MinSlots) { // Reused: no allocation per reset.
      std::fill(Slots.begin(), Slots.end(), Slot{Empty, 0, 0, NoTime});
      return;
    }
    Slots = BigArray<Slot>();
    rehash(MinSlots);
  }

  /// Keeps only the slots for which Keep(Slot &) says so (it may change
  /// their times) and shrinks the table to fit them.
  template <typename Fn> void retainIf(Fn Keep) {
    std::vector<Slot> Kept;
    for (Slot &S : Slots)
      if (S.Line != Empty && Keep(S))
        Kept.push_back(S);
    size_t N = MinSlots;
    while (N < 4 * Kept.size())
      N *= 2;
    Slots = BigArray<Slot>();
    rehash(N);
    for (const Slot &S : Kept) {
      size_t I = indexOf(S.Line);
      while (Slots[I].Line != Empty)
        I = (I + 1) & Mask;
      Slots[I] = S;
    }
    Count = Kept.size();
  }

  uint64_t size() const { return Count; }
  uint64_t bytes() const { return Slots.size() * sizeof(Slot); }

private:
  static constexpr size_t MinSlots = 64;

  size_t indexOf(uint64_t Line) const {
    return size_t((Line * 0x9E3779B97F4A7C15ULL) >> Shift);
  }

  void rehash(size_t N) {
    BigArray<Slot> Old(N, Slot{Empty, 0, 0, NoTime});
    std::swap(Old, Slots);
    Mask = N - 1;
    Shift = 64 - llvm::Log2_64(N);
    for (const Slot &S : Old) {
      if (S.Line == Empty)
        continue;
      size_t I = indexOf(S.Line);
      while (Slots[I].Line != Empty)
        I = (I + 1) & Mask;
      Slots[I] = S;
    }
  }

  BigArray<Slot> Slots;
  size_t Mask = 0;
  unsigned Shift = 0;
  uint64_t Count = 0;
};

/// Marks over logical times with counts in O(log n): a bitset plus a Fenwick
/// tree over the popcounts of its words.
class TimeMarks {
public:
  explicit TimeMarks(uint64_t Bits = MinBits) { resize(Bits); }

  uint64_t capacity() const { return Words.size() * 64; }

  void set(uint64_t T) {
    Words[T >> 6] |= uint64_t(1) << (T & 63);
    add(T >> 6, 1);
  }
  void clear(uint64_t T) {
    Words[T >> 6] &= ~(uint64_t(1) << (T & 63));
    add(T >> 6, -1);
  }

  /// clear(From) then set(To), From < To: what every reuse does. The two
  /// Fenwick update paths meet after about log2(To - From) steps and cancel
  /// from there on, so a short reuse costs a few steps, not 2 log2(n).
  void move(uint64_t From, uint64_t To) {
    Words[From >> 6] &= ~(uint64_t(1) << (From & 63));
    Words[To >> 6] |= uint64_t(1) << (To & 63);
    constexpr size_t Past = ~size_t(0);
    size_t N = Tree.size();
    size_t I = size_t(From >> 6) + 1, J = size_t(To >> 6) + 1;
    while (I != J) {
      if (I < J) {
        --Tree[I];
        I += I & (0 - I);
        if (I >= N)
          I = Past;
      } else {
        ++Tree[J];
        J += J & (0 - J);
        if (J >= N)
          J = Past;
      }
    }
  }

  /// Marks at times <= T.
  uint64_t countUpTo(uint64_t T) const {
    uint64_t W = T >> 6;
    uint64_t Sum = popcount(Words[W] & (~uint64_t(0) >> (63 - (T & 63))));
    for (uint64_t I = W; I; I &= I - 1)
      Sum += Tree[I];
    return Sum;
  }

  /// Marks strictly after T and before End (exclusive), walking the words
  /// directly: cheaper than the tree when End is close.
  uint64_t countBetween(uint64_t T, uint64_t End) const {
    uint64_t W = T >> 6, EW = (End - 1) >> 6;
    uint64_t Sum = popcount(Words[W] & ~(~uint64_t(0) >> (63 - (T & 63))));
    for (uint64_t I = W + 1; I <= EW; ++I)
      Sum += popcount(Words[I]);
    return Sum;
  }

  /// Drops every mark and makes room for Bits times, marking [0, Live).
  void rebuild(uint64_t Bits, uint64_t Live) {
    resize(Bits);
    std::fill(Words.begin(), Words.end(), 0);
    for (uint64_t I = 0; I < Live / 64; ++I)
      Words[I] = ~uint64_t(0);
    if (Live % 64)
      Words[Live / 64] = (uint64_t(1) << (Live % 64)) - 1;
    // Linear-time Fenwick construction (none over no marks: a reset per
    // task of an OpenMP loop with 200 000 one-iteration tasks does this
    // for every task).
    std::fill(Tree.begin(), Tree.end(), 0);
    for (size_t I = 1; Live && I < Tree.size(); ++I) {
      Tree[I] += popcount(Words[I - 1]);
      size_t J = I + (I & (0 - I));
      if (J < Tree.size())
        Tree[J] += Tree[I];
    }
  }

  uint64_t bytes() const {
    return Words.capacity() * sizeof(uint64_t) +
           Tree.capacity() * sizeof(uint64_t);
  }

  static constexpr uint64_t MinBits = 4096;

private:
  void resize(uint64_t Bits) {
    size_t N = size_t(llvm::alignTo(std::max(Bits, MinBits), 64) / 64);
    if (N != Words.size()) {
      // Release memory when shrinking after a reset or a compaction.
      std::vector<uint64_t>(N, 0).swap(Words);
      std::vector<uint64_t>(N + 1, 0).swap(Tree);
    }
  }

  void add(uint64_t W, int Delta) {
    for (size_t I = W + 1; I < Tree.size(); I += I & (0 - I))
      Tree[I] += uint64_t(int64_t(Delta));
  }

  std::vector<uint64_t> Words;
  /// 1-based Fenwick tree over popcount(Words[i]).
  std::vector<uint64_t> Tree;
};

constexpr uint64_t TimeSlack = 16;

/// Reuses at most this many words back are counted directly on the bitset.
constexpr uint64_t DirectWords = 4;

/// Order of last use among the lines of one in-page class, in the class's
/// own logical time. The times live in the owning LineStack's table (one
/// probe serves both distances); only the marks are per class.
struct ClassOrder {
  TimeMarks Marks;
  uint64_t Now = 0;   ///< The next logical time of this class.
  uint64_t Live = 0;  ///< Lines of this class in the table.
  uint64_t Epoch = 0; ///< LineStack::Epoch when last cleared.

  void clear() {
    Marks.rebuild(0, 0);
    Now = Live = 0;
  }
};

/// The lines of one sample and their order of last use. With a bound, only
/// the Bound most recently used lines are kept (the rest are dropped at
/// compaction and are new again when next seen). With classes, also each
/// class's order of last use (class distances).
struct LineStack {
  LineTable Lines;
  TimeMarks Marks;
  uint64_t Now = 0;   ///< The next logical time.
  uint64_t Bound = 0; ///< 0: keep every line.
  std::vector<ClassOrder> Classes; ///< Empty: no class distances.
  uint64_t ClassMask = 0;
  /// clear() bumps it; a class is cleared when next used, so that a task
  /// touching few classes does not pay for clearing all of them.
  uint64_t Epoch = 0;

  static constexpr uint64_t NoDistance = ~uint64_t(0);

  void enableClasses(uint64_t Mask) {
    ClassMask = Mask;
    Classes.resize(Mask + 1);
  }

  /// Renumbers the live times 0..live-1 in order so the bitset can shrink
  /// back to TimeSlack times the live lines.
  void compact() {
    uint64_t Live = Lines.size();
    if (Bound && Live > Bound) {
      uint64_t Drop = Live - Bound;
      Lines.retainIf([&](LineTable::Slot &S) {
        uint64_t Rank = Marks.countUpTo(S.Time);
        S.Time = Rank - 1 - Drop;
        S.StoreTime = storeRank(S.StoreTime, Drop);
        if (Rank > Drop)
          return true;
        if (!Classes.empty()) {
          ClassOrder &C = Classes[S.Line & ClassMask];
          C.Marks.clear(S.ClassTime);
          --C.Live;
        }
        return false;
      });
      Live = Bound;
    } else {
      Lines.forEach([&](LineTable::Slot &S) {
        S.Time = Marks.countUpTo(S.Time) - 1;
        S.StoreTime = storeRank(S.StoreTime, 0);
      });
    }
    Marks.rebuild(TimeSlack * Live, Live);
    Now = Live;
  }

  /// A store time renumbered as compact() renumbers the live times, less
  /// Drop: the last live time at or before it. Where none is left, the
  /// oldest one (one line more in between than there were).
  uint64_t storeRank(uint64_t T, uint64_t Drop) const {
    if (T == LineTable::NoTime)
      return T;
    uint64_t Rank = Marks.countUpTo(T);
    return Rank > Drop ? Rank - 1 - Drop : 0;
  }

  /// compact() for one class's times. The pass goes over the whole table,
  /// so a class gets room for at least twice the table's lines: between two
  /// passes it runs at least that many accesses, whatever its own size.
  void compactClass(uint64_t Class) {
    ClassOrder &C = Classes[Class];
    Lines.forEach([&](LineTable::Slot &S) {
      if ((S.Line & ClassMask) == Class)
        S.ClassTime = C.Marks.countUpTo(S.ClassTime) - 1;
    });
    C.Marks.rebuild(std::max(TimeSlack * C.Live, 2 * Lines.size()), C.Live);
    C.Now = C.Live;
  }

  /// Room for the next time in the stack and in Line's class; the class's
  /// order (null without classes).
  ClassOrder *prepare(uint64_t Line) {
    if (Now == Marks.capacity())
      compact();
    if (Classes.empty())
      return nullptr;
    uint64_t K = Line & ClassMask;
    ClassOrder *C = &Classes[K];
    if (C->Epoch != Epoch) {
      C->clear();
      C->Epoch = Epoch;
    }
    if (C->Now == C->Marks.capacity())
      compactClass(K);
    return C;
  }

  /// touch() without the distances: the bookkeeping alone. Returns whether
  /// the line is new (a cold access) and, for a store, whether it is the
  /// line's first store (cold for write-backs).
  std::pair<bool, bool> update(uint64_t Line, bool Store) {
    ClassOrder *C = prepare(Line);
    bool Inserted;
    LineTable::Slot &S = Lines.findOrInsert(Line, Inserted);
    if (!Inserted)
      Marks.move(S.Time, Now);
    else
      Marks.set(Now);
    S.Time = Now;
    bool FirstStore = Store && S.StoreTime == LineTable::NoTime;
    if (Store)
      S.StoreTime = Now;
    ++Now;
    if (C) {
      if (!Inserted) {
        C->Marks.move(S.ClassTime, C->Now);
      } else {
        ++C->Live;
        C->Marks.set(C->Now);
      }
      S.ClassTime = C->Now;
      ++C->Now;
    }
    return {Inserted, FirstStore};
  }

  /// Distance of an access to Line, bookkeeping included; NoDistance for a
  /// first touch (or a line dropped by the bound). With classes, ClassD gets
  /// the class distance. StoreD set: the access is a store, and it gets the
  /// lines touched since the line's previous store (NoDistance: none).
  uint64_t touch(uint64_t Line, uint64_t &ClassD, uint64_t *StoreD = nullptr) {
    ClassOrder *C = prepare(Line);
    bool Inserted;
    LineTable::Slot &S = Lines.findOrInsert(Line, Inserted);
    uint64_t D = NoDistance;
    ClassD = NoDistance;
    if (!Inserted) {
      D = distance(Marks, S.Time, Now, Lines.size());
      if (StoreD) {
        if (S.StoreTime == LineTable::NoTime)
          *StoreD = NoDistance;
        else if (S.StoreTime >= S.Time)
          *StoreD = D;
        else // The line's own last access is among the marks after it.
          *StoreD = distance(Marks, S.StoreTime, Now, Lines.size()) - 1;
      }
      Marks.move(S.Time, Now);
    } else {
      Marks.set(Now);
      if (StoreD)
        *StoreD = NoDistance;
    }
    S.Time = Now;
    if (StoreD)
      S.StoreTime = Now;
    ++Now;
    if (C) {
      if (!Inserted) {
        ClassD = distance(C->Marks, S.ClassTime, C->Now, C->Live);
        C->Marks.move(S.ClassTime, C->Now);
      } else {
        ++C->Live;
        C->Marks.set(C->Now);
      }
      S.ClassTime = C->Now;
      ++C->Now;
    }
    return D;
  }

  /// Marks after T (an access at T whose line has Live lines in all).
  static uint64_t distance(const TimeMarks &M, uint64_t T, uint64_t Now,
                           uint64_t Live) {
    if ((Now >> 6) - (T >> 6) <= DirectWords)
      return M.countBetween(T, Now);
    return Live - M.countUpTo(T);
  }

  void clear() {
    ++Epoch;
    if (Now == 0 && Lines.size() == 0)
      return; // Nothing touched since the last clear.
    Lines.clear();
    Marks.rebuild(0, 0);
    Now = 0;
  }

  uint64_t bytes() const {
    uint64_t N = Lines.bytes() + Marks.bytes();
    for (const ClassOrder &C : Classes)
      N += sizeof(C) + C.Marks.bytes();
    return N;
  }
};

/// Below this rate, distances shorter than ShortRange are measured on a
/// denser sample (see ReuseTracker::Impl).
constexpr double ShortRate = 0.1;

} // namespace

/// Exact mode: one stack over every line. Sampled mode at rate R >= ShortRate:
/// one stack over the sampled lines (SHARDS). Below ShortRate, SHARDS alone
/// estimates a distance D from about R x D sampled lines, too few for a 32 KiB
/// cache (512 lines: 5 at R = 0.01). So two nested samples are kept: the
/// user's rate R for all distances, and a denser Hi = M x R (M an integer,
/// Hi about ShortRate) whose stack keeps only its recent lines. An access is
/// classified by its distance on the dense sample: short (below ShortRange
/// lines) ones are counted from the dense sample with weight 1, long ones (and
/// cold ones) from the sparse sample with weight M; finish() scales by 1/Hi.
/// Each class is an unbiased sample of itself, so the memory stays that of
/// rate R plus a constant, and short distances get the accuracy of rate Hi.
///
/// Class distances come from the same stacks (LineStack's classes), so each
/// access is classified short or long, and weighted, in its class exactly as
/// in the whole stream: a hash sample restricted to one class is still a
/// uniform sample of it.
uint32_t ReuseTracker::ClassLog::distance(uint64_t Line) const {
  if (Line == Front)
    return 0;
  // The line's last switch-in first, with plain compares: a line that is
  // not in the log (a long distance, the common case) costs no more.
  uint64_t Low = Pos > Length ? Pos - Length : 0, Hit = Pos;
  for (uint64_t I = Pos; I-- > Low;)
    if (Lines[I & (Length - 1)] == Line) {
      Hit = I;
      break;
    }
  if (Hit == Pos)
    return Absent;
  return distinctIn(Hit + 1, Pos); // K is AtLeastK
}

uint32_t ReuseTracker::ClassLog::distinctIn(uint64_t Begin,
                                            uint64_t End) const {
  uint64_t Seen[K];
  uint32_t N = 0;
  for (uint64_t I = Begin; I < End; ++I) {
    uint64_t E = Lines[I & (Length - 1)];
    bool New = true;
    for (uint32_t J = 0; J < N && New; ++J)
      New = Seen[J] != E;
    if (!New)
      continue;
    Seen[N++] = E;
    if (N == K)
      break;
  }
  return N;
}

bool ReuseTracker::ClassLog::holdsK() const {
  return distinctIn(Pos > Length ? Pos - Length : 0, Pos) == K;
}

struct ReuseTracker::Impl {
  LineStack Main;  ///< Every kept line (exact, or the rate-R sample).
  LineStack Dense; ///< Two-level mode only: recent lines of the Hi sample.
  std::vector<ClassLog> Logs; ///< Sampled mode with classes.
  bool TwoLevel = false;
  uint64_t SparseThreshold = 0; ///< Two-level: hash threshold of rate R.
  uint64_t M = 1;               ///< Hi / R.
  double ShortRange = 0;        ///< Lines; two-level only.
  double Scale = 1.0;           ///< 1 / (rate of the sample accessLine sees).
  double SparseScale = 1.0;     ///< 1 / R.

  /// Adds one distance of one stream: DD from the dense stack (two-level
  /// only), DS from the main one (InSparse: it was touched).
  /// The distance add() would record, -1 for a cold access or none.
  double estimate(uint64_t DD, uint64_t DS, bool Sampled,
                  bool InSparse) const {
    if (!TwoLevel)
      return DS == LineStack::NoDistance ? -1.0
                                         : double(DS) * (Sampled ? Scale : 1.0);
    double Short = DD == LineStack::NoDistance ? HUGE_VAL : double(DD) * Scale;
    if (Short < ShortRange)
      return Short;
    if (!InSparse || DS == LineStack::NoDistance)
      return -1.0;
    return double(DS) * SparseScale;
  }

  /// Floor: the distance is known to be at least this (a class log).
  /// W: the weight of the access (ReuseTracker::setWeight).
  void add(uint64_t DD, uint64_t DS, bool Sampled, bool InSparse, uint64_t W,
           uint64_t ColdW, ReuseHistogram &Hist, uint64_t Floor = 0) const {
    auto estimate = [&](double D) {
      return std::max(uint64_t(std::llround(D)), Floor);
    };
    if (!TwoLevel) {
      if (DS == LineStack::NoDistance)
        Hist.addCold(ColdW);
      else if (!Sampled)
        Hist.add(DS, W);
      else
        Hist.add(estimate(double(DS) * Scale), W);
      return;
    }
    double Short = DD == LineStack::NoDistance ? HUGE_VAL : double(DD) * Scale;
    if (Short < ShortRange)
      Hist.add(estimate(Short), W);
    else if (InSparse && DS == LineStack::NoDistance)
      Hist.addCold(M * ColdW);
    else if (InSparse)
      Hist.add(estimate(double(DS) * SparseScale), M * W);
  }
};

ReuseTracker::ReuseTracker(uint32_t LineBytes, double SampleRate,
                           bool TrackClasses)
    : P(std::make_unique<Impl>()) {
  // Release builds clamp bad options (a line size rounds down to a power of
  // two, a rate above 1 means exact, at or below 0 the smallest rate).
  assert(!llvm::errorToBool(checkOptions(LineBytes, SampleRate)) &&
         "bad reuse tracker options");
  LineShift = LineBytes ? llvm::Log2_32(LineBytes) : 0;
  const uint64_t Full = uint64_t(1) << SampleBits;
  uint64_t Sparse = Full;
  if (SampleRate < 1.0)
    Sparse = std::max<uint64_t>(
        uint64_t(std::llround(SampleRate * double(Full))), 1);
  Threshold = Sparse;
  uint64_t M =
      uint64_t(std::llround(ShortRate * double(Full) / double(Sparse)));
  if (Sparse < Full && M >= 2) {
    P->TwoLevel = true;
    P->M = M;
    P->SparseThreshold = Sparse;
    Threshold = std::min(Full, M * Sparse);
    // Short enough that rate R alone is coarse below it (about 10 sampled
    // lines), with the dense stack keeping twice that many of its lines.
    P->ShortRange = 100.0 * double(Full) / double(Sparse);
    P->Dense.Bound =
        2 * uint64_t(P->ShortRange * double(Threshold) / double(Full)) + 64;
  }
  Sampled = Threshold < Full;
  P->Scale = double(Full) / double(Threshold);
  P->SparseScale = double(Full) / double(Sparse);
  if (TrackClasses && LineShift < PageShift) {
    ClassMask = (uint64_t(1) << (PageShift - LineShift)) - 1;
    P->Main.enableClasses(ClassMask);
    if (P->TwoLevel)
      P->Dense.enableClasses(ClassMask);
    if (Sampled) {
      P->Logs.resize(ClassMask + 1);
      Logs = P->Logs.data();
    }
  }
}

ReuseTracker::~ReuseTracker() = default;
ReuseTracker::ReuseTracker(ReuseTracker &&) = default;
ReuseTracker &ReuseTracker::operator=(ReuseTracker &&) = default;

llvm::Error ReuseTracker::checkOptions(uint32_t LineBytes, double SampleRate) {
  if (LineBytes == 0 || !llvm::isPowerOf2_32(LineBytes))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cache-line size %u is not a power of two",
                                   LineBytes);
  if (!(SampleRate > 0.0 && SampleRate <= 1.0))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "sample rate %g is not in (0, 1]",
                                   SampleRate);
  return llvm::Error::success();
}

void ReuseTracker::accessLogged(uint64_t Line, ReuseHistogram &Hist,
                                ReuseHistogram &ClassHist,
                                ReuseHistogram *WriteBack) {
  ClassLog &G = Logs[Line & ClassMask];
  if (G.Epoch != LogEpoch) {
    G.Pos = 0;
    G.Front = ClassLog::NoLine;
    G.Epoch = LogEpoch;
  }
  // LastLine is a sampled line.
  bool Keep = Line == LastLine || sampleHash(Line) < Threshold;
  if (!Keep) {
    G.append(Line);
    return;
  }
  uint32_t Exact = G.distance(Line);
  // Not in the log: at least K lines in between if the log holds K distinct
  // ones. Deciding that costs a scan, so it is done only where it matters:
  // where the sampled estimate is shorter.
  auto floorK = [&] { return G.holdsK() ? ClassLog::K : 0u; };
  if (Line == LastLine && (!WriteBack || LastWasStore)) {
    // No sampled line in between (estimate 0); unsampled ones of its class
    // may have been, and the log counted them.
    Hist.add(0, Weight);
    if (Weight)
      ClassHist.add(Exact < ClassLog::Absent ? Exact : floorK(), Weight);
    if (WriteBack)
      WriteBack->add(0, Weight);
    else
      LastWasStore = false;
    G.append(Line);
    return;
  }
  accessLine(Line, Hist, &ClassHist, WriteBack, Exact,
             Exact == ClassLog::Absent ? &G : nullptr);
  G.append(Line);
}

void ReuseTracker::accessLine(uint64_t Line, ReuseHistogram &Hist,
                              ReuseHistogram *ClassHist,
                              ReuseHistogram *WriteBack, uint32_t Exact,
                              const ClassLog *Log) {
  LastLine = Line;
  LastWasStore = WriteBack != nullptr;
  Impl &I = *P;
  assert((!ClassHist || tracksClasses()) &&
         "class distances need a tracker built with TrackClasses");
  uint64_t DD = 0, DS = 0, CD = 0, CS = 0, WD = 0, WS = 0;
  bool InSparse = true;
  if (I.TwoLevel) {
    DD = I.Dense.touch(Line, CD, WriteBack ? &WD : nullptr);
    InSparse = sampleHash(Line) < I.SparseThreshold;
  }
  if (InSparse)
    DS = I.Main.touch(Line, CS, WriteBack ? &WS : nullptr);
  I.add(DD, DS, Sampled, InSparse, Weight, ColdWeight, Hist);
  // Classified short or long on the dense sample and weighted as the
  // access's own distance is, so the two histograms' totals agree.
  if (WriteBack)
    I.add(WD, WS, Sampled, InSparse, Weight, ColdWeight, *WriteBack);
  if (!ClassHist || !tracksClasses())
    return;
  // An exact short class distance counts like a short plain one: weight 1
  // for every line of the (densest) sample.
  if (Exact < ClassLog::K) {
    ClassHist->add(Exact, Weight);
    return;
  }
  uint64_t Floor = Exact == ClassLog::AtLeastK ? ClassLog::K : 0;
  if (Log) {
    double E = I.estimate(CD, CS, Sampled, InSparse);
    if (E >= 0 && E < ClassLog::K && Log->holdsK())
      Floor = ClassLog::K;
  }
  I.add(CD, CS, Sampled, InSparse, Weight, ColdWeight, *ClassHist, Floor);
}

void ReuseTracker::accessLines(uint64_t First, uint64_t Last,
                               ReuseHistogram &Hist, ReuseHistogram *ClassHist,
                               ReuseHistogram *WriteBack) {
  for (uint64_t L = First;; ++L) {
    if (ClassHist && Logs) {
      accessLogged(L, Hist, *ClassHist, WriteBack);
    } else if (L == LastLine && (!WriteBack || LastWasStore)) {
      Hist.add(0, Weight);
      if (ClassHist)
        ClassHist->add(0, Weight);
      if (WriteBack)
        WriteBack->add(0, Weight);
      else
        LastWasStore = false;
    } else if (keepsLine(L)) {
      accessLine(L, Hist, ClassHist, WriteBack);
    }
    if (L == Last)
      break;
  }
}

void ReuseTracker::feedLine(uint64_t Line, bool Store, const FeedCold &Cold) {
  LastLine = Line;
  LastWasStore = Store;
  Impl &I = *P;
  bool InSparse = true;
  if (I.TwoLevel) {
    I.Dense.update(Line, Store);
    InSparse = sampleHash(Line) < I.SparseThreshold;
  }
  if (!InSparse)
    return;
  auto [New, FirstStore] = I.Main.update(Line, Store);
  // Cold as accessLine counts it: a line new to the (sparse) sample.
  uint64_t W = I.TwoLevel ? I.M * ColdWeight : ColdWeight;
  if (New && Cold.Hist)
    Cold.Hist->addCold(W);
  if (New && Cold.Class && tracksClasses())
    Cold.Class->addCold(W);
  if (FirstStore && Cold.WriteBack)
    Cold.WriteBack->addCold(W);
}

void ReuseTracker::finish(ReuseHistogram &Hist) const {
  if (Sampled)
    Hist.scale(P->Scale);
}

void ReuseTracker::reset() {
  P->Main.clear();
  P->Dense.clear();
  ++LogEpoch;
  LastLine = NoLine;
  LastWasStore = false;
}

double ReuseTracker::sampleRate() const { return 1.0 / P->SparseScale; }

uint64_t ReuseTracker::trackedLines() const {
  return P->Main.Lines.size() + P->Dense.Lines.size();
}

uint64_t ReuseTracker::memoryBytes() const {
  return sizeof(*this) + sizeof(Impl) + P->Main.bytes() + P->Dense.bytes() +
         P->Logs.size() * sizeof(ClassLog);
}
