; ModuleID = 'TVMMod'
source_filename = "TVMMod"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-conda-linux-gnu"

%closure_loop_parallel_i_0 = type { ptr, ptr, ptr }

@__TVMBackendParallelLaunch = linkonce dllexport local_unnamed_addr global ptr null, align 8
@.str = private constant [10 x i8] c"TypeError\00", align 1
@.str.1 = private constant [10 x i8] c"Expected \00", align 1
@.str.2 = private constant [2 x i8] c"3\00", align 1
@.str.3 = private constant [11 x i8] c" arguments\00", align 1
@.str.4 = private constant [19 x i8] c" when calling:\0A  `\00", align 1
@.str.5 = private constant [97 x i8] c"matmul(A: Tensor([32, 32], float32), B: Tensor([32, 32], float32), C: Tensor([32, 32], float32))\00", align 1
@.str.6 = private constant [2 x i8] c"`\00", align 1
@.str.7 = private constant [21 x i8] c"args pointer is NULL\00", align 1
@.str.8 = private constant [30 x i8] c"Mismatched type on argument #\00", align 1
@.str.9 = private constant [2 x i8] c"0\00", align 1
@.str.10 = private constant [15 x i8] c"`,\0A  expected \00", align 1
@.str.11 = private constant [7 x i8] c"Tensor\00", align 1
@.str.12 = private constant [2 x i8] c"1\00", align 1
@.str.13 = private constant [2 x i8] c"2\00", align 1
@.str.14 = private constant [11 x i8] c"ValueError\00", align 1
@.str.15 = private constant [12 x i8] c"Mismatched \00", align 1
@.str.16 = private constant [2 x i8] c"A\00", align 1
@.str.17 = private constant [20 x i8] c".ndim on argument #\00", align 1
@.str.18 = private constant [21 x i8] c".dtype on argument #\00", align 1
@.str.19 = private constant [8 x i8] c"float32\00", align 1
@.str.20 = private constant [27 x i8] c".device_type on argument #\00", align 1
@.str.21 = private constant [4 x i8] c"cpu\00", align 1
@.str.22 = private constant [2 x i8] c"B\00", align 1
@.str.23 = private constant [2 x i8] c"C\00", align 1
@.str.24 = private constant [23 x i8] c".strides on argument #\00", align 1
@.str.25 = private constant [34 x i8] c"`,\0A  expected to be compact array\00", align 1
@.str.26 = private constant [36 x i8] c" data pointer is NULL on argument #\00", align 1
@.str.27 = private constant [36 x i8] c"`,\0A  expected non-NULL data pointer\00", align 1
@.str.28 = private constant [12 x i8] c"B.device_id\00", align 1
@.str.29 = private constant [15 x i8] c" on argument #\00", align 1
@.str.30 = private constant [24 x i8] c"`,\0A  expected to match \00", align 1
@.str.31 = private constant [12 x i8] c"A.device_id\00", align 1
@.str.32 = private constant [12 x i8] c"C.device_id\00", align 1
@.str.33 = private constant [9 x i8] c"Invalid \00", align 1
@.str.34 = private constant [11 x i8] c"A.shape[0]\00", align 1
@.str.35 = private constant [3 x i8] c"32\00", align 1
@.str.36 = private constant [11 x i8] c"A.shape[1]\00", align 1
@.str.37 = private constant [14 x i8] c"A.byte_offset\00", align 1
@.str.38 = private constant [11 x i8] c"B.shape[0]\00", align 1
@.str.39 = private constant [11 x i8] c"B.shape[1]\00", align 1
@.str.40 = private constant [14 x i8] c"B.byte_offset\00", align 1
@.str.41 = private constant [11 x i8] c"C.shape[0]\00", align 1
@.str.42 = private constant [11 x i8] c"C.shape[1]\00", align 1
@.str.43 = private constant [14 x i8] c"C.byte_offset\00", align 1
@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer

define dllexport i32 @__tvm_ffi_matmul(ptr noalias readnone captures(none) %self_handle, ptr noalias readonly captures(address_is_null) %args, i32 %num_args, ptr noalias readnone captures(none) %result) local_unnamed_addr #0 !dbg !5 {
entry:
    #dbg_value(ptr poison, !11, !DIExpression(), !15)
    #dbg_value(ptr %args, !12, !DIExpression(), !15)
    #dbg_value(i32 %num_args, !13, !DIExpression(), !15)
    #dbg_value(ptr poison, !14, !DIExpression(), !15)
  %0 = icmp eq i32 %num_args, 3, !dbg !15
  br i1 %0, label %assert_end, label %assert_fail, !dbg !15, !prof !16

common.ret:                                       ; preds = %assert_end78, %assert_fail77, %assert_fail75, %assert_fail73, %assert_fail71, %assert_fail69, %assert_fail67, %assert_fail65, %assert_fail63, %assert_fail61, %assert_fail59, %assert_fail57, %assert_fail55, %assert_fail51, %assert_fail49, %assert_fail47, %assert_fail43, %assert_fail41, %assert_fail37, %assert_fail35, %assert_fail33, %assert_fail31, %assert_fail29, %assert_fail27, %assert_fail25, %assert_fail23, %assert_fail21, %assert_fail19, %assert_fail17, %assert_fail15, %assert_fail10, %assert_fail5, %assert_fail3, %assert_fail1, %assert_fail
  %common.ret.op = phi i32 [ -1, %assert_fail ], [ -1, %assert_fail1 ], [ -1, %assert_fail3 ], [ -1, %assert_fail5 ], [ -1, %assert_fail10 ], [ -1, %assert_fail15 ], [ -1, %assert_fail17 ], [ -1, %assert_fail19 ], [ -1, %assert_fail21 ], [ -1, %assert_fail23 ], [ -1, %assert_fail25 ], [ -1, %assert_fail27 ], [ -1, %assert_fail29 ], [ -1, %assert_fail31 ], [ -1, %assert_fail33 ], [ -1, %assert_fail35 ], [ -1, %assert_fail37 ], [ -1, %assert_fail41 ], [ -1, %assert_fail43 ], [ -1, %assert_fail47 ], [ -1, %assert_fail49 ], [ -1, %assert_fail51 ], [ -1, %assert_fail55 ], [ -1, %assert_fail57 ], [ -1, %assert_fail59 ], [ -1, %assert_fail61 ], [ -1, %assert_fail63 ], [ -1, %assert_fail65 ], [ -1, %assert_fail67 ], [ -1, %assert_fail69 ], [ -1, %assert_fail71 ], [ -1, %assert_fail73 ], [ -1, %assert_fail75 ], [ -1, %assert_fail77 ], [ %133, %assert_end78 ]
  ret i32 %common.ret.op, !dbg !15

assert_fail:                                      ; preds = %entry
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.1, ptr nonnull @.str.2, ptr nonnull @.str.3, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.6), !dbg !15
  br label %common.ret, !dbg !15

assert_end:                                       ; preds = %entry
  %.not = icmp eq ptr %args, null, !dbg !15
  br i1 %.not, label %assert_fail1, label %assert_end2, !dbg !15, !prof !17

assert_fail1:                                     ; preds = %assert_end
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 4, ptr nonnull @.str.7, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.6, ptr null, ptr null), !dbg !15
  br label %common.ret, !dbg !15

assert_end2:                                      ; preds = %assert_end
  %A.type_index = load i32, ptr %args, align 4, !dbg !15
    #dbg_value(i32 %A.type_index, !18, !DIExpression(), !15)
    #dbg_value(i32 %A.type_index, !18, !DIExpression(), !15)
  %A.type_index.fr = freeze i32 %A.type_index, !dbg !15
  %1 = icmp sgt i32 %A.type_index.fr, 63, !dbg !15
  br i1 %1, label %assert_end4, label %switch.early.test, !dbg !15

switch.early.test:                                ; preds = %assert_end2
  switch i32 %A.type_index.fr, label %assert_fail3 [
    i32 0, label %if_else
    i32 4, label %if_else
    i32 7, label %if_else
  ], !dbg !15, !prof !19

assert_fail3:                                     ; preds = %switch.early.test
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end4:                                      ; preds = %assert_end2
  %2 = icmp eq i32 %A.type_index.fr, 70, !dbg !15
  br i1 %2, label %if_then, label %if_else, !dbg !15

if_then:                                          ; preds = %assert_end4
  %3 = getelementptr inbounds nuw i8, ptr %args, i64 8, !dbg !15
  %4 = load ptr, ptr %3, align 8, !dbg !15
  %5 = getelementptr inbounds nuw i8, ptr %4, i64 24, !dbg !15
  br label %if_end, !dbg !15

if_else:                                          ; preds = %switch.early.test, %switch.early.test, %switch.early.test, %assert_end4
  %6 = getelementptr inbounds nuw i8, ptr %args, i64 8, !dbg !15
  %7 = load ptr, ptr %6, align 8, !dbg !15
  br label %if_end, !dbg !15

if_end:                                           ; preds = %if_else, %if_then
  %A.handle = phi ptr [ %5, %if_then ], [ %7, %if_else ], !dbg !15
    #dbg_declare(ptr %A.handle, !20, !DIExpression(), !15)
    #dbg_declare(ptr %A.handle, !20, !DIExpression(), !15)
  %8 = getelementptr inbounds nuw i8, ptr %args, i64 16, !dbg !15
  %B.type_index = load i32, ptr %8, align 4, !dbg !15
    #dbg_value(i32 %B.type_index, !21, !DIExpression(), !15)
    #dbg_value(i32 %B.type_index, !21, !DIExpression(), !15)
  %B.type_index.fr = freeze i32 %B.type_index, !dbg !15
  %9 = icmp sgt i32 %B.type_index.fr, 63, !dbg !15
  br i1 %9, label %assert_end6, label %switch.early.test79, !dbg !15

switch.early.test79:                              ; preds = %if_end
  switch i32 %B.type_index.fr, label %assert_fail5 [
    i32 0, label %if_else8
    i32 4, label %if_else8
    i32 7, label %if_else8
  ], !dbg !15, !prof !19

assert_fail5:                                     ; preds = %switch.early.test79
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end6:                                      ; preds = %if_end
  %10 = icmp eq i32 %B.type_index.fr, 70, !dbg !15
  br i1 %10, label %if_then7, label %if_else8, !dbg !15

if_then7:                                         ; preds = %assert_end6
  %11 = getelementptr inbounds nuw i8, ptr %args, i64 24, !dbg !15
  %12 = load ptr, ptr %11, align 8, !dbg !15
  %13 = getelementptr inbounds nuw i8, ptr %12, i64 24, !dbg !15
  br label %if_end9, !dbg !15

if_else8:                                         ; preds = %switch.early.test79, %switch.early.test79, %switch.early.test79, %assert_end6
  %14 = getelementptr inbounds nuw i8, ptr %args, i64 24, !dbg !15
  %15 = load ptr, ptr %14, align 8, !dbg !15
  br label %if_end9, !dbg !15

if_end9:                                          ; preds = %if_else8, %if_then7
  %B.handle = phi ptr [ %13, %if_then7 ], [ %15, %if_else8 ], !dbg !15
    #dbg_declare(ptr %B.handle, !22, !DIExpression(), !15)
    #dbg_declare(ptr %B.handle, !22, !DIExpression(), !15)
  %16 = getelementptr inbounds nuw i8, ptr %args, i64 32, !dbg !15
  %C.type_index = load i32, ptr %16, align 4, !dbg !15
    #dbg_value(i32 %C.type_index, !23, !DIExpression(), !15)
    #dbg_value(i32 %C.type_index, !23, !DIExpression(), !15)
  %C.type_index.fr = freeze i32 %C.type_index, !dbg !15
  %17 = icmp sgt i32 %C.type_index.fr, 63, !dbg !15
  br i1 %17, label %assert_end11, label %switch.early.test80, !dbg !15

switch.early.test80:                              ; preds = %if_end9
  switch i32 %C.type_index.fr, label %assert_fail10 [
    i32 0, label %if_else13
    i32 4, label %if_else13
    i32 7, label %if_else13
  ], !dbg !15, !prof !19

assert_fail10:                                    ; preds = %switch.early.test80
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end11:                                     ; preds = %if_end9
  %18 = icmp eq i32 %C.type_index.fr, 70, !dbg !15
  br i1 %18, label %if_then12, label %if_else13, !dbg !15

if_then12:                                        ; preds = %assert_end11
  %19 = getelementptr inbounds nuw i8, ptr %args, i64 40, !dbg !15
  %20 = load ptr, ptr %19, align 8, !dbg !15
  %21 = getelementptr inbounds nuw i8, ptr %20, i64 24, !dbg !15
  br label %if_end14, !dbg !15

if_else13:                                        ; preds = %switch.early.test80, %switch.early.test80, %switch.early.test80, %assert_end11
  %22 = getelementptr inbounds nuw i8, ptr %args, i64 40, !dbg !15
  %23 = load ptr, ptr %22, align 8, !dbg !15
  br label %if_end14, !dbg !15

if_end14:                                         ; preds = %if_else13, %if_then12
  %C.handle = phi ptr [ %21, %if_then12 ], [ %23, %if_else13 ], !dbg !15
    #dbg_declare(ptr %C.handle, !24, !DIExpression(), !15)
    #dbg_declare(ptr %C.handle, !24, !DIExpression(), !15)
  %.not81 = icmp eq ptr %A.handle, null, !dbg !15
  br i1 %.not81, label %assert_fail15, label %assert_end16, !dbg !15, !prof !17

assert_fail15:                                    ; preds = %if_end14
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end16:                                     ; preds = %if_end14
  %24 = getelementptr inbounds nuw i8, ptr %A.handle, i64 16, !dbg !15
  %25 = load i32, ptr %24, align 4, !dbg !15
  %26 = icmp eq i32 %25, 2, !dbg !15
  br i1 %26, label %assert_end18, label %assert_fail17, !dbg !15, !prof !16

assert_fail17:                                    ; preds = %assert_end16
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.17, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.13), !dbg !15
  br label %common.ret, !dbg !15

assert_end18:                                     ; preds = %assert_end16
  %27 = getelementptr inbounds nuw i8, ptr %A.handle, i64 22, !dbg !15
  %28 = load i16, ptr %27, align 2, !dbg !15
  %29 = icmp eq i16 %28, 1, !dbg !15
  %30 = getelementptr inbounds nuw i8, ptr %A.handle, i64 21, !dbg !15
  %31 = load i8, ptr %30, align 1, !dbg !15
  %32 = icmp eq i8 %31, 32, !dbg !15
  %33 = getelementptr inbounds nuw i8, ptr %A.handle, i64 20, !dbg !15
  %34 = load i8, ptr %33, align 2, !dbg !15
  %35 = icmp eq i8 %34, 2, !dbg !15
  %36 = and i1 %32, %35, !dbg !15
  %37 = and i1 %29, %36, !dbg !15
  br i1 %37, label %assert_end20, label %assert_fail19, !dbg !15, !prof !16

assert_fail19:                                    ; preds = %assert_end18
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.18, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.19), !dbg !15
  br label %common.ret, !dbg !15

assert_end20:                                     ; preds = %assert_end18
  %38 = getelementptr inbounds nuw i8, ptr %A.handle, i64 24, !dbg !15
  %matmul.A_shape = load ptr, ptr %38, align 8, !dbg !15
    #dbg_declare(ptr %matmul.A_shape, !25, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.A_shape, !25, !DIExpression(), !15)
  %39 = getelementptr inbounds nuw i8, ptr %A.handle, i64 32, !dbg !15
  %matmul.A_strides = load ptr, ptr %39, align 8, !dbg !15
    #dbg_declare(ptr %matmul.A_strides, !28, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.A_strides, !28, !DIExpression(), !15)
  %40 = getelementptr inbounds nuw i8, ptr %A.handle, i64 8, !dbg !15
  %41 = load i32, ptr %40, align 8, !dbg !15
  %42 = icmp eq i32 %41, 1, !dbg !15
  br i1 %42, label %assert_end22, label %assert_fail21, !dbg !15, !prof !16

