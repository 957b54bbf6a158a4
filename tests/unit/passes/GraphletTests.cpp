//===- GraphletTests.cpp - CFGs, task graphlets and superblocks -----------===//
#include "crop/Passes/CFG.h"
#include "crop/Passes/GraphletBuilder.h"
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace llvm;
using namespace crop;

namespace {

std::unique_ptr<Module> parse(StringRef IR, LLVMContext &Ctx) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Diag, Ctx);
  if (!M) {
    std::string S;
    raw_string_ostream OS(S);
    Diag.print("test", OS);
    FAIL(S);
  }
  return M;
}

/// AA for a module's functions, as the default pipeline computes it.
struct AAFixture {
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  AAFixture() {
    FAM.registerPass([&] { return PB.buildDefaultAAPipeline(); });
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
  AAResults &aa(Function &F) { return FAM.getResult<AAManager>(F); }
};

const BasicBlock &block(const Function &F, StringRef Name) {
  for (const BasicBlock &BB : F)
    if (BB.getName() == Name)
      return BB;
  FAIL("no block " << Name.str());
  return F.front();
}

/// "V1->V3" for every edge of the given kinds.
std::set<std::string> edges(const Graphlet &G, std::set<DepKind> Kinds) {
  std::set<std::string> Out;
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    if (Kinds.count(G.G[E].Kind))
      Out.insert(G.G[boost::source(E, G.G)].Name + "->" +
                 G.G[boost::target(E, G.G)].Name);
  return Out;
}

const std::set<DepKind> AllButEntry = {DepKind::Data,    DepKind::MemRAW,
                                       DepKind::MemWAR,  DepKind::MemWAW,
                                       DepKind::Control, DepKind::Carried};
const std::set<DepKind> Memory = {DepKind::MemRAW, DepKind::MemWAR,
                                  DepKind::MemWAW};

std::optional<DepKind> edgeKind(const Graphlet &G, StringRef From,
                                StringRef To) {
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    if (G.G[boost::source(E, G.G)].Name == From &&
        G.G[boost::target(E, G.G)].Name == To)
      return G.G[E].Kind;
  return std::nullopt;
}

const GraphletVertex &vertex(const Graphlet &G, StringRef Name) {
  for (auto V : boost::make_iterator_range(boost::vertices(G.G)))
    if (G.G[V].Name == Name)
      return G.G[V];
  FAIL("no vertex " << Name.str());
  return G.G[0];
}

/// Whether From reaches To through non-carried edges.
bool reaches(const Graphlet &G, StringRef From, StringRef To) {
  size_t N = boost::num_vertices(G.G);
  std::vector<bool> Seen(N);
  std::vector<unsigned> Work;
  for (unsigned V = 0; V < N; ++V)
    if (G.G[V].Name == From)
      Work.push_back(V);
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    if (Seen[V])
      continue;
    Seen[V] = true;
    if (G.G[V].Name == To)
      return true;
    for (auto E : boost::make_iterator_range(boost::out_edges(V, G.G)))
      if (G.G[E].Kind != DepKind::Carried)
        Work.push_back(boost::target(E, G.G));
  }
  return false;
}

/// Whether every vertex reaches To through non-carried edges.
bool allReach(const Graphlet &G, unsigned To) {
  size_t N = boost::num_vertices(G.G);
  for (unsigned From = 0; From < N; ++From) {
    std::vector<bool> Seen(N);
    std::vector<unsigned> Work{From};
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      if (Seen[V])
        continue;
      Seen[V] = true;
      for (auto E : boost::make_iterator_range(boost::out_edges(V, G.G)))
        if (G.G[E].Kind != DepKind::Carried)
          Work.push_back(boost::target(E, G.G));
    }
    if (!Seen[To])
      return false;
  }
  return true;
}

std::unique_ptr<Module> loadFig3(LLVMContext &Ctx) {
  auto M = loadModule(CROP_SOURCE_DIR "/examples/fig3.ll", Ctx);
  REQUIRE(bool(M));
  return std::move(*M);
}

} // namespace

TEST_CASE("Fig. 3: the graphlet of for.body9 has the paper's edges",
          "[passes][fig3]") {
  LLVMContext Ctx;
  auto M = loadFig3(Ctx);
  Function &F = *M->getFunction("fig3");
  AAFixture AA;
  Graphlet G = buildGraphlet(block(F, "for.body9"), AA.aa(F));
  CHECK(G.Block == "for.body9");
  REQUIRE(G.numInstructions() == 7);
  CHECK(vertex(G, "V1").Opcode == "load");
  CHECK(vertex(G, "V2").Opcode == "load");
  CHECK(vertex(G, "V3").Opcode == "mul");
  CHECK(vertex(G, "V4").Opcode == "load");
  CHECK(vertex(G, "V5").Opcode == "add");
  CHECK(vertex(G, "V6").Opcode == "store");
  CHECK(vertex(G, "V7").Opcode == "br");
  CHECK(vertex(G, "V6").MemBytes == 4);
  CHECK(vertex(G, "V6").Type == "i32");
  // V1,V2 -> V3; V3,V4 -> V5; V5 -> V6; and V7 after everything (its only
  // direct predecessor is V6, the one vertex nothing else waits for).
  CHECK(edges(G, AllButEntry) == std::set<std::string>{"V1->V3", "V2->V3",
                                                       "V3->V5", "V4->V5",
                                                       "V5->V6", "V6->V7"});
  CHECK(edges(G, {DepKind::Entry}) ==
        std::set<std::string>{"V0->V1", "V0->V2", "V0->V4"});
  CHECK(edgeKind(G, "V6", "V7") == DepKind::Control);
  CHECK(allReach(G, 7));
}

