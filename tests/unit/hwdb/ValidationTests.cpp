//===- ValidationTests.cpp - Bad descriptors and the exact errors ---------===//
//
// Each validation rule of docs/hwdb-format.md against a small valid
// descriptor changed in one place; every message names file:line: key.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Hwdb/Units.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace llvm;
using namespace crop::hw;

namespace {

const char *const Tiny = R"(schema_version: 1
name: tiny
kind: cpu
isa: x86-64
source: a test descriptor
cpu:
  threads: 4
  cores: 2
  frequency: 2 GHz
  issue_width: 4
  simd_bits: 256
  mispredict_penalty: 15 cycles
  units: {alu: 4, load: 2}
  caches:
    - {name: L1d, size: 32 KiB, line: 64 B, ways: 8, latency: 4 cycles}
    - {name: L2, size: 1 MiB, line: 64 B, ways: 16, latency: 14 cycles}
  ram: {latency: 200 cycles}
  instructions:
    add.i32: {latency: 1, throughput: 0.25}
    load.i32: {latency: 4, throughput: 0.5, unit: load}
)";

/// A temporary folder of descriptors, removed at the end.
struct Dir {
  SmallString<128> Path;
  std::vector<std::string> Files;
  Dir() { REQUIRE(!sys::fs::createUniqueDirectory("crop-hwdb", Path)); }
  ~Dir() {
    for (const std::string &F : Files)
      sys::fs::remove(F);
    sys::fs::remove(Path);
  }
  std::string write(StringRef Name, StringRef Text) {
    SmallString<128> P(Path);
    sys::path::append(P, Name);
    std::error_code EC;
    raw_fd_ostream OS(P, EC);
    REQUIRE(!EC);
    OS << Text;
    Files.push_back(std::string(P));
    return std::string(P);
  }
};

/// Tiny with one substring replaced (it must occur).
std::string variant(StringRef From, StringRef To) {
  std::string S = Tiny;
  size_t At = S.find(From.str());
  REQUIRE(At != std::string::npos);
  S.replace(At, From.size(), To.str());
  return S;
}

std::string errorOf(const std::string &File) {
  Expected<Target> T = loadTarget(File);
  if (T)
    return "";
  return toString(T.takeError());
}

} // namespace

TEST_CASE("the base descriptor of these tests is valid", "[hwdb]") {
  Dir D;
  std::string F = D.write("tiny.yaml", Tiny);
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->FrequencyHz == 2e9);
  CHECK(T->Cpu->Caches[1].SizeBytes == 1u << 20);
  CHECK(T->Cpu->Instructions.at("load.i32").Unit == "load");
}

TEST_CASE("a misspelt key is unknown, and the real one is then missing",
          "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("  cores: 2", "  corez: 2"));
  CHECK(errorOf(F) ==
        F + ":7: cpu.cores: missing required key\n" + F +
            ":8: cpu.corez: unknown key (expected one of: threads, cores, "
            "frequency, frequency_by_active_cores, issue_width, simd_bits, "
            "mispredict_penalty, "
            "max_outstanding_misses, reorder_buffer, scheduler_fp, "
            "scheduler_fp_pickable, load_queue, store_queue, "
            "alias_4k_waits_for_data, split_load_extra, store_fma_port, "
            "fadd_to_fma_extra, parallel_launch, parallel_dispatch, "
            "parallel_task, page_fault, "
            "units, "
            "caches, "
            "ram, instructions)");
}

TEST_CASE("alias_4k_waits_for_data is a boolean", "[hwdb]") {
  Dir D;
  std::string Yes = D.write(
      "yes.yaml",
      variant("  cores: 2", "  cores: 2\n  alias_4k_waits_for_data: true"));
  Expected<Target> T = loadTarget(Yes);
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->Alias4KWaitsForData);
  Expected<Target> Tiny = loadTarget(D.write("tiny.yaml", variant("", "")));
  if (!Tiny)
    FAIL(toString(Tiny.takeError()));
  CHECK_FALSE(Tiny->Cpu->Alias4KWaitsForData);
  std::string Bad = D.write(
      "bad.yaml",
      variant("  cores: 2", "  cores: 2\n  alias_4k_waits_for_data: yes"));
  CHECK(errorOf(Bad) == Bad + ":9: cpu.alias_4k_waits_for_data: expected "
                              "true or false, not 'yes'");
}

