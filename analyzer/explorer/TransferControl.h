//===- TransferControl.h - Branches and regions on a path -------*- C++ -*-===//
//-*-===//
//
// Owns: the transfer functions of control flow other than counted loops:
// region ops (RegionBranchOpInterface) and their terminators, cf branches
// and switches (with the `flag == case` atoms), and returns (to the caller
// of an inlined call, or out of the root function).
// Must not touch: what ops do to buffers (MemoryTransfer) or the join
// tables; every successor goes through join().
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRANSFERCONTROL_H
#define MEMLINT_ANALYZER_EXPLORER_TRANSFERCONTROL_H

#include "analyzer/explorer/ExplorerPart.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace memlint::explorer {

/// The transfer functions of branches, regions and returns. Each returns
/// false: the path went on as successors queued by join().
class ControlTransfer : public ExplorerPart {
public:
  explicit ControlTransfer(FunctionExplorer &x) : ExplorerPart(x) {}

  bool stepRegionOp(PathState &s, mlir::RegionBranchOpInterface op);
  bool stepRegionTerminator(PathState &s, mlir::Operation *term);
  bool stepBranch(PathState &s, mlir::Operation *term);
  bool stepReturn(PathState &s, mlir::Operation *term);
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRANSFERCONTROL_H