assert_fail21:                                    ; preds = %assert_end20
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.20, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.21), !dbg !15
  br label %common.ret, !dbg !15

assert_end22:                                     ; preds = %assert_end20
  %43 = getelementptr inbounds nuw i8, ptr %A.handle, i64 12, !dbg !15
  %dev_id = load i32, ptr %43, align 4, !dbg !15
    #dbg_value(i32 %dev_id, !29, !DIExpression(), !15)
    #dbg_value(i32 %dev_id, !29, !DIExpression(), !15)
  %.not82 = icmp eq ptr %B.handle, null, !dbg !15
  br i1 %.not82, label %assert_fail23, label %assert_end24, !dbg !15, !prof !17

assert_fail23:                                    ; preds = %assert_end22
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end24:                                     ; preds = %assert_end22
  %44 = getelementptr inbounds nuw i8, ptr %B.handle, i64 16, !dbg !15
  %45 = load i32, ptr %44, align 4, !dbg !15
  %46 = icmp eq i32 %45, 2, !dbg !15
  br i1 %46, label %assert_end26, label %assert_fail25, !dbg !15, !prof !16

assert_fail25:                                    ; preds = %assert_end24
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.22, ptr nonnull @.str.17, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.13), !dbg !15
  br label %common.ret, !dbg !15

assert_end26:                                     ; preds = %assert_end24
  %47 = getelementptr inbounds nuw i8, ptr %B.handle, i64 22, !dbg !15
  %48 = load i16, ptr %47, align 2, !dbg !15
  %49 = icmp eq i16 %48, 1, !dbg !15
  %50 = getelementptr inbounds nuw i8, ptr %B.handle, i64 21, !dbg !15
  %51 = load i8, ptr %50, align 1, !dbg !15
  %52 = icmp eq i8 %51, 32, !dbg !15
  %53 = getelementptr inbounds nuw i8, ptr %B.handle, i64 20, !dbg !15
  %54 = load i8, ptr %53, align 2, !dbg !15
  %55 = icmp eq i8 %54, 2, !dbg !15
  %56 = and i1 %52, %55, !dbg !15
  %57 = and i1 %49, %56, !dbg !15
  br i1 %57, label %assert_end28, label %assert_fail27, !dbg !15, !prof !16

assert_fail27:                                    ; preds = %assert_end26
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.22, ptr nonnull @.str.18, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.19), !dbg !15
  br label %common.ret, !dbg !15

assert_end28:                                     ; preds = %assert_end26
  %58 = getelementptr inbounds nuw i8, ptr %B.handle, i64 24, !dbg !15
  %matmul.B_shape = load ptr, ptr %58, align 8, !dbg !15
    #dbg_declare(ptr %matmul.B_shape, !30, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.B_shape, !30, !DIExpression(), !15)
  %59 = getelementptr inbounds nuw i8, ptr %B.handle, i64 32, !dbg !15
  %matmul.B_strides = load ptr, ptr %59, align 8, !dbg !15
    #dbg_declare(ptr %matmul.B_strides, !31, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.B_strides, !31, !DIExpression(), !15)
  %60 = getelementptr inbounds nuw i8, ptr %B.handle, i64 8, !dbg !15
  %61 = load i32, ptr %60, align 8, !dbg !15
  %62 = icmp eq i32 %61, 1, !dbg !15
  br i1 %62, label %assert_end30, label %assert_fail29, !dbg !15, !prof !16

assert_fail29:                                    ; preds = %assert_end28
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.22, ptr nonnull @.str.20, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.21), !dbg !15
  br label %common.ret, !dbg !15

assert_end30:                                     ; preds = %assert_end28
  %.not83 = icmp eq ptr %C.handle, null, !dbg !15
  br i1 %.not83, label %assert_fail31, label %assert_end32, !dbg !15, !prof !17

assert_fail31:                                    ; preds = %assert_end30
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11), !dbg !15
  br label %common.ret, !dbg !15

assert_end32:                                     ; preds = %assert_end30
  %63 = getelementptr inbounds nuw i8, ptr %C.handle, i64 16, !dbg !15
  %64 = load i32, ptr %63, align 4, !dbg !15
  %65 = icmp eq i32 %64, 2, !dbg !15
  br i1 %65, label %assert_end34, label %assert_fail33, !dbg !15, !prof !16

assert_fail33:                                    ; preds = %assert_end32
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.17, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.13), !dbg !15
  br label %common.ret, !dbg !15

assert_end34:                                     ; preds = %assert_end32
  %66 = getelementptr inbounds nuw i8, ptr %C.handle, i64 22, !dbg !15
  %67 = load i16, ptr %66, align 2, !dbg !15
  %68 = icmp eq i16 %67, 1, !dbg !15
  %69 = getelementptr inbounds nuw i8, ptr %C.handle, i64 21, !dbg !15
  %70 = load i8, ptr %69, align 1, !dbg !15
  %71 = icmp eq i8 %70, 32, !dbg !15
  %72 = getelementptr inbounds nuw i8, ptr %C.handle, i64 20, !dbg !15
  %73 = load i8, ptr %72, align 2, !dbg !15
  %74 = icmp eq i8 %73, 2, !dbg !15
  %75 = and i1 %71, %74, !dbg !15
  %76 = and i1 %68, %75, !dbg !15
  br i1 %76, label %assert_end36, label %assert_fail35, !dbg !15, !prof !16

assert_fail35:                                    ; preds = %assert_end34
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.18, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.19), !dbg !15
  br label %common.ret, !dbg !15

assert_end36:                                     ; preds = %assert_end34
  %77 = getelementptr inbounds nuw i8, ptr %C.handle, i64 24, !dbg !15
  %matmul.C_shape = load ptr, ptr %77, align 8, !dbg !15
    #dbg_declare(ptr %matmul.C_shape, !32, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.C_shape, !32, !DIExpression(), !15)
  %78 = getelementptr inbounds nuw i8, ptr %C.handle, i64 32, !dbg !15
  %matmul.C_strides = load ptr, ptr %78, align 8, !dbg !15
    #dbg_declare(ptr %matmul.C_strides, !33, !DIExpression(), !15)
    #dbg_declare(ptr %matmul.C_strides, !33, !DIExpression(), !15)
  %79 = getelementptr inbounds nuw i8, ptr %C.handle, i64 8, !dbg !15
  %80 = load i32, ptr %79, align 8, !dbg !15
  %81 = icmp eq i32 %80, 1, !dbg !15
  br i1 %81, label %assert_end38, label %assert_fail37, !dbg !15, !prof !16

assert_fail37:                                    ; preds = %assert_end36
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.20, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.21), !dbg !15
  br label %common.ret, !dbg !15

assert_end38:                                     ; preds = %assert_end36
  %.not84 = icmp eq ptr %matmul.A_strides, null, !dbg !15
  br i1 %.not84, label %if_end40, label %if_then39, !dbg !15, !prof !17

if_then39:                                        ; preds = %assert_end38
  %82 = load <2 x i64>, ptr %matmul.A_strides, align 8, !dbg !15
  %83 = and <2 x i64> %82, splat (i64 4294967295), !dbg !15
  %84 = icmp eq <2 x i64> %83, <i64 32, i64 1>, !dbg !15
  %shift = shufflevector <2 x i1> %84, <2 x i1> poison, <2 x i32> <i32 1, i32 poison>, !dbg !15
  %foldExtExtBinop = and <2 x i1> %84, %shift, !dbg !15
  %85 = extractelement <2 x i1> %foldExtExtBinop, i64 0, !dbg !15
  br i1 %85, label %if_end40, label %assert_fail41, !dbg !15, !prof !16

if_end40:                                         ; preds = %if_then39, %assert_end38
  %86 = load ptr, ptr %A.handle, align 8, !dbg !15
  %.not85 = icmp eq ptr %86, null, !dbg !15
  br i1 %.not85, label %assert_fail43, label %assert_end44, !dbg !15, !prof !17

assert_fail41:                                    ; preds = %if_then39
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.24, ptr nonnull @.str.9, ptr nonnull @.str.25, ptr null), !dbg !15
  br label %common.ret, !dbg !15

assert_fail43:                                    ; preds = %if_end40
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.16, ptr nonnull @.str.26, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.27), !dbg !15
  br label %common.ret, !dbg !15

assert_end44:                                     ; preds = %if_end40
  %.not86 = icmp eq ptr %matmul.B_strides, null, !dbg !15
  br i1 %.not86, label %if_end46, label %if_then45, !dbg !15, !prof !17

if_then45:                                        ; preds = %assert_end44
  %87 = load <2 x i64>, ptr %matmul.B_strides, align 8, !dbg !15
  %88 = and <2 x i64> %87, splat (i64 4294967295), !dbg !15
  %89 = icmp eq <2 x i64> %88, <i64 32, i64 1>, !dbg !15
  %shift93 = shufflevector <2 x i1> %89, <2 x i1> poison, <2 x i32> <i32 1, i32 poison>, !dbg !15
  %foldExtExtBinop94 = and <2 x i1> %89, %shift93, !dbg !15
  %90 = extractelement <2 x i1> %foldExtExtBinop94, i64 0, !dbg !15
  br i1 %90, label %if_end46, label %assert_fail47, !dbg !15, !prof !16

if_end46:                                         ; preds = %if_then45, %assert_end44
  %91 = getelementptr inbounds nuw i8, ptr %B.handle, i64 12, !dbg !15
  %92 = load i32, ptr %91, align 4, !dbg !15
  %93 = icmp eq i32 %dev_id, %92, !dbg !15
  br i1 %93, label %assert_end50, label %assert_fail49, !dbg !15, !prof !16

assert_fail47:                                    ; preds = %if_then45
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.22, ptr nonnull @.str.24, ptr nonnull @.str.12, ptr nonnull @.str.25, ptr null), !dbg !15
  br label %common.ret, !dbg !15

assert_fail49:                                    ; preds = %if_end46
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.28, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.30, ptr nonnull @.str.31), !dbg !15
  br label %common.ret, !dbg !15

assert_end50:                                     ; preds = %if_end46
  %94 = load ptr, ptr %B.handle, align 8, !dbg !15
  %.not87 = icmp eq ptr %94, null, !dbg !15
  br i1 %.not87, label %assert_fail51, label %assert_end52, !dbg !15, !prof !17

assert_fail51:                                    ; preds = %assert_end50
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.22, ptr nonnull @.str.26, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.27), !dbg !15
  br label %common.ret, !dbg !15

assert_end52:                                     ; preds = %assert_end50
  %.not88 = icmp eq ptr %matmul.C_strides, null, !dbg !15
  br i1 %.not88, label %if_end54, label %if_then53, !dbg !15, !prof !17

if_then53:                                        ; preds = %assert_end52
  %95 = load <2 x i64>, ptr %matmul.C_strides, align 8, !dbg !15
  %96 = and <2 x i64> %95, splat (i64 4294967295), !dbg !15
  %97 = icmp eq <2 x i64> %96, <i64 32, i64 1>, !dbg !15
  %shift96 = shufflevector <2 x i1> %97, <2 x i1> poison, <2 x i32> <i32 1, i32 poison>, !dbg !15
  %foldExtExtBinop97 = and <2 x i1> %97, %shift96, !dbg !15
  %98 = extractelement <2 x i1> %foldExtExtBinop97, i64 0, !dbg !15
  br i1 %98, label %if_end54, label %assert_fail55, !dbg !15, !prof !16

if_end54:                                         ; preds = %if_then53, %assert_end52
  %99 = getelementptr inbounds nuw i8, ptr %C.handle, i64 12, !dbg !15
  %100 = load i32, ptr %99, align 4, !dbg !15
  %101 = icmp eq i32 %dev_id, %100, !dbg !15
  br i1 %101, label %assert_end58, label %assert_fail57, !dbg !15, !prof !16

assert_fail55:                                    ; preds = %if_then53
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.24, ptr nonnull @.str.13, ptr nonnull @.str.25, ptr null), !dbg !15
  br label %common.ret, !dbg !15

assert_fail57:                                    ; preds = %if_end54
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.32, ptr nonnull @.str.29, ptr nonnull @.str.13, ptr nonnull @.str.30, ptr nonnull @.str.31), !dbg !15
  br label %common.ret, !dbg !15

assert_end58:                                     ; preds = %if_end54
  %102 = load ptr, ptr %C.handle, align 8, !dbg !15
  %.not89 = icmp eq ptr %102, null, !dbg !15
  br i1 %.not89, label %assert_fail59, label %assert_end60, !dbg !15, !prof !17

assert_fail59:                                    ; preds = %assert_end58
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.23, ptr nonnull @.str.26, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.27), !dbg !15
  br label %common.ret, !dbg !15

assert_end60:                                     ; preds = %assert_end58
  %103 = load i64, ptr %matmul.A_shape, align 8, !dbg !15
  %104 = and i64 %103, 4294967295, !dbg !15
  %105 = icmp eq i64 %104, 32, !dbg !15
  br i1 %105, label %assert_end62, label %assert_fail61, !dbg !15, !prof !16

assert_fail61:                                    ; preds = %assert_end60
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.34, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end62:                                     ; preds = %assert_end60
  %106 = getelementptr inbounds nuw i8, ptr %matmul.A_shape, i64 8, !dbg !15
  %107 = load i64, ptr %106, align 8, !dbg !15
  %108 = and i64 %107, 4294967295, !dbg !15
  %109 = icmp eq i64 %108, 32, !dbg !15
  br i1 %109, label %assert_end64, label %assert_fail63, !dbg !15, !prof !16

assert_fail63:                                    ; preds = %assert_end62
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.36, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end64:                                     ; preds = %assert_end62
  %110 = getelementptr inbounds nuw i8, ptr %A.handle, i64 40, !dbg !15
  %111 = load i64, ptr %110, align 8, !dbg !15
  %112 = icmp eq i64 %111, 0, !dbg !15
  br i1 %112, label %assert_end66, label %assert_fail65, !dbg !15, !prof !16

assert_fail65:                                    ; preds = %assert_end64
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.37, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.9), !dbg !15
  br label %common.ret, !dbg !15

assert_end66:                                     ; preds = %assert_end64
  %113 = load i64, ptr %matmul.B_shape, align 8, !dbg !15
  %114 = and i64 %113, 4294967295, !dbg !15
  %115 = icmp eq i64 %114, 32, !dbg !15
  br i1 %115, label %assert_end68, label %assert_fail67, !dbg !15, !prof !16

assert_fail67:                                    ; preds = %assert_end66
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.38, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end68:                                     ; preds = %assert_end66
  %116 = getelementptr inbounds nuw i8, ptr %matmul.B_shape, i64 8, !dbg !15
  %117 = load i64, ptr %116, align 8, !dbg !15
  %118 = and i64 %117, 4294967295, !dbg !15
  %119 = icmp eq i64 %118, 32, !dbg !15
  br i1 %119, label %assert_end70, label %assert_fail69, !dbg !15, !prof !16

assert_fail69:                                    ; preds = %assert_end68
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.39, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end70:                                     ; preds = %assert_end68
  %120 = getelementptr inbounds nuw i8, ptr %B.handle, i64 40, !dbg !15
  %121 = load i64, ptr %120, align 8, !dbg !15
  %122 = icmp eq i64 %121, 0, !dbg !15
  br i1 %122, label %assert_end72, label %assert_fail71, !dbg !15, !prof !16

