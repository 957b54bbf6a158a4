//===- ProfileTests.cpp - Program profile model and file format ----------===//
#include "crop/Profile/ProfileIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace crop;

TEST_CASE("reuse bins cover distances without gaps", "[profile]") {
  for (uint64_t D = 0; D < 100000; ++D) {
    uint32_t B = ReuseHistogram::binOf(D);
    REQUIRE(ReuseHistogram::binLow(B) <= D);
    REQUIRE(D <= ReuseHistogram::binHigh(B));
  }
  // Relative bin width stays within 1/8 so Eq. 4 sees cache sizes sharply.
  uint32_t B = ReuseHistogram::binOf(1u << 20);
  double Width = double(ReuseHistogram::binHigh(B) - ReuseHistogram::binLow(B) + 1);
  CHECK(Width / double(ReuseHistogram::binLow(B)) <= 0.125);
  CHECK(ReuseHistogram::binOf(15) == 15);
  CHECK(ReuseHistogram::binOf(16) == 16);
  CHECK(ReuseHistogram::binOf(17) == 16);
  CHECK(ReuseHistogram::binOf(18) == 17);
}

static ProgramProfile sampleProfile() {
  ProgramProfile P;
  P.Module = {"abc123", "k.ll", "kernel", "x86_64-pc-linux-gnu"};
  P.Module.VectorBits = 256;
  FunctionProfile F;
  F.Name = "kernel.omp_outlined";
  F.Calls = 10;
  F.Parallel = true;
  F.Runtime = ParallelRuntime::OpenMP;
  F.Launches = {{10, 1}};
  BlockProfile B;
  B.Name = "for.body";
  B.Count = 100;
  B.Loads = 200;
  B.LoadBytes = 800;
  boost::add_vertex(GraphletVertex{"V0", "entry", "void", 1, 0, 0}, B.Body.G);
  boost::add_vertex(GraphletVertex{"V1", "load", "f32", 8, 32, 0}, B.Body.G);
  GraphletVertex Add{"V2", "fadd", "f32", 8, 0, 0};
  Add.Contract = true;
  boost::add_vertex(Add, B.Body.G);
  boost::add_edge(0, 1, GraphletEdge{DepKind::Entry}, B.Body.G);
  boost::add_edge(1, 2, GraphletEdge{DepKind::Data}, B.Body.G);
  boost::add_edge(2, 2, GraphletEdge{DepKind::Carried}, B.Body.G);
  B.Body.Block = "for.body";
  B.Reuse[64].Serial.add(3, 5);
  B.Reuse[64].Serial.addCold(2);
  B.Reuse[64].Task.add(1000);
  SuccessorEdge S;
  S.Block = "for.end";
  S.Count = 10;
  S.Superblock.Block = "for.body";
  S.Superblock.Successor = "for.end";
  B.Successors.push_back(S);
  F.Blocks.push_back(B);
  P.Functions.push_back(F);
  return P;
}

TEST_CASE("profile JSON round-trips losslessly", "[profile]") {
  ProgramProfile P = sampleProfile();
  std::string Text = profileToJSON(P);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(profileToJSON(*Q) == Text);
  const BlockProfile &B = Q->Functions[0].Blocks[0];
  CHECK(B.Reuse.at(64).Serial == P.Functions[0].Blocks[0].Reuse.at(64).Serial);
  CHECK(B.Body.G[1].Lanes == 8);
  CHECK(!B.Body.G[1].Contract);
  CHECK(B.Body.G[2].Contract);
  CHECK(Q->Functions[0].Launches[0].Tasks == 10);
  CHECK(Q->Module.VectorBits == 256);
}

