//===- GraphPrinter.cpp - CFGs and graphlets as YAML or Graphviz DOT ------===//
#include "crop/Passes/GraphPrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace crop;

std::string crop::yamlScalar(StringRef S) {
  static const char *Reserved[] = {"true", "false", "null", "yes", "no",
                                   "on",   "off",   "y",    "n",   "~"};
  bool Plain = !S.empty() && (isAlpha(S[0]) || S[0] == '_');
  for (char C : S)
    Plain &=
        isAlnum(C) || C == '_' || C == '.' || C == '$' || C == '-' || C == '/';
  for (const char *R : Reserved)
    Plain &= !S.equals_insensitive(R);
  if (Plain)
    return S.str();
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += char(C);
    } else if (C < 0x20 || C == 0x7f) {
      Out += "\\x";
      Out += hexdigit(C >> 4, true);
      Out += hexdigit(C & 15, true);
    } else {
      Out += char(C);
    }
  }
  return Out + "\"";
}

namespace {

std::string instructionText(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  I.print(OS);
  return StringRef(S).trim().str();
}

/// IR text of each vertex (index = vertex id), when the blocks are known.
std::vector<std::string> vertexIR(const Graphlet &G, const BasicBlock *Head,
                                  const BasicBlock *Tail) {
  std::vector<std::string> Text(boost::num_vertices(G.G));
  unsigned V = 1;
  for (const BasicBlock *BB : {Head, Tail}) {
    if (!BB)
      continue;
    for (const Instruction *I : graphletInstructions(*BB))
      if (V < Text.size())
        Text[V++] = instructionText(*I);
  }
  return Text;
}

StringMap<const BasicBlock *> blocksByName(const FunctionStatic &FS) {
  StringMap<const BasicBlock *> M;
  for (auto V : boost::make_iterator_range(boost::vertices(FS.CFG.G)))
    M[FS.CFG.G[V].Name] = FS.CFG.G[V].Block;
  return M;
}

/// Graphlets to print for one function, in function order: each selected
/// block, followed by its superblocks when asked for.
std::vector<const Graphlet *> selectGraphlets(const FunctionStatic &FS,
                                              const GraphPrintOptions &Opts,
                                              bool Superblocks) {
  std::vector<const Graphlet *> Out;
  for (const Graphlet &G : FS.Graphlets.Blocks) {
    if (!Opts.Block.empty() && G.Block != Opts.Block)
      continue;
    if (!Superblocks) {
      Out.push_back(&G);
      continue;
    }
    for (const auto &[Key, SG] : FS.Graphlets.Superblocks)
      if (Key.first == G.Block)
        Out.push_back(&SG);
  }
  return Out;
}

void printGraphletYAML(raw_ostream &OS, const Graphlet &G,
                       const StringMap<const BasicBlock *> &Blocks,
                       bool ShowIR) {
  OS << "      - block: " << yamlScalar(G.Block) << "\n";
  if (G.isSuperblock())
    OS << "        successor: " << yamlScalar(G.Successor) << "\n";
  std::vector<std::string> IR;
  if (ShowIR)
    IR = vertexIR(G, Blocks.lookup(G.Block),
                  G.isSuperblock() ? Blocks.lookup(G.Successor) : nullptr);
  OS << "        vertices:\n";
  for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
    const GraphletVertex &X = G.G[V];
    OS << "          - {name: " << X.Name
       << ", opcode: " << yamlScalar(X.Opcode);
    if (V != 0) {
      OS << ", type: " << X.Type << ", lanes: " << X.Lanes;
      if (X.MemBytes)
        OS << ", bytes: " << X.MemBytes;
      if (G.isSuperblock())
        OS << ", part: " << X.Part;
      if (V < IR.size() && !IR[V].empty())
        OS << ", ir: " << yamlScalar(IR[V]);
    }
    OS << "}\n";
  }
  OS << "        edges:\n";
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    OS << "          - {from: " << G.G[boost::source(E, G.G)].Name
       << ", to: " << G.G[boost::target(E, G.G)].Name
       << ", kind: " << depKindName(G.G[E].Kind) << "}\n";
}

std::string dotEscape(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out;
}

const char *dotEdgeStyle(DepKind K) {
  switch (K) {
  case DepKind::Entry:
    return "color=gray, style=dotted";
  case DepKind::Data:
    return "color=black";
  case DepKind::MemRAW:
  case DepKind::MemWAR:
  case DepKind::MemWAW:
    return "color=red, style=dashed";
  case DepKind::Control:
    return "color=blue, style=dotted";
  case DepKind::Carried:
    return "color=darkgreen, style=dashed, constraint=false";
  }
  return "color=black";
}