assert_fail71:                                    ; preds = %assert_end70
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.40, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.9), !dbg !15
  br label %common.ret, !dbg !15

assert_end72:                                     ; preds = %assert_end70
  %123 = load i64, ptr %matmul.C_shape, align 8, !dbg !15
  %124 = and i64 %123, 4294967295, !dbg !15
  %125 = icmp eq i64 %124, 32, !dbg !15
  br i1 %125, label %assert_end74, label %assert_fail73, !dbg !15, !prof !16

assert_fail73:                                    ; preds = %assert_end72
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.41, ptr nonnull @.str.29, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end74:                                     ; preds = %assert_end72
  %126 = getelementptr inbounds nuw i8, ptr %matmul.C_shape, i64 8, !dbg !15
  %127 = load i64, ptr %126, align 8, !dbg !15
  %128 = and i64 %127, 4294967295, !dbg !15
  %129 = icmp eq i64 %128, 32, !dbg !15
  br i1 %129, label %assert_end76, label %assert_fail75, !dbg !15, !prof !16

assert_fail75:                                    ; preds = %assert_end74
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.42, ptr nonnull @.str.29, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.35), !dbg !15
  br label %common.ret, !dbg !15

assert_end76:                                     ; preds = %assert_end74
  %130 = getelementptr inbounds nuw i8, ptr %C.handle, i64 40, !dbg !15
  %131 = load i64, ptr %130, align 8, !dbg !15
  %132 = icmp eq i64 %131, 0, !dbg !15
  br i1 %132, label %assert_end78, label %assert_fail77, !dbg !15, !prof !16

assert_fail77:                                    ; preds = %assert_end76
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.33, ptr nonnull @.str.43, ptr nonnull @.str.29, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.9), !dbg !15
  br label %common.ret, !dbg !15

assert_end78:                                     ; preds = %assert_end76
    #dbg_declare(ptr %86, !34, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %86, i64 64) ], !dbg !15
    #dbg_declare(ptr %94, !37, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %94, i64 64) ], !dbg !15
    #dbg_declare(ptr %102, !38, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %102, i64 64) ], !dbg !15
  %133 = tail call fastcc i32 @matmul_compute_(ptr nonnull %86, ptr nonnull %94, ptr nonnull %102), !dbg !15
  br label %common.ret, !dbg !15
}

; Function Attrs: noinline
define internal fastcc void @__tvm_set_raised_6(ptr %0, i32 range(i32 4, 7) %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7) unnamed_addr #1 {
entry:
  %8 = alloca [6 x ptr], align 8
  store ptr %2, ptr %8, align 8
  %9 = getelementptr inbounds nuw i8, ptr %8, i64 8
  store ptr %3, ptr %9, align 8
  %10 = getelementptr inbounds nuw i8, ptr %8, i64 16
  store ptr %4, ptr %10, align 8
  %11 = getelementptr inbounds nuw i8, ptr %8, i64 24
  store ptr %5, ptr %11, align 8
  %12 = getelementptr inbounds nuw i8, ptr %8, i64 32
  store ptr %6, ptr %12, align 8
  %13 = getelementptr inbounds nuw i8, ptr %8, i64 40
  store ptr %7, ptr %13, align 8
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr nonnull %8, i32 %1)
  ret void
}

declare void @TVMFFIErrorSetRaisedFromCStrParts(ptr, ptr, i32) local_unnamed_addr

; Function Attrs: noinline
define internal fastcc void @__tvm_set_raised_12(ptr %0, i32 range(i32 7, 9) %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7) unnamed_addr #1 {
entry:
  %8 = alloca [12 x ptr], align 8
  store ptr %2, ptr %8, align 8
  %9 = getelementptr inbounds nuw i8, ptr %8, i64 8
  store ptr %3, ptr %9, align 8
  %10 = getelementptr inbounds nuw i8, ptr %8, i64 16
  store ptr %4, ptr %10, align 8
  %11 = getelementptr inbounds nuw i8, ptr %8, i64 24
  store ptr %5, ptr %11, align 8
  %12 = getelementptr inbounds nuw i8, ptr %8, i64 32
  store ptr @.str.4, ptr %12, align 8
  %13 = getelementptr inbounds nuw i8, ptr %8, i64 40
  store ptr @.str.5, ptr %13, align 8
  %14 = getelementptr inbounds nuw i8, ptr %8, i64 48
  store ptr %6, ptr %14, align 8
  %15 = getelementptr inbounds nuw i8, ptr %8, i64 56
  store ptr %7, ptr %15, align 8
  %16 = getelementptr inbounds nuw i8, ptr %8, i64 64
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(32) %16, i8 0, i64 32, i1 false)
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr nonnull %8, i32 %1)
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: noinline
define internal fastcc i32 @matmul_compute_(ptr noalias align 64 %A, ptr noalias align 64 %B, ptr noalias align 64 %C) unnamed_addr #3 !dbg !39 {
entry:
    #dbg_value(ptr %A, !43, !DIExpression(), !46)
    #dbg_value(ptr %B, !44, !DIExpression(), !46)
    #dbg_value(ptr %C, !45, !DIExpression(), !46)
  %0 = alloca %closure_loop_parallel_i_0, align 8, !dbg !46
    #dbg_declare(ptr %A, !47, !DIExpression(), !46)
  call void @llvm.assume(i1 true) [ "align"(ptr %A, i64 64) ], !dbg !46
    #dbg_declare(ptr %B, !48, !DIExpression(), !46)
  call void @llvm.assume(i1 true) [ "align"(ptr %B, i64 64) ], !dbg !46
    #dbg_declare(ptr %C, !49, !DIExpression(), !46)
  call void @llvm.assume(i1 true) [ "align"(ptr %C, i64 64) ], !dbg !46
  store ptr %C, ptr %0, align 8, !dbg !46
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 8, !dbg !46
  store ptr %A, ptr %1, align 8, !dbg !46
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 16, !dbg !46
  store ptr %B, ptr %2, align 8, !dbg !46
  %3 = load ptr, ptr @__TVMBackendParallelLaunch, align 8, !dbg !46, !tbaa !50
  %4 = call i32 %3(ptr nonnull @__tvm_parallel_lambda, ptr nonnull %0, i32 0), !dbg !46
  ret i32 %4, !dbg !46
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define private noundef i32 @__tvm_parallel_lambda(i32 %task_id, ptr readonly captures(none) %0, ptr readonly captures(none) %1) #4 {
parallel_closure_entry:
  %C = load ptr, ptr %1, align 8, !dbg !46
  %2 = getelementptr inbounds nuw i8, ptr %1, i64 8, !dbg !46
  %A = load ptr, ptr %2, align 8, !dbg !46
  %3 = getelementptr inbounds nuw i8, ptr %1, i64 16, !dbg !46
  %B = load ptr, ptr %3, align 8, !dbg !46
  %4 = getelementptr inbounds nuw i8, ptr %0, i64 8, !dbg !46
  %num_task = load i32, ptr %4, align 4, !dbg !46
  %5 = add nsw i32 %num_task, 3, !dbg !46
  %6 = sdiv i32 %5, %num_task, !dbg !46
  %7 = add nsw i32 %task_id, 1, !dbg !46
  %8 = mul nsw i32 %6, %7, !dbg !46
  %9 = tail call i32 @llvm.smin.i32(i32 %8, i32 4), !dbg !46
  %10 = mul nsw i32 %6, %task_id, !dbg !46
    #dbg_value(i32 poison, !53, !DIExpression(), !46)
  %11 = icmp slt i32 %10, %9, !dbg !46
  br i1 %11, label %for_begin_i_1.preheader.preheader, label %for_end_i_0, !dbg !46, !prof !54