TEST_CASE("class and store reuse histograms round-trip and are optional",
          "[profile]") {
  ProgramProfile P = sampleProfile();
  BlockReuse &R = P.Functions[0].Blocks[0].Reuse[64];
  R.ClassSerial.add(1, 5);
  R.ClassSerial.addCold(2);
  R.ClassTask.add(20);
  R.StoreSerial.add(3, 2);
  R.StoreWriteBack.add(900, 1);
  R.StoreWriteBack.addCold(1);
  std::string Text = profileToJSON(P);
  CHECK(Text.find("\"store_serial\"") != std::string::npos);
  CHECK(Text.find("\"store_writeback\"") != std::string::npos);
  CHECK(Text.find("\"class_serial\"") != std::string::npos);
  CHECK(Text.find("\"class_task\"") != std::string::npos);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(profileToJSON(*Q) == Text);
  const BlockReuse &QR = Q->Functions[0].Blocks[0].Reuse.at(64);
  CHECK(QR.ClassSerial == R.ClassSerial);
  CHECK(QR.ClassTask == R.ClassTask);
  CHECK(QR.StoreSerial == R.StoreSerial);
  CHECK(QR.StoreWriteBack == R.StoreWriteBack);

  // A profile written before class distances existed has neither key: it
  // reads with empty class histograms (the cache model falls back to Eq. 4).
  std::string Old = profileToJSON(sampleProfile());
  CHECK(Old.find("class_") == std::string::npos);
  auto O = profileFromJSON(Old, "old.json");
  REQUIRE(static_cast<bool>(O));
  const BlockReuse &OR = O->Functions[0].Blocks[0].Reuse.at(64);
  CHECK(OR.ClassSerial.empty());
  CHECK(OR.ClassTask.empty());
  CHECK(OR.StoreSerial.empty());
  CHECK(OR.StoreWriteBack.empty());
  CHECK(OR.Serial.total() == 7);
  CHECK(profileToJSON(*O) == Old);

  // A malformed class histogram is an error naming it.
  std::string Bad = Text;
  auto Pos = Bad.find("\"class_task\"");
  REQUIRE(Pos != std::string::npos);
  Bad.replace(Pos, 12, "\"class_task\": 3, \"x\"");
  auto B = profileFromJSON(Bad, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(B));
  CHECK(llvm::toString(B.takeError()).find("class_task") != std::string::npos);
}

TEST_CASE("graphlet live-ins, machine code and vertex flags round-trip",
          "[profile]") {
  ProgramProfile P = sampleProfile();
  Graphlet &G = P.Functions[0].Blocks[0].Body;
  G.LiveIns.push_back({"f32", 8, 0, 36});
  G.G[1].Duplicate = true;
  G.G[2].AddressOffset = true;
  GraphletMachine GM;
  GM.Instructions = 116;
  GM.Reloads = {{8, 35}, {32, 22}};
  GM.Spills = {{32, 1}};
  GM.SlotTrips = 2;
  G.Machine.push_back(GM);
  P.Module.CodegenCPU = "x86-64-v3";
  G.LiveIns.push_back({"i64", 1, 1, 20});
  G.ChainsRestart = true;
  std::string Text = profileToJSON(P);
  CHECK(Text.find("\"chains_restart\": true") != std::string::npos);
  CHECK(Text.find("\"slot_trips\": 2") != std::string::npos);
  CHECK(Text.find("\"live_ins\"") != std::string::npos);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(profileToJSON(*Q) == Text);
  CHECK(Q->Functions[0].Blocks[0].Body.Machine ==
        P.Functions[0].Blocks[0].Body.Machine);
  CHECK(Q->Module.CodegenCPU == "x86-64-v3");
  CHECK(Q->Functions[0].Blocks[0].Body.G[1].Duplicate);
  CHECK_FALSE(Q->Functions[0].Blocks[0].Body.G[1].AddressOffset);
  CHECK(Q->Functions[0].Blocks[0].Body.G[2].AddressOffset);
  const std::vector<GraphletLiveIns> &L =
      Q->Functions[0].Blocks[0].Body.LiveIns;
  REQUIRE(L.size() == 2);
  CHECK(L[0].Type == "f32");
  CHECK(L[0].Lanes == 8);
  CHECK(L[0].Part == 0);
  CHECK(L[0].Count == 36);
  CHECK(L[1].Type == "i64");
  CHECK(L[1].Lanes == 1);
  CHECK(L[1].Part == 1);
  CHECK(L[1].Count == 20);

  // Profiles from before live-ins were recorded read with none.
  std::string Old = profileToJSON(sampleProfile());
  CHECK(Old.find("live_ins") == std::string::npos);
  auto O = profileFromJSON(Old, "old.json");
  REQUIRE(static_cast<bool>(O));
  CHECK(O->Functions[0].Blocks[0].Body.LiveIns.empty());
  CHECK(O->Functions[0].Blocks[0].Body.Machine.empty());
  // A machine record without its instruction count is an error naming it.
  std::string NoCount = Text;
  auto At = NoCount.find("\"instructions\"");
  REQUIRE(At != std::string::npos);
  NoCount.replace(At, 14, "\"instr\"");
  auto NC = profileFromJSON(NoCount, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(NC));
  CHECK(llvm::toString(NC.takeError()).find("machine") != std::string::npos);

  // A negative count is an error naming the field.
  std::string Bad = Text;
  auto Pos = Bad.find("\"count\": 36");
  REQUIRE(Pos != std::string::npos);
  Bad.replace(Pos, 11, "\"count\": -1");
  auto B = profileFromJSON(Bad, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(B));
  CHECK(llvm::toString(B.takeError()).find("live_ins") != std::string::npos);
}

