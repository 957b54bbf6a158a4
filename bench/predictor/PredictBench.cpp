//===- PredictBench.cpp - How fast crop::predict answers, first and again -===//
//
// For each profile: how long reading it takes in each file form (JSON and
// binary). For each profile and target: the first prediction in a fresh
// memo (what a new program costs), the same prediction repeated (what a tuner
// asking again costs), and the predicted time itself. Prints a table, then how
// many memoized predictions per second one caller thread and several caller
// threads sharing the process's memo get (a tuner's workers).
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Simulator/Predictor.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

using namespace llvm;
using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point A, Clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

int main(int argc, char **argv) {
  std::vector<std::string> Profiles, Targets;
  unsigned Threads = 0;
  unsigned Callers = std::max(2u, std::thread::hardware_concurrency());
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--target" && I + 1 < argc)
      Targets.push_back(argv[++I]);
    else if (A == "--threads" && I + 1 < argc)
      Threads = unsigned(std::stoul(argv[++I]));
    else if (A == "--callers" && I + 1 < argc)
      Callers = std::max(1u, unsigned(std::stoul(argv[++I])));
    else
      Profiles.push_back(A.str());
  }
  if (Profiles.empty() || Targets.empty()) {
    errs() << "usage: crop_bench_predict PROFILE... --target T... "
              "[--threads N] [--callers N]\n";
    return 2;
  }
  std::vector<crop::hw::Target> Ts;
  for (const std::string &T : Targets) {
    Expected<crop::hw::Target> X = crop::hw::findTarget(T);
    if (!X) {
      errs() << toString(X.takeError()) << "\n";
      return 1;
    }
    Ts.push_back(std::move(*X));
  }
  // Loading: each form from memory (the file read is the OS's business),
  // median of 5.
  outs() << formatv("{0,-28} {1,10} {2,13} {3,12} {4,15}\n", "profile",
                    "json KiB", "json load ms", "binary KiB", "binary load ms");
  for (const std::string &Path : Profiles) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      errs() << Path << ": " << Buf.getError().message() << "\n";
      return 1;
    }
    Expected<crop::ProgramProfile> P =
        crop::profileFromBuffer((*Buf)->getBuffer(), Path);
    if (!P) {
      errs() << toString(P.takeError()) << "\n";
      return 1;
    }
    std::string Json = crop::profileToJSON(*P), Bin = crop::profileToBinary(*P);
    auto median = [](auto Load) {
      std::vector<double> T;
      for (int K = 0; K < 5; ++K) {
        auto S = Clock::now();
        Load();
        T.push_back(seconds(S, Clock::now()));
      }
      std::sort(T.begin(), T.end());
      return T[2];
    };
    double J = median([&] { cantFail(crop::profileFromJSON(Json, Path)); });
    double B = median([&] { cantFail(crop::profileFromBinary(Bin, Path)); });
    outs() << formatv("{0,-28} {1,10:f0} {2,13:f1} {3,12:f0} {4,15:f1}\n",
                      sys::path::filename(Path), Json.size() / 1024.0, J * 1e3,
                      Bin.size() / 1024.0, B * 1e3);
  }
  outs() << "\n";

  crop::PredictOptions Opts;
  Opts.Threads = Threads;
  std::vector<crop::ProgramProfile> Loaded;
  outs() << formatv("{0,-28} {1,-10} {2,7} {3,11} {4,12} {5,13} {6,12} "
                    "{7,-14}\n",
                    "profile", "target", "blocks", "first ms", "memo us",
                    "memo pred/s", "predicted", "bound");
  for (const std::string &Path : Profiles) {
    Expected<crop::ProgramProfile> P = crop::readProfile(Path);
    if (!P) {
      errs() << toString(P.takeError()) << "\n";
      return 1;
    }
    size_t Blocks = 0;
    for (const crop::FunctionProfile &F : P->Functions)
      Blocks += F.Blocks.size();
    for (const crop::hw::Target &T : Ts) {
      auto S0 = Clock::now();
      Expected<crop::Prediction> First = crop::predict(*P, T, Opts);
      auto S1 = Clock::now();
      if (!First) {
        errs() << toString(First.takeError()) << "\n";
        return 1;
      }
      // Repeat for at least 0.2 s and 20 calls; report the median of
      // batches of 10 so one descheduling does not count.
      std::vector<double> Batches;
      auto Start = Clock::now();
      while (Batches.size() < 20 || seconds(Start, Clock::now()) < 0.2) {
        auto B0 = Clock::now();
        for (int K = 0; K < 10; ++K)
          cantFail(crop::predict(*P, T, Opts));
        Batches.push_back(seconds(B0, Clock::now()) / 10);
      }
      std::sort(Batches.begin(), Batches.end());
      double Memo = Batches[Batches.size() / 2];
      std::string Time =
          First->SecondsPerCall >= 1e-3
              ? formatv("{0:f3} ms", First->SecondsPerCall * 1e3).str()
              : formatv("{0:f2} us", First->SecondsPerCall * 1e6).str();
      outs() << formatv("{0,-28} {1,-10} {2,7} {3,11:f3} {4,12:f1} "
                        "{5,13:f0} {6,12} {7,-14}\n",
                        sys::path::filename(Path), T.Name, Blocks,
                        seconds(S0, S1) * 1e3, Memo * 1e6, 1 / Memo, Time,
                        First->Bound);
    }
    Loaded.push_back(std::move(*P));
  }

  // Memoized predictions per second through the process's memo, from one
  // caller thread and from Callers at once, each caller cycling over every
  // profile and target for 0.5 s.
  auto throughput = [&](unsigned N) {
    std::atomic<uint64_t> Done{0};
    std::vector<std::thread> Ws;
    auto Start = Clock::now();
    for (unsigned W = 0; W < N; ++W)
      Ws.emplace_back([&, W] {
        uint64_t K = W;
        while (seconds(Start, Clock::now()) < 0.5) {
          const crop::ProgramProfile &P = Loaded[K % Loaded.size()];
          const crop::hw::Target &T = Ts[(K / Loaded.size()) % Ts.size()];
          cantFail(crop::predict(P, T, Opts));
          ++K;
          Done.fetch_add(1, std::memory_order_relaxed);
        }
      });
    for (std::thread &W : Ws)
      W.join();
    return double(Done.load()) / seconds(Start, Clock::now());
  };
  double One = throughput(1), Many = throughput(Callers);
  outs() << formatv("\ncallers sharing one memo   predictions/s   speed-up\n"
                    "{0,-26} {1,13:f0} {2,10:f2}\n{3,-26} {4,13:f0} "
                    "{5,10:f2}\n",
                    "1", One, 1.0, Callers, Many, Many / One);
  return 0;
}
