// (The CHECK lines spell NOLIN{{T}} so that they are not NOLINT comments.)
// RUN: not mlir-memlint --base-dir %S %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint --base-dir %S %s --sarif-include-suppressed --sarif %t.sarif 2>/dev/null
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: %python %S/../sarif/validate_sarif.py %sarif-multitool %sarif-schema %t.work %t.sarif | FileCheck %s --check-prefix=VALID
// RUN: not mlir-memlint --base-dir %S %s --sarif - 2>/dev/null | FileCheck %s --check-prefix=NOSUPP
// RUN: not mlir-memlint --stats %s 2>&1 | FileCheck %s --check-prefix=STATS

// Suppressed: the finding's primary line (the alloc) carries the comment.
func.func @same_line() {
  %a = memref.alloc() : memref<4xf32> // NOLINT
  return
}

func.func @same_line_glob() {
  %a = memref.alloc() : memref<4xf32> // NOLINT(lifetime-*, perf-*)
  return
}

// Not suppressed: the list names another rule.
func.func @other_rule() {
  // CHECK: memlint-nolint.mlir:[[@LINE+1]]:8: error: buffer '%a' is leaked on every path [lifetime-leak]
  %a = memref.alloc() : memref<4xf32> // NOLINT(lifetime-double-free)
  return
}

func.func @next_line() {
  // NOLINTNEXTLINE(lifetime-leak)
  %a = memref.alloc() : memref<4xf32>
  return
}

// Not suppressed: the comment is on the line of the exit, not the alloc.
func.func @wrong_line() {
  // CHECK: memlint-nolint.mlir:[[@LINE+1]]:8: error: buffer '%a' is leaked
  %a = memref.alloc() : memref<4xf32>
  return // NOLINT
}

// NOLINTBEGIN(lifetime-leak)
func.func @in_block() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  return
}
// NOLINTEND(lifetime-leak)

// CHECK: memlint-nolint.mlir:[[@LINE+1]]:4: error: unmatched 'NOLIN{{T}}END' comment without a previous 'NOLIN{{T}}BEGIN' comment with the same check list [memlint-nolint]
// NOLINTEND(lifetime-double-free)

// CHECK: memlint-nolint.mlir:[[@LINE+1]]:4: error: unmatched 'NOLIN{{T}}BEGIN' comment without a subsequent 'NOLIN{{T}}END' comment with the same check list; it suppresses nothing [memlint-nolint]
// NOLINTBEGIN(lifetime-use-after-free)
func.func @unclosed() {
  // CHECK: memlint-nolint.mlir:[[@LINE+1]]:8: error: buffer '%a' is leaked
  %a = memref.alloc() : memref<4xf32>
  return
}

// SARIF: "ruleId": "lifetime-leak",
// SARIF: "text": "buffer '%a' is leaked on every path"
// SARIF: "suppressions": [
// SARIF-NEXT: {
// SARIF-NEXT: "kind": "inSource",
// VALID: validated 1 SARIF logs: {{.*}}; 0 errors
// NOSUPP-NOT: "suppressions"
// STATS: suppressed-findings=5
