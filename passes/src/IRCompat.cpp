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

void rewriteCode(StringRef Text, std::string &Out, unsigned &Rewrites);

/// Splits an argument list at its top-level commas.
SmallVector<std::string, 4> splitArgs(StringRef Args) {
  SmallVector<std::string, 4> Out;
  int Depth = 0;
  std::string Cur;
  for (char C : Args) {
    if (C == '(' || C == '<' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == '>' || C == ']' || C == '}')
      --Depth;
    if (C == ',' && Depth == 0) {
      Out.push_back(StringRef(Cur).trim().str());
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!StringRef(Cur).trim().empty())
    Out.push_back(StringRef(Cur).trim().str());
  return Out;
}

/// LLVM 21 moved the alignment of llvm.masked.{load,store,gather,scatter}
/// from an i32 immarg operand into an `align` attribute on the pointer
/// operand. \p Rest starts at the '(' after the intrinsic's name; returns
/// how much of it was consumed (0: not the new form, nothing written).
size_t rewriteMaskedArgs(StringRef Rest, unsigned PtrIndex, bool Declaration,
                         std::string &Out, unsigned &Rewrites) {
  size_t Close = closingParen(Rest, 0);
  if (Close == StringRef::npos)
    return 0;
  SmallVector<std::string, 4> Args = splitArgs(Rest.slice(1, Close - 1));
  if (Args.size() != 3)
    return 0; // LLVM 19's own four-operand form
  std::string Align = Declaration ? "i32 immarg" : "i32 1";
  if (!Declaration) {
    StringRef Ptr = Args[PtrIndex];
    size_t At = Ptr.find(" align ");
    if (At != StringRef::npos) {
      size_t Num = At + 7, End = Num;
      while (End < Ptr.size() && isDigit(Ptr[End]))
        ++End;
      Align = "i32 " + Ptr.slice(Num, End).str();
      Args[PtrIndex] = (Ptr.take_front(At) + Ptr.drop_front(End)).str();
    }
  }
  Args.insert(Args.begin() + PtrIndex + 1, Align);
  std::string Joined;
  for (size_t I = 0; I < Args.size(); ++I)
    Joined += (I ? ", " : "") + Args[I];
  Out += '(';
  rewriteCode(Joined, Out, Rewrites); // captures(none) and friends inside
  Out += ')';
  ++Rewrites;
  return Close;
}

/// One line outside string literals: \p Text holds no '"'.
void rewriteCode(StringRef Text, std::string &Out, unsigned &Rewrites) {
  size_t I = 0;
  while (I < Text.size()) {
    // A keyword, not part of a name: %samesign or @captures are values.
    bool WordStart = I == 0 || (!isIdentChar(Text[I - 1]) &&
                                !StringRef("%@!$#").contains(Text[I - 1]));
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
        std::string Body =
            filterMemoryEffects(Rest.slice(7, Close - 1), Rewrites);
        if (Rewrites != Before) {
          Out += "memory(" + Body + ")";
          I += Close;
          continue;
        }
      }
    }
    if (Rest.starts_with("@llvm.masked.")) {
      StringRef Kind = Rest.drop_front(13);
      unsigned PtrIndex =
          Kind.starts_with("store.") || Kind.starts_with("scatter.");
      if (Kind.starts_with("load.") || Kind.starts_with("gather.") ||
          PtrIndex) {
        size_t Name = 1;
        while (Name < Rest.size() && isIdentChar(Rest[Name]))
          ++Name;
        StringRef Line = StringRef(Out).rsplit('\n').second;
        if (Out.find('\n') == std::string::npos)
          Line = Out;
        bool Declaration = Line.ltrim().starts_with("declare");
        if (Name < Rest.size() && Rest[Name] == '(') {
          Out += Rest.take_front(Name).str();
          size_t Used = rewriteMaskedArgs(Rest.drop_front(Name), PtrIndex,
                                          Declaration, Out, Rewrites);
          if (Used) {
            I += Name + Used;
            continue;
          }
          Out.resize(Out.size() - Name);
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