TEST_CASE("Fig. 3: for.inc + for.cond7 has the RAW through %j, "
          "for.cond7 + for.body9 nothing across",
          "[passes][fig3]") {
  LLVMContext Ctx;
  auto M = loadFig3(Ctx);
  Function &F = *M->getFunction("fig3");
  AAFixture AA;

  Graphlet Inc =
      buildSuperblock(block(F, "for.inc"), block(F, "for.cond7"), AA.aa(F));
  CHECK(Inc.Block == "for.inc");
  CHECK(Inc.Successor == "for.cond7");
  CHECK(vertex(Inc, "V3").Opcode == "store");
  CHECK(vertex(Inc, "S1_V1").Opcode == "load");
  CHECK(vertex(Inc, "S1_V1").Part == 1);
  CHECK(vertex(Inc, "V3").Part == 0);
  CHECK(edgeKind(Inc, "V3", "S1_V1") == DepKind::MemRAW);
  // The load of %n in for.cond7 is independent of for.inc.
  CHECK(edgeKind(Inc, "V0", "S1_V2") == DepKind::Entry);

  Graphlet Cond =
      buildSuperblock(block(F, "for.cond7"), block(F, "for.body9"), AA.aa(F));
  size_t Across = 0;
  for (auto E : boost::make_iterator_range(boost::edges(Cond.G))) {
    const GraphletVertex &S = Cond.G[boost::source(E, Cond.G)];
    const GraphletVertex &T = Cond.G[boost::target(E, Cond.G)];
    if (S.Name != "V0" && S.Part != T.Part)
      ++Across;
  }
  CHECK(Across == 0);
  CHECK(Cond.numInstructions() == 4 + 7);
}

TEST_CASE("analyzeModule covers every block and successor pair", "[passes]") {
  LLVMContext Ctx;
  auto M = loadFig3(Ctx);
  auto R = analyzeModule(*M);
  REQUIRE(bool(R));
  REQUIRE(R->size() == 1);
  const FunctionStatic &FS = R->front();
  CHECK(FS.Name == "fig3");
  CHECK(boost::num_vertices(FS.CFG.G) == 8);
  CHECK(boost::num_edges(FS.CFG.G) == 9);
  CHECK(FS.Graphlets.Blocks.size() == 8);
  CHECK(FS.Graphlets.Superblocks.size() == 9);
  CHECK(FS.Graphlets.Superblocks.count({"for.inc", "for.cond7"}));
  auto G = findBlockGraphlet(FS, "for.body9");
  REQUIRE(bool(G));
  CHECK((*G)->numInstructions() == 7);

  auto Missing = findBlockGraphlet(FS, "for.body10");
  REQUIRE(!Missing);
  std::string Msg = toString(Missing.takeError());
  CHECK_THAT(Msg, Catch::Contains("for.body9") && Catch::Contains("for.inc"));

  StaticOptions Opts;
  Opts.Function = "nope";
  auto Bad = analyzeModule(*M, Opts);
  REQUIRE(!Bad);
  CHECK_THAT(toString(Bad.takeError()), Catch::Contains("fig3"));

  Opts.Function = "fig3";
  Opts.Superblocks = false;
  auto One = analyzeModule(*M, Opts);
  REQUIRE(bool(One));
  CHECK(One->front().Graphlets.Superblocks.empty());
}

static const char *AliasIR = R"(
define void @noalias_args(ptr noalias %p, ptr noalias %q, i32 %v) {
entry:
  store i32 %v, ptr %p
  store i32 %v, ptr %q
  %x = load i32, ptr %p
  ret void
}
define void @unknown_args(ptr %p, ptr %q, i32 %v) {
entry:
  store i32 %v, ptr %p
  store i32 %v, ptr %q
  %x = load i32, ptr %p
  ret void
}
define void @disjoint_offsets(ptr %p, i32 %v) {
entry:
  %p1 = getelementptr inbounds i32, ptr %p, i64 1
  store i32 %v, ptr %p
  store i32 %v, ptr %p1
  ret void
}
declare void @opaque(ptr)
declare i32 @pure(i32) readnone
define void @calls(ptr noalias %p, ptr noalias %q, i32 %v) {
entry:
  store i32 %v, ptr %p
  %a = call i32 @pure(i32 %v)
  call void @opaque(ptr %q)
  %x = load i32, ptr %p
  ret void
}
)";

TEST_CASE("memory edges follow alias analysis", "[passes][alias]") {
  LLVMContext Ctx;
  auto M = parse(AliasIR, Ctx);
  AAFixture AA;

  Function &NA = *M->getFunction("noalias_args");
  Graphlet G = buildGraphlet(NA.front(), AA.aa(NA));
  // V1 store p, V2 store q, V3 load p, V4 ret.
  CHECK(edges(G, Memory) == std::set<std::string>{"V1->V3"});
  CHECK(edgeKind(G, "V1", "V3") == DepKind::MemRAW);

  Function &UA = *M->getFunction("unknown_args");
  Graphlet U = buildGraphlet(UA.front(), AA.aa(UA));
  CHECK(edgeKind(U, "V1", "V2") == DepKind::MemWAW);
  CHECK(edgeKind(U, "V2", "V3") == DepKind::MemRAW);
  // Load p after store p: ordered, through the store to q that may alias
  // both (an edge that other edges imply is left out).
  CHECK(!edgeKind(U, "V1", "V3"));
  CHECK(reaches(U, "V1", "V3"));

  Function &DO = *M->getFunction("disjoint_offsets");
  Graphlet D = buildGraphlet(DO.front(), AA.aa(DO));
  CHECK(edges(D, Memory).empty());
  CHECK(edgeKind(D, "V1", "V3") == DepKind::Data); // gep -> store

  // A call that may touch memory orders against the accesses it may alias;
  // a readnone call orders against nothing.
  Function &C = *M->getFunction("calls");
  Graphlet CG = buildGraphlet(C.front(), AA.aa(C));
  CHECK(vertex(CG, "V2").Opcode == "call:pure");
  CHECK(vertex(CG, "V3").Opcode == "call:opaque");
  CHECK(edges(CG, Memory) == std::set<std::string>{"V1->V4"});
}

