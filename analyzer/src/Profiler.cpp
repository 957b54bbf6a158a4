//===- Profiler.cpp - crop::profileModule: static + dynamic -> profile ----===//
//
// Loads the module, takes its static features (CFGs, graphlets,
// superblocks) before anything changes it, instruments it, checks that every
// external symbol it uses can be served, and runs it once in a child process
// (Runner.cpp) which fills in counts and reuse histograms.
//
//===----------------------------------------------------------------------===//
#include "crop/Analyzer/Profiler.h"
#include "crop/Analyzer/MachineBlocks.h"

#include "Runner.h"

#include "crop/Passes/CFG.h"
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/RuntimeABI.h"
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <dlfcn.h>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace crop {

Expected<std::string> moduleFileHash(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(),
                             Path + ": " + Buf.getError().message());
  std::array<uint8_t, 32> H =
      SHA256::hash(arrayRefFromStringRef((*Buf)->getBuffer()));
  return toHex(H, /*LowerCase=*/true);
}

namespace {

/// The profile's static half: every defined function with its blocks'
/// graphlets and successor edges (counts come from the run).
ProgramProfile skeleton(const std::vector<FunctionStatic> &Statics) {
  ProgramProfile P;
  for (const FunctionStatic &FS : Statics) {
    FunctionProfile F;
    F.Name = FS.Name;
    std::vector<std::string> Names = blockNames(*FS.F);
    const CFGGraph &G = FS.CFG.G;
    for (size_t I = 0; I < Names.size(); ++I) {
      BlockProfile B;
      B.Name = Names[I];
      if (I < FS.Graphlets.Blocks.size())
        B.Body = FS.Graphlets.Blocks[I];
      for (auto E : make_range(boost::out_edges(I, G))) {
        SuccessorEdge S;
        S.Block = G[boost::target(E, G)].Name;
        auto It = FS.Graphlets.Superblocks.find({B.Name, S.Block});
        if (It != FS.Graphlets.Superblocks.end())
          S.Superblock = It->second;
        B.Successors.push_back(std::move(S));
      }
      F.Blocks.push_back(std::move(B));
    }
    P.Functions.push_back(std::move(F));
  }
  return P;
}

/// Puts each block's graphlet and superblocks, built apart from the run,
/// into the profile the run filled (matched by function and block names).
void attachGraphlets(ProgramProfile &P,
                     const std::vector<FunctionStatic> &Statics) {
  std::map<std::string, const FunctionStatic *> ByName;
  for (const FunctionStatic &FS : Statics)
    ByName[FS.Name] = &FS;
  for (FunctionProfile &F : P.Functions) {
    auto It = ByName.find(F.Name);
    if (It == ByName.end())
      continue;
    const FunctionGraphlets &G = It->second->Graphlets;
    for (size_t I = 0; I < F.Blocks.size() && I < G.Blocks.size(); ++I) {
      BlockProfile &B = F.Blocks[I];
      B.Body = G.Blocks[I];
      for (SuccessorEdge &S : B.Successors) {
        auto SIt = G.Superblocks.find({B.Name, S.Block});
        if (SIt != G.Superblocks.end())
          S.Superblock = SIt->second;
      }
    }
  }
}

/// Puts what the backend made of each block into its graphlet (part 0) and
/// into its superblocks (part 0: the block, part 1: the successor).
void attachMachineBlocks(ProgramProfile &P, const ModuleMachineBlocks &MB) {
  for (FunctionProfile &F : P.Functions) {
    auto FIt = MB.find(F.Name);
    if (FIt == MB.end())
      continue;
    const std::map<std::string, GraphletMachine> &Blocks = FIt->second;
    auto find = [&](const std::string &Name,
                    uint32_t Part) -> std::optional<GraphletMachine> {
      auto It = Blocks.find(Name);
      if (It == Blocks.end())
        return std::nullopt;
      GraphletMachine X = It->second;
      X.Part = Part;
      return X;
    };
    for (BlockProfile &B : F.Blocks) {
      std::optional<GraphletMachine> Own = find(B.Name, 0);
      if (!Own)
        continue;
      B.Body.Machine = {*Own};
      for (SuccessorEdge &S : B.Successors) {
        std::optional<GraphletMachine> Succ = find(S.Block, 1);
        if (!Succ || !S.Superblock.numInstructions())
          continue;
        S.Superblock.Machine = {*Own, *Succ};
      }
    }
  }
}

/// Gives each of Names (functions the module declares and nothing here
/// defines) a body that ends the run naming it, so a module that calls one
/// only on a path the run does not take can still be profiled.
void defineMissingFunctions(Module &M, ArrayRef<std::string> Names) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Hook =
      M.getOrInsertFunction(abi::MissingFunctionHookSymbol,
                            Type::getVoidTy(Ctx), PointerType::getUnqual(Ctx));
  for (const std::string &N : Names) {
    Function *F = M.getFunction(N);
    if (!F || !F->isDeclaration())
      continue;
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    B.CreateCall(Hook, {B.CreateGlobalStringPtr(N)});
    B.CreateUnreachable();
    F->setLinkage(GlobalValue::InternalLinkage);
  }
}