TEST_CASE("4K-aliasing records round-trip and are optional", "[profile]") {
  ProgramProfile P = sampleProfile();
  StoreAliasProfile &A = P.Functions[0].Blocks[0].StoreAlias;
  A.Distances = {{1, 10}, {4, 960}};
  A.ReadModifyWrite = 10;
  A.Executions = 485;
  std::string Text = profileToJSON(P);
  CHECK(Text.find("\"store_alias\"") != std::string::npos);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(Q->Functions[0].Blocks[0].StoreAlias ==
        P.Functions[0].Blocks[0].StoreAlias);
  CHECK(profileToJSON(*Q) == Text);
  // Older profiles have none.
  auto O = profileFromJSON(profileToJSON(sampleProfile()), "old.json");
  REQUIRE(static_cast<bool>(O));
  CHECK(O->Functions[0].Blocks[0].StoreAlias.empty());
  // A distance of 0 is an error naming the field.
  std::string Bad = Text;
  auto Pos = Bad.find("\"store_alias\"");
  REQUIRE(Pos != std::string::npos);
  Bad.replace(Pos, 13,
              "\"store_alias\": {\"distances\": [[0, 5]], "
              "\"read_modify_write\": 0, \"executions\": 1}, \"x\"");
  auto B = profileFromJSON(Bad, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(B));
  CHECK(llvm::toString(B.takeError()).find("store_alias") != std::string::npos);
}

TEST_CASE("store-wait records round-trip, are optional and checked",
          "[profile]") {
  ProgramProfile P = sampleProfile();
  StoreWaitProfile &W = P.Functions[0].Blocks[0].StoreWait;
  W.Aliased.Distances = {{4, 18}, {512, 1500}};
  W.Aliased.Executions = 1400;
  std::string Aliased = profileToJSON(P);
  CHECK(Aliased.find("\"aliased\"") != std::string::npos);
  CHECK(Aliased.find("\"same\"") == std::string::npos);
  W.Same.Distances = {{1, 7}};
  W.Same.Executions = 7;
  std::string Text = profileToJSON(P);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(Q->Functions[0].Blocks[0].StoreWait == W);
  CHECK(Q->Functions[0].Blocks[0].StoreWait.Aliased.loads() == 1518);
  CHECK(profileToJSON(*Q) == Text);
  auto O = profileFromJSON(profileToJSON(sampleProfile()), "old.json");
  REQUIRE(static_cast<bool>(O));
  CHECK(O->Functions[0].Blocks[0].StoreWait.empty());
  // A bin that is not a power of two is an error naming the field.
  std::string Bad = Text;
  auto Pos = Bad.find("\"store_wait\"");
  REQUIRE(Pos != std::string::npos);
  Bad.replace(Pos, 12,
              "\"store_wait\": {\"same\": {\"distances\": [[500, 5]], "
              "\"executions\": 5}}, \"x\"");
  auto B = profileFromJSON(Bad, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(B));
  CHECK(llvm::toString(B.takeError()).find("store_wait") != std::string::npos);
}

