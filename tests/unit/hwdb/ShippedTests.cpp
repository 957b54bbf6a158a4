//===- ShippedTests.cpp - Every descriptor in hwdb/targets loads ----------===//
#include "crop/Hwdb/Hwdb.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace llvm;
using namespace crop::hw;

namespace {
std::vector<std::string> shippedFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(CROP_SOURCE_DIR "/hwdb/targets", EC), End;
       It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}
} // namespace

TEST_CASE("every shipped descriptor loads, validates and round-trips",
          "[hwdb]") {
  std::vector<std::string> Files = shippedFiles();
  // The list: the paper's two CPUs, one more CPU, four GPUs or
  // accelerators.
  REQUIRE(Files.size() >= 7);
  for (const std::string &F : Files) {
    INFO(F);
    Expected<Target> T = loadTarget(F);
    if (!T)
      FAIL(toString(T.takeError()));
    // The name is the file's stem, so that `--target NAME` finds it.
    CHECK(T->Name == sys::path::stem(F).str());
    CHECK(!T->Source.empty());
    CHECK((T->Cpu.has_value() != T->Accel.has_value()));
    if (T->Cpu) {
      CHECK(!T->Cpu->Caches.empty());
      CHECK(!T->Cpu->Instructions.empty());
      CHECK(T->Cpu->RamLatencyCycles > T->Cpu->Caches.back().LatencyCycles);
    }
    // Written back and read again, it is the same target.
    SmallString<128> Tmp;
    int FD;
    REQUIRE(!sys::fs::createTemporaryFile("crop-shipped", "yaml", FD, Tmp));
    {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << targetToYAML(*T);
    }
    Expected<Target> Back = loadTarget(Tmp);
    sys::fs::remove(Tmp);
    if (!Back)
      FAIL(toString(Back.takeError()));
    CHECK(Back->Name == T->Name);
    if (T->Cpu) {
      CHECK(Back->Cpu->FrequencyHz == T->Cpu->FrequencyHz);
      CHECK(Back->Cpu->Instructions.size() == T->Cpu->Instructions.size());
      CHECK(Back->Cpu->Caches.size() == T->Cpu->Caches.size());
      for (size_t I = 0; I < T->Cpu->Caches.size(); ++I) {
        CHECK(Back->Cpu->Caches[I].SizeBytes == T->Cpu->Caches[I].SizeBytes);
        CHECK(Back->Cpu->Caches[I].LatencyCycles ==
              T->Cpu->Caches[I].LatencyCycles);
      }
    } else {
      CHECK(Back->Accel->Peak.size() == T->Accel->Peak.size());
    }
  }
}

TEST_CASE("the paper's Table 1 figures for gold5220r", "[hwdb]") {
  Expected<Target> T =
      loadTarget(CROP_SOURCE_DIR "/hwdb/targets/gold5220r.yaml");
  if (!T)
    FAIL(toString(T.takeError()));
  REQUIRE(T->Cpu);
  CHECK(T->Cpu->Threads == 48);
  REQUIRE(T->Cpu->Caches.size() == 3);
  CHECK(T->Cpu->Caches[0].Ways == 8);
  CHECK(T->Cpu->Caches[1].Ways == 16);
  CHECK(T->Cpu->Caches[2].Ways == 11);
  CHECK(T->Cpu->Caches[0].LatencyCycles == 4);
  CHECK(T->Cpu->Caches[1].LatencyCycles == 14);
  CHECK(T->Cpu->Caches[2].LatencyCycles == 59.5);
  CHECK(T->Cpu->RamLatencyCycles == 108);
}
