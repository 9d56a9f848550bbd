//===- CheckRegistry.h - The list of checks and how to select them -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_CHECKREGISTRY_H
#define MEMLINT_CHECKS_CHECKREGISTRY_H

#include "checks/Check.h"

#include "llvm/Support/GlobPattern.h"

#include <functional>
#include <map>
#include <memory>

namespace memlint {

/// One option of a check (`CheckOptions: {rule-id.Name: value}`).
struct CheckOptionInfo {
  llvm::StringRef name;
  /// The value when the configuration does not set it.
  llvm::StringRef defaultValue;
  /// "bool" (true/false, 1/0); the only kind so far.
  llvm::StringRef kind;
  /// One line: what it changes.
  llvm::StringRef summary;
};

/// Static facts about one check.
struct CheckInfo {
  llvm::StringRef name;
  Level level;
  /// One line: what the check finds.
  llvm::StringRef summary;
  /// Tags for SARIF and --list-checks ("correctness", "performance", ...).
  llvm::StringRef tags;
  /// How often a finding is a true positive, in GitHub's SARIF terms:
  /// "very-high", "high", "medium" or "low".
  llvm::StringRef precision;
  std::function<std::unique_ptr<Check>()> create;
  /// Its options, if any.
  llvm::ArrayRef<CheckOptionInfo> options = {};
};

/// Every registered check, sorted by name.
llvm::ArrayRef<CheckInfo> getRegisteredChecks();
/// The check with this name, if any.
const CheckInfo *lookupCheck(llvm::StringRef name);
/// The documentation page docs/checks/<name>.md, embedded at build time.
llvm::StringRef getCheckDocumentation(llvm::StringRef name);

/// A clang-tidy style list of globs ("-*,lifetime-*"): comma-separated, a
/// leading '-' removes, the last glob that matches a name decides.
class GlobList {
public:
  explicit GlobList(llvm::StringRef globs);
  bool contains(llvm::StringRef name) const;
  /// The first malformed glob, if any.
  std::optional<std::string> getError() const { return error; }
  /// The globs (as written, without their '-') that match none of `names`.
  std::vector<std::string>
  getUnmatchedGlobs(llvm::ArrayRef<llvm::StringRef> names) const;

private:
  struct Item {
    bool positive;
    /// The glob's text: a GlobPattern refers to it, so it lives on the heap
    /// and stays put when the list is copied or moved.
    std::shared_ptr<const std::string> text;
    llvm::GlobPattern pattern;
  };
  std::vector<Item> items;
  std::optional<std::string> error;
};

/// The registered check whose name is closest to `text` (a mistyped rule
/// id or glob), when one is close enough to suggest.
std::optional<llvm::StringRef> suggestCheck(llvm::StringRef text);

/// The candidate closest to `name` by edit distance, when it is close enough
/// to be a typo of it (a third of the name at most): the "did you mean" of
/// rule ids, flags, config keys and memory spaces.
std::optional<llvm::StringRef>
findClosestName(llvm::StringRef name, llvm::ArrayRef<llvm::StringRef> candidates);

/// What is wrong with a check selection, as clang-tidy reports it: a glob
/// that matches no check is a warning (with the closest rule id); a
/// selection that enables no check is an error, since a gate with nothing
/// to check would pass silently.
struct SelectionDiagnosis {
  std::vector<std::string> warnings;
  bool enablesNothing = false;
};
SelectionDiagnosis diagnoseSelection(llvm::StringRef globs);

/// What is wrong with the check option `key` (`rule-id.Name`) set to
/// `value`: an error (the key names no check, or the value is not of the
/// option's kind) or a warning (the check has no such option; with the
/// closest name). Empty when it is fine.
struct CheckOptionDiagnosis {
  std::string error, warning;
};
CheckOptionDiagnosis diagnoseCheckOption(llvm::StringRef key,
                                         llvm::StringRef value);

/// Instantiates the checks enabled by `checks`, with their options: the
/// defaults of their registration, then those of `options` (keys
/// `rule-id.Name`, validated with diagnoseCheckOption; others are ignored).
std::vector<std::unique_ptr<Check>>
createChecks(const GlobList &checks,
             const std::map<std::string, std::string> &options = {});

/// Runs `checks` on one module and returns their findings, sorted.
std::vector<Finding> runChecks(const LintContext &context,
                               llvm::ArrayRef<std::unique_ptr<Check>> checks);

} // namespace memlint

#endif // MEMLINT_CHECKS_CHECKREGISTRY_H
