; A kernel that calls a function nothing here defines only when an index is
; out of bounds (as Rust's bounds checks call core::panicking), and a
; personality routine nobody defines either.
declare void @panic_bounds_check(i64, i64)
declare i32 @lang_personality(...)

define void @sum(ptr %a, ptr %out, i64 %n, i64 %len) personality ptr @lang_personality {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %ok ]
  %inb = icmp ult i64 %i, %len
  br i1 %inb, label %ok, label %panic
ok:
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
panic:
  call void @panic_bounds_check(i64 %i, i64 %len)
  unreachable
exit:
  store float %s.next, ptr %out
  ret void
}
