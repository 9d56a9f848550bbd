//===- PlanCommand.h - mlir-memlint plan ------------------------*- C++ -*-===//

#ifndef MEMLINT_TOOLS_PLANCOMMAND_H
#define MEMLINT_TOOLS_PLANCOMMAND_H

#include "mlir/IR/DialectRegistry.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The options of `mlir-memlint plan`.
struct PlanCommandOptions {
  std::vector<std::string> inputs;
  /// Plan this MiniMalloc CSV problem instead of MLIR inputs.
  std::string fromCsv;
  /// Write JSON to this file ("-": stdout, instead of the table).
  std::string jsonFile;
  /// Write the problem (MLIR inputs) or the solution (--from-csv) in
  /// MiniMalloc's CSV format; needs exactly one function and memory space.
  std::string csvFile;
  /// Only this function / memory space.
  std::string function;
  std::optional<std::string> space;
  std::optional<int64_t> assumeDim;
  double timeLimitSeconds = 1.0;
  bool allowUnregisteredDialects = false;
  std::string baseDir;
  /// Draw the plan chart (address x time) of every planned function and
  /// memory space into this folder (empty: none).
  std::string vizDir;
  /// Formats of the plan charts: dot, svg, png.
  std::vector<std::string> vizFormats;
  /// Apply the plans to the files (--rewrite), or print the rewrite as a
  /// unified diff (--rewrite-dry-run); see tools/PlanRewrite.h.
  bool rewrite = false;
  bool rewriteDryRun = false;
};

/// Runs `mlir-memlint plan`; returns the exit code (0 ok, 2 usage, parse or
/// internal error).
int runPlanCommand(const PlanCommandOptions &options,
                   const mlir::DialectRegistry &registry);

} // namespace memlint

#endif // MEMLINT_TOOLS_PLANCOMMAND_H