for_begin_i_1.preheader.preheader:                ; preds = %parallel_closure_entry
    #dbg_value(i32 %10, !53, !DIExpression(), !46)
  %12 = sext i32 %10 to i64, !dbg !46
  %13 = getelementptr inbounds nuw i8, ptr %B, i64 3968
  %14 = load <8 x float>, ptr %13, align 32, !tbaa !55
  %15 = getelementptr inbounds nuw i8, ptr %B, i64 3840
  %16 = load <8 x float>, ptr %15, align 32, !tbaa !55
  %17 = getelementptr inbounds nuw i8, ptr %B, i64 3712
  %18 = load <8 x float>, ptr %17, align 32, !tbaa !55
  %19 = getelementptr inbounds nuw i8, ptr %B, i64 3584
  %20 = load <8 x float>, ptr %19, align 32, !tbaa !55
  %21 = getelementptr inbounds nuw i8, ptr %B, i64 3456
  %22 = load <8 x float>, ptr %21, align 32, !tbaa !55
  %23 = getelementptr inbounds nuw i8, ptr %B, i64 3328
  %24 = load <8 x float>, ptr %23, align 32, !tbaa !55
  %25 = getelementptr inbounds nuw i8, ptr %B, i64 3200
  %26 = load <8 x float>, ptr %25, align 32, !tbaa !55
  %27 = getelementptr inbounds nuw i8, ptr %B, i64 3072
  %28 = load <8 x float>, ptr %27, align 32, !tbaa !55
  %29 = getelementptr inbounds nuw i8, ptr %B, i64 2944
  %30 = load <8 x float>, ptr %29, align 32, !tbaa !55
  %31 = getelementptr inbounds nuw i8, ptr %B, i64 2816
  %32 = load <8 x float>, ptr %31, align 32, !tbaa !55
  %33 = getelementptr inbounds nuw i8, ptr %B, i64 2688
  %34 = load <8 x float>, ptr %33, align 32, !tbaa !55
  %35 = getelementptr inbounds nuw i8, ptr %B, i64 2560
  %36 = load <8 x float>, ptr %35, align 32, !tbaa !55
  %37 = getelementptr inbounds nuw i8, ptr %B, i64 2432
  %38 = load <8 x float>, ptr %37, align 32, !tbaa !55
  %39 = getelementptr inbounds nuw i8, ptr %B, i64 2304
  %40 = load <8 x float>, ptr %39, align 32, !tbaa !55
  %41 = getelementptr inbounds nuw i8, ptr %B, i64 2176
  %42 = load <8 x float>, ptr %41, align 32, !tbaa !55
  %43 = getelementptr inbounds nuw i8, ptr %B, i64 2048
  %44 = load <8 x float>, ptr %43, align 32, !tbaa !55
  %45 = getelementptr inbounds nuw i8, ptr %B, i64 1920
  %46 = load <8 x float>, ptr %45, align 32, !tbaa !55
  %47 = getelementptr inbounds nuw i8, ptr %B, i64 1792
  %48 = load <8 x float>, ptr %47, align 32, !tbaa !55
  %49 = getelementptr inbounds nuw i8, ptr %B, i64 1664
  %50 = load <8 x float>, ptr %49, align 32, !tbaa !55
  %51 = getelementptr inbounds nuw i8, ptr %B, i64 1536
  %52 = load <8 x float>, ptr %51, align 32, !tbaa !55
  %53 = getelementptr inbounds nuw i8, ptr %B, i64 1408
  %54 = load <8 x float>, ptr %53, align 32, !tbaa !55
  %55 = getelementptr inbounds nuw i8, ptr %B, i64 1280
  %56 = load <8 x float>, ptr %55, align 32, !tbaa !55
  %57 = getelementptr inbounds nuw i8, ptr %B, i64 1152
  %58 = load <8 x float>, ptr %57, align 32, !tbaa !55
  %59 = getelementptr inbounds nuw i8, ptr %B, i64 1024
  %60 = load <8 x float>, ptr %59, align 32, !tbaa !55
  %61 = getelementptr inbounds nuw i8, ptr %B, i64 896
  %62 = load <8 x float>, ptr %61, align 32, !tbaa !55
  %63 = getelementptr inbounds nuw i8, ptr %B, i64 768
  %64 = load <8 x float>, ptr %63, align 32, !tbaa !55
  %65 = getelementptr inbounds nuw i8, ptr %B, i64 640
  %66 = load <8 x float>, ptr %65, align 32, !tbaa !55
  %67 = getelementptr inbounds nuw i8, ptr %B, i64 512
  %68 = load <8 x float>, ptr %67, align 32, !tbaa !55
  %69 = getelementptr inbounds nuw i8, ptr %B, i64 384
  %70 = load <8 x float>, ptr %69, align 32, !tbaa !55
  %71 = getelementptr inbounds nuw i8, ptr %B, i64 256
  %72 = load <8 x float>, ptr %71, align 32, !tbaa !55
  %73 = getelementptr inbounds nuw i8, ptr %B, i64 128
  %74 = load <8 x float>, ptr %73, align 32, !tbaa !55
  %75 = load <8 x float>, ptr %B, align 32, !tbaa !55
  %76 = getelementptr inbounds nuw i8, ptr %B, i64 4000
  %77 = load <8 x float>, ptr %76, align 32, !tbaa !55
  %78 = getelementptr inbounds nuw i8, ptr %B, i64 3872
  %79 = load <8 x float>, ptr %78, align 32, !tbaa !55
  %80 = getelementptr inbounds nuw i8, ptr %B, i64 3744
  %81 = load <8 x float>, ptr %80, align 32, !tbaa !55
  %82 = getelementptr inbounds nuw i8, ptr %B, i64 3616
  %83 = load <8 x float>, ptr %82, align 32, !tbaa !55
  %84 = getelementptr inbounds nuw i8, ptr %B, i64 3488
  %85 = load <8 x float>, ptr %84, align 32, !tbaa !55
  %86 = getelementptr inbounds nuw i8, ptr %B, i64 3360
  %87 = load <8 x float>, ptr %86, align 32, !tbaa !55
  %88 = getelementptr inbounds nuw i8, ptr %B, i64 3232
  %89 = load <8 x float>, ptr %88, align 32, !tbaa !55
  %90 = getelementptr inbounds nuw i8, ptr %B, i64 3104
  %91 = load <8 x float>, ptr %90, align 32, !tbaa !55
  %92 = getelementptr inbounds nuw i8, ptr %B, i64 2976
  %93 = load <8 x float>, ptr %92, align 32, !tbaa !55
  %94 = getelementptr inbounds nuw i8, ptr %B, i64 2848
  %95 = load <8 x float>, ptr %94, align 32, !tbaa !55
  %96 = getelementptr inbounds nuw i8, ptr %B, i64 2720
  %97 = load <8 x float>, ptr %96, align 32, !tbaa !55
  %98 = getelementptr inbounds nuw i8, ptr %B, i64 2592
  %99 = load <8 x float>, ptr %98, align 32, !tbaa !55
  %100 = getelementptr inbounds nuw i8, ptr %B, i64 2464
  %101 = load <8 x float>, ptr %100, align 32, !tbaa !55
  %102 = getelementptr inbounds nuw i8, ptr %B, i64 2336
  %103 = load <8 x float>, ptr %102, align 32, !tbaa !55
  %104 = getelementptr inbounds nuw i8, ptr %B, i64 2208
  %105 = load <8 x float>, ptr %104, align 32, !tbaa !55
  %106 = getelementptr inbounds nuw i8, ptr %B, i64 2080
  %107 = load <8 x float>, ptr %106, align 32, !tbaa !55
  %108 = getelementptr inbounds nuw i8, ptr %B, i64 1952
  %109 = load <8 x float>, ptr %108, align 32, !tbaa !55
  %110 = getelementptr inbounds nuw i8, ptr %B, i64 1824
  %111 = load <8 x float>, ptr %110, align 32, !tbaa !55
  %112 = getelementptr inbounds nuw i8, ptr %B, i64 1696
  %113 = load <8 x float>, ptr %112, align 32, !tbaa !55
  %114 = getelementptr inbounds nuw i8, ptr %B, i64 1568
  %115 = load <8 x float>, ptr %114, align 32, !tbaa !55
  %116 = getelementptr inbounds nuw i8, ptr %B, i64 1440
  %117 = load <8 x float>, ptr %116, align 32, !tbaa !55
  %118 = getelementptr inbounds nuw i8, ptr %B, i64 1312
  %119 = load <8 x float>, ptr %118, align 32, !tbaa !55
  %120 = getelementptr inbounds nuw i8, ptr %B, i64 1184
  %121 = load <8 x float>, ptr %120, align 32, !tbaa !55
  %122 = getelementptr inbounds nuw i8, ptr %B, i64 1056
  %123 = load <8 x float>, ptr %122, align 32, !tbaa !55
  %124 = getelementptr inbounds nuw i8, ptr %B, i64 928
  %125 = load <8 x float>, ptr %124, align 32, !tbaa !55
  %126 = getelementptr inbounds nuw i8, ptr %B, i64 800
  %127 = load <8 x float>, ptr %126, align 32, !tbaa !55
  %128 = getelementptr inbounds nuw i8, ptr %B, i64 672
  %129 = load <8 x float>, ptr %128, align 32, !tbaa !55
  %130 = getelementptr inbounds nuw i8, ptr %B, i64 544
  %131 = load <8 x float>, ptr %130, align 32, !tbaa !55
  %132 = getelementptr inbounds nuw i8, ptr %B, i64 416
  %133 = load <8 x float>, ptr %132, align 32, !tbaa !55
  %134 = getelementptr inbounds nuw i8, ptr %B, i64 288
  %135 = load <8 x float>, ptr %134, align 32, !tbaa !55
  %136 = getelementptr inbounds nuw i8, ptr %B, i64 160
  %137 = load <8 x float>, ptr %136, align 32, !tbaa !55
  %138 = getelementptr inbounds nuw i8, ptr %B, i64 32
  %139 = load <8 x float>, ptr %138, align 32, !tbaa !55
  %140 = getelementptr inbounds nuw i8, ptr %B, i64 4032
  %141 = load <8 x float>, ptr %140, align 32, !tbaa !55
  %142 = getelementptr inbounds nuw i8, ptr %B, i64 3904
  %143 = load <8 x float>, ptr %142, align 32, !tbaa !55
  %144 = getelementptr inbounds nuw i8, ptr %B, i64 3776
  %145 = load <8 x float>, ptr %144, align 32, !tbaa !55
  %146 = getelementptr inbounds nuw i8, ptr %B, i64 3648
  %147 = load <8 x float>, ptr %146, align 32, !tbaa !55
  %148 = getelementptr inbounds nuw i8, ptr %B, i64 3520
  %149 = load <8 x float>, ptr %148, align 32, !tbaa !55
  %150 = getelementptr inbounds nuw i8, ptr %B, i64 3392
  %151 = load <8 x float>, ptr %150, align 32, !tbaa !55
  %152 = getelementptr inbounds nuw i8, ptr %B, i64 3264
  %153 = load <8 x float>, ptr %152, align 32, !tbaa !55
  %154 = getelementptr inbounds nuw i8, ptr %B, i64 3136
  %155 = load <8 x float>, ptr %154, align 32, !tbaa !55
  %156 = getelementptr inbounds nuw i8, ptr %B, i64 3008
  %157 = load <8 x float>, ptr %156, align 32, !tbaa !55
  %158 = getelementptr inbounds nuw i8, ptr %B, i64 2880
  %159 = load <8 x float>, ptr %158, align 32, !tbaa !55
  %160 = getelementptr inbounds nuw i8, ptr %B, i64 2752
  %161 = load <8 x float>, ptr %160, align 32, !tbaa !55
  %162 = getelementptr inbounds nuw i8, ptr %B, i64 2624
  %163 = load <8 x float>, ptr %162, align 32, !tbaa !55
  %164 = getelementptr inbounds nuw i8, ptr %B, i64 2496
  %165 = load <8 x float>, ptr %164, align 32, !tbaa !55
  %166 = getelementptr inbounds nuw i8, ptr %B, i64 2368
  %167 = load <8 x float>, ptr %166, align 32, !tbaa !55
  %168 = getelementptr inbounds nuw i8, ptr %B, i64 2240
  %169 = load <8 x float>, ptr %168, align 32, !tbaa !55
  %170 = getelementptr inbounds nuw i8, ptr %B, i64 2112
  %171 = load <8 x float>, ptr %170, align 32, !tbaa !55
  %172 = getelementptr inbounds nuw i8, ptr %B, i64 1984
  %173 = load <8 x float>, ptr %172, align 32, !tbaa !55
  %174 = getelementptr inbounds nuw i8, ptr %B, i64 1856
  %175 = load <8 x float>, ptr %174, align 32, !tbaa !55
  %176 = getelementptr inbounds nuw i8, ptr %B, i64 1728
  %177 = load <8 x float>, ptr %176, align 32, !tbaa !55
  %178 = getelementptr inbounds nuw i8, ptr %B, i64 1600
  %179 = load <8 x float>, ptr %178, align 32, !tbaa !55
  %180 = getelementptr inbounds nuw i8, ptr %B, i64 1472
  %181 = load <8 x float>, ptr %180, align 32, !tbaa !55
  %182 = getelementptr inbounds nuw i8, ptr %B, i64 1344
  %183 = load <8 x float>, ptr %182, align 32, !tbaa !55
  %184 = getelementptr inbounds nuw i8, ptr %B, i64 1216
  %185 = load <8 x float>, ptr %184, align 32, !tbaa !55
  %186 = getelementptr inbounds nuw i8, ptr %B, i64 1088
  %187 = load <8 x float>, ptr %186, align 32, !tbaa !55
  %188 = getelementptr inbounds nuw i8, ptr %B, i64 960
  %189 = load <8 x float>, ptr %188, align 32, !tbaa !55
  %190 = getelementptr inbounds nuw i8, ptr %B, i64 832
  %191 = load <8 x float>, ptr %190, align 32, !tbaa !55
  %192 = getelementptr inbounds nuw i8, ptr %B, i64 704
  %193 = load <8 x float>, ptr %192, align 32, !tbaa !55
  %194 = getelementptr inbounds nuw i8, ptr %B, i64 576
  %195 = load <8 x float>, ptr %194, align 32, !tbaa !55
  %196 = getelementptr inbounds nuw i8, ptr %B, i64 448
  %197 = load <8 x float>, ptr %196, align 32, !tbaa !55
  %198 = getelementptr inbounds nuw i8, ptr %B, i64 320
  %199 = load <8 x float>, ptr %198, align 32, !tbaa !55
  %200 = getelementptr inbounds nuw i8, ptr %B, i64 192
  %201 = load <8 x float>, ptr %200, align 32, !tbaa !55
  %202 = getelementptr inbounds nuw i8, ptr %B, i64 64
  %203 = load <8 x float>, ptr %202, align 32, !tbaa !55
  %204 = getelementptr inbounds nuw i8, ptr %B, i64 4064
  %205 = load <8 x float>, ptr %204, align 32, !tbaa !55
  %206 = getelementptr inbounds nuw i8, ptr %B, i64 3936
  %207 = load <8 x float>, ptr %206, align 32, !tbaa !55
  %208 = getelementptr inbounds nuw i8, ptr %B, i64 3808
  %209 = load <8 x float>, ptr %208, align 32, !tbaa !55
  %210 = getelementptr inbounds nuw i8, ptr %B, i64 3680
  %211 = load <8 x float>, ptr %210, align 32, !tbaa !55
  %212 = getelementptr inbounds nuw i8, ptr %B, i64 3552
  %213 = getelementptr inbounds nuw i8, ptr %B, i64 3424
  %214 = getelementptr inbounds nuw i8, ptr %B, i64 3296
  %215 = getelementptr inbounds nuw i8, ptr %B, i64 3168
  %216 = getelementptr inbounds nuw i8, ptr %B, i64 3040
  %217 = getelementptr inbounds nuw i8, ptr %B, i64 2912
  %218 = getelementptr inbounds nuw i8, ptr %B, i64 2784
  %219 = getelementptr inbounds nuw i8, ptr %B, i64 2656
  %220 = getelementptr inbounds nuw i8, ptr %B, i64 2528
  %221 = getelementptr inbounds nuw i8, ptr %B, i64 2400
  %222 = getelementptr inbounds nuw i8, ptr %B, i64 2272
  %223 = getelementptr inbounds nuw i8, ptr %B, i64 2144
  %224 = getelementptr inbounds nuw i8, ptr %B, i64 2016
  %225 = getelementptr inbounds nuw i8, ptr %B, i64 1888
  %226 = getelementptr inbounds nuw i8, ptr %B, i64 1760
  %227 = getelementptr inbounds nuw i8, ptr %B, i64 1632
  %228 = getelementptr inbounds nuw i8, ptr %B, i64 1504
  %229 = getelementptr inbounds nuw i8, ptr %B, i64 1376
  %230 = getelementptr inbounds nuw i8, ptr %B, i64 1248
  %231 = getelementptr inbounds nuw i8, ptr %B, i64 1120
  %232 = getelementptr inbounds nuw i8, ptr %B, i64 992
  %233 = getelementptr inbounds nuw i8, ptr %B, i64 864
  %234 = getelementptr inbounds nuw i8, ptr %B, i64 736
  %235 = getelementptr inbounds nuw i8, ptr %B, i64 608
  %236 = getelementptr inbounds nuw i8, ptr %B, i64 480
  %237 = getelementptr inbounds nuw i8, ptr %B, i64 352
  %238 = getelementptr inbounds nuw i8, ptr %B, i64 224
  %239 = getelementptr inbounds nuw i8, ptr %B, i64 96
  %240 = load <8 x float>, ptr %212, align 32, !tbaa !55
  %241 = load <8 x float>, ptr %213, align 32, !tbaa !55
  %242 = load <8 x float>, ptr %214, align 32, !tbaa !55
  %243 = load <8 x float>, ptr %215, align 32, !tbaa !55
  %244 = load <8 x float>, ptr %216, align 32, !tbaa !55
  %245 = load <8 x float>, ptr %217, align 32, !tbaa !55
  %246 = load <8 x float>, ptr %218, align 32, !tbaa !55
  %247 = load <8 x float>, ptr %219, align 32, !tbaa !55
  %248 = load <8 x float>, ptr %220, align 32, !tbaa !55
  %249 = load <8 x float>, ptr %221, align 32, !tbaa !55
  %250 = load <8 x float>, ptr %222, align 32, !tbaa !55
  %251 = load <8 x float>, ptr %223, align 32, !tbaa !55
  %252 = load <8 x float>, ptr %224, align 32, !tbaa !55
  %253 = load <8 x float>, ptr %225, align 32, !tbaa !55
  %254 = load <8 x float>, ptr %226, align 32, !tbaa !55
  %255 = load <8 x float>, ptr %227, align 32, !tbaa !55
  %256 = load <8 x float>, ptr %228, align 32, !tbaa !55
  %257 = load <8 x float>, ptr %229, align 32, !tbaa !55
  %258 = load <8 x float>, ptr %230, align 32, !tbaa !55
  %259 = load <8 x float>, ptr %231, align 32, !tbaa !55
  %260 = load <8 x float>, ptr %232, align 32, !tbaa !55
  %261 = load <8 x float>, ptr %233, align 32, !tbaa !55
  %262 = load <8 x float>, ptr %234, align 32, !tbaa !55
  %263 = load <8 x float>, ptr %235, align 32, !tbaa !55
  %264 = load <8 x float>, ptr %236, align 32, !tbaa !55
  %265 = load <8 x float>, ptr %237, align 32, !tbaa !55
  %266 = load <8 x float>, ptr %238, align 32, !tbaa !55
  %267 = load <8 x float>, ptr %239, align 32, !tbaa !55
  br label %for_begin_i_1.preheader, !dbg !46

for_begin_i_1.preheader:                          ; preds = %for_begin_i_1.preheader.preheader, %for_end_i_1
  %indvars.iv18 = phi i64 [ %12, %for_begin_i_1.preheader.preheader ], [ %indvars.iv.next19, %for_end_i_1 ]
    #dbg_value(i64 %indvars.iv18, !53, !DIExpression(), !46)
  %268 = shl nsw i64 %indvars.iv18, 8
    #dbg_value(i32 0, !57, !DIExpression(), !46)
  br label %for_end_k.3, !dbg !46

for_end_i_0:                                      ; preds = %for_end_i_1, %parallel_closure_entry
  ret i32 0, !dbg !46

for_end_i_1:                                      ; preds = %for_end_k.3
  %indvars.iv.next19 = add nsw i64 %indvars.iv18, 1, !dbg !46
    #dbg_value(i64 %indvars.iv.next19, !53, !DIExpression(), !46)
  %lftr.wideiv = trunc i64 %indvars.iv.next19 to i32, !dbg !46
  %exitcond20.not = icmp eq i32 %9, %lftr.wideiv, !dbg !46
  br i1 %exitcond20.not, label %for_end_i_0, label %for_begin_i_1.preheader, !dbg !46, !prof !58

