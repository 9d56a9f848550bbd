//===- Concurrency.cpp - Reading one module on several threads ------------===//

#include "analyzer/Concurrency.h"

#include "mlir/IR/Operation.h"

void memlint::freezeOpOrder(mlir::Operation *root) {
  root->walk([](mlir::Operation *op) {
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        if (!block.isOpOrderValid())
          block.recomputeOpOrder();
  });
}
