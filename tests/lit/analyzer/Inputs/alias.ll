; Takes two buffers and says whether they are the same one.
define void @same(ptr %a, ptr %b) {
entry:
  %eq = icmp eq ptr %a, %b
  br i1 %eq, label %one, label %two
one:
  store float 1.0, ptr %b
  ret void
two:
  store float 2.0, ptr %b
  ret void
}
