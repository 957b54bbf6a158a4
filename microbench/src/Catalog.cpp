//===- Catalog.cpp - Which kernels measure which descriptor entries -------===//
//
// Keys are the ones the simulator looks up: the opcode class as
// crop::classifyInstruction names it and its type, the operand type for
// compares and reductions ("fcmp.f32x8", "intr:vector.reduce.fadd.f32x8").
// Result-typed aliases ("icmp.i1x8", "intr:vector.reduce.fadd.f32") are
// written too: profiles made before the analyzer keyed those by operand
// still find them.
//
//===----------------------------------------------------------------------===//
#include "crop/Microbench/Microbench.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace llvm;

namespace crop::mb {
namespace {

struct TypeL {
  std::string Ty;
  unsigned Lanes;
  std::string str() const {
    return Lanes > 1 ? Ty + "x" + std::to_string(Lanes) : Ty;
  }
  bool isFP() const { return Ty[0] == 'f'; }
};

std::string key(const std::string &Op, const TypeL &T) {
  return Op + "." + T.str();
}

class Cat {
public:
  std::vector<CatalogEntry> E;

  CatalogEntry &add(const std::string &Name, Shape S, const std::string &Op,
                    const TypeL &T) {
    CatalogEntry C;
    C.Kernel.Name = Name;
    C.Kernel.S = S;
    C.Kernel.Op = Op;
    C.Kernel.Ty = T.Ty;
    C.Kernel.Lanes = T.Lanes;
    E.push_back(C);
    return E.back();
  }
  static Output out(const std::string &Key, const std::string &Unit,
                    double Scale = 1) {
    Output O;
    O.Key = Key;
    O.Unit = Unit;
    O.Scale = Scale;
    return O;
  }
};

} // namespace

std::vector<CatalogEntry> kernelCatalog(unsigned SimdBits) {
  Cat C;
  std::vector<TypeL> FPS = {{"f32", 1}, {"f64", 1}};
  std::vector<TypeL> FPV = {{"f32", 4}, {"f32", 8}, {"f64", 2}, {"f64", 4}};
  std::vector<TypeL> IS = {{"i32", 1}, {"i64", 1}};
  std::vector<TypeL> IV = {{"i32", 4}, {"i32", 8}, {"i64", 4}};
  if (SimdBits >= 512) {
    FPV.push_back({"f32", 16});
    FPV.push_back({"f64", 8});
    IV.push_back({"i32", 16});
  }
  auto FPAll = FPS;
  FPAll.insert(FPAll.end(), FPV.begin(), FPV.end());
  auto IAll = IS;
  IAll.insert(IAll.end(), IV.begin(), IV.end());
  auto vecUnit = [](const TypeL &T, const char *Scalar, const char *Vec) {
    return std::string(T.Lanes > 1 ? Vec : Scalar);
  };

  // Floating-point arithmetic.
  auto few = [](const TypeL &T) {
    return T.Lanes == 1 || T.str() == "f32x8" || T.str() == "f64x4" ||
           T.str() == "i32x8";
  };
  for (const TypeL &T : FPAll) {
    C.add(key("fadd", T), Shape::Binary, "fadd", T)
        .Outputs.push_back(Cat::out(key("fadd", T), "fadd"));
    C.add(key("fsub", T), Shape::Binary, "fsub", T)
        .Outputs.push_back(Cat::out(key("fsub", T), "fadd"));
    C.add(key("fmul", T), Shape::Binary, "fmul", T)
        .Outputs.push_back(Cat::out(key("fmul", T), "fp"));
    C.add(key("fma", T), Shape::Fma, "fma", T)
        .Outputs.push_back(Cat::out(key("fma", T), "fp"));
    C.add(key("fdiv", T), Shape::Binary, "fdiv", T)
        .Outputs.push_back(Cat::out(key("fdiv", T), "div"));
    C.add(key("intr:sqrt", T), Shape::UnaryIntr, "sqrt", T)
        .Outputs.push_back(Cat::out(key("intr:sqrt", T), "div"));
    C.add(key("intr:maxnum", T), Shape::BinaryIntr, "maxnum", T)
        .Outputs.push_back(Cat::out(key("intr:maxnum", T), "fadd"));
    // The one-instruction max that the lowering prices ReLUs, max
    // reductions and nnan maxnum with (x86 maxss/maxps); not the same
    // latency as an add on every core (Golden Cove: 4 against 2).
    C.add(key("fmax", T), Shape::MaxIdiom, "fmax", T)
        .Outputs.push_back(Cat::out(key("fmax", T), "fadd"));
    if (!few(T))
      continue;
    C.add(key("intr:minnum", T), Shape::BinaryIntr, "minnum", T)
        .Outputs.push_back(Cat::out(key("intr:minnum", T), "fadd"));
    C.add(key("intr:fabs", T), Shape::UnaryIntr, "fabs", T)
        .Outputs.push_back(Cat::out(key("intr:fabs", T), "fp"));
    C.add(key("fneg", T), Shape::FNeg, "fneg", T)
        .Outputs.push_back(Cat::out(key("fneg", T), "fp"));
  }
  // Integer arithmetic.
  for (const TypeL &T : IAll) {
    for (const char *Op :
         {"add", "sub", "and", "or", "xor", "shl", "lshr", "ashr"})
      if (few(T) || !strcmp(Op, "add") || !strcmp(Op, "and") ||
          !strcmp(Op, "shl"))
        C.add(key(Op, T), Shape::Binary, Op, T)
            .Outputs.push_back(Cat::out(key(Op, T), vecUnit(T, "alu", "fp")));
    C.add(key("mul", T), Shape::Binary, "mul", T)
        .Outputs.push_back(Cat::out(key("mul", T), vecUnit(T, "imul", "fp")));
    if (T.Lanes == 1)
      for (const char *Op : {"sdiv", "udiv", "srem", "urem"})
        C.add(key(Op, T), Shape::Binary, Op, T)
            .Outputs.push_back(Cat::out(key(Op, T), "div"));
  }
  C.add("gep.ptr", Shape::Gep, "gep", {"i64", 1})
      .Outputs.push_back(Cat::out("gep.ptr", "alu"));
  C.E.back().Kernel.A = 0;

  // Selects (also subtracted from the compare kernels).
  for (const TypeL &T : std::vector<TypeL>{{"i32", 1},
                                           {"i64", 1},
                                           {"f32", 1},
                                           {"f64", 1},
                                           {"i32", 8},
                                           {"f32", 4},
                                           {"f32", 8},
                                           {"f64", 4}})
    C.add(key("select", T), Shape::Select, "select", T)
        .Outputs.push_back(
            Cat::out(key("select", T), T.Lanes > 1 || T.isFP() ? "fp" : "alu"));
  // Compares: x = select(cmp x, a), x, b) minus the select.
  // A scalar integer compare feeds an add instead: LLVM's x86 backend turns
  // a scalar select on a compare in a loop into a branch.
  auto cmp = [&](const char *Op, const char *Pred, const TypeL &T,
                 const char *Unit) {
    std::string Res = T.Lanes > 1 ? "i1x" + std::to_string(T.Lanes) : "i1";
    bool ViaAdd = T.Lanes == 1 && !T.isFP();
    std::string Sub = key(ViaAdd ? "add" : "select", T);
    CatalogEntry &E = C.add(
        key(Op, T), ViaAdd ? Shape::CmpZextAdd : Shape::CmpSelect, Pred, T);
    E.Kernel.A = 2;
    E.Kernel.B = 1;
    for (std::string K : {key(Op, T), std::string(Op) + "." + Res}) {
      Output O = Cat::out(K, Unit);
      O.SubLatency = {{Sub, 1}};
      O.SubThroughput = {{Sub, 1}};
      E.Outputs.push_back(O);
    }
  };
  // The result-typed key is written once, from the commonest operand type.
  cmp("icmp", "slt", {"i64", 1}, "alu");
  cmp("icmp", "slt", {"i32", 8}, "fp");
  cmp("fcmp", "olt", {"f32", 1}, "fadd");
  cmp("fcmp", "olt", {"f32", 4}, "fadd");
  cmp("fcmp", "olt", {"f32", 8}, "fadd");
  auto cmpNoResult = [&](const char *Op, const char *Pred, const TypeL &T,
                         const char *Unit) {
    bool ViaAdd = T.Lanes == 1 && !T.isFP();
    std::string Sub = key(ViaAdd ? "add" : "select", T);
    CatalogEntry &E = C.add(
        key(Op, T), ViaAdd ? Shape::CmpZextAdd : Shape::CmpSelect, Pred, T);
    E.Kernel.A = 2;
    E.Kernel.B = 1;
    Output O = Cat::out(key(Op, T), Unit);
    O.SubLatency = {{Sub, 1}};
    O.SubThroughput = {{Sub, 1}};
    E.Outputs.push_back(O);
  };
  cmpNoResult("icmp", "slt", {"i32", 1}, "alu");
  cmpNoResult("fcmp", "olt", {"f64", 1}, "fadd");
  cmpNoResult("fcmp", "olt", {"f64", 4}, "fadd");

  // Conversions as round trips, each half credited with half the trip.
  auto pair = [&](const char *Op, const TypeL &From, const char *Back,
                  const std::string &ToTy, const char *Unit, bool BackKey) {
    TypeL To{ToTy, From.Lanes};
    CatalogEntry &E =
        C.add(std::string(Op) + "+" + Back + "." + From.str() + "." + To.str(),
              Shape::CastPair, Op, From);
    E.Kernel.Op2 = Back;
    E.Kernel.Ty2 = ToTy;
    E.Kernel.Init = 3;
    E.Kernel.A = 1;
    E.Outputs.push_back(Cat::out(key(Op, To), Unit, 0.5));
    if (BackKey)
      E.Outputs.push_back(Cat::out(key(Back, From), Unit, 0.5));
  };
  pair("sitofp", {"i32", 1}, "fptosi", "f32", "fp", true);
  pair("sitofp", {"i64", 1}, "fptosi", "f64", "fp", true);
  pair("sitofp", {"i32", 4}, "fptosi", "f32", "fp", true);
  pair("sitofp", {"i32", 8}, "fptosi", "f32", "fp", true);
  pair("sitofp", {"i32", 4}, "fptosi", "f64", "fp", false);
  pair("uitofp", {"i32", 1}, "fptoui", "f32", "fp", true);
  pair("zext", {"i32", 1}, "trunc", "i64", "alu", true);
  pair("sext", {"i32", 1}, "trunc", "i64", "alu", false);
  pair("zext", {"i8", 1}, "trunc", "i32", "alu", true);
  pair("sext", {"i8", 1}, "trunc", "i32", "alu", false);
  pair("zext", {"i32", 4}, "trunc", "i64", "shuffle", true);
  pair("sext", {"i32", 4}, "trunc", "i64", "shuffle", false);
  pair("zext", {"i16", 8}, "trunc", "i32", "shuffle", true);
  pair("fpext", {"f32", 1}, "fptrunc", "f64", "fp", true);
  pair("fpext", {"f32", 4}, "fptrunc", "f64", "fp", true);
  // Half-precision data computed in float (x86's F16C converts 8 lanes in
  // one instruction; without it, library calls). Eight lanes: a 64-bit
  // half vector has no register class for the kernel's barrier on x86.
  pair("fptrunc", {"f32", 8}, "fpext", "f16", "fp", true);
  if (SimdBits >= 512)
    pair("fpext", {"f32", 8}, "fptrunc", "f64", "fp", true);

  // extractelement + insertelement round trips; shuffles.
  std::vector<TypeL> EI = {{"f32", 4}, {"f32", 8}, {"f64", 2},
                           {"f64", 4}, {"i32", 4}, {"i32", 8}};
  if (SimdBits >= 512)
    EI.push_back({"f32", 16});
  for (const TypeL &T : EI) {
    CatalogEntry &E =
        C.add("extract+insert." + T.str(), Shape::ExtractInsert, "", T);
    E.Outputs.push_back(Cat::out(key("insertelement", T), "shuffle", 0.5));
    // The scalar key from the widest vector of each element type up to 256
    // bits (the lane-1 extract is the same instruction in each).
    if ((T.Ty == "f32" && T.Lanes == 8) || (T.Ty == "f64" && T.Lanes == 4) ||
        (T.Ty == "i32" && T.Lanes == 8))
      E.Outputs.push_back(
          Cat::out(key("extractelement", {T.Ty, 1}), "shuffle", 0.5));
  }
  std::vector<TypeL> Shuf = FPV;
  Shuf.insert(Shuf.end(), IV.begin(), IV.end());
  for (const TypeL &T : Shuf)
    C.add(key("shufflevector", T), Shape::Shuffle, "", T)
        .Outputs.push_back(Cat::out(key("shufflevector", T), "shuffle"));

  // Reductions: minus the insertelement that closes the chain.
  auto reduce = [&](const char *Op, const TypeL &T, const char *Unit,
                    bool ResultKey) {
    std::string Base = std::string("intr:vector.reduce.") + Op;
    CatalogEntry &E = C.add(key(Base, T), Shape::Reduce, Op, T);
    std::vector<std::pair<std::string, double>> Sub = {
        {"extract+insert." + T.str(), 0.5}};
    std::vector<std::string> Keys = {key(Base, T)};
    if (ResultKey)
      Keys.push_back(key(Base, {T.Ty, 1}));
    for (const std::string &K : Keys) {
      Output O = Cat::out(K, Unit);
      O.SubLatency = Sub;
      O.SubThroughput = Sub;
      E.Outputs.push_back(O);
    }
  };
  reduce("fadd", {"f32", 4}, "fadd", false);
  reduce("fadd", {"f32", 8}, "fadd", true);
  reduce("fadd", {"f64", 4}, "fadd", true);
  reduce("fmax", {"f32", 8}, "fadd", true);
  reduce("add", {"i32", 4}, "fp", false);
  reduce("add", {"i32", 8}, "fp", true);
  if (SimdBits >= 512)
    reduce("fadd", {"f32", 16}, "fadd", false);

  // Memory.
  std::vector<TypeL> Mem = {{"i32", 1}, {"i64", 1}, {"f32", 1}, {"f64", 1},
                            {"f32", 4}, {"f32", 8}, {"f64", 4}, {"i32", 8}};
  if (SimdBits >= 512)
    Mem.push_back({"f32", 16});
  C.add("load.ptr", Shape::Load, "load", {"ptr", 1})
      .Outputs.push_back(Cat::out("load.ptr", "load"));
  // A load kernel chains through the loaded value as the next address, so
  // an FP or vector load carries a move to a general register (vmovd/fmov)
  // that the program's loads do not: half of a register round trip
  // (i32 -> f32 -> i32, no descriptor key of its own) is taken off.
  const std::string MoveTrip = "bitcast+bitcast.i32.f32";
  {
    CatalogEntry &E = C.add(MoveTrip, Shape::CastPair, "bitcast", {"i32", 1});
    E.Kernel.Op2 = "bitcast";
    E.Kernel.Ty2 = "f32";
    E.Kernel.Init = 3;
    E.Kernel.A = 1;
  }
  auto viaVectorRegister = [](const TypeL &T) {
    return T.Lanes > 1 || T.Ty[0] == 'f';
  };
  for (const TypeL &T : Mem) {
    Output O = Cat::out(key("load", T), "load");
    if (viaVectorRegister(T))
      O.SubLatency = {{MoveTrip, 0.5}};
    C.add(key("load", T), Shape::Load, "load", T).Outputs.push_back(O);
  }
  for (const TypeL &T : Mem) {
    CatalogEntry &E = C.add(key("store", T), Shape::Store, "store", T);
    Output O = Cat::out(key("store", T), "store");
    // The forwarding round trip (a store, then a load of it) less the load
    // as written above, so that a store forwarded to a load of the same type
    // costs the measured trip: Out[i] += ... kept in memory is a chain of
    // exactly that.
    O.SubLatency = {{key("load", T), 1}};
    if (viaVectorRegister(T))
      O.SubLatency.push_back({MoveTrip, -0.5});
    E.Outputs.push_back(O);
  }

  // Extensions of loaded narrow data (int8/int16 quantized tensors, half
  // precision): x86 extends from memory in one instruction (vpmovzxbd,
  // vpmovsxbw, vcvtph2ps with a memory operand) where a register extension
  // measured as half of a round trip through a cross-lane truncation costs
  // several. The latency is what the extension adds to a load's chain.
  auto extLoad = [&](const char *Op, const TypeL &From, const char *ToTy,
                     const char *Unit) {
    TypeL To{ToTy, From.Lanes};
    CatalogEntry &E =
        C.add(std::string("load_") + Op + "." + From.str() + "." + To.str(),
              Shape::ExtLoad, Op, To);
    E.Kernel.Ty2 = From.Ty;
    Output O = Cat::out(key(std::string("load_") + Op, To), Unit);
    O.SubLatency = {{"load.i64", 1}, {MoveTrip, 0.5}};
    E.Outputs.push_back(O);
  };
  extLoad("zext", {"i8", 8}, "i32", "shuffle");
  extLoad("sext", {"i8", 8}, "i32", "shuffle");
  extLoad("zext", {"i8", 16}, "i16", "shuffle");
  extLoad("sext", {"i8", 16}, "i16", "shuffle");
  extLoad("fpext", {"f16", 8}, "f32", "fp");
  if (SimdBits >= 512) {
    extLoad("zext", {"i8", 16}, "i32", "shuffle");
    extLoad("sext", {"i8", 16}, "i32", "shuffle");
  }

  // Locked read-modify-writes (OpenMP's atomic updates, reductions): the
  // simulator's class "store" (they drain the store buffer), so that without
  // a measurement the default costs they stand in for have a source.
  for (const char *Ty : {"i32", "i64"}) {
    TypeL T{Ty, 1};
    C.add(key("atomicrmw", T), Shape::Atomic, "atomicrmw", T)
        .Outputs.push_back(Cat::out(key("atomicrmw", T), "store"));
  }

  // libm calls and the intrinsics that become them: a post-operation keeps
  // the chain's value in range (x = 0.2 * expf(x) settles at 0.26); it is
  // measured on its own and subtracted.
  auto call = [&](const std::string &Key, const std::string &Fn, const TypeL &T,
                  const char *Post, double A, double Init) {
    CatalogEntry &E = C.add(Key, Shape::Call, Fn, T);
    E.Kernel.Post = Post;
    E.Kernel.A = A;
    E.Kernel.Init = Init;
    Output O = Cat::out(Key, "fp");
    if (*Post) {
      O.SubLatency = {{key(Post, T), 1}};
      O.SubThroughput = {{key(Post, T), 1}};
    }
    E.Outputs.push_back(O);
  };
  call("call:expf.f32", "expf", {"f32", 1}, "fmul", 0.2, 0.25);
  call("call:logf.f32", "logf", {"f32", 1}, "fadd", 2, 3);
  call("call:tanhf.f32", "tanhf", {"f32", 1}, "fmul", 2, 1.9);
  call("call:sqrtf.f32", "sqrtf", {"f32", 1}, "", 1, 2);
  call("call:exp.f64", "exp", {"f64", 1}, "fmul", 0.2, 0.25);
  call("call:log.f64", "log", {"f64", 1}, "fadd", 2, 3);
  call("call:tanh.f64", "tanh", {"f64", 1}, "fmul", 2, 1.9);
  call("call:sqrt.f64", "sqrt", {"f64", 1}, "", 1, 2);
  call("intr:exp.f32", "llvm.exp.f32", {"f32", 1}, "fmul", 0.2, 0.25);
  call("intr:log.f32", "llvm.log.f32", {"f32", 1}, "fadd", 2, 3);
  call("intr:exp.f32x8", "llvm.exp.v8f32", {"f32", 8}, "fmul", 0.2, 0.25);
  // The --quick subset: the commonest classes at the commonest widths.
  static const char *const Quick[] = {"fadd.f32",
                                      "fadd.f64",
                                      "fadd.f32x8",
                                      "fadd.f64x4",
                                      "fmul.f32",
                                      "fmul.f64",
                                      "fmul.f32x8",
                                      "fmul.f64x4",
                                      "fma.f32",
                                      "fma.f64",
                                      "fma.f32x8",
                                      "fma.f64x4",
                                      "fdiv.f32",
                                      "fdiv.f64",
                                      "fdiv.f32x8",
                                      "intr:sqrt.f32",
                                      "intr:sqrt.f32x8",
                                      "intr:maxnum.f32x8",
                                      "add.i32",
                                      "add.i64",
                                      "add.i32x8",
                                      "mul.i32",
                                      "mul.i64",
                                      "mul.i32x8",
                                      "sdiv.i32",
                                      "shl.i64",
                                      "and.i64",
                                      "gep.ptr",
                                      "icmp.i64",
                                      "icmp.i32x8",
                                      "fcmp.f32",
                                      "fcmp.f32x8",
                                      "sitofp+fptosi.i32.f32",
                                      "sitofp+fptosi.i32x8.f32x8",
                                      "zext+trunc.i32.i64",
                                      "fpext+fptrunc.f32.f64",
                                      "extract+insert.f32x8",
                                      "shufflevector.f32x4",
                                      "shufflevector.f32x8",
                                      "intr:vector.reduce.fadd.f32x8",
                                      "load.i64",
                                      "load.f32",
                                      "load.f32x8",
                                      "store.i64",
                                      "store.f32",
                                      "store.f32x8",
                                      "call:expf.f32",
                                      "call:tanhf.f32",
                                      "call:sqrtf.f32"};
  for (CatalogEntry &E : C.E)
    E.InQuick = is_contained(Quick, E.Kernel.Name);
  return std::move(C.E);
}

} // namespace crop::mb
