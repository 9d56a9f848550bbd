//===- DiffFilter.cpp - The lines a unified diff changes ------------------===//
//
// A line-by-line reader of unified diffs. Outside a hunk, only `+++` (the
// new file), `@@` (a hunk) and `diff ` (a new file's header) matter; other
// lines (git's headers, `---`, a mail before a patch) are skipped. Inside a
// hunk, the counts of its header say where it ends, so a deleted line that
// reads `-- x` or an added `++ x` is not taken for a header.
//
//===----------------------------------------------------------------------===//

#include "tools/DiffFilter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

using namespace memlint;

/// `path` in absolute form (relative to `root`, or to the current folder
/// when `root` is empty) without `.` and `..` components.
static std::string normalizePath(llvm::StringRef path, llvm::StringRef root) {
  llvm::SmallString<256> result;
  if (llvm::sys::path::is_absolute(path)) {
    result = path;
  } else {
    result = root;
    if (!llvm::sys::path::is_absolute(result))
      llvm::sys::fs::make_absolute(result);
    llvm::sys::path::append(result, path);
  }
  llvm::sys::path::remove_dots(result, /*remove_dot_dot=*/true);
  return std::string(result);
}

//===----------------------------------------------------------------------===//
// ChangedLines
//===----------------------------------------------------------------------===//

void ChangedLines::add(llvm::StringRef path, LineRange lines,
                       llvm::StringRef root) {
  if (lines.first == 0 || lines.last < lines.first)
    return;
  FileLines &file = files[normalizePath(path, root)];
  if (file.name.empty())
    file.name = path.str();
  std::vector<LineRange> &ranges = file.ranges;
  auto it = std::lower_bound(ranges.begin(), ranges.end(), lines.first,
                             [](const LineRange &range, unsigned first) {
                               return range.first < first;
                             });
  it = ranges.insert(it, lines);
  // Join the new range with the ranges it overlaps or touches.
  auto touches = [](const LineRange &before, const LineRange &after) {
    return uint64_t(before.last) + 1 >= after.first;
  };
  if (it != ranges.begin() && touches(*std::prev(it), *it)) {
    std::prev(it)->last = std::max(std::prev(it)->last, it->last);
    it = std::prev(ranges.erase(it));
  }
  while (std::next(it) != ranges.end() && touches(*it, *std::next(it))) {
    it->last = std::max(it->last, std::next(it)->last);
    ranges.erase(std::next(it));
  }
}

bool ChangedLines::contains(llvm::StringRef path, unsigned line) const {
  return intersects(path, line, line);
}

bool ChangedLines::intersects(llvm::StringRef path, unsigned first,
                              unsigned last) const {
  llvm::ArrayRef<LineRange> ranges = getRanges(path);
  // The first range that does not end before `first`.
  auto it = std::lower_bound(
      ranges.begin(), ranges.end(), first,
      [](const LineRange &range, unsigned line) { return range.last < line; });
  return it != ranges.end() && it->first <= last;
}

bool ChangedLines::containsFile(llvm::StringRef path) const {
  return !getRanges(path).empty();
}

std::vector<std::string> ChangedLines::getFiles() const {
  std::vector<std::string> names;
  for (const auto &entry : files)
    names.push_back(entry.second.name);
  std::sort(names.begin(), names.end());
  return names;
}

llvm::ArrayRef<LineRange> ChangedLines::getRanges(llvm::StringRef path) const {
  auto it = files.find(normalizePath(path, {}));
  if (it == files.end())
    return {};
  return it->second.ranges;
}

//===----------------------------------------------------------------------===//
// Headers
//===----------------------------------------------------------------------===//

static llvm::Error diffError(unsigned line, const llvm::Twine &message) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      ("line " + llvm::Twine(line) + ": " + message).str());
}

