; Takes half and bfloat buffers and scalars, and checks in its own branches
; the values crop profile gives them: buffer N (from 0) holds
; ((I * 7 + N * 3) % 17) * 0.0625 - 0.5 at element I, so %h's first two are
; -0.5 and -0.0625 and %b's (N = 2) -0.125 and 0.3125.
define void @k(ptr %h, half %s, ptr %b, bfloat %t) {
entry:
  %h0 = load half, ptr %h
  %h1p = getelementptr half, ptr %h, i64 1
  %h1 = load half, ptr %h1p
  %b0 = load bfloat, ptr %b
  %b1p = getelementptr bfloat, ptr %b, i64 1
  %b1 = load bfloat, ptr %b1p
  %c0 = fcmp oeq half %h0, -0.5
  %c1 = fcmp oeq half %h1, -0.0625
  %c2 = fcmp oeq half %s, 1.5
  %c3 = fcmp oeq bfloat %b0, -0.125
  %c4 = fcmp oeq bfloat %b1, 0.3125
  %c5 = fcmp oeq bfloat %t, 2.0
  %a0 = and i1 %c0, %c1
  %a1 = and i1 %a0, %c2
  %a2 = and i1 %a1, %c3
  %a3 = and i1 %a2, %c4
  %a4 = and i1 %a3, %c5
  br i1 %a4, label %right, label %wrong
right:
  store half %s, ptr %h
  ret void
wrong:
  ret void
}
