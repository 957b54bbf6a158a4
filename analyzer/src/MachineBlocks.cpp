//===- MachineBlocks.cpp - What the backend makes of each IR block --------===//
#include "crop/Analyzer/MachineBlocks.h"

#include "Internal.h"

#include "crop/Passes/CFG.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace crop;

namespace {

/// Blocks of the copy are renamed to this prefix and their index, so that
/// the assembly's block comments name them whatever codegen's own IR passes
/// add or remove (unnamed blocks would be renumbered).
constexpr StringLiteral Prefix = "crop.mb.";

/// A "# 32-byte Reload" / "# 8-byte Folded Spill" comment (Comment: the
/// target's comment string): (bytes, reload?).
std::optional<std::pair<uint32_t, bool>> stackAccess(StringRef Line,
                                                     StringRef Comment) {
  size_t Hash = Line.find(Comment);
  if (Hash == StringRef::npos)
    return std::nullopt;
  StringRef C = Line.drop_front(Hash + Comment.size()).trim();
  size_t Dash = C.find("-byte ");
  if (Dash == StringRef::npos)
    return std::nullopt;
  uint32_t Bytes = 0;
  if (C.take_front(Dash).getAsInteger(10, Bytes))
    return std::nullopt;
  StringRef Rest = C.drop_front(Dash + 6);
  Rest.consume_front("Folded ");
  if (Rest.starts_with("Reload"))
    return std::make_pair(Bytes, true);
  if (Rest.starts_with("Spill"))
    return std::make_pair(Bytes, false);
  return std::nullopt;
}

/// The stack slot a spill or reload line names: its memory operand as
/// written ("48(%rsp)", "-8(%rbp)"; AArch64 "[sp, #16]"), empty if none.
StringRef stackSlot(StringRef Line) {
  size_t Open = Line.find("(%");
  if (Open != StringRef::npos) {
    size_t Close = Line.find(')', Open);
    size_t Start = Open;
    while (Start > 0 && (isDigit(Line[Start - 1]) || Line[Start - 1] == '-'))
      --Start;
    if (Close != StringRef::npos)
      return Line.slice(Start, Close + 1);
  }
  size_t Bracket = Line.find('[');
  if (Bracket != StringRef::npos) {
    size_t Close = Line.find(']', Bracket);
    if (Close != StringRef::npos)
      return Line.slice(Bracket, Close + 1);
  }
  return {};
}

/// GraphletMachine::SlotTrips from one block's stack accesses in order
/// (slot, reload?): per slot, the spills a reload of the same slot follows
/// before the next spill, the last one also when a reload precedes the
/// first spill (the next execution's).
uint32_t slotTrips(ArrayRef<std::pair<std::string, bool>> Accesses) {
  std::map<std::string, std::vector<bool>> BySlot;
  for (const auto &[Slot, Reload] : Accesses)
    BySlot[Slot].push_back(Reload);
  uint32_t Most = 0;
  for (const auto &[Slot, Seq] : BySlot) {
    uint32_t Trips = 0;
    bool Pending = false; // A spill not yet reloaded.
    for (bool Reload : Seq) {
      if (Reload && Pending)
        ++Trips, Pending = false;
      else if (!Reload)
        Pending = true;
    }
    if (Pending && !Seq.empty() && Seq.front())
      ++Trips;
    Most = std::max(Most, Trips);
  }
  return Most;
}

} // namespace

std::string crop::moduleTargetCPU(const Module &M) {
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute("target-cpu"))
      return F.getFnAttribute("target-cpu").getValueAsString().str();
  return "";
}

namespace {

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
  });
}

} // namespace

Error crop::checkCodegenCPU(StringRef TripleStr, StringRef CPU) {
  initializeTargets();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TripleStr.str(), Err);
  if (!T || CPU.empty())
    return Error::success();
  std::unique_ptr<MCSubtargetInfo> STI(
      T->createMCSubtargetInfo(TripleStr.str(), "", ""));
  if (!STI || STI->isCPUStringValid(CPU))
    return Error::success();
  std::vector<std::string> Known;
  for (const SubtargetSubTypeKV &P : STI->getAllProcessorDescriptions())
    if (Known.size() < 12)
      Known.push_back(P.Key);
  return createStringError(
      inconvertibleErrorCode(),
      "--codegen-cpu: '%s' is not a CPU the %s backend knows (it knows %s, "
      "...; `llc-19 -mtriple=%s -mcpu=help` lists them all)",
      CPU.str().c_str(), T->getName(), join(Known, ", ").c_str(),
      TripleStr.str().c_str());
}

