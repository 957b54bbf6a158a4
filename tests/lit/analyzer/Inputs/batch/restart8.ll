define void @kernel(ptr noalias %a, ptr noalias %b) {
entry:
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j1, %done ]
  br label %loop
loop:
  %i = phi i32 [ 0, %outer ], [ %i1, %loop ]
  %s = phi float [ 0.0, %outer ], [ %s1, %loop ]
  %p = getelementptr float, ptr %a, i32 %i
  %x = load float, ptr %p
  %s1 = fadd float %s, %x
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, 8
  br i1 %c, label %done, label %loop
done:
  %q = getelementptr float, ptr %b, i32 %j
  store float %s1, ptr %q
  %j1 = add i32 %j, 1
  %d = icmp eq i32 %j1, 16
  br i1 %d, label %exit, label %outer
exit:
  ret void
}
