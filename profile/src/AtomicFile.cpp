//===- AtomicFile.cpp - Writing a file whole or not at all ----------------===//
#include "crop/Profile/AtomicFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

/// Writes Text to an open descriptor; the stream's error, if any, is taken
/// (a raw_fd_ostream destroyed with an error stops the process).
std::error_code writeAll(int FD, StringRef Text) {
  raw_fd_ostream OS(FD, /*shouldClose=*/false);
  OS << Text;
  OS.flush();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

Error failure(StringRef Path, std::error_code EC) {
  return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                           EC.message().c_str());
}

} // namespace

Error crop::writeFileAtomically(StringRef Path, StringRef Text,
                                function_ref<Error(StringRef)> Check) {
  if (Path == "-") {
    outs() << Text;
    outs().flush();
    if (std::error_code EC = outs().error()) {
      outs().clear_error();
      return failure("<stdout>", EC);
    }
    return Error::success();
  }
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St) && sys::fs::exists(St) &&
      !sys::fs::is_regular_file(St)) {
    int FD;
    if (std::error_code EC = sys::fs::openFileForWrite(
            Path, FD, sys::fs::CD_OpenExisting, sys::fs::OF_None))
      return failure(Path, EC);
    std::error_code EC = writeAll(FD, Text);
    sys::Process::SafelyCloseFileDescriptor(FD);
    return EC ? failure(Path, EC) : Error::success();
  }
  // TempFile removes the file on a signal until it is kept or discarded.
  Expected<sys::fs::TempFile> Temp =
      sys::fs::TempFile::create(Path + ".tmp-%%%%%%%%");
  if (!Temp) {
    std::error_code EC = errorToErrorCode(Temp.takeError());
    return createStringError(EC,
                             "cannot write '%s': %s (creating a temporary "
                             "file in its folder)",
                             Path.str().c_str(), EC.message().c_str());
  }
  auto Discard = [&](Error E) {
    consumeError(Temp->discard());
    return E;
  };
  if (std::error_code EC = writeAll(Temp->FD, Text))
    return Discard(failure(Path, EC));
  if (Check)
    if (Error E = Check(Temp->TmpName))
      return Discard(std::move(E));
  if (Error E = Temp->keep(Path)) {
    std::error_code EC = errorToErrorCode(std::move(E));
    return Discard(createStringError(EC,
                                     "cannot write '%s': %s (renaming "
                                     "the temporary file over it)",
                                     Path.str().c_str(), EC.message().c_str()));
  }
  return Error::success();
}