TEST_CASE("implied memory orders become paths", "[passes][alias]") {
  // q and p may alias: every access is ordered after every earlier one, but
  // the chain V1 -> V2 -> V3 -> V4 says it all.
  LLVMContext Ctx;
  auto M = parse(R"(
define i32 @f(ptr %p, ptr %q, i32 %v) {
entry:
  store i32 %v, ptr %q
  store i32 1, ptr %p
  store i32 2, ptr %p
  %x = load i32, ptr %q
  ret i32 %x
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  CHECK(edgeKind(G, "V1", "V2") == DepKind::MemWAW);
  CHECK(edgeKind(G, "V2", "V3") == DepKind::MemWAW);
  CHECK(edgeKind(G, "V3", "V4") == DepKind::MemRAW);
  // Implied orders are kept as paths, not edges.
  CHECK(reaches(G, "V1", "V4"));
  CHECK(!edgeKind(G, "V1", "V4"));
  CHECK(!edgeKind(G, "V1", "V3"));
  CHECK(!edgeKind(G, "V2", "V4"));
}

namespace {

/// An unrolled c[i] = a[i] + b[i] over pointers AA knows nothing about:
/// every store may alias every earlier load and the other way round.
std::string unrolledIR(unsigned N) {
  std::string S = "define void @f(ptr %a, ptr %b, ptr %c) {\nentry:\n";
  for (unsigned I = 0; I < N; ++I) {
    std::string i = std::to_string(I);
    S += "  %pa" + i + " = getelementptr inbounds float, ptr %a, i64 " + i +
         "\n";
    S += "  %va" + i + " = load float, ptr %pa" + i + "\n";
    S += "  %pb" + i + " = getelementptr inbounds float, ptr %b, i64 " + i +
         "\n";
    S += "  %vb" + i + " = load float, ptr %pb" + i + "\n";
    S += "  %s" + i + " = fadd float %va" + i + ", %vb" + i + "\n";
    S += "  %pc" + i + " = getelementptr inbounds float, ptr %c, i64 " + i +
         "\n";
    S += "  store float %s" + i + ", ptr %pc" + i + "\n";
  }
  return S + "  ret void\n}\n";
}

/// Transitive closure over non-carried edges, as bitsets.
std::vector<std::vector<bool>> closure(const Graphlet &G) {
  size_t N = boost::num_vertices(G.G);
  std::vector<std::vector<bool>> R(N, std::vector<bool>(N));
  for (size_t V = N; V-- > 0;)
    for (auto E : boost::make_iterator_range(boost::out_edges(V, G.G))) {
      if (G.G[E].Kind == DepKind::Carried)
        continue;
      size_t T = boost::target(E, G.G);
      R[V][T] = true;
      for (size_t X = 0; X < N; ++X)
        if (R[T][X])
          R[V][X] = true;
    }
  return R;
}

} // namespace

TEST_CASE("may-alias accesses stay ordered without an edge per pair",
          "[passes][alias]") {
  LLVMContext Ctx;
  auto M = parse(unrolledIR(60), Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  // Every (store, later load) and (load, later store) pair is ordered...
  auto R = closure(G);
  std::vector<unsigned> Loads, Stores;
  for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
    if (G.G[V].Opcode == "load")
      Loads.push_back(V);
    if (G.G[V].Opcode == "store")
      Stores.push_back(V);
  }
  REQUIRE(Stores.size() == 60);
  for (unsigned S : Stores) {
    for (unsigned L : Loads) {
      if (L < S)
        CHECK(R[L][S]);
      else
        CHECK(R[S][L]);
    }
    for (unsigned T : Stores)
      if (S < T)
        CHECK(R[S][T]);
  }
  // ...by a number of edges linear in the block, not quadratic.
  CHECK(boost::num_edges(G.G) < 6 * boost::num_vertices(G.G));
}

TEST_CASE("huge blocks stay linear and ordered", "[passes][alias]") {
  // More accesses than the exact window holds (MaxWindow): the builder
  // closes windows with barriers but still orders what may alias.
  LLVMContext Ctx;
  auto M = parse(unrolledIR(3000), Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  CHECK(G.numInstructions() == 3000 * 7 + 1);
  CHECK(boost::num_edges(G.G) < 6 * boost::num_vertices(G.G));
  // The last load reaches nothing but is reached from the first store.
  std::string FirstStore = "V7", LastLoad = "V" + std::to_string(2999 * 7 + 4);
  REQUIRE(vertex(G, LastLoad).Opcode == "load");
  CHECK(reaches(G, FirstStore, LastLoad));
  CHECK(reaches(G, "V2", "V" + std::to_string(2999 * 7 + 7)));
}

TEST_CASE("phis, debug intrinsics, lifetime markers and assumes are not work",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.assume(i1)
declare void @llvm.experimental.noalias.scope.decl(metadata)
define float @f(float %a, i1 %c) !dbg !5 {
entry:
  %buf = alloca [4 x float]
  br label %loop
loop:
  %acc = phi float [ 0.0, %entry ], [ %next, %loop ]
  call void @llvm.lifetime.start.p0(i64 16, ptr %buf)
  call void @llvm.dbg.value(metadata float %acc, metadata !9, metadata !DIExpression()), !dbg !10
  call void @llvm.assume(i1 %c)
  call void @llvm.experimental.noalias.scope.decl(metadata !13)
  %next = fadd float %acc, %a
  call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
  %done = fcmp ogt float %next, 1.0e3
  br i1 %done, label %exit, label %loop
exit:
  ret float %next
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/")
!5 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, type: !6, unit: !1, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = !DILocalVariable(name: "acc", scope: !5, file: !2, line: 1, type: !8)
!10 = !DILocation(line: 1, column: 1, scope: !5)
!11 = distinct !{!11, !"domain"}
!12 = distinct !{!12, !11, !"scope"}
!13 = !{!12}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(block(F, "loop"), AA.aa(F));
  // Only fadd, fcmp and br remain.
  REQUIRE(G.numInstructions() == 3);
  CHECK(vertex(G, "V1").Opcode == "fadd");
  CHECK(vertex(G, "V1").Type == "f32");
  CHECK(vertex(G, "V2").Opcode == "fcmp");
  CHECK(vertex(G, "V3").Opcode == "br");
  CHECK(edges(G, AllButEntry) ==
        std::set<std::string>{"V1->V2", "V2->V3", "V1->V1"});
  // The accumulator: next iteration's fadd waits for this one's.
  CHECK(edgeKind(G, "V1", "V1") == DepKind::Carried);
  CHECK(graphletInstructions(block(F, "loop")).size() == 3);

  // In the loop's own superblock the phi resolves to this iteration's fadd.
  Graphlet S = buildSuperblock(block(F, "loop"), block(F, "loop"), AA.aa(F));
  CHECK(edgeKind(S, "V1", "S1_V1") == DepKind::Data);
  CHECK(edges(S, {DepKind::Carried}).empty());
}

TEST_CASE("superblocks resolve the successor's phis and see cross-iteration "
          "memory",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define void @f(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %p
  %i.next = add i64 %i, 1
  %q = getelementptr inbounds float, ptr %a, i64 %i.next
  store float 1.0, ptr %q
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  const BasicBlock &Loop = block(F, "loop");
  Graphlet S = buildSuperblock(Loop, Loop, AA.aa(F));
  // V1 gep p, V2 load, V3 add, V4 gep q, V5 store, V6 icmp, V7 br.
  // a[i+1] stored now is a[i] loaded by the next iteration: within one
  // iteration AA says they differ, across iterations they may not.
  CHECK(!edgeKind(S, "V2", "V5"));
  CHECK(edgeKind(S, "V5", "S1_V2") == DepKind::MemRAW);
  // %i in the next iteration is this iteration's %i.next.
  CHECK(edgeKind(S, "V3", "S1_V1") == DepKind::Data);
  CHECK(edgeKind(S, "V3", "S1_V3") == DepKind::Data);
  // The head's branch holds nothing in the successor back.
  for (auto E : boost::make_iterator_range(boost::out_edges(7, S.G)))
    CHECK(S.G[boost::target(E, S.G)].Part == 0);
}

TEST_CASE("instruction classes, types, lanes and bytes", "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
declare <8 x float> @llvm.masked.load.v8f32.p0(ptr, i32, <8 x i1>, <8 x float>)
declare float @llvm.vector.reduce.fadd.v8f32(float, <8 x float>)
declare i32 @llvm.smax.i32(i32, i32)
declare double @llvm.fma.f64(double, double, double)
define float @f(ptr %p, <8 x i1> %m, ptr %fp, i32 %x, double %d) {
entry:
  %v = call <8 x float> @llvm.masked.load.v8f32.p0(ptr %p, i32 4, <8 x i1> %m, <8 x float> zeroinitializer)
  %r = call float @llvm.vector.reduce.fadd.v8f32(float 0.0, <8 x float> %v)
  %s = call i32 @llvm.smax.i32(i32 %x, i32 0)
  %e = call double @llvm.fma.f64(double %d, double %d, double %d)
  call void %fp()
  %t = sitofp i32 %s to float
  %z = zext i32 %x to i64
  %h = fptrunc double %e to half
  %el = extractelement <8 x float> %v, i64 3
  %w = load <4 x double>, ptr %p
  store <4 x double> %w, ptr %p
  %sel = select i1 true, float %r, float %t
  %n = fneg float %sel
  %c = fcmp olt <4 x double> %w, %w
  %i = icmp eq i64 %z, 0
  %mx = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> zeroinitializer)
  ret float %n
}
declare i32 @llvm.vector.reduce.smax.v8i32(<8 x i32>)
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  std::vector<GraphletVertex> V;
  for (const Instruction &I : F.front()) {
    GraphletVertex X;
    REQUIRE(classifyInstruction(I, X));
    V.push_back(X);
  }
  auto Is = [&](size_t I, const char *Op, const char *Ty, uint32_t Lanes,
                uint32_t Bytes) {
    INFO("instruction " << I);
    CHECK(V[I].Opcode == Op);
    CHECK(V[I].Type == Ty);
    CHECK(V[I].Lanes == Lanes);
    CHECK(V[I].MemBytes == Bytes);
  };
  Is(0, "intr:masked.load", "f32", 8, 32);
  // Reductions and compares by what they read.
  Is(1, "intr:vector.reduce.fadd", "f32", 8, 0);
  Is(2, "intr:smax", "i32", 1, 0);
  Is(3, "fma", "f64", 1, 0);
  Is(4, "call:indirect", "void", 1, 0);
  Is(5, "sitofp", "f32", 1, 0);
  Is(6, "zext", "i64", 1, 0);
  Is(7, "fptrunc", "f16", 1, 0);
  Is(8, "extractelement", "f32", 1, 0);
  Is(9, "load", "f64", 4, 32);
  Is(10, "store", "f64", 4, 32);
  Is(11, "select", "f32", 1, 0);
  Is(12, "fneg", "f32", 1, 0);
  Is(13, "fcmp", "f64", 4, 0);
  Is(14, "icmp", "i64", 1, 0);
  Is(15, "intr:vector.reduce.smax", "i32", 8, 0);
  Is(16, "ret", "void", 1, 0);
}

TEST_CASE("CFG: blocks, distinct successors, exits, unnamed blocks",
          "[passes][cfg]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define i32 @f(i32 %x) {
  switch i32 %x, label %2 [ i32 0, label %1
                            i32 1, label %1
                            i32 2, label %named ]
1:
  ret i32 1
2:
  unreachable
named:
  br label %1
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  FunctionCFG C = buildCFG(F);
  REQUIRE(boost::num_vertices(C.G) == 4);
  CHECK(C.Function == "f");
  CHECK(C.Entry == 0);
  CHECK(C.G[0].Name == "%0");
  CHECK(C.G[1].Name == "%1");
  CHECK(C.G[2].Name == "%2");
  CHECK(C.G[3].Name == "named");
  CHECK(blockName(*C.G[2].Block) == "%2");
  CHECK(boost::out_degree(0, C.G) == 3); // %2, %1, named: %1 once
  CHECK(!C.G[0].IsExit);
  CHECK(C.G[1].IsExit);
  CHECK(C.G[2].IsExit);
  CHECK(!C.G[3].IsExit);
  CHECK(blockNames(F) == std::vector<std::string>{"%0", "%1", "%2", "named"});
}

TEST_CASE("matmul_tiled.ll from clang: vector FMAs and the outlined OpenMP "
          "function",
          "[passes][matmul]") {
  LLVMContext Ctx;
  auto M = loadModule(CROP_BINARY_DIR "/examples/matmul_tiled.ll", Ctx);
  REQUIRE(bool(M));
  auto R = analyzeModule(**M);
  REQUIRE(bool(R));
  const FunctionStatic *Outlined = nullptr;
  for (const FunctionStatic &FS : *R)
    if (StringRef(FS.Name).contains("omp_outlined"))
      Outlined = &FS;
  REQUIRE(Outlined);
  CHECK(StringRef(Outlined->Name).starts_with("matmul_tiled"));

  size_t VecLoads = 0, VecFMAs = 0, VecStores = 0;
  bool FmaAfterLoad = false;
  for (const Graphlet &G : Outlined->Graphlets.Blocks)
    for (auto E : boost::make_iterator_range(boost::edges(G.G))) {
      const GraphletVertex &S = G.G[boost::source(E, G.G)];
      const GraphletVertex &T = G.G[boost::target(E, G.G)];
      if (S.Opcode == "load" && S.Lanes == 8 && T.Opcode == "fma" &&
          T.Lanes == 8 && G.G[E].Kind == DepKind::Data)
        FmaAfterLoad = true;
    }
  for (const Graphlet &G : Outlined->Graphlets.Blocks)
    for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
      const GraphletVertex &X = G.G[V];
      if (X.Type != "f32" || X.Lanes != 8)
        continue;
      VecLoads += X.Opcode == "load" && X.MemBytes == 32;
      VecStores += X.Opcode == "store" && X.MemBytes == 32;
      VecFMAs += X.Opcode == "fma";
    }
  CHECK(VecLoads >= 2);
  CHECK(VecFMAs >= 2);
  CHECK(VecStores >= 2);
  CHECK(FmaAfterLoad);

  // The kernel itself only forks: its body calls the OpenMP runtime.
  bool Forks = false;
  for (const FunctionStatic &FS : *R)
    if (FS.Name == "matmul_tiled")
      for (const Graphlet &G : FS.Graphlets.Blocks)
        for (auto V : boost::make_iterator_range(boost::vertices(G.G)))
          Forks |= G.G[V].Opcode == "call:__kmpc_fork_call";
  CHECK(Forks);
}

TEST_CASE("Carried edges: multi-block loops and stores to invariant addresses",
          "[passes][carried]") {
  LLVMContext Ctx;
  // for k: { if (c) skip; out[0] += a[k] * w[k] } with out[0] kept in
  // memory, and a register accumulator carried through the header's phi.
  auto M = parse(R"(
define float @f(ptr noalias %out, ptr noalias %a, ptr noalias %w, i1 %c) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %latch ]
  br i1 %c, label %latch, label %body
body:
  %o = load float, ptr %out
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %s = fadd float %o, %x
  store float %s, ptr %out
  %acc1.b = fadd float %acc, %x
  br label %latch
latch:
  %acc1 = phi float [ %acc, %head ], [ %acc1.b, %body ]
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 64
  br i1 %done, label %exit, label %head
exit:
  ret float %acc1
}

define void @self(ptr noalias %out, ptr noalias %a) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %o = load float, ptr %out
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %s = fadd float %o, %x
  store float %s, ptr %out
  %q = getelementptr float, ptr %out, i64 %k
  %y = load float, ptr %q
  store float %y, ptr %q
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)",
                 Ctx);
  AAFixture AA;
  Function &F = *M->getFunction("f");
  Graphlet B = buildGraphlet(block(F, "body"), AA.aa(F));
  // V1 load out, V2 gep, V3 load a[k], V4 fadd, V5 store out, V6 fadd acc.
  // The store feeds the next iteration's load of the same invariant address.
  CHECK(edgeKind(B, "V5", "V1") == DepKind::Carried);
  // %acc1 reaches the header's phi only through the latch's phi: no edge is
  // invented for it; the address a[k] changes, so its load carries nothing.
  CHECK(edges(B, {DepKind::Carried}) == std::set<std::string>{"V5->V1"});
  // The latch computes %k1, which the header's phi hands to the next
  // iteration's add in the same block.
  Graphlet L = buildGraphlet(block(F, "latch"), AA.aa(F));
  CHECK(edgeKind(L, "V1", "V1") == DepKind::Carried);

  Function &S = *M->getFunction("self");
  Graphlet G = buildGraphlet(block(S, "loop"), AA.aa(S));
  // V1 load out, V2 gep, V3 load, V4 fadd, V5 store out, V6 gep, V7 load q,
  // V8 store q: out is invariant (carried), out[k] is not.
  CHECK(edgeKind(G, "V5", "V1") == DepKind::Carried);
  CHECK(!edgeKind(G, "V8", "V7"));
}

