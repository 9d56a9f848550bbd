//===- LeakCheck.cpp - lifetime-leak ---------------------------------------===//
//
// A buffer neither freed nor escaped on some path to function exit, or whose
// last reference is lost (the end of the loop iteration that allocated it).
// Reported at the allocation; the point where it leaks is a note.
//
//===----------------------------------------------------------------------===//

#include "checks/LeakCheck.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixes.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace memlint;

void LeakCheck::run(const LintContext &context, std::vector<Finding> &findings) {
  for (const LifetimeEvent &event : context.getLifetime().getEvents()) {
    if (event.kind != LifetimeEventKind::Leak)
      continue;
    bool viaCall = event.buffer && event.buffer.getDefiningOp() != event.op;
    std::string message =
        viaCall ? "buffer returned by this call is leaked " +
                      describePaths(event.allPaths).str() +
                      " (allocated as " + quoteBuffer(context, event.buffer) +
                      " in the callee)"
                : "buffer " + quoteBuffer(context, event.buffer) +
                      " is leaked " + describePaths(event.allPaths).str();
    Finding finding = makeFinding(context, event.op, std::move(message), event.buffer);
    finding.allPaths = event.allPaths;
    finding.notes = context.describeWitness(event);
    if (context.wantsFixes())
      finding.fixes = getLeakFixes(context, event);
    if (event.relatedOp) {
      bool atExit = event.relatedOp->hasTrait<OpTrait::ReturnLike>() &&
                    event.relatedOp->getParentOp() ==
                        event.rootFunction;
      finding.notes.push_back(
          {context.locate(event.relatedOp),
           atExit ? "buffer leaks at function exit"
                  : "last reference to the buffer is lost here"});
    }
    findings.push_back(std::move(finding));
  }
}
