//===- Worklist.cpp - The paths waiting to run ----------------------------===//
//
// Owns: the order in which waiting paths run, and their slots (see
// Worklist.h). Must not touch: the states it holds, beyond moving them.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Worklist.h"
#include "analyzer/explorer/FunctionExplorer.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

void PathWorklist::push(PathState &&s, std::optional<Shape> shape) {
  uint32_t slot;
  uint32_t bytes = s.approximateBytes();
  if (!freeSlots.empty()) {
    slot = freeSlots.back();
    freeSlots.pop_back();
    slots[slot] = std::move(s);
    slotShapes[slot] = shape;
    slotBytes[slot] = bytes;
  } else {
    slot = slots.size();
    slots.push_back(std::move(s));
    slotShapes.push_back(shape);
    slotBytes.push_back(bytes);
  }
  waitingBytes += bytes;
  // The waiting paths are most of the memory, and one op can queue many.
  if (options.maxBytesPerFunction && waitingBytes > options.maxBytesPerFunction)
    x.budget.overResourceBounds(slots[slot].pc);
  if (shape)
    waitingByShape[*shape] = slot;
  QueueEntry entry;
  entry.seq = nextSeq++;
  entry.slot = slot;
  if (options.mergeBooleanStates) {
    const PathState &state = slots[slot];
    for (Operation *call : state.callStack)
      entry.key.push_back(ctx.position(call));
    entry.key.push_back(ctx.position(state.pc));
  }
  queue.push_back(std::move(entry));
  // A max-heap on priority: the smallest key, then the newest path.
  std::push_heap(queue.begin(), queue.end(), queueLess);
}

PathState PathWorklist::pop() {
  std::pop_heap(queue.begin(), queue.end(), queueLess);
  uint32_t slot = queue.back().slot;
  queue.pop_back();
  if (auto &shape = slotShapes[slot]) {
    auto it = waitingByShape.find(*shape);
    if (it != waitingByShape.end() && it->second == slot)
      waitingByShape.erase(it);
    shape.reset();
  }
  freeSlots.push_back(slot);
  waitingBytes -= slotBytes[slot];
  ++paths;
  return std::move(slots[slot]);
}

std::optional<uint32_t> PathWorklist::findWaiting(const Shape &shape) const {
  auto it = waitingByShape.find(shape);
  if (it == waitingByShape.end())
    return std::nullopt;
  return it->second;
}

void PathWorklist::reshape(uint32_t slot, const Shape &from, const Shape &to) {
  waitingByShape.erase(from);
  slotShapes[slot] = to;
  waitingByShape[to] = slot;
}

uint64_t PathWorklist::estimateBytes() const {
  constexpr uint64_t kNode = 48;
  return waitingBytes + slots.capacity() * sizeof(PathState) +
         queue.capacity() * sizeof(QueueEntry) +
         waitingByShape.size() * (kNode + 20);
}