for_end_k.3:                                      ; preds = %for_begin_i_1.preheader, %for_end_k.3
  %indvars.iv = phi i64 [ 0, %for_begin_i_1.preheader ], [ %indvars.iv.next, %for_end_k.3 ]
    #dbg_value(i64 %indvars.iv, !57, !DIExpression(), !46)
  %269 = shl nuw nsw i64 %indvars.iv, 5
  %270 = add nuw nsw i64 %269, %268
    #dbg_value(i64 0, !59, !DIExpression(), !46)
    #dbg_value(i32 0, !60, !DIExpression(), !46)
  %271 = getelementptr inbounds float, ptr %C, i64 %270
    #dbg_value(i64 0, !60, !DIExpression(), !46)
    #dbg_value(i64 0, !61, !DIExpression(), !46)
    #dbg_value(i64 %270, !62, !DIExpression(), !46)
    #dbg_value(i64 %270, !63, !DIExpression(), !46)
  %272 = getelementptr inbounds float, ptr %A, i64 %270, !dbg !46
    #dbg_value(i64 8, !60, !DIExpression(), !46)
  %273 = or disjoint i64 %270, 8, !dbg !46
    #dbg_value(i64 32, !60, !DIExpression(), !46)
  %.pre = load float, ptr %272, align 4, !dbg !46, !tbaa !64
  %274 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %275 = getelementptr i8, ptr %274, i64 124, !dbg !46
  %276 = load float, ptr %275, align 4, !dbg !46, !tbaa !64
  %277 = insertelement <8 x float> poison, float %276, i64 0, !dbg !46
  %278 = shufflevector <8 x float> %277, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %279 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %280 = getelementptr i8, ptr %279, i64 120, !dbg !46
  %281 = load float, ptr %280, align 4, !dbg !46, !tbaa !64
  %282 = insertelement <8 x float> poison, float %281, i64 0, !dbg !46
  %283 = shufflevector <8 x float> %282, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %284 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %285 = getelementptr i8, ptr %284, i64 116, !dbg !46
  %286 = load float, ptr %285, align 4, !dbg !46, !tbaa !64
  %287 = insertelement <8 x float> poison, float %286, i64 0, !dbg !46
  %288 = shufflevector <8 x float> %287, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %289 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %290 = getelementptr i8, ptr %289, i64 112, !dbg !46
  %291 = load float, ptr %290, align 4, !dbg !46, !tbaa !64
  %292 = insertelement <8 x float> poison, float %291, i64 0, !dbg !46
  %293 = shufflevector <8 x float> %292, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %294 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %295 = getelementptr i8, ptr %294, i64 108, !dbg !46
  %296 = load float, ptr %295, align 4, !dbg !46, !tbaa !64
  %297 = insertelement <8 x float> poison, float %296, i64 0, !dbg !46
  %298 = shufflevector <8 x float> %297, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %299 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %300 = getelementptr i8, ptr %299, i64 104, !dbg !46
  %301 = load float, ptr %300, align 4, !dbg !46, !tbaa !64
  %302 = insertelement <8 x float> poison, float %301, i64 0, !dbg !46
  %303 = shufflevector <8 x float> %302, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %304 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %305 = getelementptr i8, ptr %304, i64 100, !dbg !46
  %306 = load float, ptr %305, align 4, !dbg !46, !tbaa !64
  %307 = insertelement <8 x float> poison, float %306, i64 0, !dbg !46
  %308 = shufflevector <8 x float> %307, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %309 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %310 = getelementptr i8, ptr %309, i64 96, !dbg !46
  %311 = load float, ptr %310, align 4, !dbg !46, !tbaa !64
  %312 = insertelement <8 x float> poison, float %311, i64 0, !dbg !46
  %313 = shufflevector <8 x float> %312, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %314 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %315 = getelementptr i8, ptr %314, i64 92, !dbg !46
  %316 = load float, ptr %315, align 4, !dbg !46, !tbaa !64
  %317 = insertelement <8 x float> poison, float %316, i64 0, !dbg !46
  %318 = shufflevector <8 x float> %317, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %319 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %320 = getelementptr i8, ptr %319, i64 88, !dbg !46
  %321 = load float, ptr %320, align 4, !dbg !46, !tbaa !64
  %322 = insertelement <8 x float> poison, float %321, i64 0, !dbg !46
  %323 = shufflevector <8 x float> %322, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %324 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %325 = getelementptr i8, ptr %324, i64 84, !dbg !46
  %326 = load float, ptr %325, align 4, !dbg !46, !tbaa !64
  %327 = insertelement <8 x float> poison, float %326, i64 0, !dbg !46
  %328 = shufflevector <8 x float> %327, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %329 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %330 = getelementptr i8, ptr %329, i64 80, !dbg !46
  %331 = load float, ptr %330, align 4, !dbg !46, !tbaa !64
  %332 = insertelement <8 x float> poison, float %331, i64 0, !dbg !46
  %333 = shufflevector <8 x float> %332, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %334 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %335 = getelementptr i8, ptr %334, i64 76, !dbg !46
  %336 = load float, ptr %335, align 4, !dbg !46, !tbaa !64
  %337 = insertelement <8 x float> poison, float %336, i64 0, !dbg !46
  %338 = shufflevector <8 x float> %337, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %339 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %340 = getelementptr i8, ptr %339, i64 72, !dbg !46
  %341 = load float, ptr %340, align 4, !dbg !46, !tbaa !64
  %342 = insertelement <8 x float> poison, float %341, i64 0, !dbg !46
  %343 = shufflevector <8 x float> %342, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %344 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %345 = getelementptr i8, ptr %344, i64 68, !dbg !46
  %346 = load float, ptr %345, align 4, !dbg !46, !tbaa !64
  %347 = insertelement <8 x float> poison, float %346, i64 0, !dbg !46
  %348 = shufflevector <8 x float> %347, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %349 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %350 = getelementptr i8, ptr %349, i64 64, !dbg !46
  %351 = load float, ptr %350, align 4, !dbg !46, !tbaa !64
  %352 = insertelement <8 x float> poison, float %351, i64 0, !dbg !46
  %353 = shufflevector <8 x float> %352, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %354 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %355 = getelementptr i8, ptr %354, i64 60, !dbg !46
  %356 = load float, ptr %355, align 4, !dbg !46, !tbaa !64
  %357 = insertelement <8 x float> poison, float %356, i64 0, !dbg !46
  %358 = shufflevector <8 x float> %357, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %359 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %360 = getelementptr i8, ptr %359, i64 56, !dbg !46
  %361 = load float, ptr %360, align 4, !dbg !46, !tbaa !64
  %362 = insertelement <8 x float> poison, float %361, i64 0, !dbg !46
  %363 = shufflevector <8 x float> %362, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %364 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %365 = getelementptr i8, ptr %364, i64 52, !dbg !46
  %366 = load float, ptr %365, align 4, !dbg !46, !tbaa !64
  %367 = insertelement <8 x float> poison, float %366, i64 0, !dbg !46
  %368 = shufflevector <8 x float> %367, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %369 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %370 = getelementptr i8, ptr %369, i64 48, !dbg !46
  %371 = load float, ptr %370, align 4, !dbg !46, !tbaa !64
  %372 = insertelement <8 x float> poison, float %371, i64 0, !dbg !46
  %373 = shufflevector <8 x float> %372, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %374 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %375 = getelementptr i8, ptr %374, i64 44, !dbg !46
  %376 = load float, ptr %375, align 4, !dbg !46, !tbaa !64
  %377 = insertelement <8 x float> poison, float %376, i64 0, !dbg !46
  %378 = shufflevector <8 x float> %377, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %379 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %380 = getelementptr i8, ptr %379, i64 40, !dbg !46
  %381 = load float, ptr %380, align 4, !dbg !46, !tbaa !64
  %382 = insertelement <8 x float> poison, float %381, i64 0, !dbg !46
  %383 = shufflevector <8 x float> %382, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %384 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %385 = getelementptr i8, ptr %384, i64 36, !dbg !46
  %386 = load float, ptr %385, align 4, !dbg !46, !tbaa !64
  %387 = insertelement <8 x float> poison, float %386, i64 0, !dbg !46
  %388 = shufflevector <8 x float> %387, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %389 = getelementptr inbounds float, ptr %A, i64 %273, !dbg !46
  %390 = load float, ptr %389, align 4, !dbg !46, !tbaa !64
  %391 = insertelement <8 x float> poison, float %390, i64 0, !dbg !46
  %392 = shufflevector <8 x float> %391, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %393 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %394 = getelementptr i8, ptr %393, i64 28, !dbg !46
  %395 = load float, ptr %394, align 4, !dbg !46, !tbaa !64
  %396 = insertelement <8 x float> poison, float %395, i64 0, !dbg !46
  %397 = shufflevector <8 x float> %396, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %398 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %399 = getelementptr i8, ptr %398, i64 24, !dbg !46
  %400 = load float, ptr %399, align 4, !dbg !46, !tbaa !64
  %401 = insertelement <8 x float> poison, float %400, i64 0, !dbg !46
  %402 = shufflevector <8 x float> %401, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %403 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %404 = getelementptr i8, ptr %403, i64 20, !dbg !46
  %405 = load float, ptr %404, align 4, !dbg !46, !tbaa !64
  %406 = insertelement <8 x float> poison, float %405, i64 0, !dbg !46
  %407 = shufflevector <8 x float> %406, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %408 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %409 = getelementptr i8, ptr %408, i64 16, !dbg !46
  %410 = load float, ptr %409, align 4, !dbg !46, !tbaa !64
  %411 = insertelement <8 x float> poison, float %410, i64 0, !dbg !46
  %412 = shufflevector <8 x float> %411, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %413 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %414 = getelementptr i8, ptr %413, i64 12, !dbg !46
  %415 = load float, ptr %414, align 4, !dbg !46, !tbaa !64
  %416 = insertelement <8 x float> poison, float %415, i64 0, !dbg !46
  %417 = shufflevector <8 x float> %416, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %418 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %419 = getelementptr i8, ptr %418, i64 8, !dbg !46
  %420 = load float, ptr %419, align 4, !dbg !46, !tbaa !64
  %421 = insertelement <8 x float> poison, float %420, i64 0, !dbg !46
  %422 = shufflevector <8 x float> %421, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %423 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %424 = getelementptr i8, ptr %423, i64 4, !dbg !46
  %425 = load float, ptr %424, align 4, !dbg !46, !tbaa !64
  %426 = insertelement <8 x float> poison, float %425, i64 0, !dbg !46
  %427 = shufflevector <8 x float> %426, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %428 = load float, ptr %272, align 4, !dbg !46, !tbaa !64
  %429 = insertelement <8 x float> poison, float %428, i64 0, !dbg !46
  %430 = shufflevector <8 x float> %429, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %431 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %430, <8 x float> %75, <8 x float> zeroinitializer), !dbg !46
  %432 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %427, <8 x float> %74, <8 x float> %431), !dbg !46
  %433 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %422, <8 x float> %72, <8 x float> %432), !dbg !46
  %434 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %417, <8 x float> %70, <8 x float> %433), !dbg !46
  %435 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %412, <8 x float> %68, <8 x float> %434), !dbg !46
  %436 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %407, <8 x float> %66, <8 x float> %435), !dbg !46
  %437 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %402, <8 x float> %64, <8 x float> %436), !dbg !46
  %438 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %397, <8 x float> %62, <8 x float> %437), !dbg !46
  %439 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %392, <8 x float> %60, <8 x float> %438), !dbg !46
  %440 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %388, <8 x float> %58, <8 x float> %439), !dbg !46
  %441 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %383, <8 x float> %56, <8 x float> %440), !dbg !46
  %442 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %378, <8 x float> %54, <8 x float> %441), !dbg !46
  %443 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %373, <8 x float> %52, <8 x float> %442), !dbg !46
  %444 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %368, <8 x float> %50, <8 x float> %443), !dbg !46
  %445 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %363, <8 x float> %48, <8 x float> %444), !dbg !46
  %446 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %358, <8 x float> %46, <8 x float> %445), !dbg !46
  %447 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %353, <8 x float> %44, <8 x float> %446), !dbg !46
  %448 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %348, <8 x float> %42, <8 x float> %447), !dbg !46
  %449 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %343, <8 x float> %40, <8 x float> %448), !dbg !46
  %450 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %338, <8 x float> %38, <8 x float> %449), !dbg !46
  %451 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %333, <8 x float> %36, <8 x float> %450), !dbg !46
  %452 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %328, <8 x float> %34, <8 x float> %451), !dbg !46
  %453 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %323, <8 x float> %32, <8 x float> %452), !dbg !46
  %454 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %318, <8 x float> %30, <8 x float> %453), !dbg !46
  %455 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %313, <8 x float> %28, <8 x float> %454), !dbg !46
  %456 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %308, <8 x float> %26, <8 x float> %455), !dbg !46
  %457 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %303, <8 x float> %24, <8 x float> %456), !dbg !46
  %458 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %298, <8 x float> %22, <8 x float> %457), !dbg !46
  %459 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %293, <8 x float> %20, <8 x float> %458), !dbg !46
  %460 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %288, <8 x float> %18, <8 x float> %459), !dbg !46
  %461 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %283, <8 x float> %16, <8 x float> %460), !dbg !46
  %462 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %278, <8 x float> %14, <8 x float> %461), !dbg !46
  store <8 x float> %462, ptr %271, align 32, !dbg !46, !tbaa !66
    #dbg_value(i64 1, !59, !DIExpression(), !46)
    #dbg_value(i32 0, !60, !DIExpression(), !46)
  %463 = getelementptr inbounds float, ptr %C, i64 %273
    #dbg_value(i64 16, !60, !DIExpression(), !46)
    #dbg_value(i64 8, !61, !DIExpression(), !46)
    #dbg_value(i64 %273, !63, !DIExpression(), !46)
  %464 = or disjoint i64 %270, 16, !dbg !46
    #dbg_value(i64 32, !60, !DIExpression(), !46)
  %.pre22 = load float, ptr %272, align 4, !dbg !46, !tbaa !64
  %465 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %466 = getelementptr i8, ptr %465, i64 124, !dbg !46
  %467 = load float, ptr %466, align 4, !dbg !46, !tbaa !64
  %468 = insertelement <8 x float> poison, float %467, i64 0, !dbg !46
  %469 = shufflevector <8 x float> %468, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %470 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %471 = getelementptr i8, ptr %470, i64 120, !dbg !46
  %472 = load float, ptr %471, align 4, !dbg !46, !tbaa !64
  %473 = insertelement <8 x float> poison, float %472, i64 0, !dbg !46
  %474 = shufflevector <8 x float> %473, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %475 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %476 = getelementptr i8, ptr %475, i64 116, !dbg !46
  %477 = load float, ptr %476, align 4, !dbg !46, !tbaa !64
  %478 = insertelement <8 x float> poison, float %477, i64 0, !dbg !46
  %479 = shufflevector <8 x float> %478, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %480 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %481 = getelementptr i8, ptr %480, i64 112, !dbg !46
  %482 = load float, ptr %481, align 4, !dbg !46, !tbaa !64
  %483 = insertelement <8 x float> poison, float %482, i64 0, !dbg !46
  %484 = shufflevector <8 x float> %483, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %485 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %486 = getelementptr i8, ptr %485, i64 108, !dbg !46
  %487 = load float, ptr %486, align 4, !dbg !46, !tbaa !64
  %488 = insertelement <8 x float> poison, float %487, i64 0, !dbg !46
  %489 = shufflevector <8 x float> %488, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %490 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %491 = getelementptr i8, ptr %490, i64 104, !dbg !46
  %492 = load float, ptr %491, align 4, !dbg !46, !tbaa !64
  %493 = insertelement <8 x float> poison, float %492, i64 0, !dbg !46
  %494 = shufflevector <8 x float> %493, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %495 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %496 = getelementptr i8, ptr %495, i64 100, !dbg !46
  %497 = load float, ptr %496, align 4, !dbg !46, !tbaa !64
  %498 = insertelement <8 x float> poison, float %497, i64 0, !dbg !46
  %499 = shufflevector <8 x float> %498, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %500 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %501 = getelementptr i8, ptr %500, i64 96, !dbg !46
  %502 = load float, ptr %501, align 4, !dbg !46, !tbaa !64
  %503 = insertelement <8 x float> poison, float %502, i64 0, !dbg !46
  %504 = shufflevector <8 x float> %503, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %505 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %506 = getelementptr i8, ptr %505, i64 92, !dbg !46
  %507 = load float, ptr %506, align 4, !dbg !46, !tbaa !64
  %508 = insertelement <8 x float> poison, float %507, i64 0, !dbg !46
  %509 = shufflevector <8 x float> %508, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %510 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %511 = getelementptr i8, ptr %510, i64 88, !dbg !46
  %512 = load float, ptr %511, align 4, !dbg !46, !tbaa !64
  %513 = insertelement <8 x float> poison, float %512, i64 0, !dbg !46
  %514 = shufflevector <8 x float> %513, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %515 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %516 = getelementptr i8, ptr %515, i64 84, !dbg !46
  %517 = load float, ptr %516, align 4, !dbg !46, !tbaa !64
  %518 = insertelement <8 x float> poison, float %517, i64 0, !dbg !46
  %519 = shufflevector <8 x float> %518, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %520 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %521 = getelementptr i8, ptr %520, i64 80, !dbg !46
  %522 = load float, ptr %521, align 4, !dbg !46, !tbaa !64
  %523 = insertelement <8 x float> poison, float %522, i64 0, !dbg !46
  %524 = shufflevector <8 x float> %523, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %525 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %526 = getelementptr i8, ptr %525, i64 76, !dbg !46
  %527 = load float, ptr %526, align 4, !dbg !46, !tbaa !64
  %528 = insertelement <8 x float> poison, float %527, i64 0, !dbg !46
  %529 = shufflevector <8 x float> %528, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %530 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %531 = getelementptr i8, ptr %530, i64 72, !dbg !46
  %532 = load float, ptr %531, align 4, !dbg !46, !tbaa !64
  %533 = insertelement <8 x float> poison, float %532, i64 0, !dbg !46
  %534 = shufflevector <8 x float> %533, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %535 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %536 = getelementptr i8, ptr %535, i64 68, !dbg !46
  %537 = load float, ptr %536, align 4, !dbg !46, !tbaa !64
  %538 = insertelement <8 x float> poison, float %537, i64 0, !dbg !46
  %539 = shufflevector <8 x float> %538, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %540 = getelementptr inbounds float, ptr %A, i64 %464, !dbg !46
  %541 = load float, ptr %540, align 4, !dbg !46, !tbaa !64
  %542 = insertelement <8 x float> poison, float %541, i64 0, !dbg !46
  %543 = shufflevector <8 x float> %542, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %544 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %545 = getelementptr i8, ptr %544, i64 60, !dbg !46
  %546 = load float, ptr %545, align 4, !dbg !46, !tbaa !64
  %547 = insertelement <8 x float> poison, float %546, i64 0, !dbg !46
  %548 = shufflevector <8 x float> %547, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %549 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %550 = getelementptr i8, ptr %549, i64 56, !dbg !46
  %551 = load float, ptr %550, align 4, !dbg !46, !tbaa !64
  %552 = insertelement <8 x float> poison, float %551, i64 0, !dbg !46
  %553 = shufflevector <8 x float> %552, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %554 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %555 = getelementptr i8, ptr %554, i64 52, !dbg !46
  %556 = load float, ptr %555, align 4, !dbg !46, !tbaa !64
  %557 = insertelement <8 x float> poison, float %556, i64 0, !dbg !46
  %558 = shufflevector <8 x float> %557, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %559 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %560 = getelementptr i8, ptr %559, i64 48, !dbg !46
  %561 = load float, ptr %560, align 4, !dbg !46, !tbaa !64
  %562 = insertelement <8 x float> poison, float %561, i64 0, !dbg !46
  %563 = shufflevector <8 x float> %562, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %564 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %565 = getelementptr i8, ptr %564, i64 44, !dbg !46
  %566 = load float, ptr %565, align 4, !dbg !46, !tbaa !64
  %567 = insertelement <8 x float> poison, float %566, i64 0, !dbg !46
  %568 = shufflevector <8 x float> %567, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %569 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %570 = getelementptr i8, ptr %569, i64 40, !dbg !46
  %571 = load float, ptr %570, align 4, !dbg !46, !tbaa !64
  %572 = insertelement <8 x float> poison, float %571, i64 0, !dbg !46
  %573 = shufflevector <8 x float> %572, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %574 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %575 = getelementptr i8, ptr %574, i64 36, !dbg !46
  %576 = load float, ptr %575, align 4, !dbg !46, !tbaa !64
  %577 = insertelement <8 x float> poison, float %576, i64 0, !dbg !46
  %578 = shufflevector <8 x float> %577, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %579 = getelementptr inbounds float, ptr %A, i64 %273, !dbg !46
  %580 = load float, ptr %579, align 4, !dbg !46, !tbaa !64
  %581 = insertelement <8 x float> poison, float %580, i64 0, !dbg !46
  %582 = shufflevector <8 x float> %581, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %583 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %584 = getelementptr i8, ptr %583, i64 28, !dbg !46
  %585 = load float, ptr %584, align 4, !dbg !46, !tbaa !64
  %586 = insertelement <8 x float> poison, float %585, i64 0, !dbg !46
  %587 = shufflevector <8 x float> %586, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %588 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %589 = getelementptr i8, ptr %588, i64 24, !dbg !46
  %590 = load float, ptr %589, align 4, !dbg !46, !tbaa !64
  %591 = insertelement <8 x float> poison, float %590, i64 0, !dbg !46
  %592 = shufflevector <8 x float> %591, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %593 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %594 = getelementptr i8, ptr %593, i64 20, !dbg !46
  %595 = load float, ptr %594, align 4, !dbg !46, !tbaa !64
  %596 = insertelement <8 x float> poison, float %595, i64 0, !dbg !46
  %597 = shufflevector <8 x float> %596, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %598 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %599 = getelementptr i8, ptr %598, i64 16, !dbg !46
  %600 = load float, ptr %599, align 4, !dbg !46, !tbaa !64
  %601 = insertelement <8 x float> poison, float %600, i64 0, !dbg !46
  %602 = shufflevector <8 x float> %601, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %603 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %604 = getelementptr i8, ptr %603, i64 12, !dbg !46
  %605 = load float, ptr %604, align 4, !dbg !46, !tbaa !64
  %606 = insertelement <8 x float> poison, float %605, i64 0, !dbg !46
  %607 = shufflevector <8 x float> %606, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %608 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %609 = getelementptr i8, ptr %608, i64 8, !dbg !46
  %610 = load float, ptr %609, align 4, !dbg !46, !tbaa !64
  %611 = insertelement <8 x float> poison, float %610, i64 0, !dbg !46
  %612 = shufflevector <8 x float> %611, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %613 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %614 = getelementptr i8, ptr %613, i64 4, !dbg !46
  %615 = load float, ptr %614, align 4, !dbg !46, !tbaa !64
  %616 = insertelement <8 x float> poison, float %615, i64 0, !dbg !46
  %617 = shufflevector <8 x float> %616, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %.pre24 = insertelement <8 x float> poison, float %.pre, i64 0, !dbg !46
  %.pre26 = shufflevector <8 x float> %.pre24, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %618 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %.pre26, <8 x float> %139, <8 x float> zeroinitializer), !dbg !46
  %619 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %617, <8 x float> %137, <8 x float> %618), !dbg !46
  %620 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %612, <8 x float> %135, <8 x float> %619), !dbg !46
  %621 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %607, <8 x float> %133, <8 x float> %620), !dbg !46
  %622 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %602, <8 x float> %131, <8 x float> %621), !dbg !46
  %623 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %597, <8 x float> %129, <8 x float> %622), !dbg !46
  %624 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %592, <8 x float> %127, <8 x float> %623), !dbg !46
  %625 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %587, <8 x float> %125, <8 x float> %624), !dbg !46
  %626 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %582, <8 x float> %123, <8 x float> %625), !dbg !46
  %627 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %578, <8 x float> %121, <8 x float> %626), !dbg !46
  %628 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %573, <8 x float> %119, <8 x float> %627), !dbg !46
  %629 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %568, <8 x float> %117, <8 x float> %628), !dbg !46
  %630 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %563, <8 x float> %115, <8 x float> %629), !dbg !46
  %631 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %558, <8 x float> %113, <8 x float> %630), !dbg !46
  %632 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %553, <8 x float> %111, <8 x float> %631), !dbg !46
  %633 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %548, <8 x float> %109, <8 x float> %632), !dbg !46
  %634 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %543, <8 x float> %107, <8 x float> %633), !dbg !46
  %635 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %539, <8 x float> %105, <8 x float> %634), !dbg !46
  %636 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %534, <8 x float> %103, <8 x float> %635), !dbg !46
  %637 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %529, <8 x float> %101, <8 x float> %636), !dbg !46
  %638 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %524, <8 x float> %99, <8 x float> %637), !dbg !46
  %639 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %519, <8 x float> %97, <8 x float> %638), !dbg !46
  %640 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %514, <8 x float> %95, <8 x float> %639), !dbg !46
  %641 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %509, <8 x float> %93, <8 x float> %640), !dbg !46
  %642 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %504, <8 x float> %91, <8 x float> %641), !dbg !46
  %643 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %499, <8 x float> %89, <8 x float> %642), !dbg !46
  %644 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %494, <8 x float> %87, <8 x float> %643), !dbg !46
  %645 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %489, <8 x float> %85, <8 x float> %644), !dbg !46
  %646 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %484, <8 x float> %83, <8 x float> %645), !dbg !46
  %647 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %479, <8 x float> %81, <8 x float> %646), !dbg !46
  %648 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %474, <8 x float> %79, <8 x float> %647), !dbg !46
  %649 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %469, <8 x float> %77, <8 x float> %648), !dbg !46
  store <8 x float> %649, ptr %463, align 32, !dbg !46, !tbaa !66
    #dbg_value(i64 2, !59, !DIExpression(), !46)
    #dbg_value(i32 0, !60, !DIExpression(), !46)
  %650 = getelementptr inbounds float, ptr %C, i64 %464
    #dbg_value(i64 24, !60, !DIExpression(), !46)
    #dbg_value(i64 16, !61, !DIExpression(), !46)
    #dbg_value(i64 %464, !63, !DIExpression(), !46)
  %651 = or disjoint i64 %270, 24, !dbg !46
    #dbg_value(i64 32, !60, !DIExpression(), !46)
  %.pre23 = load float, ptr %272, align 4, !dbg !46, !tbaa !64
  %652 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %653 = getelementptr i8, ptr %652, i64 124, !dbg !46
  %654 = load float, ptr %653, align 4, !dbg !46, !tbaa !64
  %655 = insertelement <8 x float> poison, float %654, i64 0, !dbg !46
  %656 = shufflevector <8 x float> %655, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %657 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %658 = getelementptr i8, ptr %657, i64 120, !dbg !46
  %659 = load float, ptr %658, align 4, !dbg !46, !tbaa !64
  %660 = insertelement <8 x float> poison, float %659, i64 0, !dbg !46
  %661 = shufflevector <8 x float> %660, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %662 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %663 = getelementptr i8, ptr %662, i64 116, !dbg !46
  %664 = load float, ptr %663, align 4, !dbg !46, !tbaa !64
  %665 = insertelement <8 x float> poison, float %664, i64 0, !dbg !46
  %666 = shufflevector <8 x float> %665, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %667 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %668 = getelementptr i8, ptr %667, i64 112, !dbg !46
  %669 = load float, ptr %668, align 4, !dbg !46, !tbaa !64
  %670 = insertelement <8 x float> poison, float %669, i64 0, !dbg !46
  %671 = shufflevector <8 x float> %670, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %672 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %673 = getelementptr i8, ptr %672, i64 108, !dbg !46
  %674 = load float, ptr %673, align 4, !dbg !46, !tbaa !64
  %675 = insertelement <8 x float> poison, float %674, i64 0, !dbg !46
  %676 = shufflevector <8 x float> %675, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %677 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %678 = getelementptr i8, ptr %677, i64 104, !dbg !46
  %679 = load float, ptr %678, align 4, !dbg !46, !tbaa !64
  %680 = insertelement <8 x float> poison, float %679, i64 0, !dbg !46
  %681 = shufflevector <8 x float> %680, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %682 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %683 = getelementptr i8, ptr %682, i64 100, !dbg !46
  %684 = load float, ptr %683, align 4, !dbg !46, !tbaa !64
  %685 = insertelement <8 x float> poison, float %684, i64 0, !dbg !46
  %686 = shufflevector <8 x float> %685, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %687 = getelementptr inbounds float, ptr %A, i64 %651, !dbg !46
  %688 = load float, ptr %687, align 4, !dbg !46, !tbaa !64
  %689 = insertelement <8 x float> poison, float %688, i64 0, !dbg !46
  %690 = shufflevector <8 x float> %689, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %691 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %692 = getelementptr i8, ptr %691, i64 92, !dbg !46
  %693 = load float, ptr %692, align 4, !dbg !46, !tbaa !64
  %694 = insertelement <8 x float> poison, float %693, i64 0, !dbg !46
  %695 = shufflevector <8 x float> %694, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %696 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %697 = getelementptr i8, ptr %696, i64 88, !dbg !46
  %698 = load float, ptr %697, align 4, !dbg !46, !tbaa !64
  %699 = insertelement <8 x float> poison, float %698, i64 0, !dbg !46
  %700 = shufflevector <8 x float> %699, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %701 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %702 = getelementptr i8, ptr %701, i64 84, !dbg !46
  %703 = load float, ptr %702, align 4, !dbg !46, !tbaa !64
  %704 = insertelement <8 x float> poison, float %703, i64 0, !dbg !46
  %705 = shufflevector <8 x float> %704, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %706 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %707 = getelementptr i8, ptr %706, i64 80, !dbg !46
  %708 = load float, ptr %707, align 4, !dbg !46, !tbaa !64
  %709 = insertelement <8 x float> poison, float %708, i64 0, !dbg !46
  %710 = shufflevector <8 x float> %709, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %711 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %712 = getelementptr i8, ptr %711, i64 76, !dbg !46
  %713 = load float, ptr %712, align 4, !dbg !46, !tbaa !64
  %714 = insertelement <8 x float> poison, float %713, i64 0, !dbg !46
  %715 = shufflevector <8 x float> %714, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %716 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %717 = getelementptr i8, ptr %716, i64 72, !dbg !46
  %718 = load float, ptr %717, align 4, !dbg !46, !tbaa !64
  %719 = insertelement <8 x float> poison, float %718, i64 0, !dbg !46
  %720 = shufflevector <8 x float> %719, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %721 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %722 = getelementptr i8, ptr %721, i64 68, !dbg !46
  %723 = load float, ptr %722, align 4, !dbg !46, !tbaa !64
  %724 = insertelement <8 x float> poison, float %723, i64 0, !dbg !46
  %725 = shufflevector <8 x float> %724, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %726 = getelementptr inbounds float, ptr %A, i64 %464, !dbg !46
  %727 = load float, ptr %726, align 4, !dbg !46, !tbaa !64
  %728 = insertelement <8 x float> poison, float %727, i64 0, !dbg !46
  %729 = shufflevector <8 x float> %728, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %730 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %731 = getelementptr i8, ptr %730, i64 60, !dbg !46
  %732 = load float, ptr %731, align 4, !dbg !46, !tbaa !64
  %733 = insertelement <8 x float> poison, float %732, i64 0, !dbg !46
  %734 = shufflevector <8 x float> %733, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %735 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %736 = getelementptr i8, ptr %735, i64 56, !dbg !46
  %737 = load float, ptr %736, align 4, !dbg !46, !tbaa !64
  %738 = insertelement <8 x float> poison, float %737, i64 0, !dbg !46
  %739 = shufflevector <8 x float> %738, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %740 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %741 = getelementptr i8, ptr %740, i64 52, !dbg !46
  %742 = load float, ptr %741, align 4, !dbg !46, !tbaa !64
  %743 = insertelement <8 x float> poison, float %742, i64 0, !dbg !46
  %744 = shufflevector <8 x float> %743, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %745 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %746 = getelementptr i8, ptr %745, i64 48, !dbg !46
  %747 = load float, ptr %746, align 4, !dbg !46, !tbaa !64
  %748 = insertelement <8 x float> poison, float %747, i64 0, !dbg !46
  %749 = shufflevector <8 x float> %748, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %750 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %751 = getelementptr i8, ptr %750, i64 44, !dbg !46
  %752 = load float, ptr %751, align 4, !dbg !46, !tbaa !64
  %753 = insertelement <8 x float> poison, float %752, i64 0, !dbg !46
  %754 = shufflevector <8 x float> %753, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %755 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %756 = getelementptr i8, ptr %755, i64 40, !dbg !46
  %757 = load float, ptr %756, align 4, !dbg !46, !tbaa !64
  %758 = insertelement <8 x float> poison, float %757, i64 0, !dbg !46
  %759 = shufflevector <8 x float> %758, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %760 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %761 = getelementptr i8, ptr %760, i64 36, !dbg !46
  %762 = load float, ptr %761, align 4, !dbg !46, !tbaa !64
  %763 = insertelement <8 x float> poison, float %762, i64 0, !dbg !46
  %764 = shufflevector <8 x float> %763, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %765 = getelementptr inbounds float, ptr %A, i64 %273, !dbg !46
  %766 = load float, ptr %765, align 4, !dbg !46, !tbaa !64
  %767 = insertelement <8 x float> poison, float %766, i64 0, !dbg !46
  %768 = shufflevector <8 x float> %767, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %769 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %770 = getelementptr i8, ptr %769, i64 28, !dbg !46
  %771 = load float, ptr %770, align 4, !dbg !46, !tbaa !64
  %772 = insertelement <8 x float> poison, float %771, i64 0, !dbg !46
  %773 = shufflevector <8 x float> %772, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %774 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %775 = getelementptr i8, ptr %774, i64 24, !dbg !46
  %776 = load float, ptr %775, align 4, !dbg !46, !tbaa !64
  %777 = insertelement <8 x float> poison, float %776, i64 0, !dbg !46
  %778 = shufflevector <8 x float> %777, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %779 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %780 = getelementptr i8, ptr %779, i64 20, !dbg !46
  %781 = load float, ptr %780, align 4, !dbg !46, !tbaa !64
  %782 = insertelement <8 x float> poison, float %781, i64 0, !dbg !46
  %783 = shufflevector <8 x float> %782, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %784 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %785 = getelementptr i8, ptr %784, i64 16, !dbg !46
  %786 = load float, ptr %785, align 4, !dbg !46, !tbaa !64
  %787 = insertelement <8 x float> poison, float %786, i64 0, !dbg !46
  %788 = shufflevector <8 x float> %787, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %789 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %790 = getelementptr i8, ptr %789, i64 12, !dbg !46
  %791 = load float, ptr %790, align 4, !dbg !46, !tbaa !64
  %792 = insertelement <8 x float> poison, float %791, i64 0, !dbg !46
  %793 = shufflevector <8 x float> %792, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %794 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %795 = getelementptr i8, ptr %794, i64 8, !dbg !46
  %796 = load float, ptr %795, align 4, !dbg !46, !tbaa !64
  %797 = insertelement <8 x float> poison, float %796, i64 0, !dbg !46
  %798 = shufflevector <8 x float> %797, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %799 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %800 = getelementptr i8, ptr %799, i64 4, !dbg !46
  %801 = load float, ptr %800, align 4, !dbg !46, !tbaa !64
  %802 = insertelement <8 x float> poison, float %801, i64 0, !dbg !46
  %803 = shufflevector <8 x float> %802, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %.pre30 = insertelement <8 x float> poison, float %.pre22, i64 0, !dbg !46
  %.pre32 = shufflevector <8 x float> %.pre30, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %804 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %.pre32, <8 x float> %203, <8 x float> zeroinitializer), !dbg !46
  %805 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %803, <8 x float> %201, <8 x float> %804), !dbg !46
  %806 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %798, <8 x float> %199, <8 x float> %805), !dbg !46
  %807 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %793, <8 x float> %197, <8 x float> %806), !dbg !46
  %808 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %788, <8 x float> %195, <8 x float> %807), !dbg !46
  %809 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %783, <8 x float> %193, <8 x float> %808), !dbg !46
  %810 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %778, <8 x float> %191, <8 x float> %809), !dbg !46
  %811 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %773, <8 x float> %189, <8 x float> %810), !dbg !46
  %812 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %768, <8 x float> %187, <8 x float> %811), !dbg !46
  %813 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %764, <8 x float> %185, <8 x float> %812), !dbg !46
  %814 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %759, <8 x float> %183, <8 x float> %813), !dbg !46
  %815 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %754, <8 x float> %181, <8 x float> %814), !dbg !46
  %816 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %749, <8 x float> %179, <8 x float> %815), !dbg !46
  %817 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %744, <8 x float> %177, <8 x float> %816), !dbg !46
  %818 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %739, <8 x float> %175, <8 x float> %817), !dbg !46
  %819 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %734, <8 x float> %173, <8 x float> %818), !dbg !46
  %820 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %729, <8 x float> %171, <8 x float> %819), !dbg !46
  %821 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %725, <8 x float> %169, <8 x float> %820), !dbg !46
  %822 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %720, <8 x float> %167, <8 x float> %821), !dbg !46
  %823 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %715, <8 x float> %165, <8 x float> %822), !dbg !46
  %824 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %710, <8 x float> %163, <8 x float> %823), !dbg !46
  %825 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %705, <8 x float> %161, <8 x float> %824), !dbg !46
  %826 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %700, <8 x float> %159, <8 x float> %825), !dbg !46
  %827 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %695, <8 x float> %157, <8 x float> %826), !dbg !46
  %828 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %690, <8 x float> %155, <8 x float> %827), !dbg !46
  %829 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %686, <8 x float> %153, <8 x float> %828), !dbg !46
  %830 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %681, <8 x float> %151, <8 x float> %829), !dbg !46
  %831 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %676, <8 x float> %149, <8 x float> %830), !dbg !46
  %832 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %671, <8 x float> %147, <8 x float> %831), !dbg !46
  %833 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %666, <8 x float> %145, <8 x float> %832), !dbg !46
  %834 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %661, <8 x float> %143, <8 x float> %833), !dbg !46
  %835 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %656, <8 x float> %141, <8 x float> %834), !dbg !46
  store <8 x float> %835, ptr %650, align 32, !dbg !46, !tbaa !66
    #dbg_value(i64 3, !59, !DIExpression(), !46)
    #dbg_value(i32 0, !60, !DIExpression(), !46)
  %836 = getelementptr inbounds float, ptr %C, i64 %651
    #dbg_value(i64 24, !61, !DIExpression(), !46)
    #dbg_value(i64 %651, !63, !DIExpression(), !46)
    #dbg_value(i64 32, !60, !DIExpression(), !46)
  %837 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %838 = getelementptr i8, ptr %837, i64 124, !dbg !46
  %839 = load float, ptr %838, align 4, !dbg !46, !tbaa !64
  %840 = insertelement <8 x float> poison, float %839, i64 0, !dbg !46
  %841 = shufflevector <8 x float> %840, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %842 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %843 = getelementptr i8, ptr %842, i64 120, !dbg !46
  %844 = load float, ptr %843, align 4, !dbg !46, !tbaa !64
  %845 = insertelement <8 x float> poison, float %844, i64 0, !dbg !46
  %846 = shufflevector <8 x float> %845, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %847 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %848 = getelementptr i8, ptr %847, i64 116, !dbg !46
  %849 = load float, ptr %848, align 4, !dbg !46, !tbaa !64
  %850 = insertelement <8 x float> poison, float %849, i64 0, !dbg !46
  %851 = shufflevector <8 x float> %850, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %852 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %853 = getelementptr i8, ptr %852, i64 112, !dbg !46
  %854 = load float, ptr %853, align 4, !dbg !46, !tbaa !64
  %855 = insertelement <8 x float> poison, float %854, i64 0, !dbg !46
  %856 = shufflevector <8 x float> %855, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %857 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %858 = getelementptr i8, ptr %857, i64 108, !dbg !46
  %859 = load float, ptr %858, align 4, !dbg !46, !tbaa !64
  %860 = insertelement <8 x float> poison, float %859, i64 0, !dbg !46
  %861 = shufflevector <8 x float> %860, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %862 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %863 = getelementptr i8, ptr %862, i64 104, !dbg !46
  %864 = load float, ptr %863, align 4, !dbg !46, !tbaa !64
  %865 = insertelement <8 x float> poison, float %864, i64 0, !dbg !46
  %866 = shufflevector <8 x float> %865, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %867 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %868 = getelementptr i8, ptr %867, i64 100, !dbg !46
  %869 = load float, ptr %868, align 4, !dbg !46, !tbaa !64
  %870 = insertelement <8 x float> poison, float %869, i64 0, !dbg !46
  %871 = shufflevector <8 x float> %870, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %872 = getelementptr inbounds float, ptr %A, i64 %651, !dbg !46
  %873 = load float, ptr %872, align 4, !dbg !46, !tbaa !64
  %874 = insertelement <8 x float> poison, float %873, i64 0, !dbg !46
  %875 = shufflevector <8 x float> %874, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %876 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %877 = getelementptr i8, ptr %876, i64 92, !dbg !46
  %878 = load float, ptr %877, align 4, !dbg !46, !tbaa !64
  %879 = insertelement <8 x float> poison, float %878, i64 0, !dbg !46
  %880 = shufflevector <8 x float> %879, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %881 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %882 = getelementptr i8, ptr %881, i64 88, !dbg !46
  %883 = load float, ptr %882, align 4, !dbg !46, !tbaa !64
  %884 = insertelement <8 x float> poison, float %883, i64 0, !dbg !46
  %885 = shufflevector <8 x float> %884, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %886 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %887 = getelementptr i8, ptr %886, i64 84, !dbg !46
  %888 = load float, ptr %887, align 4, !dbg !46, !tbaa !64
  %889 = insertelement <8 x float> poison, float %888, i64 0, !dbg !46
  %890 = shufflevector <8 x float> %889, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %891 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %892 = getelementptr i8, ptr %891, i64 80, !dbg !46
  %893 = load float, ptr %892, align 4, !dbg !46, !tbaa !64
  %894 = insertelement <8 x float> poison, float %893, i64 0, !dbg !46
  %895 = shufflevector <8 x float> %894, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %896 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %897 = getelementptr i8, ptr %896, i64 76, !dbg !46
  %898 = load float, ptr %897, align 4, !dbg !46, !tbaa !64
  %899 = insertelement <8 x float> poison, float %898, i64 0, !dbg !46
  %900 = shufflevector <8 x float> %899, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %901 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %902 = getelementptr i8, ptr %901, i64 72, !dbg !46
  %903 = load float, ptr %902, align 4, !dbg !46, !tbaa !64
  %904 = insertelement <8 x float> poison, float %903, i64 0, !dbg !46
  %905 = shufflevector <8 x float> %904, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %906 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %907 = getelementptr i8, ptr %906, i64 68, !dbg !46
  %908 = load float, ptr %907, align 4, !dbg !46, !tbaa !64
  %909 = insertelement <8 x float> poison, float %908, i64 0, !dbg !46
  %910 = shufflevector <8 x float> %909, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %911 = getelementptr inbounds float, ptr %A, i64 %464, !dbg !46
  %912 = load float, ptr %911, align 4, !dbg !46, !tbaa !64
  %913 = insertelement <8 x float> poison, float %912, i64 0, !dbg !46
  %914 = shufflevector <8 x float> %913, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %915 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %916 = getelementptr i8, ptr %915, i64 60, !dbg !46
  %917 = load float, ptr %916, align 4, !dbg !46, !tbaa !64
  %918 = insertelement <8 x float> poison, float %917, i64 0, !dbg !46
  %919 = shufflevector <8 x float> %918, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %920 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %921 = getelementptr i8, ptr %920, i64 56, !dbg !46
  %922 = load float, ptr %921, align 4, !dbg !46, !tbaa !64
  %923 = insertelement <8 x float> poison, float %922, i64 0, !dbg !46
  %924 = shufflevector <8 x float> %923, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %925 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %926 = getelementptr i8, ptr %925, i64 52, !dbg !46
  %927 = load float, ptr %926, align 4, !dbg !46, !tbaa !64
  %928 = insertelement <8 x float> poison, float %927, i64 0, !dbg !46
  %929 = shufflevector <8 x float> %928, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %930 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %931 = getelementptr i8, ptr %930, i64 48, !dbg !46
  %932 = load float, ptr %931, align 4, !dbg !46, !tbaa !64
  %933 = insertelement <8 x float> poison, float %932, i64 0, !dbg !46
  %934 = shufflevector <8 x float> %933, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %935 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %936 = getelementptr i8, ptr %935, i64 44, !dbg !46
  %937 = load float, ptr %936, align 4, !dbg !46, !tbaa !64
  %938 = insertelement <8 x float> poison, float %937, i64 0, !dbg !46
  %939 = shufflevector <8 x float> %938, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %940 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %941 = getelementptr i8, ptr %940, i64 40, !dbg !46
  %942 = load float, ptr %941, align 4, !dbg !46, !tbaa !64
  %943 = insertelement <8 x float> poison, float %942, i64 0, !dbg !46
  %944 = shufflevector <8 x float> %943, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %945 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %946 = getelementptr i8, ptr %945, i64 36, !dbg !46
  %947 = load float, ptr %946, align 4, !dbg !46, !tbaa !64
  %948 = insertelement <8 x float> poison, float %947, i64 0, !dbg !46
  %949 = shufflevector <8 x float> %948, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %950 = getelementptr inbounds float, ptr %A, i64 %273, !dbg !46
  %951 = load float, ptr %950, align 4, !dbg !46, !tbaa !64
  %952 = insertelement <8 x float> poison, float %951, i64 0, !dbg !46
  %953 = shufflevector <8 x float> %952, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %954 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %955 = getelementptr i8, ptr %954, i64 28, !dbg !46
  %956 = load float, ptr %955, align 4, !dbg !46, !tbaa !64
  %957 = insertelement <8 x float> poison, float %956, i64 0, !dbg !46
  %958 = shufflevector <8 x float> %957, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %959 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %960 = getelementptr i8, ptr %959, i64 24, !dbg !46
  %961 = load float, ptr %960, align 4, !dbg !46, !tbaa !64
  %962 = insertelement <8 x float> poison, float %961, i64 0, !dbg !46
  %963 = shufflevector <8 x float> %962, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %964 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %965 = getelementptr i8, ptr %964, i64 20, !dbg !46
  %966 = load float, ptr %965, align 4, !dbg !46, !tbaa !64
  %967 = insertelement <8 x float> poison, float %966, i64 0, !dbg !46
  %968 = shufflevector <8 x float> %967, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %969 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %970 = getelementptr i8, ptr %969, i64 16, !dbg !46
  %971 = load float, ptr %970, align 4, !dbg !46, !tbaa !64
  %972 = insertelement <8 x float> poison, float %971, i64 0, !dbg !46
  %973 = shufflevector <8 x float> %972, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %974 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %975 = getelementptr i8, ptr %974, i64 12, !dbg !46
  %976 = load float, ptr %975, align 4, !dbg !46, !tbaa !64
  %977 = insertelement <8 x float> poison, float %976, i64 0, !dbg !46
  %978 = shufflevector <8 x float> %977, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %979 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %980 = getelementptr i8, ptr %979, i64 8, !dbg !46
  %981 = load float, ptr %980, align 4, !dbg !46, !tbaa !64
  %982 = insertelement <8 x float> poison, float %981, i64 0, !dbg !46
  %983 = shufflevector <8 x float> %982, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %984 = getelementptr float, ptr %A, i64 %270, !dbg !46
  %985 = getelementptr i8, ptr %984, i64 4, !dbg !46
  %986 = load float, ptr %985, align 4, !dbg !46, !tbaa !64
  %987 = insertelement <8 x float> poison, float %986, i64 0, !dbg !46
  %988 = shufflevector <8 x float> %987, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %.pre36 = insertelement <8 x float> poison, float %.pre23, i64 0, !dbg !46
  %.pre38 = shufflevector <8 x float> %.pre36, <8 x float> poison, <8 x i32> zeroinitializer, !dbg !46
  %989 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %.pre38, <8 x float> %267, <8 x float> zeroinitializer), !dbg !46
  %990 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %988, <8 x float> %266, <8 x float> %989), !dbg !46
  %991 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %983, <8 x float> %265, <8 x float> %990), !dbg !46
  %992 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %978, <8 x float> %264, <8 x float> %991), !dbg !46
  %993 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %973, <8 x float> %263, <8 x float> %992), !dbg !46
  %994 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %968, <8 x float> %262, <8 x float> %993), !dbg !46
  %995 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %963, <8 x float> %261, <8 x float> %994), !dbg !46
  %996 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %958, <8 x float> %260, <8 x float> %995), !dbg !46
  %997 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %953, <8 x float> %259, <8 x float> %996), !dbg !46
  %998 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %949, <8 x float> %258, <8 x float> %997), !dbg !46
  %999 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %944, <8 x float> %257, <8 x float> %998), !dbg !46
  %1000 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %939, <8 x float> %256, <8 x float> %999), !dbg !46
  %1001 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %934, <8 x float> %255, <8 x float> %1000), !dbg !46
  %1002 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %929, <8 x float> %254, <8 x float> %1001), !dbg !46
  %1003 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %924, <8 x float> %253, <8 x float> %1002), !dbg !46
  %1004 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %919, <8 x float> %252, <8 x float> %1003), !dbg !46
  %1005 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %914, <8 x float> %251, <8 x float> %1004), !dbg !46
  %1006 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %910, <8 x float> %250, <8 x float> %1005), !dbg !46
  %1007 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %905, <8 x float> %249, <8 x float> %1006), !dbg !46
  %1008 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %900, <8 x float> %248, <8 x float> %1007), !dbg !46
  %1009 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %895, <8 x float> %247, <8 x float> %1008), !dbg !46
  %1010 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %890, <8 x float> %246, <8 x float> %1009), !dbg !46
  %1011 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %885, <8 x float> %245, <8 x float> %1010), !dbg !46
  %1012 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %880, <8 x float> %244, <8 x float> %1011), !dbg !46
  %1013 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %875, <8 x float> %243, <8 x float> %1012), !dbg !46
  %1014 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %871, <8 x float> %242, <8 x float> %1013), !dbg !46
  %1015 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %866, <8 x float> %241, <8 x float> %1014), !dbg !46
  %1016 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %861, <8 x float> %240, <8 x float> %1015), !dbg !46
  %1017 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %856, <8 x float> %211, <8 x float> %1016), !dbg !46
  %1018 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %851, <8 x float> %209, <8 x float> %1017), !dbg !46
  %1019 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %846, <8 x float> %207, <8 x float> %1018), !dbg !46
  %1020 = tail call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %841, <8 x float> %205, <8 x float> %1019), !dbg !46
  store <8 x float> %1020, ptr %836, align 32, !dbg !46, !tbaa !66
    #dbg_value(i64 4, !59, !DIExpression(), !46)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !46
    #dbg_value(i64 %indvars.iv.next, !57, !DIExpression(), !46)
  %exitcond.not = icmp eq i64 %indvars.iv.next, 8, !dbg !46
  br i1 %exitcond.not, label %for_end_i_1, label %for_end_k.3, !dbg !46, !prof !68
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>) #5

