//===- LspConvert.cpp - Findings as LSP diagnostics and code actions -------===//

#include "tools/lsp/LspConvert.h"

#include "checks/FixIts.h"
#include "checks/Nolint.h"
#include "reporters/ToolInfo.h"
#include "tools/Config.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <set>

using namespace memlint;
namespace lsp = llvm::lsp;

//===----------------------------------------------------------------------===//
// Positions
//===----------------------------------------------------------------------===//

/// The length of the UTF-8 sequence that starts with `byte` (1 for a byte
/// that starts none: invalid bytes count as one character each).
static unsigned sequenceLength(unsigned char byte) {
  if (byte < 0xC0)
    return 1;
  if (byte < 0xE0)
    return 2;
  if (byte < 0xF0)
    return 3;
  if (byte < 0xF8)
    return 4;
  return 1;
}

/// The characters (UTF-16 code units, or bytes) of `text`, and the bytes of
/// its first `units` characters when `units` is given.
static uint64_t countUnits(llvm::StringRef text, PositionEncoding encoding,
                           std::optional<uint64_t> units = std::nullopt,
                           uint64_t *bytes = nullptr) {
  uint64_t counted = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (units && counted >= *units)
      break;
    unsigned length = 1;
    unsigned width = 1;
    if (encoding == PositionEncoding::Utf16) {
      length = sequenceLength(text[i]);
      // A truncated or malformed sequence counts byte by byte.
      for (unsigned k = 1; k < length; ++k)
        if (i + k >= text.size() || (text[i + k] & 0xC0) != 0x80) {
          length = 1;
          break;
        }
      width = length == 4 ? 2 : 1; // a surrogate pair
    }
    if (units && counted + width > *units) {
      // Inside a surrogate pair: the end of the character.
      counted = *units;
      i += length;
      break;
    }
    counted += width;
    i += length;
  }
  if (bytes)
    *bytes = i;
  return counted;
}

DocumentLines::DocumentLines(llvm::StringRef text, PositionEncoding encoding)
    : text(text), encoding(encoding) {
  lineStarts.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      lineStarts.push_back(i + 1);
}

llvm::StringRef DocumentLines::getLine(unsigned line) const {
  if (line >= lineStarts.size())
    return {};
  uint64_t start = lineStarts[line];
  uint64_t end =
      line + 1 < lineStarts.size() ? lineStarts[line + 1] - 1 : text.size();
  llvm::StringRef result = text.slice(start, end);
  result.consume_back("\r");
  return result;
}

lsp::Position DocumentLines::toPosition(uint64_t offset) const {
  offset = std::min<uint64_t>(offset, text.size());
  auto next = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  unsigned line = std::distance(lineStarts.begin(), next) - 1;
  llvm::StringRef before = text.slice(lineStarts[line], offset);
  return lsp::Position(static_cast<int>(line),
                       static_cast<int>(countUnits(before, encoding)));
}

uint64_t DocumentLines::toOffset(const lsp::Position &position) const {
  if (position.line < 0)
    return 0;
  if (static_cast<size_t>(position.line) >= lineStarts.size())
    return text.size();
  llvm::StringRef line = getLine(position.line);
  uint64_t bytes = 0;
  countUnits(line, encoding, std::max(position.character, 0), &bytes);
  return lineStarts[position.line] + bytes;
}

lsp::Range DocumentLines::toRange(const SourceRange &range) const {
  auto toPos = [&](unsigned line, unsigned column) {
    if (line == 0)
      return lsp::Position(0, 0);
    llvm::StringRef lineText = getLine(line - 1);
    uint64_t bytes = column == 0 ? 0 : column - 1;
    bytes = std::min<uint64_t>(bytes, lineText.size());
    return lsp::Position(
        static_cast<int>(line - 1),
        static_cast<int>(countUnits(lineText.take_front(bytes), encoding)));
  };
  lsp::Position start = toPos(range.line, range.column);
  lsp::Position end = range.endLine ? toPos(range.endLine, range.endColumn)
                                    : start;
  if (end < start)
    end = start;
  return lsp::Range(start, end);
}