TEST_CASE("Optional cycle counts are positive and within reason", "[hwdb]") {
  struct Field {
    const char *Key, *Ok, *Big;
    double CpuParams::*Member;
    double Want;
  };
  for (const Field &F : {Field{"split_load_extra", "1", "100",
                               &CpuParams::SplitLoadExtraCycles, 1.0},
                         Field{"store_fma_port", "0.9", "40",
                               &CpuParams::StoreFmaPortCycles, 0.9}}) {
    INFO(F.Key);
    Dir D;
    auto With = [&](const char *Name, const char *Value) {
      return D.write(Name, variant("  cores: 2", std::string("  cores: 2\n  ") +
                                                     F.Key + ": " + Value));
    };
    Expected<Target> T = loadTarget(With("one.yaml", F.Ok));
    if (!T)
      FAIL(toString(T.takeError()));
    CHECK((*T->Cpu).*F.Member == F.Want);
    std::string Prefix = std::string(":9: cpu.") + F.Key + ": ";
    CHECK(errorOf(With("big.yaml", F.Big))
              .find(Prefix + F.Big + ".00 cycles is more") !=
          std::string::npos);
    CHECK(errorOf(With("neg.yaml", "-1")).find(Prefix + "must be positive") !=
          std::string::npos);
  }
}

TEST_CASE("fadd_to_fma_extra is cycles by register width", "[hwdb]") {
  Dir D;
  auto With = [&](const char *Name, const char *Value) {
    return D.write(
        Name,
        variant("  cores: 2",
                std::string("  cores: 2\n  fadd_to_fma_extra: ") + Value));
  };
  Expected<Target> T = loadTarget(With("ok.yaml", "{128: 1.01, 256: 1.06}"));
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->FaddToFmaExtraCycles ==
        std::map<uint32_t, double>{{128, 1.01}, {256, 1.06}});
  // Written back and read again: the same field.
  Expected<Target> T2 = loadTarget(D.write("again.yaml", targetToYAML(*T)));
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(T2->Cpu->FaddToFmaExtraCycles == T->Cpu->FaddToFmaExtraCycles);
  std::string Odd = With("odd.yaml", "{100: 1}");
  CHECK(errorOf(Odd) == Odd + ":9: cpu.fadd_to_fma_extra.100: '100' is not a "
                              "register width (128, 256 or 512 bits)");
  std::string Big = With("big.yaml", "{256: 40}");
  CHECK(errorOf(Big) == Big + ":9: cpu.fadd_to_fma_extra.256: 40 is more than "
                              "any core's forwarding from its adders to its "
                              "multipliers (at most 16)");
  std::string Over = With("over.yaml", "{1024: 1}");
  CHECK(errorOf(Over).find("cpu.fadd_to_fma_extra.1024: '1024' is not a count "
                           "of register bits") != std::string::npos);
}

TEST_CASE("scheduler_fp_pickable is a part of scheduler_fp", "[hwdb]") {
  Dir D;
  Expected<Target> T = loadTarget(
      D.write("ok.yaml", variant("  cores: 2", "  cores: 2\n  scheduler_fp: "
                                               "125\n  scheduler_fp_pickable: "
                                               "63")));
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->SchedulerFp == 125);
  CHECK(T->Cpu->SchedulerFpPickable == 63);
  // Written back and read again: the same field.
  std::string Again = D.write("again.yaml", targetToYAML(*T));
  Expected<Target> T2 = loadTarget(Again);
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(T2->Cpu->SchedulerFpPickable == 63);
  std::string More = D.write(
      "more.yaml", variant("  cores: 2", "  cores: 2\n  scheduler_fp: 60\n"
                                         "  scheduler_fp_pickable: 63"));
  CHECK(errorOf(More) == More + ":10: cpu.scheduler_fp_pickable: 63 entries "
                                "is more than scheduler_fp's 60 (the pickable "
                                "part cannot be larger than the whole)");
  std::string Tiny =
      D.write("tiny2.yaml",
              variant("  cores: 2", "  cores: 2\n  scheduler_fp_pickable: 2"));
  CHECK(errorOf(Tiny) == Tiny + ":9: cpu.scheduler_fp_pickable: 2 entries is "
                                "outside 4..4096");
}

