//===- SourceText.cpp - Op extents found in MLIR text ---------------------===//

#include "analyzer/SourceText.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstring>
#include <string_view>

using namespace memlint;
using namespace memlint::sourcetext;

bool sourcetext::isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

bool sourcetext::locationsArePositions(llvm::StringRef text) {
  // Names like `%alloc12` hold "loc" a million times in a large file:
  // std::string_view's search (memchr for the first byte) is several times
  // faster here than StringRef's.
  std::string_view view(text.data(), text.size());
  if (view.find('\r') != std::string_view::npos ||
      view.find("{-#") != std::string_view::npos)
    return false;
  for (size_t at = view.find("loc"); at != std::string_view::npos;
       at = view.find("loc", at + 3)) {
    bool before = at > 0 && isNameChar(text[at - 1]);
    bool after = at + 3 < text.size() && isNameChar(text[at + 3]);
    if (!before && !after)
      return false;
  }
  return true;
}

/// Where the `//` comment of the line [begin, end) starts (`end` if none).
static const char *commentStart(const char *begin, const char *end) {
  // Most lines have no slash at all.
  if (begin >= end || !std::memchr(begin, '/', end - begin))
    return end;
  for (const char *p = begin; p < end; ++p) {
    if (*p == '"') {
      for (++p; p < end && *p != '"'; ++p)
        if (*p == '\\')
          ++p;
    } else if (*p == '/' && p + 1 < end && p[1] == '/') {
      return p;
    }
  }
  return end;
}

const char *sourcetext::skipTriviaBack(llvm::StringRef text, const char *p,
                                       const char *floor) {
  while (p > floor) {
    char c = p[-1];
    if (c == ' ' || c == '\t' || c == '\r') {
      --p;
    } else if (c == '\n') {
      // The line before: its comment, if any, is trivia too.
      const char *lineEnd = p - 1, *lineBegin = lineEnd;
      while (lineBegin > text.begin() && lineBegin[-1] != '\n')
        --lineBegin;
      p = std::max(commentStart(lineBegin, lineEnd), floor);
    } else {
      break;
    }
  }
  return p;
}

const char *sourcetext::scanResults(llvm::StringRef text, const char *name,
                                    llvm::SmallVectorImpl<ResultGroup> &groups) {
  groups.clear();
  const char *begin = text.begin();
  const char *q = skipTriviaBack(text, name, begin);
  if (q == begin || q[-1] != '=')
    return name;
  --q;
  llvm::SmallVector<ResultGroup> reversed;
  while (true) {
    q = skipTriviaBack(text, q, begin);
    ResultGroup group;
    const char *end = q, *digits = q;
    while (digits > begin && llvm::isDigit(digits[-1]))
      --digits;
    if (digits < end && digits > begin && digits[-1] == ':') {
      if (llvm::StringRef(digits, end - digits).getAsInteger(10, group.count))
        break;
      end = digits - 1;
    }
    const char *start = end;
    while (start > begin && isNameChar(start[-1]))
      --start;
    if (start == end || start == begin || start[-1] != '%')
      break;
    group.begin = start - 1;
    group.end = end;
    reversed.push_back(group);
    q = skipTriviaBack(text, group.begin, begin);
    if (q == begin || q[-1] != ',') {
      groups.append(reversed.rbegin(), reversed.rend());
      return group.begin;
    }
    --q;
  }
  // Not a result list as the parser writes it.
  return name;
}

/// True when the caret at `p` starts a block label (`^bb1:`, `^bb1(...):`),
/// not a successor.
static bool isLabelDefinition(const char *p, const char *end) {
  ++p;
  while (p < end && isNameChar(*p))
    ++p;
  auto skipBlanks = [&] {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
      ++p;
  };
  skipBlanks();
  if (p < end && *p == '(') {
    int depth = 0;
    for (; p < end; ++p) {
      if (*p == '(')
        ++depth;
      else if (*p == ')' && --depth == 0)
        break;
    }
    ++p;
    skipBlanks();
  }
  return p < end && *p == ':';
}

const char *sourcetext::scanLastOpEnd(llvm::StringRef text, const char *name,
                                      const char *limit) {
  const char *end = std::min(text.end(), limit);
  const char *p = name;
  int depth = 0;
  while (p < end) {
    char c = *p;
    switch (c) {
    case '"':
      for (++p; p < end && *p != '"' && *p != '\n'; ++p)
        if (*p == '\\' && p + 1 < end)
          ++p;
      if (p < end)
        ++p;
      continue;
    case '/':
      if (p + 1 < end && p[1] == '/') {
        while (p < end && *p != '\n')
          ++p;
        continue;
      }
      break;
    case '(':
    case '[':
    case '{':
      ++depth;
      break;
    case ')':
    case ']':
    case '}':
      if (depth == 0) // closes the region the op is in
        return skipTriviaBack(text, p, name);
      --depth;
      break;
    case '^':
      if (depth == 0 && isLabelDefinition(p, text.end()))
        return skipTriviaBack(text, p, name);
      break;
    case '\n':
      if (depth == 0) {
        // An alias definition starts a line of its own.
        const char *next = p + 1;
        while (next < end && (*next == ' ' || *next == '\t'))
          ++next;
        if (next < end && (*next == '#' || *next == '!'))
          return skipTriviaBack(text, p, name);
      }
      break;
    default:
      break;
    }
    ++p;
  }
  if (end < text.end() && p >= end)
    return limit;
  return skipTriviaBack(text, std::min(p, text.end()), name);
}

llvm::StringRef sourcetext::labelBefore(llvm::StringRef text, const char *p,
                                        bool afterColon) {
  const char *begin = text.begin();
  const char *q = skipTriviaBack(text, p, begin);
  if (q == begin || q[-1] != (afterColon ? ':' : '('))
    return "";
  q = skipTriviaBack(text, q - 1, begin);
  const char *end = q;
  while (q > begin && isNameChar(q[-1]))
    --q;
  if (q == end || q == begin || q[-1] != '^')
    return "";
  return llvm::StringRef(q - 1, end - q + 1);
}