TEST_CASE("line-crossing loads round-trip, are optional and checked",
          "[profile]") {
  ProgramProfile P = sampleProfile();
  BlockProfile &B = P.Functions[0].Blocks[0];
  CHECK(profileToJSON(P).find("line_split_loads") == std::string::npos);
  REQUIRE(B.Loads >= 2);
  B.LineSplitLoads = B.Loads / 2;
  std::string Text = profileToJSON(P);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(Q->Functions[0].Blocks[0].LineSplitLoads == B.Loads / 2);
  // More crossing loads than loads is an error naming the field.
  std::string Bad = Text;
  std::string Key = "\"line_split_loads\": " + std::to_string(B.Loads / 2);
  auto Pos = Bad.find(Key);
  REQUIRE(Pos != std::string::npos);
  Bad.replace(Pos, Key.size(),
              "\"line_split_loads\": " + std::to_string(B.Loads + 1));
  auto X = profileFromJSON(Bad, "bad.json");
  REQUIRE_FALSE(static_cast<bool>(X));
  CHECK(llvm::toString(X.takeError()).find("line_split_loads") !=
        std::string::npos);
}

TEST_CASE("set crowding round-trips, is optional and checked", "[profile]") {
  ProgramProfile P = sampleProfile();
  CHECK(profileToJSON(P).find("set_crowding") == std::string::npos);
  BlockProfile &B = P.Functions[0].Blocks[0];
  B.Sets = {10, 100, 40};
  std::string Text = profileToJSON(P);
  auto Q = profileFromJSON(Text, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(Q->Functions[0].Blocks[0].Sets == B.Sets);
  // Each bad record names its field: more over 12 than over 8, more than
  // 32 per new line, a count missing.
  auto Error = [&](const std::string &From, const std::string &To) {
    std::string Bad = Text;
    size_t Pos = Bad.find(From);
    REQUIRE(Pos != std::string::npos);
    Bad.replace(Pos, From.size(), To);
    auto X = profileFromJSON(Bad, "bad.json");
    REQUIRE_FALSE(static_cast<bool>(X));
    return llvm::toString(X.takeError());
  };
  CHECK_THAT(Error("\"over_12\": 40", "\"over_12\": 101"),
             Catch::Contains("over_12") && Catch::Contains("over_8"));
  CHECK_THAT(Error("\"over_8\": 100", "\"over_8\": 321"),
             Catch::Contains("over_8") && Catch::Contains("32 per new line"));
  CHECK_THAT(Error("\"new_lines\": 10", "\"lines\": 10"),
             Catch::Contains("new_lines") && Catch::Contains("missing"));
}

TEST_CASE("a newer profile version is refused with a message", "[profile]") {
  std::string Text = profileToJSON(sampleProfile());
  std::string Current =
      "\"version\": " + std::to_string(ProgramProfile::FormatVersion);
  auto Pos = Text.find(Current);
  REQUIRE(Pos != std::string::npos);
  Text.replace(Pos, Current.size(), "\"version\": 99");
  auto Q = profileFromJSON(Text, "new.json");
  REQUIRE_FALSE(static_cast<bool>(Q));
  std::string Msg = llvm::toString(Q.takeError());
  CHECK(Msg.find("version 99 is not supported") != std::string::npos);
}

TEST_CASE("malformed profiles name the bad field", "[profile]") {
  auto Q = profileFromJSON("{\"format\":\"crop-profile\",\"version\":1,"
                           "\"module\":{\"hash\":\"h\",\"source\":\"s\","
                           "\"entry\":\"e\"},\"entry_calls\":1,"
                           "\"sample_rate\":1,\"functions\":[{\"name\":3}]}",
                           "bad.json");
  REQUIRE_FALSE(static_cast<bool>(Q));
  std::string Msg = llvm::toString(Q.takeError());
  CHECK(Msg.find("bad.json") != std::string::npos);
  CHECK(Msg.find("functions[0].name") != std::string::npos);
  auto R = profileFromJSON("not json", "x.json");
  REQUIRE_FALSE(static_cast<bool>(R));
  llvm::consumeError(R.takeError());
}

TEST_CASE("writing a profile to a device leaves the device in place",
          "[profile]") {
  // A rename over /dev/null would turn it into a plain file for everyone.
  REQUIRE_FALSE(static_cast<bool>(writeProfile(sampleProfile(), "/dev/null")));
  llvm::sys::fs::file_status St;
  REQUIRE_FALSE(llvm::sys::fs::status("/dev/null", St));
  CHECK(St.type() == llvm::sys::fs::file_type::character_file);
}

TEST_CASE("concurrent writers of one profile each leave a whole file",
          "[profile]") {
  llvm::SmallString<128> Dir;
  REQUIRE_FALSE(llvm::sys::fs::createUniqueDirectory("crop-profile", Dir));
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, "k.profile.json");
  // Two different profiles written over and over from four threads: the
  // file must always read back as one of them, never a mix.
  ProgramProfile A = sampleProfile(), B = sampleProfile();
  B.EntryCalls = A.EntryCalls + 41;
  std::vector<std::thread> Writers;
  for (int T = 0; T < 4; ++T)
    Writers.emplace_back([&, T] {
      for (int I = 0; I < 25; ++I)
        if (llvm::Error E = writeProfile(T % 2 ? B : A, Path))
          llvm::consumeError(std::move(E));
    });
  for (std::thread &W : Writers)
    W.join();
  auto Back = readProfile(Path);
  REQUIRE(static_cast<bool>(Back));
  CHECK((Back->EntryCalls == A.EntryCalls || Back->EntryCalls == B.EntryCalls));
  // Nothing but the profile is left in the folder.
  std::error_code EC;
  int Files = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    ++Files;
  CHECK(Files == 1);
  llvm::sys::fs::remove(Path);
  llvm::sys::fs::remove(Dir);
}