namespace {

Expected<ModuleMachineBlocks> compileAndRead(const Module &Src, StringRef CPU) {
  initializeTargets();
  std::string TripleStr = Src.getTargetTriple();
  if (TripleStr.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the module names no target triple");
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TripleStr, Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "no backend for '%s': %s", TripleStr.c_str(),
                             Err.c_str());
  // Verbose assembly: its comments name each block's IR block and mark
  // stack reloads and spills.
  TargetOptions TO;
  TO.MCOptions.AsmVerbose = true;
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TripleStr, CPU, "", TO, Reloc::PIC_, std::nullopt,
                             CodeGenOptLevel::Default));
  if (!TM)
    return createStringError(inconvertibleErrorCode(),
                             "cannot make a target machine for '%s' (cpu %s)",
                             TripleStr.c_str(), CPU.str().c_str());

  std::unique_ptr<Module> M = CloneModule(Src);
  M->setDataLayout(TM->createDataLayout());
  // Function name -> block index -> the profile's block name.
  std::map<std::string, std::vector<std::string>> Names;
  for (Function &F : *M) {
    if (F.isDeclaration())
      continue;
    std::vector<std::string> &N = Names[F.getName().str()];
    N = blockNames(F);
    unsigned I = 0;
    for (BasicBlock &BB : F)
      BB.setName(Prefix + Twine(I++));
  }

  SmallString<0> Asm;
  raw_svector_ostream OS(Asm);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return createStringError(inconvertibleErrorCode(),
                             "the '%s' backend cannot emit assembly",
                             TripleStr.c_str());
  PM.run(*M);

  // Walk the assembly: a function's label comment "# @name" starts it, a
  // block label's comment "# %crop.mb.N" starts the IR block N; the entry
  // block has no label. Codegen's own blocks (no IR name) are left out.
  // ("#" is x86's comment string; AArch64's is "//".)
  const std::string Comment = TM->getMCAsmInfo()->getCommentString().str();
  const std::string FnMark = Comment + " @", BlockMark = Comment + " %";
  const std::string Unlabelled = Comment + " %bb.";
  ModuleMachineBlocks R;
  const std::vector<std::string> *Blocks = nullptr;
  std::map<std::string, GraphletMachine> *Out = nullptr;
  GraphletMachine *Cur = nullptr;
  // Stack accesses in order, per block: SlotTrips once the walk is done.
  std::map<GraphletMachine *, std::vector<std::pair<std::string, bool>>> Slots;
  SmallVector<StringRef, 0> Lines;
  StringRef(Asm).split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!L.starts_with("\t") && !L.starts_with(" ") &&
        !L.starts_with(Comment) && L.contains(":")) {
      StringRef Label = L.take_front(L.find(':'));
      // Private functions have local labels (".L__tvm_parallel_lambda:",
      // TVM's parallel bodies); private data has "# @" comments too, but
      // names no defined function and so selects nothing.
      size_t At = L.find(FnMark);
      if (At != StringRef::npos && !Label.starts_with(".LBB")) {
        StringRef Name = L.drop_front(At + FnMark.size()).trim().trim('"');
        auto It = Names.find(Name.str());
        Blocks = It == Names.end() ? nullptr : &It->second;
        Out = Blocks ? &R[Name.str()] : nullptr;
        Cur = Out && !Blocks->empty() ? &(*Out)[Blocks->front()] : nullptr;
        continue;
      }
      if (Label.starts_with(".Lfunc_end")) {
        Blocks = nullptr, Out = nullptr, Cur = nullptr;
        continue;
      }
    }
    bool BlockStart = L.starts_with(".LBB") || L.starts_with(Unlabelled);
    if (BlockStart) {
      Cur = nullptr;
      size_t P = L.find(BlockMark + Prefix.str());
      unsigned Index = 0;
      if (P != StringRef::npos && Blocks) {
        StringRef Id = L.drop_front(P + BlockMark.size() + Prefix.size());
        StringRef Digits = Id.take_while(isDigit);
        StringRef After = Id.drop_front(Digits.size());
        // A block that codegen's loop passes add before or split off one of
        // ours ("%crop.mb.6.preheader", "%crop.mb.6._crit_edge") is its
        // own: only the exact name is the IR block (a loop's preheader
        // zeroing its accumulators is not the loop's work).
        if ((After.empty() || isSpace(After[0])) &&
            !Digits.getAsInteger(10, Index) && Index < Blocks->size())
          Cur = &(*Out)[(*Blocks)[Index]];
      }
      continue;
    }
    if (!Cur || !L.starts_with("\t") || L.size() < 2 || !isAlpha(L[1]))
      continue;
    ++Cur->Instructions;
    if (auto S = stackAccess(L, Comment)) {
      ++(S->second ? Cur->Reloads : Cur->Spills)[S->first];
      StringRef Slot = stackSlot(L.take_front(L.find(Comment)));
      if (!Slot.empty())
        Slots[Cur].push_back({Slot.str(), S->second});
    }
  }
  for (auto &[X, Accesses] : Slots)
    X->SlotTrips = slotTrips(Accesses);
  return R;
}

