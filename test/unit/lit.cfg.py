# lit configuration of the GoogleTest unit tests.
import lit.formats

config.name = "mlir-memlint-unit"
config.suffixes = []
config.test_source_root = config.unit_bin_dir
config.test_exec_root = config.unit_bin_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")