/// A profile with every field the file forms carry set to something.
static ProgramProfile everyFieldProfile() {
  ProgramProfile P = sampleProfile();
  P.Module.CodegenCPU = "x86-64-v3";
  P.SampleRate = 0.1;
  P.EntryCalls = 3;
  BlockProfile &B = P.Functions[0].Blocks[0];
  B.Stores = 50;
  B.StoreBytes = 200;
  B.LineSplitLoads = 7;
  BlockReuse &R = B.Reuse[64];
  R.ClassSerial.add(1, 5);
  R.ClassTask.add(20);
  R.StoreSerial.add(3, 2);
  R.StoreWriteBack.add(700, 2);
  B.Reuse[128].Serial.add(1u << 20, 4);
  Graphlet &G = B.Body;
  G.LiveIns.push_back({"f32", 8, 0, 36});
  G.G[1].Duplicate = true;
  G.G[2].AddressOffset = true;
  G.G[2].NoNaNs = true;
  G.Machine.push_back({0, 116, {{8, 35}, {32, 22}}, {{32, 1}}, 2});
  G.ChainsRestart = true;
  B.StoreAlias = {{{1, 10}, {4, 960}}, 10, 485};
  B.StoreWait.Aliased = {{{4, 18}, {512, 1500}}, 1400};
  B.StoreWait.Same = {{{1, 7}}, 7};
  B.Sets = {40, 450, 300};
  boost::add_vertex(GraphletVertex{"V0", "entry", "void", 1, 0, 0},
                    B.Successors[0].Superblock.G);
  boost::add_vertex(GraphletVertex{"S1_V1", "br", "void", 1, 0, 1},
                    B.Successors[0].Superblock.G);
  boost::add_edge(0, 1, GraphletEdge{DepKind::Control},
                  B.Successors[0].Superblock.G);
  FunctionProfile Serial;
  Serial.Name = "kernel";
  Serial.Calls = 3;
  P.Functions.push_back(Serial);
  FunctionProfile Helper;
  Helper.Name = "row_helper";
  Helper.Calls = 10;
  Helper.ParallelIn = "kernel.omp_outlined";
  P.Functions.push_back(Helper);
  FunctionProfile Task;
  Task.Name = ".omp_task_entry.";
  Task.Calls = 8;
  Task.Parallel = true;
  Task.Runtime = ParallelRuntime::OpenMPTask;
  Task.Launches = {{8, 1}};
  P.Functions.push_back(Task);
  FunctionProfile Chunks = Task;
  Chunks.Name = "kernel.omp_outlined.1";
  Chunks.Runtime = ParallelRuntime::OpenMPDynamic;
  P.Functions.push_back(Chunks);
  return P;
}