/// Names the module uses but neither defines nor gets from Crop's runtimes
/// or this process's libraries (libc, libm...).
std::vector<std::string> unknownSymbols(const Module &M) {
  std::set<std::string> Served;
  for (auto &[Name, Addr] : detail::runtimeSymbols())
    Served.insert(Name);
  for (auto &[Name, Addr] : detail::runtimeFunctionPointers())
    Served.insert(Name);
  Served.insert("__tvm_module_ctx");
  std::vector<std::string> Unknown;
  auto Check = [&](const GlobalValue &G) {
    // Weak references may stay unresolved (they read as null).
    if (!G.isDeclaration() || G.use_empty() || G.hasExternalWeakLinkage())
      return;
    std::string Name = G.getName().str();
    if (!Served.count(Name) && !::dlsym(RTLD_DEFAULT, Name.c_str()))
      Unknown.push_back(Name);
  };
  for (const Function &F : M)
    if (!F.isIntrinsic())
      Check(F);
  for (const GlobalVariable &G : M.globals())
    Check(G);
  return Unknown;
}

} // namespace

/// Sets ParallelIn on each function that ran and runs only inside one
/// parallel function's tasks: one that parallel function reaches by direct
/// calls through functions that are not parallel themselves, and that the
/// entry does not reach that way (a helper a parallel loop's body calls and
/// the compiler did not inline). Its blocks then share those tasks' threads;
/// before, they were priced as if one thread ran them all.
static void markParallelCallees(ProgramProfile &P, const Module &M) {
  std::map<StringRef, size_t> Index;
  for (size_t I = 0; I < P.Functions.size(); ++I)
    Index.emplace(P.Functions[I].Name, I);
  std::vector<std::vector<size_t>> Callees(P.Functions.size());
  for (const Function &F : M) {
    auto It = Index.find(F.getName());
    if (F.isDeclaration() || It == Index.end())
      continue;
    for (const Instruction &I : instructions(F))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *G = CB->getCalledFunction()) {
          auto J = Index.find(G->getName());
          if (J != Index.end())
            Callees[It->second].push_back(J->second);
          // A region opened inside a parallel function runs its outlined
          // body there (serialized, Runtime.cpp), as a call would.
          if (G->getName() == "__kmpc_fork_call" && CB->arg_size() > 2)
            if (const auto *Body = dyn_cast<Function>(
                    CB->getArgOperand(2)->stripPointerCasts())) {
              auto K = Index.find(Body->getName());
              if (K != Index.end())
                Callees[It->second].push_back(K->second);
            }
        }
  }
  auto isParallel = [&](size_t I) { return P.Functions[I].Parallel; };
  // The functions Root reaches without going through another parallel
  // function (which it may reach: a region it opens).
  auto reach = [&](size_t Root) {
    std::vector<bool> Seen(P.Functions.size(), false);
    std::vector<size_t> Work{Root};
    Seen[Root] = true;
    while (!Work.empty()) {
      size_t F = Work.back();
      Work.pop_back();
      for (size_t G : Callees[F])
        if (!Seen[G]) {
          Seen[G] = true;
          if (!isParallel(G))
            Work.push_back(G);
        }
    }
    return Seen;
  };
  auto Entry = Index.find(P.Module.Entry);
  std::vector<bool> Serial = Entry == Index.end()
                                 ? std::vector<bool>(P.Functions.size(), false)
                                 : reach(Entry->second);
  std::vector<int64_t> Owner(P.Functions.size(), -1); // -2: several.
  for (size_t I = 0; I < P.Functions.size(); ++I) {
    if (!isParallel(I) || P.Functions[I].Calls == 0)
      continue;
    std::vector<bool> Inside = reach(I);
    for (size_t G = 0; G < Inside.size(); ++G)
      if (Inside[G] && G != I)
        Owner[G] = Owner[G] == -1 ? int64_t(I) : -2;
  }
  // A parallel function reached only so is a region nested in Owner's
  // tasks (serialized there, Runtime.cpp).
  for (size_t G = 0; G < P.Functions.size(); ++G)
    if (Owner[G] >= 0 && !Serial[G] && P.Functions[G].Calls > 0)
      P.Functions[G].ParallelIn = P.Functions[size_t(Owner[G])].Name;
}

