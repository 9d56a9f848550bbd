//===- FixesReporter.cpp - Fix-its as YAML replacements and diffs ----------===//
//
// --export-fixes writes clang-tidy's replacements format (the YAML that
// clang-apply-replacements reads); --fix-dry-run prints a unified diff.
//
//===----------------------------------------------------------------------===//

#include "reporters/Reporters.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/YAMLTraits.h"

#include <algorithm>

using namespace memlint;

namespace {
struct YamlReplacement {
  std::string filePath;
  uint64_t offset = 0, length = 0;
  std::string text;
};
struct YamlMessage {
  std::string message, filePath;
  uint64_t fileOffset = 0;
  std::vector<YamlReplacement> replacements;
};
struct YamlDiagnostic {
  std::string name;
  YamlMessage message;
  std::string level;
};
struct YamlDocument {
  std::string mainSourceFile;
  std::vector<YamlDiagnostic> diagnostics;
};
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(YamlReplacement)
LLVM_YAML_IS_SEQUENCE_VECTOR(YamlDiagnostic)

namespace llvm::yaml {
template <> struct MappingTraits<YamlReplacement> {
  static void mapping(IO &io, YamlReplacement &r) {
    io.mapRequired("FilePath", r.filePath);
    io.mapRequired("Offset", r.offset);
    io.mapRequired("Length", r.length);
    io.mapRequired("ReplacementText", r.text);
  }
};
template <> struct MappingTraits<YamlMessage> {
  static void mapping(IO &io, YamlMessage &m) {
    io.mapRequired("Message", m.message);
    io.mapRequired("FilePath", m.filePath);
    io.mapRequired("FileOffset", m.fileOffset);
    io.mapRequired("Replacements", m.replacements);
  }
};
template <> struct MappingTraits<YamlDiagnostic> {
  static void mapping(IO &io, YamlDiagnostic &d) {
    io.mapRequired("DiagnosticName", d.name);
    io.mapRequired("DiagnosticMessage", d.message);
    io.mapRequired("Level", d.level);
  }
};
template <> struct MappingTraits<YamlDocument> {
  static void mapping(IO &io, YamlDocument &doc) {
    io.mapRequired("MainSourceFile", doc.mainSourceFile);
    io.mapRequired("Diagnostics", doc.diagnostics);
  }
};
} // namespace llvm::yaml

std::string memlint::renderFixesYaml(
    const std::vector<Finding> &findings, const std::string &mainSourceFile,
    const std::map<std::string, std::string> &absolutePaths) {
  auto absolute = [&](const std::string &path) {
    auto it = absolutePaths.find(path);
    return it == absolutePaths.end() ? path : it->second;
  };
  YamlDocument doc;
  doc.mainSourceFile = absolute(mainSourceFile);
  for (const Finding &finding : findings) {
    if (finding.fixes.empty())
      continue;
    YamlDiagnostic diag;
    diag.name = finding.rule;
    diag.level = finding.level == Level::Error ? "Error" : "Warning";
    diag.message.message = finding.message;
    diag.message.filePath = absolute(finding.location.file);
    diag.message.fileOffset = finding.location.range.offset;
    // clang-tidy exports the first fix of a diagnostic.
    for (const FixEdit &edit : finding.fixes.front().edits)
      diag.message.replacements.push_back(
          {absolute(edit.file), edit.offset, edit.length, edit.text});
    doc.diagnostics.push_back(std::move(diag));
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::yaml::Output out(os);
  out << doc;
  return text;
}

//===----------------------------------------------------------------------===//
// Unified diff
//===----------------------------------------------------------------------===//

static std::vector<llvm::StringRef> splitLines(llvm::StringRef text) {
  std::vector<llvm::StringRef> lines;
  while (!text.empty()) {
    size_t eol = text.find('\n');
    if (eol == llvm::StringRef::npos) {
      lines.push_back(text);
      break;
    }
    lines.push_back(text.take_front(eol + 1));
    text = text.drop_front(eol + 1);
  }
  return lines;
}

namespace {
/// Edit script over whole files: ' ' keep, '-' remove, '+' add.
using DiffOps = std::vector<std::pair<char, llvm::StringRef>>;

/// Aligns `a` with `b` by a longest common subsequence (quadratic: for
/// short ranges only).
void alignByLcs(llvm::ArrayRef<llvm::StringRef> a,
                llvm::ArrayRef<llvm::StringRef> b, DiffOps &ops) {
  size_t n = a.size(), m = b.size();
  std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> uint32_t & {
    return lcs[i * (m + 1) + j];
  };
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      at(i, j) = a[i] == b[j] ? at(i + 1, j + 1) + 1
                              : std::max(at(i + 1, j), at(i, j + 1));
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      ops.push_back({' ', a[i]});
      ++i, ++j;
    } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
      // Removed lines before added ones, as diff(1) prints them.
      ops.push_back({'-', a[i++]});
    } else {
      ops.push_back({'+', b[j++]});
    }
  }
}

