//===- LspServer.h - mlir-memlint lsp ------------------------------*- C++ -*-===//
//
// A language server over stdio on LLVM's LSP library (llvm/Support/LSP, the
// library of mlir-lsp-server): diagnostics for the open `.mlir` documents as
// they change, with the witness path as related information, and code
// actions (the validated fix-its, NOLINT, disabling the rule in the config
// file). Documents are linted as the CLI lints files: the config is looked
// up from the document's path on every lint, so an edited
// `.mlir-memlint.yaml` applies to the next one. See docs/lsp.md.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_LSP_LSPSERVER_H
#define MEMLINT_TOOLS_LSP_LSPSERVER_H

#include "checks/Finding.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Transport.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The settings of the server (`initializationOptions`, and
/// `workspace/didChangeConfiguration` under `mlir-memlint`).
struct LspSettings {
  /// Globs appended to the config's `Checks`, as --checks.
  std::optional<std::string> checks;
  /// Findings at or above this level are shown as errors.
  Level failOn = Level::Error;
  bool allowUnregisteredDialect = false;
  /// Dialect plugin libraries, as --load-dialect-plugin (loaded once; a
  /// plugin cannot be unloaded).
  std::vector<std::string> dialectPlugins;
  /// Lint `// -----` chunks on their own; unset: when the document has a
  /// `// -----` line.
  std::optional<bool> splitInputFile;
  /// Documents larger than this are not linted (a diagnostic says so).
  uint64_t maxFileBytes = uint64_t(32) << 20;
};

/// Applies the keys of `value` (a JSON object) to `settings`; a key of the
/// wrong type or value is an error in `errors` and leaves the setting as it
/// was; an unknown key is a warning.
void applySettings(const llvm::json::Value &value, LspSettings &settings,
                   std::vector<std::string> &errors,
                   std::vector<std::string> &warnings);

/// How the server runs.
struct LspServerOptions {
  llvm::lsp::JSONStreamStyle inputStyle = llvm::lsp::JSONStreamStyle::Standard;
  bool prettyOutput = false;
  /// Take the client's next message only when every lint scheduled so far
  /// has been published (deterministic transcripts, for lit tests).
  bool synchronous = false;
  /// How long a changed document waits for the next change before it is
  /// linted.
  std::chrono::milliseconds debounce{100};
  /// Settings before the client's (the command line's).
  LspSettings settings;
};

/// Runs the server on `input` and `output` until `exit` or the end of the
/// input; returns the process exit code (0 after `shutdown` and `exit`, 1
/// otherwise, as LSP asks).
int runLspServer(std::FILE *input, llvm::raw_ostream &output,
                 const LspServerOptions &options);

} // namespace memlint

#endif // MEMLINT_TOOLS_LSP_LSPSERVER_H
