; Unnamed blocks print as %N (quoted: YAML would read % as a directive), a
; function without CFG edges has an empty superblock list, and vector
; classes show lanes.
; RUN: %crop graph %s --superblocks --no-ir | FileCheck %s
; RUN: %crop graph %s --function loop --block %%1 --no-cfg --no-ir | FileCheck %s --check-prefix=BLOCK
; RUN: not %crop graph %s --function loop --block 1 2>&1 | FileCheck %s --check-prefix=BAD

; CHECK:      - name: single
; CHECK:          blocks:
; CHECK-NEXT:       - {name: "%0", successors: [], exit: true}
; CHECK:        graphlets:
; CHECK-NEXT:     - block: "%0"
; CHECK:            - {name: V1, opcode: fadd, type: f64, lanes: 4}
; CHECK:            - {name: V2, opcode: "intr:vector.reduce.fadd", type: f64, lanes: 4}
; CHECK:        superblocks: []
; CHECK:      - name: loop
; CHECK:          - {name: "%1", successors: ["%1", "%2"]}
; CHECK:        superblocks:
; CHECK-NEXT:     - block: "%0"
; CHECK-NEXT:       successor: "%1"
; CHECK:          - block: "%1"
; CHECK-NEXT:       successor: "%1"
; CHECK:          - block: "%1"
; CHECK-NEXT:       successor: "%2"

; BLOCK:      graphlets:
; BLOCK-NEXT:   - block: "%1"
; BLOCK:          - {from: V2, to: V2, kind: carried}
; BLOCK-NOT:  - block:

; BAD: crop: error: no block '1' in function 'loop'; blocks: %0, %1, %2

define double @single(<4 x double> %a, <4 x double> %b) {
  %s = fadd <4 x double> %a, %b
  %r = call double @llvm.vector.reduce.fadd.v4f64(double 0.0, <4 x double> %s)
  ret double %r
}

define i64 @loop(i64 %n) {
  br label %1
1:
  %i = phi i64 [ 0, %0 ], [ %i.next, %1 ]
  %acc = phi i64 [ 0, %0 ], [ %acc.next, %1 ]
  %i.next = add i64 %i, 1
  %acc.next = add i64 %acc, %i
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %1, label %2
2:
  ret i64 %acc.next
}

declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)