/// The records as lines: "F\t<function>", then "B\t<block>\t<instructions>"
/// followed by "\tR<bytes>=<n>" and "\tS<bytes>=<n>" fields and, when not
/// 0, "\tT<slot trips>=0".
std::string serialize(const ModuleMachineBlocks &MB) {
  std::string Out;
  raw_string_ostream OS(Out);
  for (const auto &[F, Blocks] : MB) {
    if (StringRef(F).find_first_of("\t\n") != StringRef::npos)
      continue; // Not representable in the record; left out.
    OS << "F\t" << F << "\n";
    for (const auto &[B, X] : Blocks) {
      if (StringRef(B).find_first_of("\t\n") != StringRef::npos)
        continue;
      OS << "B\t" << B << "\t" << X.Instructions;
      for (const auto &[Bytes, N] : X.Reloads)
        OS << "\tR" << Bytes << "=" << N;
      for (const auto &[Bytes, N] : X.Spills)
        OS << "\tS" << Bytes << "=" << N;
      if (X.SlotTrips)
        OS << "\tT" << X.SlotTrips << "=0";
      OS << "\n";
    }
  }
  return Out;
}

Expected<ModuleMachineBlocks> deserialize(StringRef Text) {
  ModuleMachineBlocks R;
  std::map<std::string, GraphletMachine> *Cur = nullptr;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef L : Lines) {
    SmallVector<StringRef, 8> Fs;
    L.split(Fs, '\t');
    if (Fs.size() == 2 && Fs[0] == "F") {
      Cur = &R[Fs[1].str()];
      continue;
    }
    GraphletMachine X;
    if (!Cur || Fs.size() < 3 || Fs[0] != "B" ||
        Fs[2].getAsInteger(10, X.Instructions))
      return createStringError(inconvertibleErrorCode(),
                               "garbled machine-code record");
    for (StringRef F : ArrayRef(Fs).drop_front(3)) {
      auto [K, V] = F.drop_front().split('=');
      uint32_t Bytes = 0, N = 0;
      if (F.empty() || K.getAsInteger(10, Bytes) || V.getAsInteger(10, N))
        return createStringError(inconvertibleErrorCode(),
                                 "garbled machine-code record");
      if (F[0] == 'T')
        X.SlotTrips = Bytes;
      else
        (F[0] == 'R' ? X.Reloads : X.Spills)[Bytes] = N;
    }
    (*Cur)[Fs[1].str()] = std::move(X);
  }
  return R;
}

} // namespace

Expected<ModuleMachineBlocks> crop::machineBlocks(const Module &Src,
                                                  StringRef CPU) {
  // A backend may stop the process on IR it cannot select (a fatal error,
  // not an llvm::Error), so it runs in a child: a crash there is an error
  // value here, and the profile goes on without machine code.
  std::fflush(nullptr);
  int Fds[2];
  if (::pipe(Fds))
    return createStringError(inconvertibleErrorCode(), "cannot make a pipe");
  pid_t Parent = ::getpid();
  pid_t Pid = ::fork();
  if (Pid < 0) {
    ::close(Fds[0]);
    ::close(Fds[1]);
    return createStringError(inconvertibleErrorCode(), "cannot fork");
  }
  if (Pid == 0) {
    detail::endWithParent(Parent);
    ::close(Fds[0]);
    // The backend's fatal-error text and stack dump would only be noise:
    // the parent says that it stopped.
    int Null = ::open("/dev/null", O_WRONLY);
    if (Null >= 0)
      ::dup2(Null, 2);
    // One framed message, as the profiled program sends its result.
    Expected<ModuleMachineBlocks> MB = compileAndRead(Src, CPU);
    if (MB)
      detail::sendMessage(Fds[1], 'R', serialize(*MB));
    else
      detail::sendMessage(Fds[1], 'E', toString(MB.takeError()));
    ::_exit(0);
  }
  ::close(Fds[1]);
  std::string In;
  char Buf[65536];
  for (;;) {
    ssize_t N = ::read(Fds[0], Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    In.append(Buf, size_t(N));
  }
  ::close(Fds[0]);
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(Status))
    return createStringError(inconvertibleErrorCode(),
                             "the backend crashed (signal %d)",
                             WTERMSIG(Status));
  char Tag;
  std::string Payload;
  if (detail::takeMessage(In, Tag, Payload) && In.empty()) {
    if (Tag == 'R')
      return deserialize(Payload);
    if (Tag == 'E')
      return createStringError(inconvertibleErrorCode(), "%s", Payload.c_str());
  }
  return createStringError(inconvertibleErrorCode(),
                           "the backend stopped (exit status %d)",
                           WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
}
