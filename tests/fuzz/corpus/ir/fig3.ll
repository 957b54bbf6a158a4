; The loop nest of the Crop paper's Fig. 3(a), written by hand the way clang
; -O0 lowers it (every variable in an alloca):
;
;   for (i = 0; i < n; i++)
;     for (j = 0; j < n; j++)
;       x = a * b + c;      // for.body9
;
; for.body9 is the figure's example graphlet: V1, V2 load, V3 mul, V4 load,
; V5 add, V6 store, V7 br. for.inc stores %j and for.cond7 loads it again,
; the RAW dependency of the for.inc + for.cond7 superblock (Fig. 3d).
define void @fig3(i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  %j = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %c = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end12

for.body:
  store i32 0, ptr %j, align 4
  br label %for.cond7

for.cond7:
  %2 = load i32, ptr %j, align 4
  %3 = load i32, ptr %n.addr, align 4
  %cmp8 = icmp slt i32 %2, %3
  br i1 %cmp8, label %for.body9, label %for.end

for.body9:
  %4 = load i32, ptr %a, align 4
  %5 = load i32, ptr %b, align 4
  %mul = mul nsw i32 %4, %5
  %6 = load i32, ptr %c, align 4
  %add = add nsw i32 %mul, %6
  store i32 %add, ptr %x, align 4
  br label %for.inc

for.inc:
  %7 = load i32, ptr %j, align 4
  %inc = add nsw i32 %7, 1
  store i32 %inc, ptr %j, align 4
  br label %for.cond7

for.end:
  %8 = load i32, ptr %i, align 4
  %inc11 = add nsw i32 %8, 1
  store i32 %inc11, ptr %i, align 4
  br label %for.cond

for.end12:
  ret void
}
