//===- DiffFilter.h - The lines a unified diff changes ---------*- C++ -*-===//
//
// `--diff` (DESIGN §7, "Beyond one machine"): a unified diff (`git diff
// -U0`, `git diff` with context, `diff -u`) read into the lines it adds or
// changes in the new version of each file, so that only findings on those
// lines are reported, as clang-tidy-diff does. Lines that are only deleted
// mark nothing. This file owns the parsing and the path matching; it knows
// nothing of findings.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_DIFFFILTER_H
#define MEMLINT_TOOLS_DIFFFILTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace memlint {

/// Lines `first` to `last` of a file, 1-based and inclusive.
struct LineRange {
  unsigned first = 0;
  unsigned last = 0;

  bool operator==(const LineRange &other) const {
    return first == other.first && last == other.last;
  }
};

/// The lines a diff adds or changes, per file of the new version. Paths are
/// compared in absolute form with `.` and `..` removed, so `./a.mlir`,
/// `a.mlir`, `dir/../a.mlir` and `$PWD/a.mlir` name the same file.
class ChangedLines {
public:
  /// True when line `line` of `path` is added or changed. `path` is
  /// absolute or relative to the current folder.
  bool contains(llvm::StringRef path, unsigned line) const;
  /// True when a line from `first` to `last` of `path` is added or changed
  /// (a finding that spans several lines).
  bool intersects(llvm::StringRef path, unsigned first, unsigned last) const;
  /// True when the diff adds or changes a line of `path`.
  bool containsFile(llvm::StringRef path) const;

  /// The files with added or changed lines, as the diff names them after
  /// the prefix is stripped, sorted.
  std::vector<std::string> getFiles() const;
  /// The added or changed lines of `path`: sorted, disjoint, not adjacent;
  /// empty when the diff changes none.
  llvm::ArrayRef<LineRange> getRanges(llvm::StringRef path) const;

  /// Marks lines `first` to `last` of `path` as changed. A relative `path`
  /// is relative to `root` (the current folder when empty).
  void add(llvm::StringRef path, LineRange lines, llvm::StringRef root = {});

private:
  struct FileLines {
    /// The path as the diff names it.
    std::string name;
    std::vector<LineRange> ranges;
  };
  /// By absolute path without `.` and `..`.
  std::map<std::string, FileLines> files;
};

/// Reads a unified diff. The new file of each `+++` header names the file
/// (`/dev/null`: a deleted file, nothing marked); `stripComponents` leading
/// components are removed from it, as `patch -p` and clang-tidy-diff's `-p`
/// do (1 for git's `a/` and `b/`). Relative names are relative to `root`
/// (the current folder when empty). Header lines of git (`diff --git`,
/// `index`, renames, modes, binary files), `\ No newline at end of file`,
/// text before the first file and CRLF line ends are accepted; so are
/// paths that git quotes and the time stamps `diff -u` writes after a tab.
///
/// Fails, naming the line of the diff, on a malformed hunk header, a hunk
/// whose lines do not match its header's counts, a hunk before any `+++`
/// header, a name with fewer components than `stripComponents`, and a
/// combined diff (`@@@`, from merges), which is not supported.
llvm::Expected<ChangedLines> parseUnifiedDiff(llvm::StringRef text,
                                              unsigned stripComponents = 1,
                                              llvm::StringRef root = {});

} // namespace memlint

#endif // MEMLINT_TOOLS_DIFFFILTER_H