define weak dllexport i32 @__tvm_ffi_main(ptr %0, ptr %1, i32 %2, ptr %3) local_unnamed_addr {
entry:
  %4 = tail call i32 @__tvm_ffi_matmul(ptr poison, ptr %1, i32 %2, ptr poison), !dbg !15
  ret i32 %4, !dbg !15
}

; Function Attrs: nofree nosync nounwind memory(none)
define weak dso_local half @__truncsfhf2(float %a0) local_unnamed_addr #6 section ".text.tvm.fp16.conv" {
b0:
  %v0 = bitcast float %a0 to i32
  %0 = tail call float @llvm.fabs.f32(float %a0)
  %v1 = bitcast float %0 to i32
  %v2 = add nsw i32 %v1, -947912704
  %v3 = add nsw i32 %v1, -1199570944
  %v4 = icmp ult i32 %v2, %v3
  br i1 %v4, label %b1, label %b5

b1:                                               ; preds = %b0
  %v5 = lshr i32 %v0, 13
  %v7 = add nsw i32 %v5, -114688
  %v8 = and i32 %v0, 8191
  %v9 = icmp samesign ugt i32 %v8, 4096
  br i1 %v9, label %b2, label %b3

b2:                                               ; preds = %b1
  %v10 = add nsw i32 %v5, -114687
  br label %b13

