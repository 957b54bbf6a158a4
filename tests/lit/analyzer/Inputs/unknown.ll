; Uses a function and a global nobody defines.
declare void @mystery()
@other = external global i32
define i32 @main() {
  call void @mystery()
  %v = load i32, ptr @other
  ret i32 %v
}
