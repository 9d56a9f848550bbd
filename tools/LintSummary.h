//===- LintSummary.h - The lines that sum up a lint run ---------*- C++ -*-===//
//
// The text a run prints about itself on standard error (LintCommand.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_LINTSUMMARY_H
#define MEMLINT_TOOLS_LINTSUMMARY_H

#include "tools/FixApplier.h"
#include "tools/LintDriver.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Prints the figures of one file (--stats).
void printStats(llvm::raw_ostream &os, const FileStatus &status,
                size_t findings);

/// Prints the line of a file --fix wrote (`path`): the fix-its applied, the
/// findings left by level, and why validation or the rounds stopped when
/// they did.
void printFixOutcome(llvm::raw_ostream &errs, llvm::StringRef path,
                     const FixOutcome &outcome);

/// The last line of a text run: `3 errors and 5 warnings in 12 files; 2
/// files not parsed`. `missing` inputs were not found, `unchanged` findings
/// are in the baseline (nothing without one).
std::string summarize(const std::vector<Finding> &shown,
                      const std::vector<FileStatus> &statuses, size_t missing,
                      size_t suppressed, std::optional<size_t> unchanged);

} // namespace memlint

#endif // MEMLINT_TOOLS_LINTSUMMARY_H
