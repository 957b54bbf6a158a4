//===- IRCompat.cpp - Reading textual IR written by newer LLVM releases ---===//
//
// Compilers that embed a newer LLVM (TVM's wheels, recent clang) write
// attributes LLVM 19 does not know. They are hints for the optimiser, so the
// rewrite is textual and local: it never changes an instruction or a type.
//
//===----------------------------------------------------------------------===//
#include "crop/Passes/IRCompat.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace {

bool isIdentChar(char C) { return isAlnum(C) || C == '_' || C == '.'; }

/// Index one past the ')' that closes the '(' at \p Open, or npos.
size_t closingParen(StringRef S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    if (S[I] == '(')
      ++Depth;
    else if (S[I] == ')' && --Depth == 0)
      return I + 1;
    else if (S[I] == '\n')
      return StringRef::npos;
  }
  return StringRef::npos;
}

/// Keeps the locations LLVM 19 knows in the body of memory(...).
std::string filterMemoryEffects(StringRef Body, unsigned &Rewrites) {
  SmallVector<StringRef, 4> Parts;
  Body.split(Parts, ',');
  std::string Out;
  for (StringRef P : Parts) {
    StringRef T = P.trim();
    if (T.starts_with("target_mem") || T.starts_with("errnomem")) {
      ++Rewrites;
      continue;
    }
    if (!Out.empty())
      Out += ", ";
    Out += T.str();
  }
  return Out.empty() ? "none" : Out;
}

/// One line outside string literals: \p Text holds no '"'.
void rewriteCode(StringRef Text, std::string &Out, unsigned &Rewrites) {
  size_t I = 0;
  while (I < Text.size()) {
    bool WordStart = I == 0 || !isIdentChar(Text[I - 1]);
    StringRef Rest = Text.substr(I);
    auto dropWord = [&](StringRef Word) {
      if (!WordStart || !Rest.starts_with(Word) ||
          (Rest.size() > Word.size() && isIdentChar(Rest[Word.size()])))
        return false;
      size_t End = Word.size();
      if (End < Rest.size() && Rest[End] == '(') {
        size_t Close = closingParen(Rest, End);
        if (Close == StringRef::npos)
          return false;
        End = Close;
      }
      // The space before a dropped word goes with it.
      if (!Out.empty() && Out.back() == ' ')
        Out.pop_back();
      I += End;
      ++Rewrites;
      return true;
    };
    if (WordStart && Rest.starts_with("captures(")) {
      size_t Close = closingParen(Rest, 8);
      if (Close != StringRef::npos) {
        StringRef Body = Rest.slice(9, Close - 1).trim();
        if (Body == "none") {
          Out += "nocapture";
        } else if (!Out.empty() && Out.back() == ' ') {
          Out.pop_back();
        }
        I += Close;
        ++Rewrites;
        continue;
      }
    }
    if (WordStart && Rest.starts_with("memory(")) {
      size_t Close = closingParen(Rest, 6);
      if (Close != StringRef::npos) {
        unsigned Before = Rewrites;
        std::string Body = filterMemoryEffects(Rest.slice(7, Close - 1),
                                               Rewrites);
        if (Rewrites != Before) {
          Out += "memory(" + Body + ")";
          I += Close;
          continue;
        }
      }
    }
    if (dropWord("samesign") || dropWord("initializes") ||
        dropWord("dead_on_return") || dropWord("nocreateundeforpoison"))
      continue;
    // Key-instruction fields of DILocation and DISubprogram (LLVM 21).
    if (Rest.starts_with(", atomGroup: ") || Rest.starts_with(", atomRank: ") ||
        Rest.starts_with(", keyInstructions: ")) {
      size_t End = Rest.find(": ") + 2;
      while (End < Rest.size() && isIdentChar(Rest[End]))
        ++End;
      I += End;
      ++Rewrites;
      continue;
    }
    Out += Text[I++];
  }
}

} // namespace

std::string crop::rewriteNewerIR(StringRef Text, unsigned &Rewrites) {
  Rewrites = 0;
  std::string Out;
  Out.reserve(Text.size());
  // String literals (c"...", names in quotes, metadata strings) are copied as
  // they are: a "captures(none)" inside one is data. A ';' outside them starts
  // a comment.
  while (!Text.empty()) {
    auto [Line, Tail] = Text.split('\n');
    bool HasNewline = Line.size() < Text.size();
    size_t I = 0;
    while (I < Line.size()) {
      size_t Quote = Line.find_first_of("\";", I);
      if (Quote == StringRef::npos) {
        rewriteCode(Line.substr(I), Out, Rewrites);
        break;
      }
      rewriteCode(Line.slice(I, Quote), Out, Rewrites);
      if (Line[Quote] == ';') {
        Out += Line.substr(Quote).str();
        break;
      }
      size_t Close = Line.find('"', Quote + 1);
      if (Close == StringRef::npos) {
        Out += Line.substr(Quote).str();
        break;
      }
      Out += Line.slice(Quote, Close + 1).str();
      I = Close + 1;
    }
    if (HasNewline)
      Out += '\n';
    Text = Tail;
  }
  return Out;
}