b3:                                               ; preds = %b1
  %v11 = icmp eq i32 %v8, 4096
  br i1 %v11, label %b4, label %b13

b4:                                               ; preds = %b3
  %v13 = and i32 %v5, 1
  %v14 = add nsw i32 %v7, %v13
  br label %b13

b5:                                               ; preds = %b0
  %v15 = icmp samesign ugt i32 %v1, 2139095040
  br i1 %v15, label %b6, label %b7

b6:                                               ; preds = %b5
  %v16 = lshr i32 %v0, 13
  %v17 = and i32 %v16, 511
  %v18 = or disjoint i32 %v17, 32256
  br label %b13

b7:                                               ; preds = %b5
  %v19 = icmp samesign ugt i32 %v1, 1199570943
  br i1 %v19, label %b13, label %b8

b8:                                               ; preds = %b7
  %v20 = icmp samesign ult i32 %v1, 754974720
  br i1 %v20, label %b13, label %b9

b9:                                               ; preds = %b8
  %v21 = lshr i32 %v1, 23
  %v22 = sub nsw i32 113, %v21
  %v23 = and i32 %v0, 8388607
  %v24 = or disjoint i32 %v23, 8388608
  %v25 = add nsw i32 %v21, -81
  %v26 = shl i32 %v24, %v25
  %v27 = icmp ne i32 %v26, 0
  %v28 = lshr i32 %v24, %v22
  %v29 = zext i1 %v27 to i32
  %v30 = lshr i32 %v28, 13
  %v31 = and i32 %v28, 8191
  %v32 = or i32 %v31, %v29
  %v33 = icmp samesign ugt i32 %v32, 4096
  br i1 %v33, label %b10, label %b11

