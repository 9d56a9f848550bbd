# lit configuration of the mlir-memlint test suite.
import os
import shutil
import sys

import lit.formats

config.name = "mlir-memlint"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "unit", "lit.cfg.py", "lit.site.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.memlint_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.memlint_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Deterministic, colour-free output.
config.environment.pop("CLICOLOR_FORCE", None)

# The sanitizer build (-DMEMLINT_SANITIZE=..., make test-sanitize): report
# options, LeakSanitizer suppressions, mlir-opt with the ASan runtime.
sys.path.insert(0, os.path.join(config.memlint_src_root, "test", "sanitize"))
import lit_sanitize  # noqa: E402

lit_sanitize.configure(config)

src = config.memlint_src_root
corpus = os.path.normpath(os.path.join(src, "..", "shared", "corpus", "llvm-mlir"))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%examples", os.path.join(src, "examples")))
config.substitutions.append(("%corpus", corpus))
config.substitutions.append(("%scripts", os.path.join(src, "scripts")))
config.substitutions.append(
    ("%testdialect", os.path.join(config.memlint_lib_dir, "MemLintTestDialectPlugin.so")))
# The memlint pass plugin for the stock mlir-opt (found first in PATH, from
# the LLVM tools folder).
config.substitutions.append(
    ("%memlint_plugin", os.path.join(config.memlint_lib_dir, "libMemLintPlugin.so")))
# Installing the build tree and building a project against it.
config.substitutions.append(("%memlint_obj_root", config.memlint_obj_root))
config.substitutions.append(("%memlint_src_root", src))
config.substitutions.append(("%cmake", '"%s"' % config.cmake_command))
config.substitutions.append(
    ("%configure_consumer",
     '"%s" -G "%s" -DCMAKE_MAKE_PROGRAM="%s" -DCMAKE_CXX_COMPILER="%s" '
     '-DCMAKE_BUILD_TYPE=Release -DMLIR_DIR="%s"'
     % (config.cmake_command, config.cmake_generator, config.cmake_make_program,
        config.cmake_cxx_compiler, config.mlir_cmake_dir)))
# Microsoft's SARIF validator and the SARIF schema it ships, installed into
# the build folder by scripts/setup-sarif-validator.sh (a check-memlint step).
multitool = os.path.join(config.memlint_obj_root, "npm", "node_modules",
                         "@microsoft", "sarif-multitool-linux")
config.substitutions.append(("%sarif-multitool", os.path.join(multitool, "Sarif.Multitool")))
config.substitutions.append(("%sarif-schema", os.path.join(multitool, "sarif-2.1.0.json")))
# puppeteer-core (scripts/setup-browser.sh, a check-memlint step) and
# Debian's chromium (scripts/setup.sh) for the HTML report's browser test: a
# missing browser fails that test rather than skipping it.
config.substitutions.append(("%node-modules", os.path.join(config.memlint_obj_root, "npm", "node_modules")))
config.substitutions.append(("%chromium", shutil.which("chromium") or "chromium"))
if os.path.isdir(corpus):
    config.available_features.add("corpus")
# clang-tidy's clang-apply-replacements (Debian's clang-tools), when it is
# installed: the --export-fixes YAML is applied with it.
if shutil.which("clang-apply-replacements"):
    config.available_features.add("clang-apply-replacements")
