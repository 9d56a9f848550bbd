//===- ApplyPlanPass.cpp - memlint-apply-plan: memory plans in the IR -----===//

#include "pass/ApplyPlanPass.h"

#include "analyzer/ArenaRewrite.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

/// Applies `group` to the IR: the arena, a view per slot (with a run-time
/// check of each dynamic size planned at the bound), the deallocs gone, the
/// arena's dealloc where the last buffer died.
static void applyGroup(const ArenaGroup &group) {
  Operation *first = group.slots.front().alloc;
  Location loc = first->getLoc();
  OpBuilder builder(group.allocBefore);
  auto arenaType =
      MemRefType::get({group.size}, builder.getI8Type(),
                      MemRefLayoutAttrInterface(), group.memorySpace);
  auto arena = memref::AllocOp::create(
      builder, loc, arenaType, ValueRange(),
      builder.getI64IntegerAttr(group.alignment));

  for (const ArenaSlot &slot : group.slots) {
    auto alloc = cast<memref::AllocOp>(slot.alloc);
    builder.setInsertionPoint(alloc);
    Location at = alloc.getLoc();
    for (Value size : alloc.getDynamicSizes()) {
      Value bound = arith::ConstantIndexOp::create(builder, at, *group.assumeDim);
      Value fits = arith::CmpIOp::create(builder, at, arith::CmpIPredicate::ule,
                                         size, bound);
      cf::AssertOp::create(builder, at, fits,
                           "a dynamic dimension exceeds the assume-dim bound "
                           "of the memory plan");
    }
    Value offset = arith::ConstantIndexOp::create(builder, at, slot.offset);
    auto view = memref::ViewOp::create(builder, at, alloc.getType(), arena,
                                       offset, alloc.getDynamicSizes());
    alloc.getResult().replaceAllUsesWith(view.getResult());
    alloc.erase();
  }
  for (Operation *dealloc : group.deallocs)
    dealloc->erase();
  if (group.deallocAfter) {
    builder.setInsertionPointAfter(group.deallocAfter);
    memref::DeallocOp::create(builder, group.deallocAfter->getLoc(), arena);
  }
  for (Operation *terminator : group.deallocBefore) {
    builder.setInsertionPoint(terminator);
    memref::DeallocOp::create(builder, terminator->getLoc(), arena);
  }
}

namespace {
class ApplyPlanPass
    : public PassWrapper<ApplyPlanPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApplyPlanPass)

  ApplyPlanPass() = default;
  ApplyPlanPass(const ApplyPlanPass &other) : PassWrapper(other) {}
  explicit ApplyPlanPass(const ApplyPlanPassOptions &options) {
    assumeDim = options.assumeDim.value_or(0);
    timeLimit = options.timeLimitSeconds;
    remarks = options.remarks;
  }

  StringRef getArgument() const override { return "memlint-apply-plan"; }
  StringRef getDescription() const override {
    return "Apply mlir-memlint's memory plans: in each function and memory "
           "space, the planned memref.allocs become views of one arena at "
           "their planned offsets (as mlir-memlint plan --rewrite)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                    memref::MemRefDialect>();
  }

  LogicalResult initialize(MLIRContext *context) override {
    if (assumeDim < 0)
      return emitError(UnknownLoc::get(context))
             << "memlint-apply-plan: 'assume-dim' must be a positive bound "
                "(or 0: dynamic sizes are not planned), not "
             << int64_t(assumeDim);
    if (!(timeLimit >= 0))
      return emitError(UnknownLoc::get(context))
             << "memlint-apply-plan: 'time-limit' must be at least 0 seconds";
    return success();
  }

  void runOnOperation() override {
    ArenaRewriteOptions options;
    if (assumeDim > 0)
      options.live.assumeDim = int64_t(assumeDim);
    options.plan.timeLimitSeconds = timeLimit;
    std::vector<FunctionOpInterface> functions;
    getOperation()->walk([&](FunctionOpInterface fn) {
      if (!fn.isExternal() && !fn->getParentOfType<FunctionOpInterface>())
        functions.push_back(fn);
    });
    bool changed = false;
    for (FunctionOpInterface fn : functions) {
      FunctionArenaRewrite rewrite;
      std::string error;
      if (!planFunctionArenas(fn, options, rewrite, error)) {
        fn.emitError() << "memlint-apply-plan: internal error: invalid plan: "
                       << error;
        return signalPassFailure();
      }
      if (remarks)
        report(fn, rewrite);
      for (const ArenaGroup &group : rewrite.groups) {
        applyGroup(group);
        changed = true;
      }
    }
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  /// The remarks of `rewrite` (before it is applied: the kept allocations
  /// are still there).
  void report(FunctionOpInterface fn, const FunctionArenaRewrite &rewrite) {
    auto keep = [](const KeptBuffer &kept) {
      emitRemark(kept.alloc->getLoc())
          << "memlint-apply-plan: kept: " << kept.reason;
    };
    for (const ArenaGroup &group : rewrite.groups) {
      emitRemark(fn.getLoc())
          << "memlint-apply-plan: @" << fn.getName() << ", memory space "
          << group.space << ": " << group.slots.size()
          << " buffers into one arena of " << group.size
          << " bytes (lower bound " << group.lowerBound
          << ", peak as written " << group.writtenPeak << ")";
      llvm::for_each(group.kept, keep);
    }
    llvm::for_each(rewrite.kept, keep);
  }

  Option<int64_t> assumeDim{
      *this, "assume-dim",
      llvm::cl::desc("Plan dynamically shaped buffers with every dynamic "
                     "dimension at most N elements, checked at run time by "
                     "cf.assert (0: not planned)"),
      llvm::cl::init(0)};
  Option<double> timeLimit{
      *this, "time-limit",
      llvm::cl::desc("Seconds the planner may search for a smaller arena per "
                     "function and memory space"),
      llvm::cl::init(1.0)};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Report each arena, and each buffer that stays with why, "
                     "as a remark"),
      llvm::cl::init(false)};
};
} // namespace

std::unique_ptr<Pass> memlint::createApplyPlanPass(ApplyPlanPassOptions options) {
  return std::make_unique<ApplyPlanPass>(options);
}

void memlint::registerApplyPlanPass() { PassRegistration<ApplyPlanPass>(); }
