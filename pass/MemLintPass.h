//===- MemLintPass.h - The memlint pass: findings as diagnostics -*- C++ -*-===//
//
// `memlint` runs the analyses and checks of mlir-memlint on the module it is
// given and reports every finding as an MLIR diagnostic at the op's own
// location: an error, warning or remark ending in `[rule-id]`, with the
// witness path as attached notes. It fails when a finding is at or above
// `fail-on`, and never changes the IR. So it can sit anywhere in a pipeline,
// and tests can check its findings with `-verify-diagnostics`:
//
//   %0 = memref.alloc() : memref<8xf32>  // expected-error {{leaked on some path [lifetime-leak]}}
//
// There is no source text inside a pipeline: positions come from the ops'
// locations, SSA names are the printer's, and NOLINT comments and fix-its are
// not available (see docs/user-guide.md, "Embedding").
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_PASS_MEMLINTPASS_H
#define MEMLINT_PASS_MEMLINTPASS_H

#include "checks/Finding.h"

#include "mlir/Pass/Pass.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>

namespace memlint {

/// Options of the `memlint` pass.
struct MemLintPassOptions {
  /// clang-tidy style globs selecting the checks ("-*,lifetime-*").
  std::string checks = "*";
  /// The lowest level that fails the pass: "error", "warning" or "note".
  std::string failOn = "error";
  /// Check options, `rule-id.Name=value` each (CheckOptions of the
  /// config file, e.g. `perf-late-dealloc.Aggregate=false`).
  std::vector<std::string> checkOptions;
};

/// Creates the `memlint` pass (it runs on `builtin.module`).
std::unique_ptr<mlir::Pass> createMemLintPass(MemLintPassOptions options = {});

/// Registers the `memlint` pass with the global pass registry, so that
/// `-memlint` and `--pass-pipeline='builtin.module(memlint{...})'` find it.
void registerMemLintPass();

/// Maps the positions of findings back to MLIR locations: to the location of
/// the op at that position under `root` (first in pre-order), so that a
/// finding is reported at its op's own location, names, call sites and
/// fusions included; else to a plain file location.
class FindingLocator {
public:
  explicit FindingLocator(mlir::Operation *root);

  /// The location of `where`; `fallback` when it has no position.
  mlir::Location getLocation(const FindingLocation &where,
                             mlir::Location fallback) const;

private:
  mlir::MLIRContext *context;
  std::map<std::tuple<std::string, unsigned, unsigned>, mlir::Location> ops;
};

/// Reports `finding` as a diagnostic: at its location (or at `fallback` when
/// it has none), as an error, warning or remark ending in `[rule-id]`, with
/// its notes attached at theirs.
void emitFindingDiagnostic(const Finding &finding,
                           const FindingLocator &locator,
                           mlir::Location fallback);

} // namespace memlint

#endif // MEMLINT_PASS_MEMLINTPASS_H
