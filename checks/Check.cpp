//===- Check.cpp - Base class of all checks -------------------------------===//

#include "checks/Check.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/YAMLParser.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/IR/SymbolTable.h"

#include <tuple>

using namespace mlir;
using namespace memlint;

StringRef memlint::stringifyLevel(Level level) {
  switch (level) {
  case Level::Note:
    return "note";
  case Level::Warning:
    return "warning";
  case Level::Error:
    return "error";
  }
  return "";
}

std::optional<Level> memlint::parseLevel(StringRef text) {
  if (text == "note")
    return Level::Note;
  if (text == "warning")
    return Level::Warning;
  if (text == "error")
    return Level::Error;
  return std::nullopt;
}

bool memlint::operator<(const Finding &lhs, const Finding &rhs) {
  // std::tie: compared in place (make_tuple would copy the strings).
  return std::tie(lhs.location.file, lhs.location.range.line,
                  lhs.location.range.column, lhs.rule, lhs.message) <
         std::tie(rhs.location.file, rhs.location.range.line,
                  rhs.location.range.column, rhs.rule, rhs.message);
}

//===----------------------------------------------------------------------===//
// LintContext
//===----------------------------------------------------------------------===//

LintContext::LintContext(Operation *module, const SourceInfo &source,
                         std::string filePath, const AnalysisOptions &options)
    : module(module), source(source), filePath(std::move(filePath)),
      options(options) {}

std::vector<FunctionOpInterface>
memlint::getCheckedFunctions(Operation *module) {
  std::vector<FunctionOpInterface> functions;
  // Nested functions are analysed with the function that holds them: the
  // walk does not enter functions (nor ops without regions, which cannot
  // hold one).
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module)
      return WalkResult::advance();
    if (op->getNumRegions() == 0)
      return WalkResult::skip();
    auto fn = dyn_cast<FunctionOpInterface>(op);
    if (!fn)
      return WalkResult::advance();
    if (!fn.isExternal())
      functions.push_back(fn);
    return WalkResult::skip();
  });
  return functions;
}

const AliasClasses &FunctionAnalyses::getAliasClasses() {
  if (!classes)
    classes = std::make_unique<AliasClasses>(function);
  return *classes;
}

const FunctionLiveIntervals &
FunctionAnalyses::getLiveIntervals(const LiveIntervalOptions &options) {
  for (auto &[assumeDim, live] : intervals)
    if (assumeDim == options.assumeDim)
      return *live;
  intervals.emplace_back(options.assumeDim,
                         std::make_unique<FunctionLiveIntervals>(
                             function, getAliasClasses(), options));
  return *intervals.back().second;
}

void FunctionCheck::run(const LintContext &context,
                        std::vector<Finding> &findings) {
  for (FunctionOpInterface fn : getCheckedFunctions(context.getModule())) {
    FunctionAnalyses analyses(fn);
    runOnFunction(context, analyses, findings);
  }
}

const LifetimeAnalysis &LintContext::getLifetime() const {
  if (!lifetime)
    lifetime = std::make_unique<LifetimeAnalysis>(module, options,
                                                  std::move(lifetimeIndex));
  return *lifetime;
}

FindingLocation LintContext::locate(Operation *op) const {
  // Without source text, an op may come from another file than the module
  // (inlined code): its own location names it.
  std::string file = source.getFileName(op);
  return {file.empty() ? filePath : std::move(file), source.getRange(op)};
}

std::string LintContext::getFunctionName(Operation *op) const {
  if (auto fn = op->getParentOfType<FunctionOpInterface>())
    return fn.getName().str();
  if (auto fn = dyn_cast<FunctionOpInterface>(op))
    return fn.getName().str();
  return "";
}

