// Ranks two candidates of a small kernel with the installed Crop: prints the order and the times.
#include "crop/Crop.h"

#include <cstdio>
#include <string>

static std::string kernel(int N) {
  return "define void @kernel(ptr %a) {\n"
         "entry:\n  br label %loop\n"
         "loop:\n  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
         "  %p = getelementptr float, ptr %a, i32 %i\n"
         "  %x = load float, ptr %p\n  %y = fmul float %x, 2.0\n"
         "  store float %y, ptr %p\n  %i1 = add i32 %i, 1\n"
         "  %c = icmp eq i32 %i1, " +
         std::to_string(N) +
         "\n  br i1 %c, label %exit, label %loop\n"
         "exit:\n  ret void\n}\n";
}

int main() {
  llvm::Expected<crop::hw::Target> T = crop::target("gold5220r");
  if (!T) {
    std::fprintf(stderr, "consumer: %s\n", llvm::toString(T.takeError()).c_str());
    return 1;
  }
  crop::ProfileOptions O;
  O.Entry = "kernel";
  O.Args = {"f32:65536"};
  llvm::Expected<crop::ProgramProfile> A = crop::profileBuffer(kernel(65536), O, "a.ll");
  llvm::Expected<crop::ProgramProfile> B = crop::profileBuffer(kernel(1024), O, "b.ll");
  if (!A || !B) {
    std::fprintf(stderr, "consumer: %s\n",
                 llvm::toString(A ? B.takeError() : A.takeError()).c_str());
    return 1;
  }
  llvm::Expected<std::vector<size_t>> R = crop::rank({&*A, &*B}, *T);
  llvm::Expected<std::vector<double>> S = crop::predictSeconds({&*A, &*B}, *T);
  if (!R || !S) {
    std::fprintf(stderr, "consumer: ranking failed\n");
    return 1;
  }
  std::printf("crop %s: fastest first: %zu %zu (%.3g s, %.3g s)\n", crop::version(), (*R)[0],
              (*R)[1], (*S)[(*R)[0]], (*S)[(*R)[1]]);
  return 0;
}