TEST_CASE("carried chains that restart at each entry of their loop",
          "[passes][carried]") {
  LLVMContext Ctx;
  // Four nests of an 8-iteration inner loop under a loop over j:
  // @fresh: acc = 0 for each j (restarts); @chained: acc carried from one
  // entry to the next through the outer phi (does not); @slot: c[j] += ...
  // kept in memory, the slot moves with j (restarts); @fixed: c[0] += ...,
  // the same slot for every j (does not).
  auto M = parse(R"(
define void @fresh(ptr noalias %a, ptr noalias %b, ptr noalias %c) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %exit ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k1, %inner ]
  %acc = phi float [ 0.0, %outer ], [ %acc1, %inner ]
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %acc1 = fadd float %acc, %x
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %exit, label %inner
exit:
  %pc = getelementptr float, ptr %c, i64 %j
  store float %acc1, ptr %pc
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  ret void
}

define float @chained(ptr noalias %a) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %exit ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %exit ]
  %s2 = fmul float %s, 5.0e-01
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k1, %inner ]
  %acc = phi float [ %s2, %outer ], [ %acc1, %inner ]
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %acc1 = fadd float %acc, %x
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %exit, label %inner
exit:
  %s.next = phi float [ %acc1, %inner ]
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  ret float %s.next
}

