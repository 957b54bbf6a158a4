; A weak reference nobody defines: allowed, it reads as null.
declare extern_weak void @maybe_there()
define i32 @main() {
entry:
  %has = icmp ne ptr @maybe_there, null
  br i1 %has, label %call, label %done
call:
  call void @maybe_there()
  br label %done
done:
  ret i32 0
}
