//===- ApplyPlanPass.h - memlint-apply-plan: memory plans in the IR -*- C++ -*-===//
//
// `memlint-apply-plan` applies mlir-memlint's memory plans to the IR, for
// pipelines that want them (DESIGN §4, §6): in each function and memory
// space, the buffers analyzer/ArenaRewrite moves become `memref.view`s of
// one aligned `memref.alloc` of the arena at their planned offsets, their
// deallocs go, and the arena is freed where the last of them died. It is the
// same decision as `mlir-memlint plan --rewrite` makes, applied to ops
// instead of text: the planner, what stays and why, the `cf.assert` that
// checks a dynamic size planned at `assume-dim`. With `remarks=true` it
// reports each arena as a remark at its function, and each buffer that
// stays, with why, at its allocation.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_PASS_APPLYPLANPASS_H
#define MEMLINT_PASS_APPLYPLANPASS_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <optional>

namespace memlint {

/// Options of the `memlint-apply-plan` pass.
struct ApplyPlanPassOptions {
  /// Plan dynamic dimensions as at most this many elements.
  std::optional<int64_t> assumeDim;
  /// Seconds the planner may search per function and memory space.
  double timeLimitSeconds = 1.0;
  /// Report each arena (and what stayed) as a remark.
  bool remarks = false;
};

/// Creates the `memlint-apply-plan` pass (it runs on `builtin.module`).
std::unique_ptr<mlir::Pass>
createApplyPlanPass(ApplyPlanPassOptions options = {});

/// Registers `memlint-apply-plan` with the global pass registry.
void registerApplyPlanPass();

} // namespace memlint

#endif // MEMLINT_PASS_APPLYPLANPASS_H
