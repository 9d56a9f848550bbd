//===- Events.cpp - Findings and their witnesses --------------------------===//
//
// Owns: EventRecorder (see Events.h).
// Must not touch: path states beyond their hits.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Events.h"
#include "analyzer/explorer/FunctionExplorer.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

std::vector<WitnessStep>
EventRecorder::extractWitness(const PathState &s, Operation *site,
                              Operation *bugOp, bool &crossedMerge) const {
  crossedMerge = false;
  std::vector<WitnessStep> steps;
  constexpr size_t kMaxSteps = 48;
  // Keep the decisions of the function the bug is in (and the calls into
  // it), once each: the most recent time a branch was taken.
  Operation *bugFunction = bugOp->getParentOfType<FunctionOpInterface>();
  auto keep = [&](const TraceStep *t) {
    if (t->op->getParentOfType<FunctionOpInterface>() != bugFunction &&
        t->kind != TraceStep::Kind::Alloc && t->kind != TraceStep::Kind::Free)
      return false;
    return llvm::none_of(steps, [&](const WitnessStep &w) {
      return w.op == t->op && w.successor == t->successor;
    });
  };
  for (const TraceStep *t = s.trace.get(); t; t = t->prev.get()) {
    bool stop = false;
    if (t->kind == TraceStep::Kind::Merge) {
      crossedMerge = true;
      continue;
    }
    if (!keep(t))
      continue;
    switch (t->kind) {
    case TraceStep::Kind::Alloc:
      if (site && t->site == site) {
        steps.push_back({WitnessStep::Kind::Alloc, t->op, 0});
        stop = true;
      }
      break;
    case TraceStep::Kind::Free:
      if (site && t->site == site)
        steps.push_back({WitnessStep::Kind::Free, t->op, 0});
      break;
    case TraceStep::Kind::Branch:
      steps.push_back({WitnessStep::Kind::Branch, t->op, t->successor});
      break;
    case TraceStep::Kind::Iteration:
      steps.push_back({WitnessStep::Kind::Iteration, t->op, t->successor});
      break;
    case TraceStep::Kind::Call:
      steps.push_back({WitnessStep::Kind::Call, t->op, 0});
      break;
    case TraceStep::Kind::Return:
      steps.push_back({WitnessStep::Kind::Return, t->op, 0});
      break;
    case TraceStep::Kind::Merge:
      break;
    }
    if (stop || steps.size() >= kMaxSteps)
      break;
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

void EventRecorder::report(PathState &s, LifetimeEvent event,
                           uint32_t bufferId) {
  if (setup.summaryOut)
    return;
  Operation *site =
      bufferId < s.buffers.size() ? s.buffers[bufferId].site : nullptr;
  EventKey key{event.kind, event.op};
  if (witnessSearch) {
    // Witness search: only exact witnesses of known events.
    auto it = setup.eventIds.find(key);
    if (it == setup.eventIds.end() || !witnessesToRefine.contains(it->second))
      return;
    bool crossedMerge;
    auto witness = extractWitness(s, site, event.op, crossedMerge);
    if (crossedMerge)
      return;
    setup.events[it->second].witness = std::move(witness);
    witnessesToRefine.erase(it->second);
    return;
  }
  auto [it, inserted] = setup.eventIds.try_emplace(key, setup.events.size());
  if (inserted) {
    bool crossedMerge;
    event.witness = extractWitness(s, site, event.op, crossedMerge);
    if (crossedMerge)
      approximateWitnesses.insert(it->second);
    event.rootFunction = setup.root;
    setup.events.push_back(std::move(event));
  }
  if (localEventSet.insert(it->second).second)
    localEvents.push_back(it->second);
  s.addHit(it->second);
}