define void @slot(ptr noalias %a, ptr noalias %c) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %exit ]
  %pc = getelementptr float, ptr %c, i64 %j
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k1, %inner ]
  %o = load float, ptr %pc
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %o1 = fadd float %o, %x
  store float %o1, ptr %pc
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %exit, label %inner
exit:
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  ret void
}

define void @fixed(ptr noalias %a, ptr noalias %c) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %exit ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k1, %inner ]
  %o = load float, ptr %c
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %o1 = fadd float %o, %x
  store float %o1, ptr %c
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %exit, label %inner
exit:
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  ret void
}
)",
                 Ctx);
  AAFixture AA;
  auto inner = [&](const char *Fn) {
    Function &F = *M->getFunction(Fn);
    return buildGraphlet(block(F, "inner"), AA.aa(F));
  };
  Graphlet Fresh = inner("fresh");
  CHECK(!edges(Fresh, {DepKind::Carried}).empty());
  CHECK(Fresh.ChainsRestart);
  CHECK_FALSE(inner("chained").ChainsRestart);
  Graphlet Slot = inner("slot");
  CHECK(edgeKind(Slot, "V5", "V1") == DepKind::Carried);
  CHECK(Slot.ChainsRestart);
  CHECK_FALSE(inner("fixed").ChainsRestart);
  // The outer loop's blocks carry only the induction variable, whose start
  // value is a constant: they restart too (each call of the function).
  Function &F = *M->getFunction("fresh");
  CHECK(buildGraphlet(block(F, "exit"), AA.aa(F)).ChainsRestart);
}

