# lit configuration of the GoogleTest unit tests.
import os
import sys

import lit.formats

config.name = "mlir-memlint-unit"
config.suffixes = []
config.test_source_root = config.unit_bin_dir
config.test_exec_root = config.unit_bin_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")

# The sanitizer build: the options of test/lit.cfg.py (test/sanitize/).
sys.path.insert(0, os.path.join(config.memlint_src_root, "test", "sanitize"))
import lit_sanitize  # noqa: E402

lit_sanitize.configure(config)
