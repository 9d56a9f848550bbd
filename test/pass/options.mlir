// The options of the memlint pass. The input has one warning-level finding.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint)' %s -o %t.after 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error:
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{fail-on=warning})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-* fail-on=note})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: options.mlir:[[# @LINE + 24]]:8: warning: stack buffer '%alloca' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]
// WARN: options.mlir:[[# @LINE + 26]]:3: note: loop back-edge here

// The pass does not change the IR.
// RUN: mlir-opt %s -o %t.before
// RUN: diff %t.before %t.after

// checks= deselects the check: nothing is reported and the pass succeeds.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=*,-lifetime-alloca-in-loop fail-on=warning})' %s -o /dev/null 2>&1 | count 0

// Invalid values stop the pipeline before it runs.
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{fail-on=fatal})' %s 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: error: memlint: 'fail-on' must be error, warning or note, not 'fatal'
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=lifetime-[})' %s 2>&1 | FileCheck %s --check-prefix=GLOB
// GLOB: error: memlint: invalid 'checks' glob: lifetime-[

// memlint-opt has the pass built in.
// RUN: not memlint-opt -memlint='fail-on=warning' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN

func.func @alloca_in_cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %a = memref.alloca() : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  cf.cond_br %done, ^exit, ^loop(%next : index)
^exit:
  return
}