TEST_CASE("contract-flagged fadd over a single-use fmul is marked for FMA",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define <8 x float> @f(<8 x float> %a, <8 x float> %b, <8 x float> %c) {
  %m = fmul contract <8 x float> %a, %b
  %s = fadd contract <8 x float> %c, %m
  %m2 = fmul contract <8 x float> %a, %c
  %s2 = fadd <8 x float> %s, %m2
  %m3 = fmul contract <8 x float> %b, %c
  %s3 = fsub contract <8 x float> %s2, %m3
  %s4 = fadd contract <8 x float> %s3, %m3
  ret <8 x float> %s4
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  CHECK(vertex(G, "V2").Contract);  // fadd contract (fmul contract, 1 use)
  CHECK(!vertex(G, "V1").Contract); // the fmul itself
  CHECK(!vertex(G, "V4").Contract); // the fadd lacks the flag
  CHECK(!vertex(G, "V6").Contract); // %m3 has two users
  CHECK(!vertex(G, "V7").Contract);
}

TEST_CASE("live-ins: values a block uses and does not make, by type",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define void @f(ptr %in, ptr %out, <8 x float> %w0, i64 %n) {
entry:
  %w1 = fmul <8 x float> %w0, %w0
  %stride = shl i64 %n, 2
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i64 %i, %stride
  %p = getelementptr float, ptr %in, i64 %off
  %x = load <8 x float>, ptr %p
  %a = fmul <8 x float> %x, %w0
  %b = fmul <8 x float> %a, %w1
  %c = fadd <8 x float> %b, %w1
  %q = getelementptr float, ptr %out, i64 %i
  store <8 x float> %c, ptr %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(block(F, "loop"), AA.aa(F));
  // %w0 and %w1 (used twice: one value), %stride and %n, %in and %out; not
  // the phi %i (the block's own) nor constants.
  std::map<std::string, uint32_t> Got;
  for (const GraphletLiveIns &L : G.LiveIns) {
    CHECK(L.Part == 0);
    Got[L.Type + "x" + std::to_string(L.Lanes)] = L.Count;
  }
  CHECK(Got == std::map<std::string, uint32_t>{
                   {"f32x8", 2}, {"i64x1", 2}, {"ptrx1", 2}});
  // In a superblock each part counts its own block's live-ins.
  Graphlet S = buildSuperblock(block(F, "loop"), block(F, "loop"), AA.aa(F));
  uint32_t Part1 = 0;
  for (const GraphletLiveIns &L : S.LiveIns)
    if (L.Part == 1)
      Part1 += L.Count;
  CHECK(Part1 == 6);
  // The entry block uses only arguments.
  Graphlet E = buildGraphlet(block(F, "entry"), AA.aa(F));
  uint32_t EntryIns = 0;
  for (const GraphletLiveIns &L : E.LiveIns)
    EntryIns += L.Count;
  CHECK(EntryIns == 2); // %w0 and %n
}

TEST_CASE("repeated operations and constant index offsets are marked",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define void @f(ptr %acc, ptr %w, i64 %i, i64 %k) {
  %a = shl i64 %i, 3
  %b = add nuw nsw i64 %a, 512
  %p = getelementptr float, ptr %acc, i64 %b
  %x = load float, ptr %p
  %a2 = shl nuw nsw i64 %i, 3
  %c = add nsw i64 %a2, %k
  %q = getelementptr float, ptr %w, i64 %c
  %y = load float, ptr %q
  %s = fadd float %x, %y
  %s2 = fadd float %x, %y
  store float %s, ptr %p
  %e = add i64 %a, 7
  %f = mul i64 %e, %k
  %r = getelementptr float, ptr %w, i64 %e
  store float %s2, ptr %r
  ret void
}
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  auto Named = [&](const char *Op, int Nth) -> const GraphletVertex & {
    for (auto V : boost::make_iterator_range(boost::vertices(G.G)))
      if (G.G[V].Opcode == Op && Nth-- == 0)
        return G.G[V];
    FAIL("no " << Op);
    return G.G[0];
  };
  CHECK_FALSE(Named("shl", 0).Duplicate);
  CHECK(Named("shl", 1).Duplicate); // %a2: %a with other flags
  CHECK_FALSE(Named("fadd", 0).Duplicate);
  CHECK(Named("fadd", 1).Duplicate);
  CHECK_FALSE(Named("load", 1).Duplicate); // memory is never merged
  // %b: a constant offset used only as an index.
  CHECK(Named("add", 0).AddressOffset);
  // %c adds a register, not a constant.
  CHECK_FALSE(Named("add", 1).AddressOffset);
  // %e also feeds a multiply.
  CHECK_FALSE(Named("add", 2).AddressOffset);
}

TEST_CASE("wide-vector regrouping shuffles and the module's vector width",
          "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define <16 x float> @f(<8 x float> %a, <8 x float> %b, <16 x float> %w) #0 {
  %c = shufflevector <8 x float> %a, <8 x float> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %hi = shufflevector <16 x float> %w, <16 x float> poison, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %odd = shufflevector <16 x float> %w, <16 x float> poison, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
  %r = shufflevector <8 x float> %a, <8 x float> %b, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <16 x float> %c
}
define void @g() #1 {
  ret void
}
attributes #0 = { "target-features"="+avx,+avx2,+fma,-avx512f" }
attributes #1 = { "target-features"="+sse2" }
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  std::vector<std::string> Ops;
  for (const Instruction &I : F.front()) {
    GraphletVertex X;
    REQUIRE(classifyInstruction(I, X));
    Ops.push_back(X.Opcode);
  }
  CHECK(Ops == std::vector<std::string>{"concat", "subvector", "shufflevector",
                                        "shufflevector", "ret"});
  CHECK(moduleVectorBits(*M) == 256);
  M->getFunction("f")->removeFnAttr("target-features");
  CHECK(moduleVectorBits(*M) == 128);
  M->getFunction("g")->removeFnAttr("target-features");
  CHECK(moduleVectorBits(*M) == 0);
}

