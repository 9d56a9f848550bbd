// The analysis of a function that stops at a bound is never silent: a
// memlint-incomplete warning at the function (which bound, how far it got,
// where a path was), in text, JSON and SARIF (also as a tool notification);
// --fail-on-incomplete fails the gate, even with the check deselected.
// RUN: mlir-memlint --max-steps 10 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: mlir-memlint --max-steps 10 %s --json - 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlir-memlint --max-steps 10 --base-dir %S %s --sarif %t.sarif 2>/dev/null
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: %python %S/../sarif/validate_sarif.py %sarif-multitool %sarif-schema %t.work %t.sarif | FileCheck %s --check-prefix=VALID
// RUN: not mlir-memlint --max-steps 10 --fail-on-incomplete %s 2>&1 | FileCheck %s --check-prefix=GATE
// RUN: not mlir-memlint --max-steps 10 --fail-on-incomplete --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --check-prefix=DESELECTED
// With the default bounds the same function is analysed to the end.
// RUN: mlir-memlint --fail-on-incomplete %s 2>&1 | FileCheck %s --check-prefix=COMPLETE
// The other bounds: memory (1 MiB is far below what the exponentially many
// distinct states of gen_paths.py --distinct hold) and time (the first check
// comes after 1024 steps, past a limit of a nanosecond).
// RUN: %python %S/../tool/Inputs/gen_paths.py --distinct > %t.distinct.mlir
// RUN: mlir-memlint --function-memory-limit 1 --checks='-*,lifetime-*,memlint-*' %t.distinct.mlir 2>&1 | FileCheck %s --check-prefix=MEMORY
// RUN: %python %S/../../bench/gen_hostile.py swap-nest 300 > %t.nest.mlir
// RUN: mlir-memlint --function-time-limit 0.000000001 %t.nest.mlir 2>&1 | FileCheck %s --check-prefix=TIME

// CHECK: memlint-incomplete.mlir:[[@LINE+1]]:1: warning: the lifetime analysis of '@stages' stopped at its step budget of 10 op executions (--max-steps) after 11 op executions on 5 paths: lifetime findings on the paths it did not explore may be missing [memlint-incomplete]
func.func @stages(%n: index, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %f = memref.load %flags[%i] : memref<?xi1>
    // CHECK: memlint-incomplete.mlir:[[@LINE+1]]:5: note: a path was here when the analysis stopped
    scf.if %f {
      %tmp = memref.alloc(%n) : memref<?xf32>
      memref.copy %buf, %tmp : memref<?xf32> to memref<?xf32>
      memref.dealloc %tmp : memref<?xf32>
    }
  }
  memref.dealloc %buf : memref<?xf32>
  return
}
// CHECK: mlir-memlint: 1 warning in 1 file; the analysis of 1 function stopped at a bound

// JSON: "rule": "memlint-incomplete"
// JSON-NEXT: "level": "warning"
// JSON: "incompleteFunctions": 1

// SARIF: "toolExecutionNotifications": [
// SARIF-NEXT: {
// SARIF-NEXT: "level": "warning",
// SARIF-NEXT: "message": {
// SARIF-NEXT: "text": "the lifetime analysis of '@stages' stopped at its step budget
// SARIF: "uri": "memlint-incomplete.mlir"
// SARIF: "associatedRule": {
// SARIF-NEXT: "id": "memlint-incomplete",
// SARIF: "ruleId": "memlint-incomplete"
// VALID: validated 1 SARIF logs: {{.*}}; 0 errors

// GATE: mlir-memlint: 1 warning in 1 file; the analysis of 1 function stopped at a bound
// DESELECTED: mlir-memlint: no findings in 1 file; the analysis of 1 function stopped at a bound
// COMPLETE: mlir-memlint: no findings in 1 file
// COMPLETE-NOT: bound

// TIME: warning: the lifetime analysis of '@swap_nest' stopped at its time limit of 1e-09 s (--function-time-limit)
// MEMORY: warning: the lifetime analysis of '@f' stopped at its memory limit of 1 MiB (--function-memory-limit)
