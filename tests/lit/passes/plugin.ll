; The passes as an opt-19 plugin: the library links no LLVM of its own.
; UNSUPPORTED: sanitized
; RUN: opt -load-pass-plugin=%plugin -disable-output -passes='function(crop-print-graphlets)' %s 2>&1 | FileCheck %s
; RUN: ldd %plugin | FileCheck %s --check-prefix=LDD --implicit-check-not=libLLVM
; RUN: opt -load-pass-plugin=%plugin -disable-output -passes='function(crop-print-cfg)' %s 2>&1 | FileCheck %s --check-prefix=CFG
; RUN: opt -load-pass-plugin=%plugin -crop-print-file=%t.yaml -passes='default<O2>,function(crop-print-graphlets<superblocks>)' %s -S -o %t.opt.ll
; RUN: FileCheck %s --check-prefix=O2 < %t.yaml
; RUN: not opt -load-pass-plugin=%plugin -crop-print-file=%t.missing/x.yaml -disable-output -passes='function(crop-print-cfg)' %s 2>&1 | FileCheck %s --check-prefix=NOFILE

; CHECK:      ---
; CHECK-NEXT: source: {{.*}}plugin.ll
; CHECK-NEXT: functions:
; CHECK-NEXT:   - name: saxpy
; CHECK-NEXT:     graphlets:
; CHECK:          - block: loop
; CHECK:              - {name: V5, opcode: fma, type: f32, lanes: 1, ir:
; CHECK:              - {from: V2, to: V5, kind: data}
; CHECK:              - {from: V4, to: V5, kind: data}
; CHECK:              - {from: V5, to: V6, kind: data}
; CHECK-NOT:      superblocks:

; CFG:      - name: saxpy
; CFG-NEXT:   cfg:
; CFG-NEXT:     entry: entry
; CFG-NEXT:     blocks:
; CFG-NEXT:       - {name: entry, successors: [loop]}
; CFG-NEXT:       - {name: loop, successors: [loop, exit]}
; CFG-NEXT:       - {name: exit, successors: [], exit: true}
; CFG-NOT:    graphlets:

; After -O2 the loop is vectorised; the pass sees the result.
; O2:     - name: saxpy
; O2:       superblocks:
; O2:         - {name: {{V[0-9]+}}, opcode: fma, type: f32, lanes: {{[48]}}

; LDD: libc
; NOFILE: error: crop-print: cannot open '{{.*}}x.yaml'

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @saxpy(ptr noalias %x, ptr noalias %y, float %a, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %vx = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %i
  %vy = load float, ptr %py, align 4
  %r = call float @llvm.fmuladd.f32(float %a, float %vx, float %vy)
  store float %r, ptr %py, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare float @llvm.fmuladd.f32(float, float, float)
attributes #0 = { "target-cpu"="x86-64-v3" }