static std::string describeBranch(Operation *op, int successor) {
  auto branch = dyn_cast<BranchOpInterface>(op);
  if (branch && op->getNumSuccessors() == 2 && op->getNumOperands() >= 1 &&
      op->getOperand(0).getType().isInteger(1))
    return successor == 0 ? "taking the true branch"
                          : "taking the false branch";
  if (auto switchOp = dyn_cast<cf::SwitchOp>(op)) {
    std::string edge = "taking successor #" + std::to_string(successor);
    auto cases = switchOp.getCaseValues();
    if (successor == 0)
      return edge + " (the default destination)";
    if (cases && successor > 0 && successor <= (int)cases->size())
      return edge + " (case " +
             llvm::toString(cases->getValues<APInt>()[successor - 1], 10,
                            /*Signed=*/true) +
             ")";
    return edge;
  }
  if (branch)
    return "taking successor #" + std::to_string(successor);
  if (op->getNumRegions() == 2 && op->getNumOperands() == 1 &&
      op->getOperand(0).getType().isInteger(1))
    return successor == 0 ? "taking the true branch"
                          : "taking the false branch";
  if (successor < 0)
    return "skipping the regions of '" + op->getName().getStringRef().str() +
           "'";
  return "entering region #" + std::to_string(successor) + " of '" +
         op->getName().getStringRef().str() + "'";
}

std::vector<FindingNote>
LintContext::describeWitness(const LifetimeEvent &event) const {
  std::vector<FindingNote> notes;
  for (const WitnessStep &step : event.witness) {
    std::string message, calleeName;
    if (auto call = dyn_cast<CallOpInterface>(step.op))
      if (auto sym = dyn_cast_or_null<SymbolRefAttr>(
              dyn_cast<SymbolRefAttr>(call.getCallableForCallee())))
        calleeName = sym.getLeafReference().str();
    switch (step.kind) {
    case WitnessStep::Kind::Alloc:
      message = "buffer allocated here";
      break;
    case WitnessStep::Kind::Free:
      message = "buffer deallocated here";
      break;
    case WitnessStep::Kind::Branch:
      message = describeBranch(step.op, step.successor);
      break;
    case WitnessStep::Kind::Iteration:
      if (step.successor)
        message = "entering the loop body (iteration " +
                  std::to_string(step.iteration) + ")";
      else if (step.iteration == 0)
        message = "skipping the loop (no iteration)";
      else
        message = "leaving the loop after " + std::to_string(step.iteration) +
                  (step.iteration == 1 ? " iteration" : " iterations");
      break;
    case WitnessStep::Kind::Call:
      message = calleeName.empty() ? "calling the function"
                                   : "calling '@" + calleeName + "'";
      break;
    case WitnessStep::Kind::Return:
      message = calleeName.empty() ? "returning to the caller"
                                   : "returning from '@" + calleeName + "'";
      break;
    }
    notes.push_back({locate(step.op), std::move(message)});
  }
  return notes;
}

void LintContext::addRelatedNote(std::vector<FindingNote> &notes,
                                 Operation *related,
                                 llvm::StringRef message) const {
  if (!related)
    return;
  FindingLocation at = locate(related);
  bool shown = llvm::any_of(notes, [&](const FindingNote &note) {
    return note.message == message && note.location.file == at.file &&
           note.location.range.line == at.range.line &&
           note.location.range.column == at.range.column;
  });
  if (!shown)
    notes.push_back({std::move(at), message.str()});
}

//===----------------------------------------------------------------------===//
// Check
//===----------------------------------------------------------------------===//

Check::~Check() = default;

std::optional<bool> memlint::parseBoolOption(StringRef value) {
  if (value == "1")
    return true;
  if (value == "0")
    return false;
  return llvm::yaml::parseBool(value);
}

void Check::setBufferSize(Finding &finding, Value buffer) {
  finding.memorySpace = "0";
  if (auto type = dyn_cast<MemRefType>(buffer.getType()))
    finding.memorySpace = getMemorySpaceName(type);
  finding.bytes = getStaticBytes(buffer.getType());
}

bool Check::aggregatesFindings() const {
  std::optional<std::string> value = getOption("Aggregate");
  if (!value)
    return false; // not an option of this check
  return parseBoolOption(*value).value_or(true);
}

Finding Check::makeFinding(const LintContext &context, Operation *op,
                           std::string message, Value subject) const {
  Finding finding;
  finding.rule = name;
  finding.level = level;
  finding.function = context.getFunctionName(op);
  finding.opName = op->getName().getStringRef().str();
  if (subject)
    finding.subject = context.getSource().getName(subject);
  finding.location = context.locate(op);
  finding.message = std::move(message);
  return finding;
}
