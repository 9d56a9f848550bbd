#!/usr/bin/env python3
"""Unit checks of the fuzzer's ground-truth interpreter on hand-written programs.

Run: python3 test/fuzz/oracle_selftest.py [--verify-with mlir-opt]
Each case lists its expected findings as `// EXPECT: rule line all|some` lines.
"""

import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memlint_fuzz as mf  # noqa: E402

HEAD = """func.func @f(%c0: i1, %c1: i1, %n: index, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %cst = arith.constant 1.000000e+00 : f32
"""  # lines 1-8; the first op of a case body is on line 9

CASES = {
    "leak_all": """
  %a = memref.alloc() : memref<16xf32>
  return
}
// EXPECT: lifetime-leak 9 all
""",
    "double_free_through_cast": """
  %a = memref.alloc() : memref<16xf32>
  %d = memref.cast %a : memref<16xf32> to memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
// EXPECT: lifetime-double-free 12 all
// EXPECT: lifetime-double-free 13 all
""",
    "uaf_through_view_creation_is_not_use": """
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %vd = memref.cast %v : memref<8xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  %x = memref.load %vd[%i1] : memref<?xf32, strided<[1]>>
  memref.store %cst, %v[%i1] : memref<8xf32, strided<[1]>>
  return
}
// EXPECT: lifetime-use-after-free 13 all
// EXPECT: lifetime-use-after-free 14 all
""",
    "invalid_frees_keep_state": """
  %s = memref.alloca() : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  memref.dealloc %arg : memref<16xf32>
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %vd = memref.cast %v : memref<8xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  memref.dealloc %vd : memref<?xf32, strided<[1]>>
  memref.dealloc %v : memref<8xf32, strided<[1]>>
  %x = memref.load %a[%i0] : memref<16xf32>
  return
}
// EXPECT: lifetime-invalid-free 10 all
// EXPECT: lifetime-invalid-free 11 all
// EXPECT: lifetime-leak 12 all
// EXPECT: lifetime-invalid-free 15 all
// EXPECT: lifetime-invalid-free 16 all
""",
    "select_correlated_clean": """
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %m = arith.select %c0, %a, %b : memref<16xf32>
  %x = memref.load %m[%i0] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  %nc = arith.xori %c0, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  return
}
""",
    "select_uncorrelated": """
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %m = arith.select %c0, %a, %b : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  scf.if %c1 {
    memref.dealloc %b : memref<16xf32>
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  return
}
// EXPECT: lifetime-leak 9 some
// EXPECT: lifetime-leak 10 some
// EXPECT: lifetime-double-free 14 some
// EXPECT: lifetime-double-free 16 some
""",
    "hoisted_alloc_const_trip": """
  %a = memref.alloc() : memref<16xf32>
  scf.for %iv = %i0 to %i2 step %i1 {
    memref.store %cst, %a[%i0] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
  }
  %b = memref.alloc() : memref<16xf32>
  scf.for %iv2 = %i0 to %i1 step %i1 {
    memref.dealloc %b : memref<16xf32>
  }
  %c = memref.alloc() : memref<16xf32>
  scf.for %iv3 = %i0 to %i0 step %i1 {
    memref.dealloc %c : memref<16xf32>
  }
  return
}
// EXPECT: lifetime-use-after-free 11 all
// EXPECT: lifetime-double-free 12 all
// EXPECT: lifetime-leak 18 all
""",
    "hoisted_alloc_unknown_trip": """
  %a = memref.alloc() : memref<16xf32>
  scf.for %iv = %i0 to %n step %i1 {
    memref.dealloc %a : memref<16xf32>
  }
  return
}
// EXPECT: lifetime-leak 9 some
// EXPECT: lifetime-double-free 11 some
""",
    "loop_local_leak_and_iter_swap": """
  scf.for %iv = %i0 to %n step %i1 {
    %t = memref.alloc() : memref<16xf32>
  }
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it = %a) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    memref.dealloc %it : memref<16xf32>
    scf.yield %new : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  return
}
// EXPECT: lifetime-leak 10 some
""",
    "return_and_call_uses": """
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  func.call @g_read(%a) : (memref<16xf32>) -> ()
  return
}
// EXPECT: lifetime-use-after-free 11 all
// EXPECT: lifetime-use-after-free 18 all
""",
    "callee_double_free_in_caller_context": """
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  func.call @g_free(%a) : (memref<16xf32>) -> ()
  return
}
// EXPECT: lifetime-use-after-free 11 all
// EXPECT: lifetime-double-free 17 all
""",
    "function_called_on_dead_path_only_is_not_a_root": """
  %a = memref.alloc() : memref<16xf32>
  scf.if %false {
    func.call @g_free(%a) : (memref<16xf32>) -> ()
  }
  memref.dealloc %a : memref<16xf32>
  return
}
""",
    "uncalled_function_is_a_root": """
  return
}
func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
// EXPECT: lifetime-invalid-free 12 all
""",
    "callee_takes_ownership": """
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  func.call @g_free(%a) : (memref<16xf32>) -> ()
  %x = memref.load %a[%i0] : memref<16xf32>
  scf.if %c0 {
    func.call @g_free(%b) : (memref<16xf32>) -> ()
  }
  return
}
// EXPECT: lifetime-use-after-free 12 all
// EXPECT: lifetime-leak 10 some
""",
    "cf_flag_clean_and_cf_loop": """
  cf.cond_br %c0, ^bb1, ^bb2
^bb1:
  %x = memref.alloc() : memref<16xf32>
  cf.br ^bb3(%x, %true : memref<16xf32>, i1)
^bb2:
  cf.br ^bb3(%arg, %false : memref<16xf32>, i1)
^bb3(%m: memref<16xf32>, %own: i1):
  %l = memref.load %m[%i0] : memref<16xf32>
  scf.if %own {
    memref.dealloc %m : memref<16xf32>
  }
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb4(%i0, %a : index, memref<16xf32>)
^bb4(%ctr: index, %buf: memref<16xf32>):
  %cmp = arith.cmpi slt, %ctr, %i3 : index
  cf.cond_br %cmp, ^bb5, ^bb6
^bb5:
  %new = memref.alloc() : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb4(%next, %new : index, memref<16xf32>)
^bb6:
  cf.cond_br %c1, ^bb7(%buf : memref<16xf32>), ^bb8
^bb7(%p: memref<16xf32>):
  memref.dealloc %p : memref<16xf32>
  cf.br ^bb8
^bb8:
  return
}
// EXPECT: lifetime-leak 26 some
""",
    "return_escapes_and_return_of_freed": """
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %c0 -> (memref<16xf32>) {
    memref.dealloc %a : memref<16xf32>
    scf.yield %a : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}
// EXPECT: lifetime-use-after-free 16 some
""",
}

