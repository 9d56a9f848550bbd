"""SIGKILL in the middle of --fix never leaves a truncated or partially
rewritten input: the file is either the original or the complete fixed
result (the fixed text is written to a temporary file that replaces the
input by rename).

Usage: kill_test.py TOOL WORKDIR
"""
import os
import shutil
import signal
import subprocess
import sys
import time

tool, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)

# Many functions with a leak each: --fix takes a while (every fix-it is
# validated by re-linting the file), so kills land at different moments.
funcs = []
for i in range(120):
    funcs.append(
        "func.func @f%d(%%c: i1) {\n"
        "  %%a = memref.alloc() : memref<4xf32>\n"
        "  scf.if %%c {\n"
        "    memref.dealloc %%a : memref<4xf32>\n"
        "  }\n"
        "  return\n"
        "}\n" % i)
original = "".join(funcs)
src = os.path.join(work, "orig.mlir")
with open(src, "w") as f:
    f.write(original)

# The complete result, for comparison.
done = os.path.join(work, "done.mlir")
shutil.copyfile(src, done)
start = time.time()
subprocess.run([tool, "-q", "--fix", done], check=False)
full_time = time.time() - start
fixed = open(done).read()
assert fixed != original, "--fix changed nothing"
assert subprocess.run([tool, "-q", done]).returncode == 0, "fixed file not clean"

outcomes = {"original": 0, "fixed": 0}
for k in range(8):
    target = os.path.join(work, "victim%d.mlir" % k)
    shutil.copyfile(src, target)
    proc = subprocess.Popen([tool, "-q", "--fix", target],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Spread the kills over the run, the last ones near its end.
    time.sleep(full_time * (k + 1) / 9.0)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    text = open(target).read()
    if text == original:
        outcomes["original"] += 1
    elif text == fixed:
        outcomes["fixed"] += 1
    else:
        print("FAIL: %s is neither the original nor the fixed file" % target)
        sys.exit(1)
print("8 kills over %.2f s: %d left the original, %d the fixed file" %
      (full_time, outcomes["original"], outcomes["fixed"]))
