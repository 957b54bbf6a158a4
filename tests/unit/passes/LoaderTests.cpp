//===- LoaderTests.cpp - Reading IR files and what bad ones say -----------===//
#include "crop/Passes/ModuleLoader.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace llvm;
using namespace crop;

namespace {

/// A file with the given bytes, removed when the test ends.
struct TempFile {
  SmallString<128> Path;
  TempFile(StringRef Suffix, StringRef Bytes) {
    int FD;
    REQUIRE(!sys::fs::createTemporaryFile("crop-loader", Suffix, FD, Path));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
  }
  ~TempFile() { sys::fs::remove(Path); }
};

std::string loadError(StringRef Path) {
  LLVMContext Ctx;
  auto M = loadModule(Path, Ctx);
  if (M)
    return "";
  return toString(M.takeError());
}

std::string fig3Text() {
  auto Buf = MemoryBuffer::getFile(CROP_SOURCE_DIR "/examples/fig3.ll");
  REQUIRE(Buf);
  return (*Buf)->getBuffer().str();
}

} // namespace

TEST_CASE("textual IR loads and is verified", "[passes][loader]") {
  LLVMContext Ctx;
  auto M = loadModule(CROP_SOURCE_DIR "/examples/fig3.ll", Ctx);
  REQUIRE(bool(M));
  CHECK((*M)->getFunction("fig3"));
}

TEST_CASE("truncated IR names the file and the line", "[passes][loader]") {
  std::string Text = fig3Text();
  // Cut in the middle of for.body9: the parser runs out at the end.
  size_t Cut = Text.find("  %mul = mul");
  REQUIRE(Cut != std::string::npos);
  TempFile F(".ll", Text.substr(0, Cut));
  unsigned Lines = std::count(Text.begin(), Text.begin() + Cut, '\n');
  std::string Msg = loadError(F.Path);
  CHECK_THAT(Msg,
             Catch::StartsWith((F.Path + ":" + Twine(Lines + 1) + ":").str()));
  CHECK_THAT(Msg, Catch::Contains("expecting"));
}

TEST_CASE("syntax errors carry line and column", "[passes][loader]") {
  TempFile F(
      ".ll",
      "define void @f() {\nentry:\n  %x = frobnicate i32 1\n  ret void\n}\n");
  std::string Msg = loadError(F.Path);
  CHECK_THAT(Msg, Catch::StartsWith((F.Path + ":3:").str()));
  CHECK_THAT(Msg, Catch::Contains("instruction opcode"));
}

TEST_CASE("an empty file is an error, not an empty module",
          "[passes][loader]") {
  TempFile F(".ll", "");
  CHECK_THAT(loadError(F.Path), Catch::Contains("empty file"));
}

TEST_CASE("a .bc that is not bitcode says so", "[passes][loader]") {
  TempFile F(".bc", fig3Text());
  CHECK_THAT(loadError(F.Path), Catch::Contains("not LLVM bitcode"));
}

TEST_CASE("truncated bitcode is an error", "[passes][loader]") {
  // The bitcode magic followed by garbage.
  TempFile F(".bc",
             StringRef("BC\xC0\xDE\x35\x14\x00\x00\x05\x00\x00\x00", 12));
  CHECK_THAT(loadError(F.Path), Catch::Contains("invalid bitcode"));
}

TEST_CASE("the verifier rejects broken modules", "[passes][loader]") {
  // %y is used before it is defined in the same block.
  TempFile F(".ll", "define i32 @f(i32 %x) {\nentry:\n  %z = add i32 %y, 1\n"
                    "  %y = add i32 %x, 1\n  ret i32 %z\n}\n");
  std::string Msg = loadError(F.Path);
  CHECK_THAT(Msg,
             Catch::Contains("invalid module") && Catch::Contains("dominate"));
}

TEST_CASE("a missing file is an error", "[passes][loader]") {
  CHECK_THAT(loadError("/nonexistent/crop.ll"),
             Catch::Contains("/nonexistent/crop.ll") &&
                 Catch::Contains("cannot read"));
}
