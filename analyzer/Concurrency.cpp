//===- Concurrency.cpp - Reading one module on several threads ------------===//

#include "analyzer/Concurrency.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Threading.h"

#include <vector>

/// Renumbers the blocks of `op`'s regions when their order is stale.
static void freezeRegions(mlir::Operation *op) {
  for (mlir::Region &region : op->getRegions())
    for (mlir::Block &block : region)
      if (!block.isOpOrderValid())
        block.recomputeOpOrder();
}

void memlint::freezeOpOrder(mlir::Operation *root) {
  // The blocks of `root`, then the subtree of each op in them on the
  // context's threads: a block belongs to one subtree.
  freezeRegions(root);
  std::vector<mlir::Operation *> tops;
  for (mlir::Region &region : root->getRegions())
    for (mlir::Block &block : region)
      for (mlir::Operation &op : block)
        if (op.getNumRegions())
          tops.push_back(&op);
  mlir::parallelForEach(root->getContext(), tops, [](mlir::Operation *top) {
    top->walk([](mlir::Operation *op) {
      if (op->getNumRegions())
        freezeRegions(op);
    });
  });
}