CALLEES = {
    "g_read": """func.func @g_read(%m: memref<16xf32>) {
  %k = arith.constant 0 : index
  %x = memref.load %m[%k] : memref<16xf32>
  return
}
""",
    "g_free": """func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
""",
}


def build(name, body):
    head = HEAD
    if "return %" in body:
        head = head.replace("%arg: memref<16xf32>) {", "%arg: memref<16xf32>) -> memref<16xf32> {")
    text = head + body.lstrip("\n")
    for name, callee in CALLEES.items():
        if "func.call @%s(" % name in body:
            text += callee  # after @f so that the line numbers above stay fixed
    return text


def main():
    mlir_opt = None
    if len(sys.argv) > 2 and sys.argv[1] == "--verify-with":
        mlir_opt = sys.argv[2]
    failed = 0
    for name, body in CASES.items():
        text = build(name, body)
        exp = {}
        for m in re.finditer(r"// EXPECT: (\S+) (\d+) (all|some)", text):
            exp[(m.group(1), int(m.group(2)))] = m.group(3) == "all"
        mod = mf.parse_module(text)
        got = {k: v[1] for k, v in mf.ground_truth(mod).items()}
        if got != exp:
            failed += 1
            print("FAIL %s\n%s\n  expected %s\n  got      %s" % (
                name, mf.numbered(text), sorted(exp.items()), sorted(got.items())))
        if mlir_opt:
            with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as fh:
                fh.write(text)
            p = subprocess.run([mlir_opt, fh.name], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
            os.unlink(fh.name)
            if p.returncode:
                failed += 1
                print("INVALID IR %s: %s" % (name, p.stderr.decode()))
    print("%d passed, %d failed" % (len(CASES) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
