//===- LspConvert.h - Findings as LSP diagnostics and code actions -*- C++ -*-===//
//
// The language server's translation between the lint and the protocol:
// positions (LSP counts UTF-16 code units by default, the lint counts
// bytes), a lint result as `textDocument/publishDiagnostics` diagnostics
// (the rule as `code`, its doc page as `codeDescription`, the witness path
// as `relatedInformation`), and the code actions of a range: the validated
// fix-its, a NOLINT comment, the rule disabled in the config file. Plain
// functions of their inputs, so that the unit tests can call them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_LSP_LSPCONVERT_H
#define MEMLINT_TOOLS_LSP_LSPCONVERT_H

#include "checks/Finding.h"
#include "tools/LintDriver.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// How positions count characters on a line (LSP `positionEncoding`).
enum class PositionEncoding { Utf16, Utf8 };

/// Line starts of a text, to convert byte offsets to LSP positions and back.
class DocumentLines {
public:
  DocumentLines(llvm::StringRef text, PositionEncoding encoding);

  /// The position of a byte offset (clamped to the text).
  llvm::lsp::Position toPosition(uint64_t offset) const;
  /// The byte offset of a position; a line or character past the end is
  /// clamped to the end of the line or text, a character inside a UTF-8
  /// sequence or a surrogate pair to its end.
  uint64_t toOffset(const llvm::lsp::Position &position) const;
  /// The range of a lint range (1-based lines and byte columns).
  llvm::lsp::Range toRange(const SourceRange &range) const;
  /// The text of 0-based line `line`, without its line break.
  llvm::StringRef getLine(unsigned line) const;
  unsigned getNumLines() const { return lineStarts.size(); }
  PositionEncoding getEncoding() const { return encoding; }

private:
  llvm::StringRef text;
  PositionEncoding encoding;
  std::vector<uint64_t> lineStarts;
};

/// Applies the `contentChanges` of a `textDocument/didChange` (JSON array)
/// to `text`; false with `error` set when one is malformed.
bool applyContentChanges(std::string &text, const llvm::json::Array &changes,
                         PositionEncoding encoding, std::string &error);

/// How findings are shown.
struct DiagnosticStyle {
  /// Findings at or above this level are shown as errors (what fails the
  /// gate is red), the others by their level.
  Level failOn = Level::Error;
};

/// The diagnostics of a lint result of the document `uri`: its findings
/// (not those silenced by NOLINT) and its parse error, if any.
llvm::json::Array toDiagnostics(const FileResult &result,
                                const llvm::lsp::URIForFile &uri,
                                const DocumentLines &lines,
                                const DiagnosticStyle &style);

/// A diagnostic of the whole document's first line (a configuration or
/// settings error, a file too large to lint).
llvm::json::Value makeDocumentDiagnostic(const std::string &message,
                                         llvm::lsp::DiagnosticSeverity severity);

/// What the code actions may edit besides the document.
struct CodeActionContext {
  /// The nearest `.mlir-memlint.yaml` of the document and its text; empty
  /// when there is none.
  std::string configPath;
  std::string configText;
  /// Where a new config file would go (next to the document), when the
  /// client can create files (`workspace.workspaceEdit.resourceOperations`).
  std::string newConfigPath;
};

/// The code actions for the findings of `result` whose range meets `range`:
/// each validated fix-it (the first of a finding `isPreferred`), a NOLINT
/// comment on the finding's line, and the rule disabled in the config file.
llvm::json::Array getCodeActions(const FileResult &result,
                                 const llvm::lsp::URIForFile &uri,
                                 const DocumentLines &lines,
                                 const llvm::lsp::Range &range,
                                 const DiagnosticStyle &style,
                                 const CodeActionContext &context);

} // namespace memlint

#endif // MEMLINT_TOOLS_LSP_LSPCONVERT_H