TEST_CASE("max/min calls that need not honour NaNs are marked", "[passes]") {
  LLVMContext Ctx;
  auto M = parse(R"(
define void @f(ptr %p, ptr %q) {
  %x = load <8 x float>, ptr %p
  %y = load <8 x float>, ptr %q
  %a = call nnan <8 x float> @llvm.maxnum.v8f32(<8 x float> %x, <8 x float> %y)
  %b = call <8 x float> @llvm.maxnum.v8f32(<8 x float> %x, <8 x float> zeroinitializer)
  %c = call <8 x float> @llvm.minnum.v8f32(<8 x float> %b, <8 x float> %y)
  %d = call <8 x float> @llvm.maxnum.v8f32(<8 x float> %x, <8 x float> %y)
  %e = fadd nnan <8 x float> %a, %d
  store <8 x float> %c, ptr %p
  store <8 x float> %e, ptr %q
  ret void
}
declare <8 x float> @llvm.maxnum.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.minnum.v8f32(<8 x float>, <8 x float>)
)",
                 Ctx);
  Function &F = *M->getFunction("f");
  AAFixture AA;
  Graphlet G = buildGraphlet(F.front(), AA.aa(F));
  std::vector<bool> Marks;
  for (auto V : boost::make_iterator_range(boost::vertices(G.G)))
    if (G.G[V].Opcode == "intr:maxnum" || G.G[V].Opcode == "intr:minnum" ||
        G.G[V].Opcode == "fadd")
      Marks.push_back(G.G[V].NoNaNs);
  // %a (nnan), %b (a constant operand), %c (%b is never NaN); not %d (two
  // loads, no flag) and not the fadd (only max and min are marked).
  CHECK(Marks == std::vector<bool>{true, true, true, false, false});
}

TEST_CASE("accumulators carried around a loop of sibling loops restart",
          "[passes][graphlet]") {
  // Two 8-iteration reductions under a loop over j, each carrying its own
  // accumulator to its next entry through the outer phis (TVM's unrolled
  // output tiles). Between one entry of a reduction and the next the other
  // one runs, so each entry's chain starts from a value made long before:
  // they restart. With one inner loop (@one) the next entry starts from
  // the chain just finished: they do not.
  LLVMContext Ctx;
  auto M = parse(R"(
define float @two(ptr noalias %a) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %mid.exit ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %mid.exit ]
  %t = phi float [ 0.0, %entry ], [ %t.next, %mid.exit ]
  br label %first
first:
  %k = phi i64 [ 0, %outer ], [ %k1, %first ]
  %acc = phi float [ %s, %outer ], [ %acc1, %first ]
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %acc1 = fadd float %acc, %x
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %mid, label %first
mid:
  %s.next = phi float [ %acc1, %first ]
  br label %second
second:
  %m = phi i64 [ 0, %mid ], [ %m1, %second ]
  %bcc = phi float [ %t, %mid ], [ %bcc1, %second ]
  %pb = getelementptr float, ptr %a, i64 %m
  %y = load float, ptr %pb
  %bcc1 = fadd float %bcc, %y
  %m1 = add i64 %m, 1
  %e = icmp eq i64 %m1, 8
  br i1 %e, label %mid.exit, label %second
mid.exit:
  %t.next = phi float [ %bcc1, %second ]
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  %r = fadd float %s.next, %t.next
  ret float %r
}