TEST_CASE("load_queue and store_queue are counts of entries", "[hwdb]") {
  const std::string Key = GENERATE("load_queue", "store_queue");
  auto field = [&](const Target &T) {
    return Key == "load_queue" ? T.Cpu->LoadQueue : T.Cpu->StoreQueue;
  };
  Dir D;
  Expected<Target> T = loadTarget(D.write(
      "q.yaml", variant("  cores: 2", "  cores: 2\n  " + Key + ": 88")));
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(field(*T) == 88);
  Expected<Target> T2 = loadTarget(D.write("q2.yaml", targetToYAML(*T)));
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(field(*T2) == 88);
  for (const char *Bad : {"2", "5000"}) {
    std::string F = D.write(
        "q3.yaml", variant("  cores: 2", "  cores: 2\n  " + Key + ": " + Bad));
    CHECK(errorOf(F) ==
          F + ":9: cpu." + Key + ": " + Bad + " entries is outside 4..4096");
  }
}

TEST_CASE("writeback_bandwidth_per_core: beyond the first level, written back",
          "[hwdb]") {
  Dir D;
  Expected<Target> T = loadTarget(D.write(
      "wb.yaml", variant("latency: 14 cycles}",
                         "latency: 14 cycles, writeback_bandwidth_per_core: "
                         "60 GB/s}")));
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->Caches[1].WriteBackBandwidthPerCore == Approx(60e9));
  CHECK(T->Cpu->Caches[0].WriteBackBandwidthPerCore == 0);
  Expected<Target> T2 = loadTarget(D.write("wb2.yaml", targetToYAML(*T)));
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(T2->Cpu->Caches[1].WriteBackBandwidthPerCore == Approx(60e9));
  std::string First = D.write(
      "wb3.yaml", variant("latency: 4 cycles}",
                          "latency: 4 cycles, writeback_bandwidth_per_core: "
                          "60 GB/s}"));
  CHECK(errorOf(First).find(":15: cpu.caches[0].writeback_bandwidth_per_core: "
                            "the first cache level receives no write-backs") !=
        std::string::npos);
  std::string Zero = D.write(
      "wb4.yaml", variant("latency: 14 cycles}",
                          "latency: 14 cycles, writeback_bandwidth_per_core: "
                          "0 GB/s}"));
  CHECK(errorOf(Zero).find("cpu.caches[1].writeback_bandwidth_per_core") !=
        std::string::npos);
}

TEST_CASE("a descriptor that is not UTF-8 text is refused with its line",
          "[hwdb]") {
  // Found by fuzz_descriptor: a stray byte in a block scalar loaded once,
  // and the descriptor written back from it did not load.
  Dir D;
  std::string F = D.write("t.yaml", variant("isa: x86-64", "isa: x86-64\xff"));
  std::string E = errorOf(F);
  INFO(E);
  CHECK(E == F + ":4: (text): not valid UTF-8 (byte 0xff at offset 50); "
                 "descriptors are UTF-8 text");
}

TEST_CASE("a descriptor with a control character is refused with its line",
          "[hwdb]") {
  // Found by fuzz_descriptor (CI, 2026-11-26): a NUL inside a block scalar
  // loaded, and the descriptor written back from it did not load.
  Dir D;
  std::string F =
      D.write("t.yaml", variant("isa: x86-64", std::string("isa: x86-\0"
                                                           "64",
                                                           11)));
  std::string E = errorOf(F);
  INFO(E);
  CHECK(E == F + ":4: (text): control character 0x00 at offset 48; "
                 "descriptors are printable text");
}

TEST_CASE("an unknown top-level key is an error", "[hwdb]") {
  Dir D;
  std::string F =
      D.write("t.yaml", variant("isa: x86-64", "isa: x86-64\nvendor: acme"));
  CHECK(errorOf(F) == F + ":5: vendor: unknown key (expected one of: base, "
                          "schema_version, name, kind, isa, source, summary, "
                          "cpu, accelerator)");
}

