//===- InvalidFreeCheck.cpp - lifetime-invalid-free -----------------------===//
//
// A dealloc of memory the function does not own (stack, global, argument,
// memory from bufferization.to_buffer, an interior view) or through the wrong
// deallocator family (gpu.alloc freed by memref.dealloc and the reverse).
//
//===----------------------------------------------------------------------===//

#include "checks/InvalidFreeCheck.h"
#include "analyzer/MemoryModel.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixes.h"

using namespace memlint;

void InvalidFreeCheck::run(const LintContext &context,
                           std::vector<Finding> &findings) {
  for (const LifetimeEvent &event : context.getLifetime().getEvents()) {
    if (event.kind != LifetimeEventKind::InvalidFree)
      continue;
    std::string freed = quoteBuffer(context, event.alias ? event.alias
                                                         : event.buffer);
    std::string message;
    std::string related;
    switch (event.reason) {
    case InvalidFreeReason::Stack:
      message = "freeing " + freed + ", a stack buffer from memref.alloca";
      related = "stack buffer allocated here";
      break;
    case InvalidFreeReason::Global:
      message = "freeing " + freed + ", a global from memref.get_global";
      related = "global taken here";
      break;
    case InvalidFreeReason::Argument:
      message = "freeing function argument " + freed +
                ", which the function does not own";
      break;
    case InvalidFreeReason::NotOwned:
      message = "freeing " + freed +
                ", memory the function does not own (from " +
                (event.relatedOp
                     ? event.relatedOp->getName().getStringRef().str()
                     : std::string("outside")) +
                ")";
      related = "memory obtained here";
      break;
    case InvalidFreeReason::InteriorView:
      message = "freeing " + freed + ", an interior view of buffer " +
                quoteBuffer(context, event.buffer) +
                "; free the buffer itself";
      related = "buffer allocated here";
      break;
    case InvalidFreeReason::MismatchedDeallocator:
      message = "buffer " + quoteBuffer(context, event.buffer) +
                " allocated by " + getAllocatorName(event.allocFamily).str() +
                " is freed by " + getDeallocatorName(event.freeFamily).str();
      related = "buffer allocated here";
      break;
    case InvalidFreeReason::None:
      continue;
    }
    Finding finding = makeFinding(context, event.op, std::move(message),
                                  event.alias ? event.alias : event.buffer);
    finding.allPaths = event.allPaths;
    if (event.relatedOp && !related.empty())
      finding.notes.push_back({context.locate(event.relatedOp), related});
    if (context.wantsFixes())
      finding.fixes = getInvalidFreeFixes(context, event);
    findings.push_back(std::move(finding));
  }
}
