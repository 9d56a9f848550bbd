//===- CommandLine.h - Conventions of the command line ---------*- C++ -*-===//
//
// What mlir-memlint's command line shares with mlir-opt and clang-tidy:
// single-dash long options, "did you mean" for a mistyped flag, help text
// wrapped at 80 columns, errors printed as `mlir-memlint: error: ...`.
// Compiled into the tool only (CLI11 throws).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_COMMANDLINE_H
#define MEMLINT_TOOLS_COMMANDLINE_H

#include "llvm/ADT/StringRef.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// Prints `mlir-memlint: error: message`; returns 2 (a usage error).
int usageError(const std::string &message);

/// Parses argv into `app` the way mlir-opt and clang-tidy take options
/// (`-checks=x` is `--checks=x`); prints help (wrapped at 80 columns), the
/// version or the error. Returns the exit code when the run ends here.
std::optional<int> parseCommandLine(CLI::App &app, int argc, char **argv);

/// The options of `app` given on the command line (by their long name, or
/// the positional's name), excluding --help.
std::vector<std::string> givenOptions(const CLI::App &app);

/// `text` with every line longer than `width` wrapped, continuation lines
/// indented to where the line's description starts.
std::string wrapHelp(llvm::StringRef text, unsigned width = 80);

/// The entry of `candidates` closest to `name` by edit distance, if it is
/// close enough to be a likely typo.
std::optional<std::string> closestName(llvm::StringRef name,
                                       const std::set<std::string> &candidates);

} // namespace memlint

#endif // MEMLINT_TOOLS_COMMANDLINE_H
