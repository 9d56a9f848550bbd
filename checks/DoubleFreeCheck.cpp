//===- DoubleFreeCheck.cpp - lifetime-double-free -------------------------===//
//
// A dealloc of a buffer, through any alias, that is already freed on some
// path. Reported at the second dealloc; the first one is a note.
//
//===----------------------------------------------------------------------===//

#include "checks/DoubleFreeCheck.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixes.h"

using namespace memlint;

void DoubleFreeCheck::run(const LintContext &context,
                          std::vector<Finding> &findings) {
  for (const LifetimeEvent &event : context.getLifetime().getEvents()) {
    if (event.kind != LifetimeEventKind::DoubleFree)
      continue;
    std::string message = "buffer " + quoteBuffer(context, event.buffer) +
                          " is freed twice " +
                          describePaths(event.allPaths).str();
    if (event.alias && event.alias != event.buffer)
      message += " (through alias " + quoteBuffer(context, event.alias) + ")";
    Finding finding = makeFinding(context, event.op, std::move(message), event.buffer);
    finding.allPaths = event.allPaths;
    if (event.relatedOp)
      finding.cause = context.locate(event.relatedOp);
    finding.notes = context.describeWitness(event);
    if (context.wantsFixes())
      finding.fixes = getDoubleFreeFixes(context, event);
    context.addRelatedNote(finding.notes, event.relatedOp,
                           "buffer deallocated here");
    // The path ends at the bug, as the Clang Static Analyzer's does.
    finding.notes.push_back(
        {context.locate(event.op), "buffer freed again"});
    findings.push_back(std::move(finding));
  }
}