TEST_CASE("the binary profile holds what the JSON one holds", "[profile]") {
  ProgramProfile P = everyFieldProfile();
  std::string Json = profileToJSON(P), Bin = profileToBinary(P);
  CHECK(isBinaryProfile(Bin));
  CHECK_FALSE(isBinaryProfile(Json));
  CHECK(Bin.size() < Json.size() / 3);
  auto Q = profileFromBinary(Bin, "mem");
  REQUIRE(static_cast<bool>(Q));
  CHECK(profileToJSON(*Q) == Json);
  CHECK(Q->SampleRate == 0.1);
  CHECK(Q->Functions[0].Blocks[0].Body.G[2].NoNaNs);
  CHECK(Json.find("\"no_nans\": true") != std::string::npos);
  CHECK(Q->Functions[0].Blocks[0].Sets == SetCrowding{40, 450, 300});
  CHECK(Q->Functions[2].ParallelIn == "kernel.omp_outlined");
  CHECK(Json.find("\"parallel_in\": \"kernel.omp_outlined\"") !=
        std::string::npos);
  CHECK(Q->Functions[3].Runtime == ParallelRuntime::OpenMPTask);
  CHECK(Json.find("\"runtime\": \"openmp-task\"") != std::string::npos);
  CHECK(Q->Functions[4].Runtime == ParallelRuntime::OpenMPDynamic);
  CHECK(Json.find("\"runtime\": \"openmp-dynamic\"") != std::string::npos);
  // profileFromBuffer tells the forms apart.
  auto FromJson = profileFromBuffer(Json, "mem.json");
  auto FromBin = profileFromBuffer(Bin, "mem.cprof");
  REQUIRE(static_cast<bool>(FromJson));
  REQUIRE(static_cast<bool>(FromBin));
  CHECK(profileToJSON(*FromBin) == Json);
}

TEST_CASE("a damaged binary profile is refused, naming why", "[profile]") {
  std::string Bin = profileToBinary(everyFieldProfile());
  auto message = [](llvm::Expected<ProgramProfile> Q) {
    REQUIRE_FALSE(static_cast<bool>(Q));
    return llvm::toString(Q.takeError());
  };
  // Cut anywhere: never read as a profile.
  for (size_t Cut : {size_t(4), size_t(20), Bin.size() / 2, Bin.size() - 1})
    CHECK_THAT(message(profileFromBinary(Bin.substr(0, Cut), "cut.cprof")),
               Catch::Contains("cut.cprof"));
  CHECK_THAT(message(profileFromBinary(Bin.substr(0, Bin.size() - 1), "c")),
             Catch::Contains("truncated"));
  // One bit flipped in the payload: the checksum says so.
  std::string Flipped = Bin;
  Flipped[Bin.size() / 2] ^= 4;
  CHECK_THAT(message(profileFromBinary(Flipped, "f.cprof")),
             Catch::Contains("checksum"));
  // A newer layout or content version: refused with what this Crop reads.
  std::string Newer = Bin;
  Newer[8] = char(BinaryProfileVersion + 1);
  CHECK_THAT(message(profileFromBinary(Newer, "n.cprof")),
             Catch::Contains("not supported"));
  Newer = Bin;
  Newer[12] = char(ProgramProfile::FormatVersion + 1);
  CHECK_THAT(message(profileFromBinary(Newer, "n.cprof")),
             Catch::Contains("not supported"));
}

