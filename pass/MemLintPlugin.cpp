//===- MemLintPlugin.cpp - The memlint pass as an mlir-opt plugin ---------===//
//
// Built as libMemLintPlugin.so, a MODULE library linked against libMLIR.so
// (like mlir-opt itself, so both share one copy of MLIR and its registries):
//
//   mlir-opt --load-pass-plugin=libMemLintPlugin.so \
//     --pass-pipeline='builtin.module(memlint{checks=lifetime-* fail-on=warning})' in.mlir
//   mlir-opt --load-pass-plugin=libMemLintPlugin.so \
//     --pass-pipeline='builtin.module(memlint-apply-plan{assume-dim=64})' in.mlir
//
//===----------------------------------------------------------------------===//

#include "pass/ApplyPlanPass.h"
#include "pass/MemLintPass.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemLintPlugin", MEMLINT_VERSION_STRING,
          []() {
            memlint::registerMemLintPass();
            memlint::registerApplyPlanPass();
          }};
}
