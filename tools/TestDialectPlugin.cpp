//===- TestDialectPlugin.cpp - MLIR's test dialect as a dialect plugin -----===//
//
// Lets `mlir-memlint --load-dialect-plugin` read the upstream MLIR test corpus
// (test.copy, test.buffer_based, ...) with the ops' real memory effects.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"

namespace test {
void registerTestDialect(mlir::DialectRegistry &registry);
} // namespace test

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemLintTestDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            test::registerTestDialect(*registry);
          }};
}
