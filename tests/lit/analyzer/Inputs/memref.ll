; An MLIR C-interface function: it takes a pointer to a 2-d ranked memref
; descriptor and goes to %ok only if the descriptor says a row-major 3x5
; buffer at offset 0 whose allocated and aligned pointers are one; there it
; doubles the buffer's 15 elements through the strides.
%memref2 = type { ptr, ptr, i64, [2 x i64], [2 x i64] }

define void @_mlir_ciface_scale(ptr %d) {
entry:
  %alloc = load ptr, ptr %d
  %ap = getelementptr %memref2, ptr %d, i32 0, i32 1
  %aligned = load ptr, ptr %ap
  %op = getelementptr %memref2, ptr %d, i32 0, i32 2
  %off = load i64, ptr %op
  %s0p = getelementptr %memref2, ptr %d, i32 0, i32 3, i32 0
  %s0 = load i64, ptr %s0p
  %s1p = getelementptr %memref2, ptr %d, i32 0, i32 3, i32 1
  %s1 = load i64, ptr %s1p
  %t0p = getelementptr %memref2, ptr %d, i32 0, i32 4, i32 0
  %t0 = load i64, ptr %t0p
  %t1p = getelementptr %memref2, ptr %d, i32 0, i32 4, i32 1
  %t1 = load i64, ptr %t1p
  %c0 = icmp eq ptr %alloc, %aligned
  %c1 = icmp eq i64 %off, 0
  %c2 = icmp eq i64 %s0, 3
  %c3 = icmp eq i64 %s1, 5
  %c4 = icmp eq i64 %t0, 5
  %c5 = icmp eq i64 %t1, 1
  %a0 = and i1 %c0, %c1
  %a1 = and i1 %a0, %c2
  %a2 = and i1 %a1, %c3
  %a3 = and i1 %a2, %c4
  %a4 = and i1 %a3, %c5
  br i1 %a4, label %ok, label %bad
ok:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %p = getelementptr float, ptr %aligned, i64 %i
  %v = load float, ptr %p
  %w = fmul float %v, 2.0
  store float %w, ptr %p
  %i.next = add i64 %i, 1
  %n = mul i64 %s0, %t0
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %ok
bad:
  br label %exit
exit:
  ret void
}