bool memlint::applyContentChanges(std::string &text,
                                  const llvm::json::Array &changes,
                                  PositionEncoding encoding,
                                  std::string &error) {
  for (const llvm::json::Value &change : changes) {
    const llvm::json::Object *object = change.getAsObject();
    std::optional<llvm::StringRef> newText =
        object ? object->getString("text") : std::nullopt;
    if (!newText) {
      error = "a content change without 'text'";
      return false;
    }
    const llvm::json::Value *rangeValue = object->get("range");
    if (!rangeValue || rangeValue->getAsNull()) {
      text = newText->str();
      continue;
    }
    lsp::Range range;
    llvm::json::Path::Root root;
    if (!fromJSON(*rangeValue, range, root)) {
      error = "a content change with a malformed 'range'";
      return false;
    }
    DocumentLines lines(text, encoding);
    uint64_t start = lines.toOffset(range.start);
    uint64_t end = lines.toOffset(range.end);
    if (end < start) {
      error = "a content change whose range ends before it starts";
      return false;
    }
    text.replace(start, end - start, newText->str());
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

static lsp::DiagnosticSeverity getSeverity(const Finding &finding,
                                           const DiagnosticStyle &style) {
  if (finding.level >= style.failOn || finding.level == Level::Error)
    return lsp::DiagnosticSeverity::Error;
  return finding.level == Level::Warning ? lsp::DiagnosticSeverity::Warning
                                         : lsp::DiagnosticSeverity::Information;
}

/// The diagnostic of one finding, as the code actions name it.
static llvm::json::Value toDiagnostic(const Finding &finding,
                                      const lsp::URIForFile &uri,
                                      const DocumentLines &lines,
                                      const DiagnosticStyle &style) {
  lsp::Diagnostic diagnostic;
  diagnostic.range = lines.toRange(finding.location.range);
  diagnostic.severity = getSeverity(finding, style);
  diagnostic.source = "mlir-memlint";
  diagnostic.message = finding.message;
  if (finding.promoted)
    diagnostic.message += " (warning as error)";
  llvm::json::Value value = toJSON(diagnostic);
  llvm::json::Object &object = *value.getAsObject();
  // Built here rather than by the library's toJSON, whose JSON refers to
  // the URI's string instead of copying it.
  // Reserved: json::Value's move may throw, so a growing vector copies.
  llvm::json::Array related;
  related.reserve(finding.notes.size());
  for (const FindingNote &note : finding.notes) {
    if (!note.location.range.isValid())
      continue;
    related.push_back(llvm::json::Object{
        {"location",
         llvm::json::Object{{"uri", uri.uri().str()},
                            {"range", lines.toRange(note.location.range)}}},
        {"message", note.message}});
  }
  if (!related.empty())
    object["relatedInformation"] = std::move(related);
  object["code"] = finding.rule;
  object["codeDescription"] =
      llvm::json::Object{{"href", getRuleHelpUri(finding.rule)}};
  return value;
}

llvm::json::Value
memlint::makeDocumentDiagnostic(const std::string &message,
                                lsp::DiagnosticSeverity severity) {
  lsp::Diagnostic diagnostic;
  diagnostic.range = lsp::Range(lsp::Position(0, 0), lsp::Position(0, 0));
  diagnostic.severity = severity;
  diagnostic.source = "mlir-memlint";
  diagnostic.message = message;
  return toJSON(diagnostic);
}

/// The parse or verifier error of a result that could not be linted: at its
/// position, the message without the "file:line:col: error: " prefix.
static llvm::json::Value toErrorDiagnostic(const FileResult &result,
                                           const DocumentLines &lines) {
  lsp::Diagnostic diagnostic;
  diagnostic.range = lines.toRange(result.status.errorRange);
  if (result.status.errorRange.isValid()) {
    // The whole rest of the token's line: MLIR gives a position only.
    lsp::Range &range = diagnostic.range;
    if (range.end == range.start)
      range.end.character =
          range.start.character +
          std::max<int>(1, lines.getLine(range.start.line).size() -
                               std::min<size_t>(range.start.character,
                                                lines.getLine(range.start.line)
                                                    .size()));
  }
  diagnostic.severity = lsp::DiagnosticSeverity::Error;
  diagnostic.source = "mlir-memlint";
  diagnostic.category = "Parse Issue";
  std::string message = result.status.errorMessage;
  if (message.empty()) {
    // An error of the lint itself (nesting, NUL bytes): the first line of
    // the diagnostic, without the path.
    llvm::StringRef first = result.status.diagnostic;
    size_t error = first.find(": error: ");
    message = (error == llvm::StringRef::npos ? first
                                              : first.drop_front(error + 9))
                  .str();
  }
  diagnostic.message = message.empty() ? "the file cannot be linted" : message;
  return toJSON(diagnostic);
}

llvm::json::Array memlint::toDiagnostics(const FileResult &result,
                                         const lsp::URIForFile &uri,
                                         const DocumentLines &lines,
                                         const DiagnosticStyle &style) {
  llvm::json::Array diagnostics;
  // Reserved: json::Value's move may throw, so a growing vector copies
  // (1,741 diagnostics: 0.3 s).
  diagnostics.reserve(result.findings.size() + 1);
  if (!result.status.ok)
    diagnostics.push_back(toErrorDiagnostic(result, lines));
  for (const ReportedFinding &item : result.findings)
    if (!item.suppressed)
      diagnostics.push_back(toDiagnostic(item.finding, uri, lines, style));
  return diagnostics;
}

//===----------------------------------------------------------------------===//
// Code actions
//===----------------------------------------------------------------------===//

static llvm::json::Value toTextEdit(const DocumentLines &lines, uint64_t offset,
                                    uint64_t length, const std::string &text) {
  lsp::TextEdit edit;
  edit.range =
      lsp::Range(lines.toPosition(offset), lines.toPosition(offset + length));
  edit.newText = text;
  return toJSON(edit);
}

/// Whether the actions of a finding at `finding` are offered for the
/// request's `range`: they meet (touching counts: a cursor at the end of a
/// diagnostic's range), or the range's lines hold the finding's first line
/// (the light bulb shows anywhere on the line).
static bool meets(const lsp::Range &finding, const lsp::Range &range) {
  if (!(finding.end < range.start) && !(range.end < finding.start))
    return true;
  return range.start.line <= finding.start.line &&
         finding.start.line <= range.end.line;
}

static llvm::json::Object makeAction(std::string title,
                                     llvm::json::Value diagnostic,
                                     bool preferred, llvm::json::Value edit) {
  llvm::json::Object action{
      {"title", std::move(title)},
      {"kind", "quickfix"},
      {"diagnostics", llvm::json::Array{std::move(diagnostic)}},
      {"edit", std::move(edit)},
  };
  if (preferred)
    action["isPreferred"] = true;
  return action;
}

/// The URI of a file path, for edits of the config file.
static std::optional<std::string> fileUri(const std::string &path) {
  auto uri = lsp::URIForFile::fromFile(path);
  if (!uri) {
    llvm::consumeError(uri.takeError());
    return std::nullopt;
  }
  return uri->uri().str();
}

llvm::json::Array memlint::getCodeActions(const FileResult &result,
                                          const lsp::URIForFile &uri,
                                          const DocumentLines &lines,
                                          const lsp::Range &range,
                                          const DiagnosticStyle &style,
                                          const CodeActionContext &context) {
  llvm::json::Array actions;
  std::set<std::pair<std::string, unsigned>> suppressed;
  std::set<std::string> disabled;
  for (const ReportedFinding &item : result.findings) {
    const Finding &finding = item.finding;
    if (item.suppressed || !meets(lines.toRange(finding.location.range), range))
      continue;
    llvm::json::Value diagnostic = toDiagnostic(finding, uri, lines, style);
    for (size_t i = 0; i < finding.fixes.size(); ++i) {
      const FixIt &fix = finding.fixes[i];
      llvm::json::Array edits;
      for (const FixEdit &edit : fix.edits)
        edits.push_back(toTextEdit(lines, edit.offset, edit.length, edit.text));
      actions.push_back(makeAction(
          "Fix: " + fix.description, diagnostic, i == 0,
          llvm::json::Object{{"changes", llvm::json::Object{
                                             {uri.uri().str(), std::move(edits)}}}}));
    }
    unsigned line = finding.location.range.line;
    if (suppressed.insert({finding.rule, line}).second)
      if (auto edit = getSuppressionEdit(result.text, line, finding.rule))
        actions.push_back(makeAction(
            "Suppress " + finding.rule + " on this line (NOLINT)", diagnostic,
            false,
            llvm::json::Object{
                {"changes",
                 llvm::json::Object{
                     {uri.uri().str(), llvm::json::Array{toTextEdit(
                                     lines, edit->offset, edit->length,
                                     edit->text)}}}}}));
    if (!disabled.insert(finding.rule).second)
      continue;
    if (!context.configPath.empty()) {
      auto configUri = fileUri(context.configPath);
      auto edit = getDisableRuleEdit(context.configText, finding.rule);
      if (!configUri || !edit)
        continue;
      DocumentLines configLines(context.configText, lines.getEncoding());
      actions.push_back(makeAction(
          "Disable " + finding.rule + " in " + kConfigFileName.str(), diagnostic,
          false,
          llvm::json::Object{
              {"changes",
               llvm::json::Object{
                   {*configUri, llvm::json::Array{toTextEdit(
                                    configLines, edit->offset, edit->length,
                                    edit->text)}}}}}));
    } else if (!context.newConfigPath.empty()) {
      auto configUri = fileUri(context.newConfigPath);
      auto edit = getDisableRuleEdit("", finding.rule);
      if (!configUri || !edit)
        continue;
      // A new file: created, then written (LSP resource operations).
      llvm::json::Array documentChanges{
          llvm::json::Object{{"kind", "create"},
                             {"uri", *configUri},
                             {"options", llvm::json::Object{
                                             {"ignoreIfExists", true}}}},
          llvm::json::Object{
              {"textDocument",
               llvm::json::Object{{"uri", *configUri}, {"version", nullptr}}},
              {"edits",
               llvm::json::Array{llvm::json::Object{
                   {"range", lsp::Range(lsp::Position(0, 0),
                                        lsp::Position(0, 0))},
                   {"newText", edit->text}}}}}};
      actions.push_back(makeAction(
          "Disable " + finding.rule + " in a new " + kConfigFileName.str(),
          diagnostic, false,
          llvm::json::Object{{"documentChanges", std::move(documentChanges)}}));
    }
  }
  return actions;
}