TEST_CASE("a missing required key", "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("  frequency: 2 GHz\n", ""));
  CHECK(errorOf(F) == F + ":7: cpu.frequency: missing required key");
  std::string G = D.write("u.yaml", variant("source: a test descriptor\n", ""));
  CHECK(errorOf(G) == G + ":1: source: missing required key");
}

TEST_CASE("a value of the wrong kind", "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("threads: 4", "threads: four"));
  CHECK(errorOf(F) == F + ":7: cpu.threads: 'four' is not a count (expected "
                          "a number, then no unit)");
  std::string G = D.write(
      "u.yaml", variant("units: {alu: 4, load: 2}", "units: [alu, load]"));
  CHECK(errorOf(G) == G + ":13: cpu.units: expected a map");
}

TEST_CASE("a bad unit", "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("2 GHz", "2 GHzz"));
  CHECK(errorOf(F) == F + ":9: cpu.frequency: bad unit 'GHzz' in '2 GHzz' (a "
                          "frequency takes GHz, MHz, kHz, Hz)");
  std::string G = D.write("u.yaml", variant("size: 1 MiB", "size: 1 GHz"));
  CHECK(StringRef(errorOf(G))
            .starts_with(G +
                         ":16: cpu.caches[1].size: bad unit 'GHz' in '1 GHz'"));
}

TEST_CASE("associativity must divide the line count", "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("ways: 8,", "ways: 7,"));
  CHECK(errorOf(F) ==
        F + ":15: cpu.caches[0].ways: associativity 7 does not divide the 512 "
            "lines of a 32 KiB cache with 64 B lines (size / line / ways "
            "must be a whole number of sets)");
}

TEST_CASE("impossible values", "[hwdb]") {
  Dir D;
  std::string F = D.write(
      "t.yaml", variant("line: 64 B, ways: 16", "line: 48 B, ways: 16"));
  CHECK(errorOf(F) ==
        F + ":16: cpu.caches[1].line: line size 48 B is not a power of two");
  std::string G = D.write("u.yaml", variant("threads: 4", "threads: 1"));
  CHECK(errorOf(G) == G + ":7: cpu.threads: 1 threads is fewer than the 2 "
                          "cores");
  std::string H = D.write("v.yaml", variant("simd_bits: 256", "simd_bits: 96"));
  CHECK(errorOf(H) == H + ":11: cpu.simd_bits: SIMD width 96 is not a power "
                          "of two >= 64");
  std::string I =
      D.write("w.yaml", variant("throughput: 0.25", "throughput: 0"));
  CHECK(errorOf(I) == I + ":19: cpu.instructions.add.i32.throughput: must be "
                          "positive, not '0'");
  // Found by fuzz_descriptor: a size beyond any integer was converted (UB).
  std::string K = D.write(
      "y.yaml", variant("size: 1 MiB", "size: 3888888888888888888888888 MiB"));
  CHECK_THAT(errorOf(K), Catch::Contains(":16: cpu.caches[1].size:") &&
                             Catch::Contains("is beyond any cache"));
  std::string L = D.write(
      "z.yaml", variant("line: 64 B, ways: 16", "line: 1e30 B, ways: 16"));
  CHECK_THAT(errorOf(L),
             Catch::Contains(":16: cpu.caches[1].line: line size") &&
                 Catch::Contains("is beyond any cache"));
  // Found by fuzz_descriptor: a count within 1e15 but beyond its field's
  // 32 bits was converted (UB).
  std::string M = D.write("m.yaml", variant("threads: 4", "threads: 3e14"));
  CHECK(errorOf(M) == M + ":7: cpu.threads: 3e14 is beyond any sensible "
                          "value (at most 4294967295)");
  std::string J = D.write("x.yaml", variant("kind: cpu", "kind: tpu"));
  CHECK(StringRef(errorOf(J))
            .starts_with(J + ":3: kind: unknown kind 'tpu' (expected cpu, gpu "
                             "or accelerator)"));
}