define float @one(ptr noalias %a) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j1, %exit ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %exit ]
  br label %first
first:
  %k = phi i64 [ 0, %outer ], [ %k1, %first ]
  %acc = phi float [ %s, %outer ], [ %acc1, %first ]
  %pa = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %pa
  %acc1 = fadd float %acc, %x
  %k1 = add i64 %k, 1
  %d = icmp eq i64 %k1, 8
  br i1 %d, label %exit, label %first
exit:
  %s.next = phi float [ %acc1, %first ]
  %j1 = add i64 %j, 1
  %dj = icmp eq i64 %j1, 64
  br i1 %dj, label %done, label %outer
done:
  ret float %s.next
}
)",
                 Ctx);
  auto R = analyzeModule(*M);
  REQUIRE(bool(R));
  auto restarts = [&](const char *Fn, const char *Block) {
    for (const FunctionStatic &FS : *R)
      if (FS.Name == Fn) {
        auto G = findBlockGraphlet(FS, Block);
        REQUIRE(bool(G));
        CHECK(!edges(**G, {DepKind::Carried}).empty());
        return (*G)->ChainsRestart;
      }
    FAIL("no function " << Fn);
    return false;
  };
  CHECK(restarts("two", "first"));
  CHECK(restarts("two", "second"));
  CHECK_FALSE(restarts("one", "first"));
}

TEST_CASE("memory order from repeated GEPs and per-buffer TBAA tags",
          "[passes][alias]") {
  // TVM's unrolled tiles: one address computed under many names, buffers
  // told apart by TBAA. The graphlet answers these without asking AA per
  // pair, and must answer as AA does.
  LLVMContext Ctx;
  auto M = parse(R"(
define void @tile(ptr %c, ptr %w, i64 %i) {
  %p = getelementptr float, ptr %c, i64 %i
  %q = getelementptr float, ptr %c, i64 %i
  %p1 = getelementptr i8, ptr %p, i64 32
  store <8 x float> zeroinitializer, ptr %p, !tbaa !4
  store <8 x float> zeroinitializer, ptr %p1, !tbaa !4
  %q1 = getelementptr i8, ptr %q, i64 16
  %x = load <8 x float>, ptr %q1, !tbaa !4
  %y = load <8 x float>, ptr %w, !tbaa !5
  %z = fadd <8 x float> %x, %y
  store <8 x float> %z, ptr %w, !tbaa !5
  ret void
}

define void @loop(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %x = load float, ptr %p
  %p1 = getelementptr i8, ptr %p, i64 4
  store float 1.0, ptr %p1
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @acc(i64 %n) {
entry:
  %acc = alloca [64 x float]
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %hi = getelementptr i8, ptr %acc, i64 32
  %x = load <8 x float>, ptr %hi
  store <8 x float> zeroinitializer, ptr %acc
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!1 = !{!"root"}
!2 = !{!"buffer c", !1, i64 0}
!3 = !{!"buffer w", !1, i64 0}
!4 = !{!2, !2, i64 0}
!5 = !{!3, !3, i64 0}
)",
                 Ctx);
  AAFixture AA;
  Function &T = *M->getFunction("tile");
  Graphlet G = buildGraphlet(T.front(), AA.aa(T));
  // V1 gep p, V2 gep q, V3 gep p1, V4 store [0,32), V5 store [32,64),
  // V6 gep q1, V7 load [16,48), V8 load w, V9 fadd, V10 store w.
  CHECK(!reaches(G, "V4", "V5"));
  CHECK(edgeKind(G, "V4", "V7") == DepKind::MemRAW);
  CHECK(edgeKind(G, "V5", "V7") == DepKind::MemRAW);
  CHECK(!reaches(G, "V4", "V8"));
  CHECK(!reaches(G, "V5", "V8"));
  CHECK(reaches(G, "V8", "V10"));
  CHECK(!reaches(G, "V7", "V8"));
  CHECK(edges(G, Memory) == std::set<std::string>{"V4->V7", "V5->V7"});

  // Within one iteration a[i] and the 4 bytes after it differ; the next
  // iteration's a[i] is this one's a[i] + 4 bytes, under the same names.
  Function &L = *M->getFunction("loop");
  const BasicBlock &Loop = block(L, "loop");
  Graphlet S = buildSuperblock(Loop, Loop, AA.aa(L));
  // V1 gep p, V2 load, V3 gep p1, V4 store.
  CHECK(!edgeKind(S, "V2", "V4"));
  CHECK(edgeKind(S, "V4", "S1_V2") == DepKind::MemRAW);

  // An entry-block array is one object in every iteration: its upper half,
  // loaded, never meets its lower half, stored, in this or the next one.
  Function &A = *M->getFunction("acc");
  Graphlet SA = buildSuperblock(block(A, "loop"), block(A, "loop"), AA.aa(A));
  // V1 gep hi, V2 load hi, V3 store lo: the next iteration's V2 is S1_V2.
  CHECK(!reaches(SA, "V3", "S1_V2"));
  CHECK(edgeKind(SA, "V2", "S1_V3") == std::nullopt);
  CHECK(edgeKind(SA, "V3", "S1_V3") == DepKind::MemWAW);
}