b10:                                              ; preds = %b9
  %v34 = add nuw nsw i32 %v30, 1
  br label %b13

b11:                                              ; preds = %b9
  %v35 = icmp eq i32 %v32, 4096
  br i1 %v35, label %b12, label %b13

b12:                                              ; preds = %b11
  %v36 = and i32 %v30, 1
  %v37 = add nuw nsw i32 %v36, %v30
  br label %b13

b13:                                              ; preds = %b12, %b11, %b10, %b8, %b7, %b6, %b4, %b3, %b2
  %v38 = phi i32 [ %v18, %b6 ], [ %v10, %b2 ], [ %v14, %b4 ], [ %v7, %b3 ], [ 31744, %b7 ], [ 0, %b8 ], [ %v34, %b10 ], [ %v37, %b12 ], [ %v30, %b11 ]
  %v39 = lshr i32 %v0, 16
  %v40 = and i32 %v39, 32768
  %v41 = or i32 %v38, %v40
  %vlast = trunc i32 %v41 to i16
  %vres = bitcast i16 %vlast to half
  ret half %vres
}

; Function Attrs: nofree nosync nounwind memory(none)
define weak dso_local float @__extendhfsf2(half %a0) local_unnamed_addr #6 section ".text.tvm.fp16.conv" {
b0:
  %0 = tail call half @llvm.fabs.f16(half %a0)
  %v1 = bitcast half %0 to i16
  %v2 = zext nneg i16 %v1 to i32
  %v3 = add nsw i16 %v1, -1024
  %v4 = icmp ult i16 %v3, 30720
  br i1 %v4, label %b1, label %b2

b1:                                               ; preds = %b0
  %v5 = shl nuw nsw i32 %v2, 13
  %v6 = add nuw nsw i32 %v5, 939524096
  br label %b6

b2:                                               ; preds = %b0
  %v7 = icmp samesign ugt i16 %v1, 31743
  br i1 %v7, label %b3, label %b4

b3:                                               ; preds = %b2
  %v8 = shl nuw nsw i32 %v2, 13
  %v9 = or i32 %v8, 2139095040
  br label %b6

b4:                                               ; preds = %b2
  %v10 = icmp eq i16 %v1, 0
  br i1 %v10, label %b6, label %b5

b5:                                               ; preds = %b4
  %v11 = icmp samesign ult i16 %v1, 256
  %v12 = lshr i32 %v2, 8
  %v13 = select i1 %v11, i32 %v2, i32 %v12
  %v14 = select i1 %v11, i32 32, i32 24
  %v15 = icmp samesign ult i32 %v13, 16
  %v16 = lshr i32 %v13, 4
  %v17 = add nsw i32 %v14, -4
  %v18 = select i1 %v15, i32 %v13, i32 %v16
  %v19 = select i1 %v15, i32 %v14, i32 %v17
  %v20 = icmp samesign ult i32 %v18, 4
  %v21 = lshr i32 %v18, 2
  %v22 = add nsw i32 %v19, -2
  %v23 = select i1 %v20, i32 %v18, i32 %v21
  %v24 = select i1 %v20, i32 %v19, i32 %v22
  %v25 = icmp samesign ult i32 %v23, 2
  %v26 = sub nsw i32 0, %v23
  %v27 = select i1 %v25, i32 %v26, i32 -2
  %v28 = add nsw i32 %v27, %v24
  %v29 = add nsw i32 %v28, -8
  %v30 = shl i32 %v2, %v29
  %v31 = xor i32 %v30, 8388608
  %v32 = shl i32 %v28, 23
  %v33 = sub i32 1124073472, %v32
  %v34 = or i32 %v31, %v33
  br label %b6

b6:                                               ; preds = %b5, %b4, %b3, %b1
  %v35 = phi i32 [ %v6, %b1 ], [ %v9, %b3 ], [ %v34, %b5 ], [ 0, %b4 ]
  %vinp = bitcast half %a0 to i16
  %v36 = and i16 %vinp, -32768
  %v37 = zext i16 %v36 to i32
  %v38 = shl nuw i32 %v37, 16
  %v39 = or i32 %v35, %v38
  %v40 = bitcast i32 %v39 to float
  ret float %v40
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #7

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare half @llvm.fabs.f16(half) #7

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #8

attributes #0 = { "target-cpu"="haswell" }
attributes #1 = { noinline }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { noinline "target-cpu"="haswell" }
attributes #4 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) "target-cpu"="haswell" }
attributes #5 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { nofree nosync nounwind memory(none) "target-cpu"="haswell" "target-features" }
attributes #7 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { nocallback nofree nounwind willreturn memory(argmem: write) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "TVM", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "IRModule.CodeGenLLVM", directory: ".")
!2 = !{i32 2, !"tvm_target", !"{\22kind\22:\22llvm\22,\22mtriple\22:\22x86_64-conda-linux-gnu\22,\22mcpu\22:\22haswell\22}"}
!3 = !{i32 4, !"Debug Info Version", i32 3}
!4 = !{i32 4, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "__tvm_ffi_matmul", scope: !1, file: !1, type: !6, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !10)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !9, !9, !8, !9}
!8 = !DIBasicType(name: "int32", size: 32, encoding: DW_ATE_signed)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null)
!10 = !{!11, !12, !13, !14}
!11 = !DILocalVariable(name: "self_handle", arg: 1, scope: !5, file: !1, type: !9)
!12 = !DILocalVariable(name: "args", arg: 2, scope: !5, file: !1, type: !9)
!13 = !DILocalVariable(name: "num_args", arg: 3, scope: !5, file: !1, type: !8)
!14 = !DILocalVariable(name: "result", arg: 4, scope: !5, file: !1, type: !9)
!15 = !DILocation(line: 0, scope: !5)
!16 = !{!"branch_weights", i32 1048576, i32 1}
!17 = !{!"branch_weights", i32 1, i32 1048576}
!18 = !DILocalVariable(name: "A.type_index", scope: !5, file: !1, type: !8)
!19 = !{!"branch_weights", i32 1, i32 349525, i32 349525, i32 349525}
!20 = !DILocalVariable(name: "A.handle", scope: !5, file: !1, type: !9)
!21 = !DILocalVariable(name: "B.type_index", scope: !5, file: !1, type: !8)
!22 = !DILocalVariable(name: "B.handle", scope: !5, file: !1, type: !9)
!23 = !DILocalVariable(name: "C.type_index", scope: !5, file: !1, type: !8)
!24 = !DILocalVariable(name: "C.handle", scope: !5, file: !1, type: !9)
!25 = !DILocalVariable(name: "matmul.A_shape", scope: !5, file: !1, type: !26)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27)
!27 = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
!28 = !DILocalVariable(name: "matmul.A_strides", scope: !5, file: !1, type: !26)
!29 = !DILocalVariable(name: "dev_id", scope: !5, file: !1, type: !8)
!30 = !DILocalVariable(name: "matmul.B_shape", scope: !5, file: !1, type: !26)
!31 = !DILocalVariable(name: "matmul.B_strides", scope: !5, file: !1, type: !26)
!32 = !DILocalVariable(name: "matmul.C_shape", scope: !5, file: !1, type: !26)
!33 = !DILocalVariable(name: "matmul.C_strides", scope: !5, file: !1, type: !26)
!34 = !DILocalVariable(name: "A", scope: !5, file: !1, type: !35)
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !36)
!36 = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
!37 = !DILocalVariable(name: "B", scope: !5, file: !1, type: !35)
!38 = !DILocalVariable(name: "C", scope: !5, file: !1, type: !35)
!39 = distinct !DISubprogram(name: "matmul_compute_", scope: !1, file: !1, type: !40, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !42)
!40 = !DISubroutineType(types: !41)
!41 = !{!8, !35, !35, !35}
!42 = !{!43, !44, !45}
!43 = !DILocalVariable(name: "A", arg: 1, scope: !39, file: !1, type: !35)
!44 = !DILocalVariable(name: "B", arg: 2, scope: !39, file: !1, type: !35)
!45 = !DILocalVariable(name: "C", arg: 3, scope: !39, file: !1, type: !35)
!46 = !DILocation(line: 0, scope: !39)
!47 = !DILocalVariable(name: "A", scope: !39, file: !1, type: !35)
!48 = !DILocalVariable(name: "B", scope: !39, file: !1, type: !35)
!49 = !DILocalVariable(name: "C", scope: !39, file: !1, type: !35)
!50 = !{!51, !51, i64 0}
!51 = !{!"ctx_ptr", !52, i64 0}
!52 = !{!"tvm-tbaa"}
!53 = !DILocalVariable(name: "i_0", scope: !39, file: !1, type: !8)
!54 = !{!"branch_weights", i32 127, i32 1}
!55 = !{!56, !56, i64 0}
!56 = !{!"0x5593ccd1ac20", !52, i64 0}
!57 = !DILocalVariable(name: "i_1", scope: !39, file: !1, type: !8)
!58 = !{!"branch_weights", i32 127, i32 134217601}
!59 = !DILocalVariable(name: "j_0", scope: !39, file: !1, type: !8)
!60 = !DILocalVariable(name: "k", scope: !39, file: !1, type: !8)
!61 = !DILocalVariable(name: "cse_v1", scope: !39, file: !1, type: !8)
!62 = !DILocalVariable(name: "cse_v2", scope: !39, file: !1, type: !8)
!63 = !DILocalVariable(name: "cse_v3", scope: !39, file: !1, type: !8)
!64 = !{!65, !65, i64 0}
!65 = !{!"0x5593ccd18c70", !52, i64 0}
!66 = !{!67, !67, i64 0}
!67 = !{!"0x5593ccd1bb70", !52, i64 0}
!68 = !{!"branch_weights", i32 1, i32 1048575}

