"""Sanitizer settings of the lit suites (test/ and test/unit/) in a build
configured with -DMEMLINT_SANITIZE=... (make test-sanitize).

Every report aborts the process (SIGABRT), so a RUN line fails on it, `not`
included, and so do the Python drivers, which accept exit codes 0, 1 and 2
only. The options reach the tools that the Python scripts run, too. Each
report is also written to sanitizer-reports/report.<pid> in the test build
folder: scripts/run_lit.py prints those and fails when there is one, even
when a test ignored the exit code (`|| true`) or the report came after the
output (a leak at exit).
"""
import os


def reports_dir(obj_root):
    """Where the reports of a build's test run go (scripts/run_lit.py reads it)."""
    return os.path.join(obj_root, "test", "sanitizer-reports")


def configure(config):
    sanitizers = [s for s in getattr(config, "memlint_sanitize", "").split(",") if s]
    if not sanitizers:
        return
    config.available_features.add("sanitize")
    here = os.path.dirname(os.path.abspath(__file__))
    reports = reports_dir(config.memlint_obj_root)
    os.makedirs(reports, exist_ok=True)
    common = ("abort_on_error=1:halt_on_error=1:print_stacktrace=1:disable_coredump=1"
              ":log_path=" + os.path.join(reports, "report"))
    env = config.environment
    env["ASAN_OPTIONS"] = common + (":detect_leaks=1:check_initialization_order=1"
                                    ":strict_init_order=1")
    env["UBSAN_OPTIONS"] = common
    # Leaks inside third-party libraries only; see the file.
    env["LSAN_OPTIONS"] = ("suppressions=" + os.path.join(here, "lsan.supp") +
                           ":print_suppressions=0")
    if getattr(config, "asan_runtime", "") and hasattr(config, "llvm_tools_dir"):
        # The stock mlir-opt loads the instrumented pass plugin with the ASan
        # runtime preloaded: bin/mlir-opt, first in PATH.
        env["MEMLINT_ASAN_RUNTIME"] = config.asan_runtime
        env["MEMLINT_REAL_MLIR_OPT"] = os.path.join(config.llvm_tools_dir, "mlir-opt")
        env["PATH"] = os.pathsep.join([os.path.join(here, "bin"), env.get("PATH", "")])
