//===- Baseline.cpp - Findings accepted by an earlier SARIF log -----------===//

#include "tools/Baseline.h"

#include "reporters/Fingerprints.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace memlint;

static llvm::Error baselineError(llvm::StringRef source,
                                 const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (source + ": error: " + message).str());
}

llvm::Expected<Baseline> Baseline::load(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return baselineError(path, "cannot read the baseline: " +
                                   buffer.getError().message());
  return parse((*buffer)->getBuffer(), path);
}

/// The deepest nesting of arrays and objects in JSON `text` (strings
/// skipped), found without recursion: llvm::json::parse recurses once per
/// level and would overflow the stack on a hostile file.
static size_t getJsonNesting(llvm::StringRef text) {
  size_t depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth)
      --depth;
  }
  return deepest;
}

/// SARIF logs nest a few levels; more than this is not a log.
static constexpr size_t kMaxBaselineNesting = 512;

llvm::Expected<Baseline> Baseline::parse(llvm::StringRef text,
                                         llvm::StringRef source) {
  if (size_t depth = getJsonNesting(text); depth > kMaxBaselineNesting)
    return baselineError(source, "the baseline nests " +
                                     std::to_string(depth) +
                                     " levels deep; the limit is " +
                                     std::to_string(kMaxBaselineNesting));
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value)
    return baselineError(source, "the baseline is not JSON: " +
                                     llvm::toString(value.takeError()));
  const llvm::json::Object *log = value->getAsObject();
  const llvm::json::Array *runs = log ? log->getArray("runs") : nullptr;
  if (!runs || log->getString("version") != "2.1.0")
    return baselineError(source, "the baseline is not a SARIF 2.1.0 log");
  Baseline baseline;
  for (const llvm::json::Value &run : *runs) {
    const llvm::json::Object *runObject = run.getAsObject();
    const llvm::json::Array *results =
        runObject ? runObject->getArray("results") : nullptr;
    if (!results)
      continue;
    for (const llvm::json::Value &result : *results) {
      const llvm::json::Object *object = result.getAsObject();
      if (!object)
        continue;
      // Suppressed results (--sarif-include-suppressed) are not accepted
      // findings.
      if (const llvm::json::Array *suppressions =
              object->getArray("suppressions"))
        if (!suppressions->empty())
          continue;
      std::optional<llvm::StringRef> rule = object->getString("ruleId");
      const llvm::json::Object *prints =
          object->getObject("partialFingerprints");
      std::optional<llvm::StringRef> print =
          prints ? prints->getString(kSemanticFingerprintKey) : std::nullopt;
      if (!rule || !print)
        return baselineError(source,
                             "a result has no ruleId or no '" +
                                 kSemanticFingerprintKey +
                                 "' fingerprint; write baselines with "
                                 "mlir-memlint --write-baseline");
      ++baseline.entries[{rule->str(), print->str()}];
    }
  }
  return baseline;
}

size_t Baseline::classify(std::vector<ReportedFinding> &findings) const {
  std::map<std::pair<std::string, std::string>, size_t> remaining = entries;
  for (ReportedFinding &item : findings) {
    if (item.suppressed)
      continue;
    auto it = remaining.find({item.finding.rule, item.fingerprint});
    if (it != remaining.end() && it->second > 0) {
      --it->second;
      item.baselineState = BaselineState::Unchanged;
    } else {
      item.baselineState = BaselineState::New;
    }
  }
  size_t gone = 0;
  for (const auto &[key, count] : remaining)
    gone += count;
  return gone;
}

size_t Baseline::size() const {
  size_t total = 0;
  for (const auto &[key, count] : entries)
    total += count;
  return total;
}