TEST_CASE("latency must increase with level", "[hwdb]") {
  Dir D;
  std::string F =
      D.write("t.yaml", variant("latency: 14 cycles", "latency: 3 cycles"));
  CHECK(errorOf(F) == F + ":16: cpu.caches[1].latency: latency 3 cycles is "
                          "not above L1d's 4 cycles (latency must increase "
                          "with level)");
  std::string G =
      D.write("u.yaml", variant("latency: 200 cycles", "latency: 10 cycles"));
  CHECK(errorOf(G) == G + ":17: cpu.ram.latency: latency 10 cycles is not "
                          "above L2's 14 cycles (latency must increase with "
                          "level)");
}

TEST_CASE("instruction keys and their units", "[hwdb]") {
  Dir D;
  std::string F = D.write("t.yaml", variant("add.i32:", "addi32:"));
  CHECK(errorOf(F) ==
        F + ":19: cpu.instructions.addi32: bad instruction key (expected "
            "<opcode>.<type> or <opcode>.<type>x<lanes>, e.g. fadd.f32, "
            "fma.f32x8, call:expf.f32; types i1..i64, f16, bf16, f32, f64, "
            "ptr, void)");
  std::string G = D.write("u.yaml", variant("unit: load}", "unit: fpu}"));
  CHECK(errorOf(G) == G + ":20: cpu.instructions.load.i32.unit: unit 'fpu' "
                          "is not in cpu.units");
}

TEST_CASE("base: merges maps key by key; errors name the file they are in",
          "[hwdb]") {
  Dir D;
  std::string Base = D.write("tiny.yaml", Tiny);
  std::string F = D.write("derived.yaml", "base: tiny\n"
                                          "name: derived\n"
                                          "cpu:\n"
                                          "  threads: 8\n"
                                          "  cores: 4\n");
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Name == "derived");
  CHECK(T->Cpu->Threads == 8);
  CHECK(T->Cpu->Cores == 4);
  CHECK(T->Cpu->FrequencyHz == 2e9);            // from the base
  CHECK(T->Cpu->Caches.size() == 2);            // from the base
  CHECK(T->Cpu->Instructions.count("add.i32")); // from the base

  // An override that breaks a rule against a value from the base: the
  // error points into the file that holds the override.
  std::string G = D.write("lowram.yaml", "base: tiny\n"
                                         "name: lowram\n"
                                         "cpu:\n"
                                         "  ram: {latency: 10 cycles}\n");
  CHECK(errorOf(G) == G + ":4: cpu.ram.latency: latency 10 cycles is not "
                          "above L2's 14 cycles (latency must increase with "
                          "level)");
  // A misspelt key in the derived file.
  std::string H = D.write("typo.yaml", "base: tiny\n"
                                       "name: typo\n"
                                       "cpu:\n"
                                       "  threds: 8\n");
  CHECK(errorOf(H) ==
        H + ":4: cpu.threds: unknown key (expected one of: threads, cores, "
            "frequency, frequency_by_active_cores, issue_width, simd_bits, "
            "mispredict_penalty, "
            "max_outstanding_misses, reorder_buffer, scheduler_fp, "
            "scheduler_fp_pickable, load_queue, store_queue, "
            "alias_4k_waits_for_data, split_load_extra, store_fma_port, "
            "fadd_to_fma_extra, parallel_launch, parallel_dispatch, "
            "parallel_task, page_fault, "
            "units, "
            "caches, "
            "ram, instructions)");
  // A broken base: the error names the base's file and line.
  std::string B2 = D.write("broken.yaml", variant("ways: 8,", "ways: 7,"));
  std::string I = D.write("onbroken.yaml", "base: broken\nname: onbroken\n");
  CHECK(errorOf(I) ==
        B2 + ":15: cpu.caches[0].ways: associativity 7 does not divide the "
             "512 lines of a 32 KiB cache with 64 B lines (size / line / ways "
             "must be a whole number of sets)");
}