/// Bin's header (magic and versions) with Payload behind it, its length and
/// checksum set to match: a payload that passes the checks and says
/// something wrong.
static std::string withPayload(const std::string &Bin,
                               const std::string &Payload) {
  std::string File = Bin.substr(0, 16);
  for (unsigned I = 0; I < 8; ++I)
    File.push_back(char(uint64_t(Payload.size()) >> (8 * I)));
  uint64_t H = llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Payload.data()), Payload.size()));
  for (unsigned I = 0; I < 8; ++I)
    File.push_back(char(H >> (8 * I)));
  return File + Payload;
}

TEST_CASE("a binary profile whose content is wrong names the byte",
          "[profile]") {
  // A payload that checks out but says something impossible (crafted, or
  // written by a broken writer): a string index past the table.
  std::string Bin = profileToBinary(everyFieldProfile());
  // An empty string table, then the module hash as string 5; the header
  // (32 bytes) keeps its versions and gets the new length and checksum.
  std::string Bad = std::string("\x00\x05", 2);
  std::string File = withPayload(Bin, Bad);
  auto Q = profileFromBinary(File, "bad.cprof");
  REQUIRE_FALSE(static_cast<bool>(Q));
  CHECK_THAT(llvm::toString(Q.takeError()),
             Catch::Contains("bad.cprof: corrupt binary profile at byte 33: "
                             "string index out of range"));
}

TEST_CASE("a binary integer the JSON form cannot hold is refused",
          "[profile]") {
  // Found by fuzz_profile: a histogram's cold count of 2^64 - 1 read from
  // the binary form printed as -1 in JSON, which the JSON reader refused, so
  // the two forms disagreed. Every binary integer is at most 2^63 - 1: here
  // the string table's size, ten bytes of ULEB128 for 2^64 - 1.
  std::string Bin = profileToBinary(everyFieldProfile());
  std::string Bad("\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10);
  std::string File = withPayload(Bin, Bad);
  auto Q = profileFromBinary(File, "big.cprof");
  REQUIRE_FALSE(static_cast<bool>(Q));
  CHECK_THAT(llvm::toString(Q.takeError()),
             Catch::Contains("big.cprof: corrupt binary profile at byte 42: "
                             "integer out of range"));
}

TEST_CASE("an impossible vector width is refused by both forms", "[profile]") {
  // Found by fuzz_profile: a program's vector width of 8 bits made the
  // simulator split a vector into billions of pieces.
  ProgramProfile P = everyFieldProfile();
  P.Module.VectorBits = 8;
  auto J = profileFromJSON(profileToJSON(P), "w.json");
  REQUIRE_FALSE(static_cast<bool>(J));
  CHECK_THAT(llvm::toString(J.takeError()),
             Catch::Contains("w.json: invalid profile: vector_bits 8 is not 0 "
                             "(unknown) or a power of two from 64 to 65536"));
  auto B = profileFromBinary(profileToBinary(P), "w.cprof");
  REQUIRE_FALSE(static_cast<bool>(B));
  CHECK_THAT(llvm::toString(B.takeError()),
             Catch::Contains("vector bits not 0 or a power of two"));
  P.Module.VectorBits = 512;
  CHECK(static_cast<bool>(profileFromJSON(profileToJSON(P), "ok.json")));
}

TEST_CASE("profile files are written in the form their name asks for",
          "[profile]") {
  llvm::SmallString<128> Dir;
  REQUIRE_FALSE(llvm::sys::fs::createUniqueDirectory("crop-profile", Dir));
  ProgramProfile P = everyFieldProfile();
  for (auto [Name, Binary] : {std::pair<const char *, bool>{"p.cprof", true},
                              {"p.profile.json", false}}) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    REQUIRE_FALSE(static_cast<bool>(writeProfile(P, Path)));
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    REQUIRE(Buf);
    CHECK(isBinaryProfile((*Buf)->getBuffer()) == Binary);
    auto Back = readProfile(Path);
    REQUIRE(static_cast<bool>(Back));
    CHECK(profileToJSON(*Back) == profileToJSON(P));
    llvm::sys::fs::remove(Path);
  }
  llvm::sys::fs::remove(Dir);
}