/// A path as git quotes it (`"b/caf\303\251.mlir"`), without the quotes;
/// none when the quoting is malformed.
static std::optional<std::string> unquoteGitPath(llvm::StringRef quoted) {
  std::string path;
  for (size_t i = 1; i < quoted.size(); ++i) {
    char c = quoted[i];
    if (c == '"')
      return path;
    if (c != '\\') {
      path += c;
      continue;
    }
    if (++i == quoted.size())
      return std::nullopt;
    c = quoted[i];
    if (c >= '0' && c <= '7') {
      unsigned value = 0, digits = 0;
      for (; digits < 3 && i < quoted.size() && quoted[i] >= '0' &&
             quoted[i] <= '7';
           ++digits, ++i)
        value = value * 8 + (quoted[i] - '0');
      if (digits != 3 || value > 255)
        return std::nullopt;
      --i;
      path += char(value);
      continue;
    }
    switch (c) {
    case 'a':
      path += '\a';
      break;
    case 'b':
      path += '\b';
      break;
    case 'f':
      path += '\f';
      break;
    case 'n':
      path += '\n';
      break;
    case 'r':
      path += '\r';
      break;
    case 't':
      path += '\t';
      break;
    case 'v':
      path += '\v';
      break;
    case '"':
    case '\\':
      path += c;
      break;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The file a `+++ ` line names, with `strip` leading components removed;
/// empty for `/dev/null`.
static llvm::Expected<std::string>
parseNewFileName(llvm::StringRef line, unsigned lineNumber, unsigned strip) {
  llvm::StringRef rest = line.drop_front(4);
  std::string name;
  if (rest.starts_with("\"")) {
    std::optional<std::string> unquoted = unquoteGitPath(rest);
    if (!unquoted)
      return diffError(lineNumber, "malformed quoted file name '" + rest + "'");
    name = std::move(*unquoted);
  } else {
    // `diff -u` writes a time stamp after a tab, git a tab after a name with
    // a space.
    name = rest.split('\t').first.str();
  }
  if (name.empty())
    return diffError(lineNumber, "no file name after '+++'");
  if (name == "/dev/null")
    return std::string();
  llvm::StringRef path = name;
  for (unsigned i = 0; i < strip; ++i) {
    size_t slash = path.find('/');
    if (slash == llvm::StringRef::npos)
      return diffError(lineNumber, "cannot strip " + llvm::Twine(strip) +
                                       " leading component" +
                                       (strip == 1 ? "" : "s") + " from '" +
                                       name + "'");
    path = path.drop_front(slash + 1).ltrim('/');
  }
  if (path.empty())
    return diffError(lineNumber, "no file name left in '" + name +
                                     "' after stripping " + llvm::Twine(strip) +
                                     " components");
  return path.str();
}

namespace {
/// The counts of a hunk header `@@ -a,b +c,d @@`.
struct HunkHeader {
  unsigned oldCount = 1;
  unsigned newStart = 0;
  unsigned newCount = 1;
};
} // namespace

/// Reads `number` or `number,count` from the front of `text`.
static bool consumeRange(llvm::StringRef &text, unsigned &start,
                         unsigned &count) {
  if (text.consumeInteger(10, start))
    return false;
  count = 1;
  if (text.consume_front(","))
    return !text.consumeInteger(10, count);
  return true;
}

static std::optional<HunkHeader> parseHunkHeader(llvm::StringRef line) {
  HunkHeader header;
  unsigned oldStart;
  if (!line.consume_front("@@ -") ||
      !consumeRange(line, oldStart, header.oldCount) ||
      !line.consume_front(" +") ||
      !consumeRange(line, header.newStart, header.newCount) ||
      !line.consume_front(" @@"))
    return std::nullopt;
  // Line numbers must stay representable to the end of the hunk.
  if (uint64_t(header.newStart) + header.newCount >= UINT32_MAX)
    return std::nullopt;
  return header;
}

//===----------------------------------------------------------------------===//
// The diff
//===----------------------------------------------------------------------===//

llvm::Expected<ChangedLines> memlint::parseUnifiedDiff(llvm::StringRef text,
                                                       unsigned stripComponents,
                                                       llvm::StringRef root) {
  ChangedLines changed;
  // The new file of the current header: none before the first `+++`, empty
  // for a deleted file.
  std::optional<std::string> file;
  // The open hunk: where its header is, the lines of each side still to
  // come, and the number of the next line of the new file.
  struct OpenHunk {
    unsigned headerLine;
    unsigned oldLeft, newLeft;
    unsigned newLine;
  };
  std::optional<OpenHunk> hunk;
  // The header line of the hunk that ended on the previous line, if any.
  std::optional<unsigned> endedHunk;
  // Consecutive added lines not yet recorded.
  std::optional<LineRange> run;
  auto flushRun = [&] {
    if (run && file && !file->empty())
      changed.add(*file, *run, root);
    run.reset();
  };

  unsigned lineNumber = 0;
  while (!text.empty()) {
    llvm::StringRef line;
    std::tie(line, text) = text.split('\n');
    ++lineNumber;
    line.consume_back("\r");

    if (hunk) {
      char kind = line.empty() ? ' ' : line.front();
      auto tooMany = [&] {
        return diffError(lineNumber,
                         "more lines than the hunk header at line " +
                             llvm::Twine(hunk->headerLine) + " says");
      };
      switch (kind) {
      case ' ':
        // A context line (an empty one may have lost its space).
        if (hunk->oldLeft == 0 || hunk->newLeft == 0)
          return tooMany();
        --hunk->oldLeft;
        --hunk->newLeft;
        ++hunk->newLine;
        break;
      case '-':
        if (hunk->oldLeft == 0)
          return tooMany();
        --hunk->oldLeft;
        break;
      case '+':
        if (hunk->newLeft == 0)
          return tooMany();
        if (run && run->last + 1 == hunk->newLine) {
          run->last = hunk->newLine;
        } else {
          flushRun();
          run = LineRange{hunk->newLine, hunk->newLine};
        }
        --hunk->newLeft;
        ++hunk->newLine;
        break;
      case '\\':
        // "\ No newline at end of file".
        break;
      default:
        return diffError(lineNumber,
                         "the hunk at line " + llvm::Twine(hunk->headerLine) +
                             " ends early: " + llvm::Twine(hunk->oldLeft) +
                             " old and " + llvm::Twine(hunk->newLeft) +
                             " new lines are missing");
      }
      if (hunk->oldLeft == 0 && hunk->newLeft == 0) {
        flushRun();
        endedHunk = hunk->headerLine;
        hunk.reset();
      }
      continue;
    }

    std::optional<unsigned> previousHunk = endedHunk;
    endedHunk.reset();
    if (line.starts_with("@@@"))
      return diffError(lineNumber, "combined diffs (of merges) are not "
                                   "supported");
    if (line.starts_with("@@")) {
      std::optional<HunkHeader> header = parseHunkHeader(line);
      if (!header)
        return diffError(lineNumber, "malformed hunk header '" + line + "'");
      if (!file)
        return diffError(lineNumber, "a hunk before any '+++' file header");
      if (header->oldCount > 0 || header->newCount > 0)
        hunk = OpenHunk{lineNumber, header->oldCount, header->newCount,
                        header->newStart};
      continue;
    }
    if (line.starts_with("+++ ")) {
      llvm::Expected<std::string> name =
          parseNewFileName(line, lineNumber, stripComponents);
      if (!name)
        return name.takeError();
      file = std::move(*name);
      continue;
    }
    if (line.starts_with("diff ")) {
      // A new file's header: its hunks need their own `+++`.
      file.reset();
      continue;
    }
    if (previousHunk && line.starts_with("+"))
      return diffError(lineNumber, "more lines than the hunk header at line " +
                                       llvm::Twine(*previousHunk) + " says");
  }
  if (hunk)
    return diffError(lineNumber, "the diff ends inside the hunk at line " +
                                     llvm::Twine(hunk->headerLine) + ": " +
                                     llvm::Twine(hunk->oldLeft) + " old and " +
                                     llvm::Twine(hunk->newLeft) +
                                     " new lines are missing");
  return changed;
}