Expected<ProgramProfile> profileModule(StringRef Path,
                                       const ProfileOptions &Opts) {
  for (uint32_t L : Opts.LineSizes)
    if (Error E = ReuseTracker::checkOptions(L, Opts.SampleRate))
      return std::move(E);
  if (Opts.SampleTasks == 1 || Opts.SampleTasks == 2)
    return createStringError(
        inconvertibleErrorCode(),
        "a task sample of %llu: trace 0 (every task) or at least 3 tasks a "
        "launch (the first and a warm-up and a recorded task)",
        (unsigned long long)Opts.SampleTasks);

  detail::RunJob Job;
  Job.Opts = Opts;
  Job.Ctx = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> MOr = loadModule(Path, *Job.Ctx);
  if (!MOr)
    return MOr.takeError();
  Job.M = std::move(*MOr);
  Module &M = *Job.M;

  bool HasMain =
      M.getFunction("main") && !M.getFunction("main")->isDeclaration();
  bool CallDirectly = !Opts.Args.empty() || (!Opts.Entry.empty() && !HasMain);
  std::string Entry = Opts.Entry.empty() ? std::string("main") : Opts.Entry;
  if (Opts.Entry.empty() && !HasMain)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": the module has no main: name the "
                                    "function to profile with --entry");

  // Names and CFGs now, for the skeleton the run fills; the graphlets (alias
  // analysis over every block and superblock: the costly part) are built on
  // a copy in the parent while the child runs.
  StaticOptions Shape;
  Shape.Graphlets = false;
  Expected<std::vector<FunctionStatic>> Statics = analyzeModule(M, Shape);
  if (!Statics)
    return Statics.takeError();
  Job.Profile = skeleton(*Statics);
  Expected<std::string> Hash = moduleFileHash(Path);
  if (!Hash)
    return Hash.takeError();
  Job.Profile.Module.Hash = *Hash;
  Job.Profile.Module.SourceName = Path.str();
  Job.Profile.Module.Entry = Entry;
  Job.Profile.Module.Triple = M.getTargetTriple();
  Job.Profile.Module.VectorBits = moduleVectorBits(M);
  Job.Profile.SampleRate = Opts.SampleRate;
  Job.Profile.SampleTasks = Opts.SampleTasks;
  Job.Profile.SampleTime = Opts.SampleTime > 1 ? Opts.SampleTime : 0;
  // The machine code of the uninstrumented module, for the CPU its binary
  // is built for; without one (or without a backend) the simulator
  // estimates register pressure itself.
  // A CPU the user named and the backend does not know is a mistake to
  // report, not a record to leave out quietly.
  if (Error E = checkCodegenCPU(M.getTargetTriple(), Opts.CodegenCPU))
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(std::move(E)));
  std::string CPU =
      Opts.CodegenCPU.empty() ? moduleTargetCPU(M) : Opts.CodegenCPU;
  // Graphlets and machine code of a copy (the original is instrumented
  // next), made while the child runs: on two cores the two overlap. The
  // backend compiles a copy of its own in a child of its own.
  std::unique_ptr<Module> Clean = CloneModule(M);
  std::optional<Expected<std::vector<FunctionStatic>>> Graphlets;
  std::optional<Expected<ModuleMachineBlocks>> MB;
  Job.WhileRunning = [&] {
    Graphlets.emplace(analyzeModule(*Clean));
    if (!CPU.empty())
      MB.emplace(machineBlocks(*Clean, CPU));
  };

  InstrumentationOptions IOpts;
  IOpts.Entry = Entry;
  IOpts.Memory = Opts.TrackMemory;
  Job.TrackReuse = Opts.TrackMemory;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Job.TVMExtent.push_back(detail::tvmLambdaExtent(F));
  Expected<InstrumentationMap> Map = instrumentModule(M, IOpts);
  if (!Map)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(Map.takeError()));
  Job.Map = std::move(*Map);

  Expected<detail::EntryPlan> Plan =
      detail::planEntry(M, Entry, Opts.Args, Opts.ProgramArgs, CallDirectly);
  if (!Plan)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(Plan.takeError()));
  Job.Plan = std::move(*Plan);

  std::vector<std::string> Unknown = unknownSymbols(M);
  // Data nothing here defines cannot be made up; a function can be given a
  // body that stops the run if it is ever called. Other compilers' IR
  // declares such functions on paths a run rarely takes: Rust's panics
  // (panic_bounds_check) and personality routine, C++'s exception helpers.
  std::vector<std::string> Data, Stubbed;
  for (const std::string &N : Unknown)
    (M.getFunction(N) ? Stubbed : Data).push_back(N);
  if (!Data.empty())
    return createStringError(
        inconvertibleErrorCode(),
        Path +
            ": the module uses external data that neither the C library nor "
            "Crop's OpenMP/Halide/TVM runtimes define: " +
            join(Data, ", "));
  if (!Stubbed.empty()) {
    defineMissingFunctions(M, Stubbed);
    if (Opts.Progress)
      Opts.Progress(
          std::to_string(Stubbed.size()) +
          " function(s) the module declares are defined nowhere here (" +
          join(Stubbed, ", ") +
          "): the run stops with an error if the program calls one");
  }

  Expected<ProgramProfile> P = detail::runProfiled(Job);
  if (!P)
    return P;
  if (!Graphlets) // The child never started: nothing overlapped.
    Job.WhileRunning();
  if (!*Graphlets)
    return Graphlets->takeError();
  attachGraphlets(*P, **Graphlets);
  markParallelCallees(*P, M);
  if (!MB)
    return P;
  if (!*MB) {
    if (Opts.Progress && P)
      Opts.Progress("no machine code per block (" + toString(MB->takeError()) +
                    ")");
    else
      consumeError(MB->takeError());
  } else if (P) {
    attachMachineBlocks(*P, **MB);
    P->Module.CodegenCPU = CPU;
  }
  return P;
}

} // namespace crop
