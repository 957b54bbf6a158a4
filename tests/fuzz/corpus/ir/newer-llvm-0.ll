define i32 @k(ptr noalias captures(none) %a, ptr readonly captures(address_is_null) %b, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds nuw float, ptr %a, i32 %i
  store float 1.0, ptr %p, align 4
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp samesign ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg)
@s = constant [15 x i8] c"captures(none)\00" ; samesign in a comment
attributes #0 = { nocreateundeforpoison memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) }
