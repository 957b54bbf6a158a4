define <8 x float> @k(ptr %p, <8 x i1> %m, <8 x float> %v) {
  %a = call <8 x float> @llvm.masked.load.v8f32.p0(ptr nonnull align 4 %p, <8 x i1> %m, <8 x float> poison)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %a, ptr align 16 %p, <8 x i1> %m)
  ret <8 x float> %a
}
declare <8 x float> @llvm.masked.load.v8f32.p0(ptr captures(none), <8 x i1>, <8 x float>)
declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr captures(none), <8 x i1>)
