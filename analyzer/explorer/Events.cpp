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

bool EventRecorder::extractWitness(const PathState &s, LifetimeEvent &event,
                                   Operation *site) {
  WitnessSubject subject{site, event.op, event.relatedOp, event.buffer,
                         event.alias};
  bool crossedMerge;
  event.witness = witnesses.build(s.trace.get(), subject, crossedMerge,
                                  event.pathBranches);
  return crossedMerge;
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
    // The exact path's own witness, with the earlier free or the lost
    // reference it shows.
    if (extractWitness(s, event, site))
      return;
    LifetimeEvent &known = setup.events[it->second];
    known.witness = std::move(event.witness);
    known.pathBranches = std::move(event.pathBranches);
    known.relatedOp = event.relatedOp;
    witnessesToRefine.erase(it->second);
    return;
  }
  auto [it, inserted] = setup.eventIds.try_emplace(key, setup.events.size());
  if (inserted) {
    if (extractWitness(s, event, site))
      approximateWitnesses.insert(it->second);
    event.rootFunction = setup.root;
    setup.events.push_back(std::move(event));
  }
  if (localEventSet.insert(it->second).second)
    localEvents.push_back(it->second);
  s.addHit(it->second);
}