void printGraphletDOT(raw_ostream &OS, const Graphlet &G, const std::string &Id,
                      const StringMap<const BasicBlock *> &Blocks,
                      const std::string &FunctionName, bool ShowIR) {
  std::string Title = FunctionName + ": " + G.Block;
  if (G.isSuperblock())
    Title += " + " + G.Successor;
  OS << "  subgraph \"cluster_" << Id << "\" {\n"
     << "    label=\""
     << dotEscape((G.isSuperblock() ? "superblock " : "graphlet ") + Title)
     << "\";\n";
  std::vector<std::string> IR;
  if (ShowIR)
    IR = vertexIR(G, Blocks.lookup(G.Block),
                  G.isSuperblock() ? Blocks.lookup(G.Successor) : nullptr);
  for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
    const GraphletVertex &X = G.G[V];
    std::string Label = X.Name + "\n" + X.Opcode;
    if (V != 0) {
      Label += " " + X.Type;
      if (X.Lanes > 1)
        Label += "x" + std::to_string(X.Lanes);
    }
    OS << "    \"" << Id << "_" << X.Name << "\" [label=\"" << dotEscape(Label)
       << "\"";
    if (V == 0)
      OS << ", shape=oval";
    else if (X.Part == 1)
      OS << ", style=filled, fillcolor=lightyellow";
    if (V < IR.size() && !IR[V].empty())
      OS << ", tooltip=\"" << dotEscape(IR[V]) << "\"";
    OS << "];\n";
  }
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    OS << "    \"" << Id << "_" << G.G[boost::source(E, G.G)].Name << "\" -> \""
       << Id << "_" << G.G[boost::target(E, G.G)].Name << "\" ["
       << dotEdgeStyle(G.G[E].Kind) << ", tooltip=\""
       << depKindName(G.G[E].Kind) << "\"];\n";
  OS << "  }\n";
}

} // namespace

void crop::printGraphYAML(raw_ostream &OS, StringRef Source,
                          ArrayRef<FunctionStatic> Functions,
                          const GraphPrintOptions &Opts) {
  OS << "source: " << yamlScalar(Source) << "\n";
  OS << "functions:\n";
  for (const FunctionStatic &FS : Functions) {
    StringMap<const BasicBlock *> Blocks = blocksByName(FS);
    OS << "  - name: " << yamlScalar(FS.Name) << "\n";
    if (Opts.CFG) {
      const CFGGraph &G = FS.CFG.G;
      OS << "    cfg:\n";
      if (boost::num_vertices(G))
        OS << "      entry: " << yamlScalar(G[FS.CFG.Entry].Name) << "\n";
      OS << "      blocks:\n";
      for (auto V : boost::make_iterator_range(boost::vertices(G))) {
        OS << "        - {name: " << yamlScalar(G[V].Name) << ", successors: [";
        bool First = true;
        for (auto E : boost::make_iterator_range(boost::out_edges(V, G))) {
          OS << (First ? "" : ", ") << yamlScalar(G[boost::target(E, G)].Name);
          First = false;
        }
        OS << "]";
        if (G[V].IsExit)
          OS << ", exit: true";
        OS << "}\n";
      }
    }
    for (bool Super : {false, true}) {
      if (!(Super ? Opts.Superblocks : Opts.Graphlets))
        continue;
      std::vector<const Graphlet *> Gs = selectGraphlets(FS, Opts, Super);
      OS << (Super ? "    superblocks:" : "    graphlets:")
         << (Gs.empty() ? " []\n" : "\n");
      for (const Graphlet *G : Gs)
        printGraphletYAML(OS, *G, Blocks, Opts.ShowIR);
    }
  }
}

void crop::printGraphDOT(raw_ostream &OS, StringRef Source,
                         ArrayRef<FunctionStatic> Functions,
                         const GraphPrintOptions &Opts) {
  OS << "digraph \"crop: " << dotEscape(Source) << "\" {\n"
     << "  node [shape=box, fontname=\"monospace\"];\n";
  unsigned FIdx = 0;
  for (const FunctionStatic &FS : Functions) {
    StringMap<const BasicBlock *> Blocks = blocksByName(FS);
    std::string FId = "f" + std::to_string(FIdx++);
    if (Opts.CFG) {
      const CFGGraph &G = FS.CFG.G;
      OS << "  subgraph \"cluster_" << FId << "_cfg\" {\n"
         << "    label=\"CFG of " << dotEscape(FS.Name) << "\";\n";
      for (auto V : boost::make_iterator_range(boost::vertices(G))) {
        OS << "    \"" << FId << "_b" << V << "\" [label=\""
           << dotEscape(G[V].Name) << "\"";
        if (V == FS.CFG.Entry)
          OS << ", style=bold";
        if (G[V].IsExit)
          OS << ", peripheries=2";
        OS << "];\n";
      }
      for (auto E : boost::make_iterator_range(boost::edges(G)))
        OS << "    \"" << FId << "_b" << boost::source(E, G) << "\" -> \""
           << FId << "_b" << boost::target(E, G) << "\";\n";
      OS << "  }\n";
    }
    unsigned GIdx = 0;
    if (Opts.Graphlets)
      for (const Graphlet *G : selectGraphlets(FS, Opts, false))
        printGraphletDOT(OS, *G, FId + "_g" + std::to_string(GIdx++), Blocks,
                         FS.Name, Opts.ShowIR);
    if (Opts.Superblocks)
      for (const Graphlet *G : selectGraphlets(FS, Opts, true))
        printGraphletDOT(OS, *G, FId + "_s" + std::to_string(GIdx++), Blocks,
                         FS.Name, Opts.ShowIR);
  }
  OS << "}\n";
}
