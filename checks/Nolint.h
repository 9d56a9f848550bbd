//===- Nolint.h - NOLINT comments in the source ----------------*- C++ -*-===//
//
// Suppressions written in the linted file, as in clang-tidy:
//   // NOLINT                     every finding on this line
//   // NOLINT(glob,...)           findings of matching rules on this line
//   // NOLINTNEXTLINE(glob,...)   ... on the next line
//   // NOLINTBEGIN(glob,...)      ... on every line up to the matching
//   // NOLINTEND(glob,...)        NOLINTEND with the same list
// Without a list, every rule matches. A suppression applies to a finding's
// primary line. A NOLINTBEGIN without its NOLINTEND suppresses nothing; it,
// and a NOLINTEND without a NOLINTBEGIN, are problems reported by the check
// `memlint-nolint`.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_NOLINT_H
#define MEMLINT_CHECKS_NOLINT_H

#include "analyzer/SourceInfo.h"
#include "checks/CheckRegistry.h"
#include "checks/Finding.h"

#include <optional>

#include <string>
#include <vector>

namespace memlint {

/// The NOLINT comments of one text and the lines they suppress.
class NolintSuppressions {
public:
  /// A misplaced or malformed NOLINT comment.
  struct Problem {
    SourceRange range;
    std::string message;
  };

  /// Parses the NOLINT comments of `text` (comments start with `//` outside
  /// string literals).
  explicit NolintSuppressions(llvm::StringRef text);

  /// True when a finding of `rule` whose primary location is on `line`
  /// (1-based) is suppressed.
  bool isSuppressed(llvm::StringRef rule, unsigned line) const;
  /// The problems, in source order.
  llvm::ArrayRef<Problem> getProblems() const { return problems; }

private:
  /// Lines [firstLine, lastLine] where rules matching `checks` are silent.
  struct Scope {
    unsigned firstLine, lastLine;
    GlobList checks;
  };
  std::vector<Scope> scopes;
  std::vector<Problem> problems;
};

/// The edit that silences `rule` on 1-based `line` of `text` (the code
/// action "suppress with NOLINT"): ` NOLINT(rule)` at the end of a line
/// that has a comment, `  // NOLINT(rule)` at the end of one that has none,
/// or a `// NOLINTNEXTLINE(rule)` line above it when the first does not
/// suppress the finding once applied (checked by parsing the result).
/// nullopt when neither does.
std::optional<FixEdit> getSuppressionEdit(llvm::StringRef text, unsigned line,
                                          llvm::StringRef rule);

} // namespace memlint

#endif // MEMLINT_CHECKS_NOLINT_H
