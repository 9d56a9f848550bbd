//===- UseAfterFreeCheck.cpp - lifetime-use-after-free --------------------===//
//
// A read or write through any alias, a call argument or a return of a buffer
// already freed on some path. Creating a view of a freed buffer is not a use;
// the access through it is.
//
//===----------------------------------------------------------------------===//

#include "checks/UseAfterFreeCheck.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixes.h"

using namespace memlint;

static llvm::StringRef describeUse(UseKind use) {
  switch (use) {
  case UseKind::Read:
    return "read";
  case UseKind::Write:
    return "written";
  case UseKind::CallArgument:
    return "passed to a call";
  case UseKind::Return:
    return "returned";
  }
  return "used";
}

void UseAfterFreeCheck::run(const LintContext &context,
                            std::vector<Finding> &findings) {
  for (const LifetimeEvent &event : context.getLifetime().getEvents()) {
    if (event.kind != LifetimeEventKind::UseAfterFree)
      continue;
    std::string message = "buffer " + quoteBuffer(context, event.buffer) +
                          " is " + describeUse(event.use).str() +
                          " after it was freed " +
                          describePaths(event.allPaths).str();
    if (event.alias && event.alias != event.buffer)
      message += " (through alias " + quoteBuffer(context, event.alias) + ")";
    Finding finding = makeFinding(context, event.op, std::move(message), event.buffer);
    finding.allPaths = event.allPaths;
    if (event.relatedOp)
      finding.cause = context.locate(event.relatedOp);
    finding.notes = context.describeWitness(event);
    if (context.wantsFixes())
      finding.fixes = getUseAfterFreeFixes(context, event);
    context.addRelatedNote(finding.notes, event.relatedOp,
                           "buffer deallocated here");
    // The path ends at the bug, as the Clang Static Analyzer's does.
    finding.notes.push_back({context.locate(event.op),
                             "buffer " + describeUse(event.use).str() +
                                 " after it was freed"});
    findings.push_back(std::move(finding));
  }
}