TEST_CASE("base: unknown names and cycles", "[hwdb]") {
  Dir D;
  std::string F = D.write("d.yaml", "base: nosuch\nname: d\n");
  std::vector<std::string> Dirs = {std::string(D.Path)};
  for (const std::string &S : searchPath())
    Dirs.push_back(S);
  CHECK(errorOf(F) == F +
                          ":1: base: unknown base descriptor 'nosuch' "
                          "(looked for nosuch.yaml in " +
                          join(Dirs, ", ") + ")");
  std::string A = D.write("cyc1.yaml", "base: cyc2\nname: cyc1\n");
  std::string B = D.write("cyc2.yaml", "base: cyc1\nname: cyc2\n");
  SmallString<128> RealA, RealB;
  REQUIRE(!sys::fs::real_path(A, RealA));
  REQUIRE(!sys::fs::real_path(B, RealB));
  CHECK(errorOf(A) ==
        A + ":1: base: in base 'cyc2': " + B +
            ":1: base: 'cyc1' is its own base (cycle: " + std::string(RealA) +
            " -> " + std::string(RealB) + ")");
}

TEST_CASE("the clock by busy cores: parsed, checked, interpolated", "[hwdb]") {
  Dir D;
  std::string F = D.write(
      "t.yaml",
      variant("frequency: 2 GHz",
              "frequency: 2 GHz\n  frequency_by_active_cores: {1: 3 GHz, "
              "2: 2500 MHz}"));
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  const CpuParams &C = *T->Cpu;
  REQUIRE(C.FrequencyByActiveCores.size() == 2);
  CHECK(C.FrequencyByActiveCores.at(1) == 3e9);
  CHECK(clockForThreads(C, 1) == 3e9);
  CHECK(clockForThreads(C, 2) == 2.5e9);
  // More threads than cores (SMT): every core is busy.
  CHECK(clockForThreads(C, 4) == 2.5e9);
  CHECK(clockForThreads(C, 0) == 3e9);
  // Linear between listed counts.
  CpuParams W = C;
  W.Cores = 64;
  W.FrequencyByActiveCores = {{1, 3.5e9}, {64, 2.45e9}};
  CHECK(clockForThreads(W, 2) == Approx(3.5e9 - 1.05e9 / 63));
  CHECK(clockForThreads(W, 128) == 2.45e9);
  W.FrequencyByActiveCores.clear();
  CHECK(clockForThreads(W, 8) == W.FrequencyHz);

  std::string G = D.write(
      "u.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  frequency_by_active_cores: {1: "
                        "3 GHz, 3: 2 GHz}"));
  CHECK(errorOf(G) == G + ":10: cpu.frequency_by_active_cores.3: '3' is not "
                          "a count of busy cores from 1 to 2");
  std::string H = D.write(
      "v.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  frequency_by_active_cores: {1: "
                        "3 cycles}"));
  CHECK(StringRef(errorOf(H))
            .starts_with(H + ":10: cpu.frequency_by_active_cores.1: "));
}

TEST_CASE("parallel launch costs: parsed, checked, written back", "[hwdb]") {
  Dir D;
  std::string F = D.write(
      "t.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_launch: {1: 0.5 us, "
                        "2: 1200 ns}"));
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  const CpuParams &C = *T->Cpu;
  REQUIRE(C.ParallelLaunchSeconds.size() == 2);
  CHECK(C.ParallelLaunchSeconds.at(1) == Approx(0.5e-6));
  CHECK(parallelLaunchSeconds(C, 2) == Approx(1.2e-6));
  CHECK(parallelLaunchSeconds(C, 0) == Approx(0.5e-6));
  // Written back and read again, the same values.
  std::string Again = D.write("again.yaml", targetToYAML(*T));
  Expected<Target> T2 = loadTarget(Again);
  if (!T2)
    FAIL(toString(T2.takeError()));
  // Within an ulp or two: 0.5 us is written "500 ns", which reads back as
  // 500 * 1e-9, not bit for bit 0.5 * 1e-6.
  REQUIRE(T2->Cpu->ParallelLaunchSeconds.size() == 2);
  for (const auto &[N, S] : C.ParallelLaunchSeconds)
    CHECK(T2->Cpu->ParallelLaunchSeconds.at(N) == Approx(S).epsilon(1e-15));
  // A measured time that no unit holds bit for bit is written in a unit that
  // fits it (crop microbench once wrote 0.82 us as "8.2e-07 ns").
  CHECK(formatQuantity(0.82e-6, Dimension::Time) == "820 ns");
  CHECK(formatQuantity(1.92e-6, Dimension::Time) == "1.92 us");

  std::string G = D.write(
      "u.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_launch: {5: 1 us}"));
  CHECK(errorOf(G) == G + ":10: cpu.parallel_launch.5: '5' is not a count of "
                          "threads from 1 to 4");
  // A unit slip (seconds for microseconds) is caught, not believed.
  std::string H = D.write(
      "v.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_launch: {2: 1.2 s}"));
  CHECK(errorOf(H) == H + ":10: cpu.parallel_launch.2: 1.2 s is more than "
                          "any runtime's launch takes (at most 1 ms)");
  std::string K = D.write(
      "w.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_launch: {2: 3 GHz}"));
  CHECK(StringRef(errorOf(K)).starts_with(K + ":10: cpu.parallel_launch.2: "));
}

