# Writes tvm027_matmul.ll: a 32x32 matmul scheduled by hand, printed by TVM 0.27 (LLVM 20+ IR syntax).
# build/tvm-venv/bin/python tvm027_matmul_gen.py > tvm027_matmul.ll
import tvm
from tvm import te
from tvm.s_tir import Schedule
A = te.placeholder((32, 32), name="A"); B = te.placeholder((32, 32), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
mod = tvm.IRModule({"matmul": te.create_prim_func([A, B, C]).with_attr("global_symbol", "matmul")})
sch = Schedule(mod)
blk = sch.get_sblock("C", func_name="matmul")
i, j, kk = sch.get_loops(blk)
io, ii = sch.split(i, [None, 8])
sch.parallel(io)
jo, ji = sch.split(j, [None, 8])
sch.reorder(io, ii, jo, kk, ji)
sch.vectorize(ji)
lib = tvm.build(sch.mod, target=tvm.target.Target({"kind": "llvm", "mcpu": "haswell"}))
print(lib.inspect_source("ll"))