/// The lines that occur once in `a` and once in `b`, as pairs of indices,
/// the longest run of them in the same order in both (patience diff's
/// anchors).
std::vector<std::pair<size_t, size_t>>
findAnchors(llvm::ArrayRef<llvm::StringRef> a,
            llvm::ArrayRef<llvm::StringRef> b) {
  struct Seen {
    uint32_t inA = 0, inB = 0;
    size_t atB = 0;
  };
  llvm::StringMap<Seen> seen;
  // The entry of each line of `a` (StringMap entries do not move).
  std::vector<const Seen *> ofA;
  ofA.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    Seen &s = seen[a[i]];
    ++s.inA;
    ofA.push_back(&s);
  }
  for (size_t j = 0; j < b.size(); ++j) {
    auto it = seen.find(b[j]);
    if (it == seen.end())
      continue;
    ++it->second.inB;
    it->second.atB = j;
  }
  std::vector<std::pair<size_t, size_t>> pairs;
  for (size_t i = 0; i < a.size(); ++i)
    if (ofA[i]->inA == 1 && ofA[i]->inB == 1)
      pairs.push_back({i, ofA[i]->atB});
  // Longest increasing subsequence of the b indices (in a's order).
  std::vector<size_t> tails, previous(pairs.size(), SIZE_MAX);
  for (size_t k = 0; k < pairs.size(); ++k) {
    auto pos = llvm::partition_point(tails, [&](size_t t) {
      return pairs[t].second < pairs[k].second;
    });
    if (pos != tails.begin())
      previous[k] = *(pos - 1);
    if (pos == tails.end())
      tails.push_back(k);
    else
      *pos = k;
  }
  std::vector<std::pair<size_t, size_t>> anchors;
  for (size_t k = tails.empty() ? SIZE_MAX : tails.back(); k != SIZE_MAX;
       k = previous[k])
    anchors.push_back(pairs[k]);
  std::reverse(anchors.begin(), anchors.end());
  return anchors;
}

/// Aligns `a` with `b`: the common prefix and suffix kept, the middle by a
/// longest common subsequence when short, else split at the lines unique
/// to both (fix-its change few lines of large files, whose lines are mostly
/// unique: SSA names), each part aligned the same way.
void alignLines(llvm::ArrayRef<llvm::StringRef> a,
                llvm::ArrayRef<llvm::StringRef> b, DiffOps &ops,
                unsigned depth = 0) {
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ops.push_back({' ', a[prefix++]});
  a = a.drop_front(prefix);
  b = b.drop_front(prefix);
  size_t suffix = 0;
  while (suffix < a.size() && suffix < b.size() &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  llvm::ArrayRef<llvm::StringRef> tail = a.take_back(suffix);
  a = a.drop_back(suffix);
  b = b.drop_back(suffix);
  constexpr size_t kLcsCells = 4'000'000;
  constexpr unsigned kMaxDepth = 32;
  std::vector<std::pair<size_t, size_t>> anchors;
  if (a.empty() || b.empty() || a.size() * b.size() <= kLcsCells) {
    alignByLcs(a, b, ops);
  } else if (depth < kMaxDepth && !(anchors = findAnchors(a, b)).empty()) {
    size_t i = 0, j = 0;
    for (auto [ai, bj] : anchors) {
      alignLines(a.slice(i, ai - i), b.slice(j, bj - j), ops, depth + 1);
      ops.push_back({' ', a[ai]});
      i = ai + 1;
      j = bj + 1;
    }
    alignLines(a.drop_front(i), b.drop_front(j), ops, depth + 1);
  } else {
    // Nothing to align on: the whole middle is replaced.
    for (llvm::StringRef line : a)
      ops.push_back({'-', line});
    for (llvm::StringRef line : b)
      ops.push_back({'+', line});
  }
  for (llvm::StringRef line : tail)
    ops.push_back({' ', line});
}
} // namespace

std::string memlint::renderUnifiedDiff(llvm::StringRef before,
                                       llvm::StringRef after,
                                       const std::string &path) {
  if (before == after)
    return "";
  std::vector<llvm::StringRef> a = splitLines(before), b = splitLines(after);
  DiffOps ops;
  alignLines(a, b, ops);

  // Hunks with three lines of context.
  constexpr size_t kContext = 3;
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "--- a/" << path << "\n+++ b/" << path << "\n";
  size_t k = 0;
  while (k < ops.size()) {
    if (ops[k].first == ' ') {
      ++k;
      continue;
    }
    size_t start = k >= kContext ? k - kContext : 0;
    size_t end = k;
    // Extend over changes separated by at most 2 * kContext kept lines.
    while (end < ops.size()) {
      size_t next = end;
      while (next < ops.size() && ops[next].first != ' ')
        ++next;
      size_t keep = next;
      while (keep < ops.size() && ops[keep].first == ' ' &&
             keep - next <= 2 * kContext)
        ++keep;
      if (keep < ops.size() && ops[keep].first != ' ') {
        end = keep;
        continue;
      }
      end = std::min(ops.size(), next + kContext);
      break;
    }
    size_t oldLine = 1, newLine = 1;
    for (size_t i = 0; i < start; ++i) {
      if (ops[i].first != '+')
        ++oldLine;
      if (ops[i].first != '-')
        ++newLine;
    }
    size_t oldCount = 0, newCount = 0;
    for (size_t i = start; i < end; ++i) {
      if (ops[i].first != '+')
        ++oldCount;
      if (ops[i].first != '-')
        ++newCount;
    }
    os << "@@ -" << (oldCount ? oldLine : oldLine - 1) << "," << oldCount
       << " +" << (newCount ? newLine : newLine - 1) << "," << newCount
       << " @@\n";
    for (size_t i = start; i < end; ++i) {
      os << ops[i].first << ops[i].second;
      if (!ops[i].second.ends_with("\n"))
        os << "\n\\ No newline at end of file\n";
    }
    k = end;
  }
  return out;
}