TEST_CASE("dynamic-schedule chunk and task costs: parsed, checked, written "
          "back",
          "[hwdb]") {
  Dir D;
  std::string F = D.write(
      "t.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_dispatch: {1: 2 ns, 2: "
                        "300 ns}\n  parallel_task: {1: 80 ns, 4: 0.4 us}"));
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  const CpuParams &C = *T->Cpu;
  CHECK(parallelDispatchSeconds(C, 2) == Approx(300e-9));
  CHECK(parallelDispatchSeconds(C, 4) == Approx(300e-9)); // the last beyond
  CHECK(parallelTaskSeconds(C, 1) == Approx(80e-9));
  CHECK(parallelTaskSeconds(C, 2) == Approx(80e-9 + (400e-9 - 80e-9) / 3));
  std::string Again = D.write("again.yaml", targetToYAML(*T));
  Expected<Target> T2 = loadTarget(Again);
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(T2->Cpu->ParallelDispatchSeconds.size() == 2);
  CHECK(parallelTaskSeconds(*T2->Cpu, 4) == Approx(400e-9));
  // Absent: not modelled.
  CHECK(parallelDispatchSeconds(CpuParams(), 2) == 0);
  CHECK(parallelTaskSeconds(CpuParams(), 2) == 0);
  std::string H = D.write(
      "v.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_task: {2: 3 ms}"));
  CHECK(errorOf(H) == H + ":10: cpu.parallel_task.2: 3 ms is more than "
                          "running an empty task takes (at most 1 ms)");
  std::string G = D.write(
      "u.yaml", variant("frequency: 2 GHz",
                        "frequency: 2 GHz\n  parallel_dispatch: {9: 1 us}"));
  CHECK(errorOf(G) == G + ":10: cpu.parallel_dispatch.9: '9' is not a count "
                          "of threads from 1 to 4");
}

TEST_CASE("page fault time: parsed, checked, written back", "[hwdb]") {
  Dir D;
  std::string F =
      D.write("t.yaml", variant("frequency: 2 GHz",
                                "frequency: 2 GHz\n  page_fault: 1.8 us"));
  Expected<Target> T = loadTarget(F);
  if (!T)
    FAIL(toString(T.takeError()));
  CHECK(T->Cpu->PageFaultSeconds == Approx(1.8e-6));
  std::string Again = D.write("again.yaml", targetToYAML(*T));
  Expected<Target> T2 = loadTarget(Again);
  if (!T2)
    FAIL(toString(T2.takeError()));
  CHECK(T2->Cpu->PageFaultSeconds == Approx(1.8e-6).epsilon(1e-12));
  // Absent: not modelled.
  Expected<Target> Plain = loadTarget(D.write("p.yaml", variant("", "")));
  if (!Plain)
    FAIL(toString(Plain.takeError()));
  CHECK(Plain->Cpu->PageFaultSeconds == 0);
  // A unit slip is caught; so is a time that is no time.
  std::string G =
      D.write("u.yaml", variant("frequency: 2 GHz",
                                "frequency: 2 GHz\n  page_fault: 1.8 s"));
  CHECK(errorOf(G) == G + ":10: cpu.page_fault: 1.8 s is more than a first "
                          "touch of a page takes (at most 1 ms)");
  std::string H =
      D.write("v.yaml", variant("frequency: 2 GHz",
                                "frequency: 2 GHz\n  page_fault: 0 us"));
  CHECK(StringRef(errorOf(H)).starts_with(H + ":10: cpu.page_fault: "));
}

TEST_CASE("a vector wider than a register costs its pieces, an insert or "
          "extract one",
          "[hwdb]") {
  crop::hw::Target T;
  T.Cpu.emplace();
  T.Cpu->SimdBits = 256;
  T.Cpu->Instructions["fadd.f32x8"] = {3, 0.5, "fadd", 1};
  T.Cpu->Instructions["insertelement.i32x8"] = {4, 0.75, "shuffle", 2};
  T.Cpu->Instructions["extractelement.i32"] = {4, 0.75, "shuffle", 2};
  // <16 x float> on 256-bit registers: two fadds.
  auto Add = T.instructionCost("fadd", "f32", 16);
  REQUIRE(Add);
  CHECK(Add->RecipThroughput == Approx(1.0));
  CHECK(Add->Uops == 2);
  // An insert into <16 x i32> reaches one half: one insert's cost.
  auto Ins = T.instructionCost("insertelement", "i32", 16);
  REQUIRE(Ins);
  CHECK(Ins->RecipThroughput == Approx(0.75));
  CHECK(Ins->Uops == 2);
  // An extract with no vector entry is not scalarised lane by lane.
  auto Ext = T.instructionCost("extractelement", "i32", 8);
  REQUIRE(Ext);
  CHECK(Ext->RecipThroughput == Approx(0.75));
  CHECK(crop::hw::registerPieces(512, 256) == 2);
  CHECK(crop::hw::piecesWorked("insertelement", 512, 256) == 1);
  CHECK(crop::hw::piecesWorked("fmul", 1024, 256) == 4);
  CHECK(crop::hw::registerPieces(64, 0) == 1);
}

TEST_CASE("a vector load or store of a lane type without entries costs one "
          "of its width, not a load per lane",
          "[hwdb]") {
  crop::hw::Target T;
  T.Cpu.emplace();
  T.Cpu->SimdBits = 256;
  T.Cpu->Instructions["load.i32"] = {4, 0.38, "load", 1};
  T.Cpu->Instructions["load.f32x4"] = {7, 0.5, "load", 2};
  T.Cpu->Instructions["load.i32x8"] = {7, 0.52, "load", 2};
  T.Cpu->Instructions["store.f32x8"] = {1, 1, "store", 1};
  T.Cpu->Instructions["mul.i32"] = {3, 1, "imul", 1};
  // <8 x i8> (64 bits): the narrowest entry at least that wide, f32x4.
  auto Bytes = T.instructionCost("load", "i8", 8);
  REQUIRE(Bytes);
  CHECK(Bytes->RecipThroughput == Approx(0.5));
  CHECK(Bytes->Uops == 2);
  // <16 x i16> (256 bits): i32x8's.
  auto Halves = T.instructionCost("load", "i16", 16);
  REQUIRE(Halves);
  CHECK(Halves->RecipThroughput == Approx(0.52));
  // <64 x i8> on 256-bit registers: two of the widest.
  auto Wide = T.instructionCost("store", "i8", 64);
  REQUIRE(Wide);
  CHECK(Wide->RecipThroughput == Approx(2));
  CHECK(Wide->Uops == 2);
  // A blend of half lanes: one of a float vector's width.
  T.Cpu->Instructions["select.f32x4"] = {1, 0.5, "fp", 1};
  auto Blend = T.instructionCost("select", "f16", 4);
  REQUIRE(Blend);
  CHECK(Blend->RecipThroughput == Approx(0.5));
  // Arithmetic depends on the lanes (x86 has no byte multiply): still
  // scalarised from the scalar entry.
  auto Mul = T.instructionCost("mul", "i32", 4);
  REQUIRE(Mul);
  CHECK(Mul->RecipThroughput == Approx(4));
}
