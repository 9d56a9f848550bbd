//===- LspServer.cpp - mlir-memlint lsp ------------------------------------===//

#include "tools/lsp/LspServer.h"

#include "checks/CheckRegistry.h"
#include "reporters/ToolInfo.h"
#include "tools/Config.h"
#include "tools/LintDriver.h"
#include "tools/lsp/LspConvert.h"
#include "tools/lsp/Scheduling.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"

#include <set>

using namespace memlint;
namespace lsp = llvm::lsp;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

//===----------------------------------------------------------------------===//
// Settings
//===----------------------------------------------------------------------===//

void memlint::applySettings(const Value &value, LspSettings &settings,
                            std::vector<std::string> &errors,
                            std::vector<std::string> &warnings) {
  if (value.getAsNull())
    return;
  const Object *object = value.getAsObject();
  if (!object) {
    errors.push_back("the settings are not a JSON object");
    return;
  }
  // In the order of the names, so that messages come in a stable order.
  std::vector<llvm::StringRef> names;
  for (const auto &item : *object)
    names.push_back(item.first);
  llvm::sort(names);
  for (llvm::StringRef name : names) {
    const Value &entry = *object->get(name);
    auto wrongType = [&](llvm::StringRef expected) {
      errors.push_back(("setting '" + name + "' must be " + expected).str());
    };
    if (name == "checks") {
      if (entry.getAsNull()) {
        settings.checks.reset();
      } else if (auto text = entry.getAsString()) {
        if (auto bad = GlobList(*text).getError())
          errors.push_back("invalid glob in setting 'checks': '" + *bad + "'");
        else
          settings.checks = text->str();
      } else {
        wrongType("a string of globs, e.g. '-*,lifetime-*'");
      }
    } else if (name == "failOn") {
      std::optional<Level> level;
      if (auto text = entry.getAsString())
        level = parseLevel(*text);
      if (level)
        settings.failOn = *level;
      else
        wrongType("'error', 'warning' or 'note'");
    } else if (name == "allowUnregisteredDialect") {
      if (auto flag = entry.getAsBoolean())
        settings.allowUnregisteredDialect = *flag;
      else
        wrongType("true or false");
    } else if (name == "dialectPlugins") {
      const Array *paths = entry.getAsArray();
      std::vector<std::string> plugins;
      bool ok = paths != nullptr;
      for (size_t i = 0; ok && i < paths->size(); ++i) {
        auto path = (*paths)[i].getAsString();
        ok = path.has_value();
        if (ok)
          plugins.push_back(path->str());
      }
      if (ok)
        settings.dialectPlugins = std::move(plugins);
      else
        wrongType("an array of paths");
    } else if (name == "splitInputFile") {
      auto text = entry.getAsString();
      if (entry.getAsNull() || (text && *text == "auto"))
        settings.splitInputFile.reset();
      else if (auto flag = entry.getAsBoolean())
        settings.splitInputFile = *flag;
      else
        wrongType("true, false or 'auto'");
    } else if (name == "maxFileBytes") {
      auto bytes = entry.getAsInteger();
      if (bytes && *bytes > 0)
        settings.maxFileBytes = static_cast<uint64_t>(*bytes);
      else
        wrongType("a positive number of bytes");
    } else if (name == "server" || name == "trace") {
      // The editor's own settings (editors/vscode: the executable, the
      // protocol trace), in the same section.
    } else {
      static const llvm::StringRef kKnown[] = {
          "checks",         "failOn",      "allowUnregisteredDialect",
          "dialectPlugins", "splitInputFile", "maxFileBytes"};
      std::string warning = ("unknown setting '" + name + "'").str();
      unsigned best = 3;
      llvm::StringRef closest;
      for (llvm::StringRef known : kKnown) {
        unsigned distance = name.edit_distance(known, true, best);
        if (distance < best) {
          best = distance;
          closest = known;
        }
      }
      if (!closest.empty())
        warning += "; did you mean '" + closest.str() + "'?";
      warnings.push_back(warning);
    }
  }
}

//===----------------------------------------------------------------------===//
// The server
//===----------------------------------------------------------------------===//

namespace {
/// Parameters taken as they are, for the messages whose fields the
/// library's structs do not have (initializationOptions, code, ...).
struct RawJson {
  Value value = nullptr;
};
[[maybe_unused]] bool fromJSON(const Value &value, RawJson &result,
                               llvm::json::Path) {
  result.value = value;
  return true;
}
[[maybe_unused]] Value toJSON(const RawJson &raw) { return raw.value; }

/// The internal messages a worker posts to the message thread.
constexpr llvm::StringLiteral kLinted = "mlir-memlint/internal/linted";
constexpr llvm::StringLiteral kFixed = "mlir-memlint/internal/fixed";

/// An open document.
struct Document {
  lsp::URIForFile uri;
  std::string text;
  int64_t version = 0;
};

/// What a lint job starts from.
struct Snapshot {
  std::string uri;
  std::string path;
  std::string text;
  int64_t version = 0;
  LspSettings settings;
  std::shared_ptr<const mlir::DialectRegistry> registry;
  bool canCreateFiles = false;
};

/// The lint of one version of a document, immutable once published (the
/// validation of its fix-its makes a new one).
struct Outcome {
  int64_t version = 0;
  FileResult result;
  /// Diagnostics of the document as a whole (config errors and warnings, a
  /// selection enabling nothing, a document too large).
  Array documentDiagnostics;
  DiagnosticStyle style;
  CodeActionContext actionContext;
  /// How the fix worker lints the document again for its fix-its.
  std::string path;
  LintOptions lintOptions;
  std::shared_ptr<const mlir::DialectRegistry> registry;
  /// The findings carry their validated fix-its (or have none).
  bool fixesReady = false;
};

/// A code action request waiting for the fix-its of its document.
struct PendingActions {
  lsp::Range range;
  lsp::Callback<Value> reply;
};

/// Whether `text` has a `// -----` line (a split-input-file test).
bool hasSplitMarker(llvm::StringRef text) {
  for (size_t pos = text.find("// -----"); pos != llvm::StringRef::npos;
       pos = text.find("// -----", pos + 1)) {
    size_t start = text.rfind('\n', pos);
    start = start == llvm::StringRef::npos ? 0 : start + 1;
    size_t end = text.find('\n', pos);
    if (text.slice(start, end).trim() == "// -----")
      return true;
  }
  return false;
}

/// The diagnostic of a document whose config file is invalid: the error's
/// first line ("path:line:col: error: message"), and the config file's
/// position as related information.
Value getConfigErrorDiagnostic(const std::string &error) {
  llvm::StringRef first = llvm::StringRef(error).split('\n').first;
  Value diagnostic = makeDocumentDiagnostic("invalid configuration: " +
                                                first.str(),
                                            lsp::DiagnosticSeverity::Error);
  size_t at = first.find(": error: ");
  if (at == llvm::StringRef::npos)
    return diagnostic;
  auto [rest, columnText] = first.take_front(at).rsplit(':');
  auto [path, lineText] = rest.rsplit(':');
  unsigned line = 0, column = 0;
  if (lineText.getAsInteger(10, line) || columnText.getAsInteger(10, column) ||
      line == 0 || column == 0)
    return diagnostic;
  auto uri = lsp::URIForFile::fromFile(path);
  if (!uri) {
    llvm::consumeError(uri.takeError());
    return diagnostic;
  }
  lsp::Position position(line - 1, column - 1);
  (*diagnostic.getAsObject())["relatedInformation"] = Array{Object{
      {"location", Object{{"uri", uri->uri().str()},
                          {"range", lsp::Range(position, position)}}},
      {"message", first.drop_front(at + 9).str()}}};
  return diagnostic;
}

class Server {
public:
  Server(const LspServerOptions &options, lsp::JSONTransport &transport,
         MessageQueue &queue);
  ~Server() { stop(); }

  lsp::MessageHandler &getHandler() { return handler; }
  bool receivedShutdown() const { return shutdownReceived; }
  /// Stops the workers (waits for the running jobs).
  void stop();

private:
  // Requests and notifications of the client.
  void onInitialize(const RawJson &params, lsp::Callback<Value> reply);
  void onInitialized(const RawJson &params);
  void onShutdown(const RawJson &params, lsp::Callback<Value> reply);
  void onDidOpen(const lsp::DidOpenTextDocumentParams &params);
  void onDidChange(const RawJson &params);
  void onDidSave(const RawJson &params);
  void onDidClose(const RawJson &params);
  void onCodeAction(const RawJson &params, lsp::Callback<Value> reply);
  void onDidChangeConfiguration(const RawJson &params);
  void onDidChangeWatchedFiles(const RawJson &params);
  // The workers' messages.
  void onLinted(const RawJson &params);
  void onFixed(const RawJson &params);

  /// Applies settings from the client; reports what is wrong with them.
  void updateSettings(const Value &value, llvm::StringRef where);
  /// Loads the dialect plugins not loaded yet and rebuilds the registry.
  void loadPlugins();
  void showMessage(lsp::MessageType type, const std::string &message);

  void scheduleLint(const std::string &uri, std::chrono::milliseconds delay);
  void relintAll();
  // On the workers.
  void lint(const Snapshot &snapshot);
  void validate(const std::string &uri, std::shared_ptr<const Outcome> base);

  std::shared_ptr<const Outcome> getOutcome(const std::string &uri);
  /// The document `uri` at `version` and its outcome, if both are current.
  std::pair<Document *, std::shared_ptr<const Outcome>>
  getCurrent(const Value &params);
  void publish(const Document &document, const Outcome &outcome);
  void answerCodeActions(const Document &document, const Outcome &outcome);
  Array getActions(const Document &document, const Outcome &outcome,
                   const lsp::Range &range);

  LspServerOptions options;
  lsp::JSONTransport &transport;
  MessageQueue &queue;
  lsp::MessageHandler handler;
  lsp::OutgoingNotification<Value> publishDiagnostics;
  lsp::OutgoingNotification<Value> sendShowMessage;
  lsp::OutgoingRequest<Value> registerCapability;

  // The message thread's state.
  LspSettings settings;
  PositionEncoding encoding = PositionEncoding::Utf16;
  bool canCreateFiles = false;
  bool canWatchFiles = false;
  bool shutdownReceived = false;
  std::map<std::string, Document> documents;
  std::map<std::string, std::vector<PendingActions>> pendingActions;
  std::set<std::string> loadedPlugins;
  std::vector<mlir::DialectPlugin> plugins;
  std::shared_ptr<const mlir::DialectRegistry> registry;

  // Shared with the workers.
  std::mutex outcomesMutex;
  std::map<std::string, std::shared_ptr<const Outcome>> outcomes;
  /// The threads of the analysis of one document's functions.
  llvm::DefaultThreadPool analysisPool;
  /// Lints, and the validation of fix-its (slower, and not in the way of
  /// the next lint).
  Worker lintWorker, fixWorker;
};
} // namespace

Server::Server(const LspServerOptions &options, lsp::JSONTransport &transport,
               MessageQueue &queue)
    : options(options), transport(transport), queue(queue),
      handler(transport),
      settings(options.settings), lintWorker(queue), fixWorker(queue) {
  handler.method("initialize", this, &Server::onInitialize);
  handler.notification("initialized", this, &Server::onInitialized);
  handler.method("shutdown", this, &Server::onShutdown);
  handler.notification("textDocument/didOpen", this, &Server::onDidOpen);
  handler.notification("textDocument/didChange", this, &Server::onDidChange);
  handler.notification("textDocument/didSave", this, &Server::onDidSave);
  handler.notification("textDocument/didClose", this, &Server::onDidClose);
  handler.method("textDocument/codeAction", this, &Server::onCodeAction);
  handler.notification("workspace/didChangeConfiguration", this,
                       &Server::onDidChangeConfiguration);
  handler.notification("workspace/didChangeWatchedFiles", this,
                       &Server::onDidChangeWatchedFiles);
  handler.notification(kLinted, this, &Server::onLinted);
  handler.notification(kFixed, this, &Server::onFixed);
  publishDiagnostics =
      handler.outgoingNotification<Value>("textDocument/publishDiagnostics");
  sendShowMessage = handler.outgoingNotification<Value>("window/showMessage");
  registerCapability = handler.outgoingRequest<Value, RawJson>(
      "client/registerCapability", [](Value, llvm::Expected<RawJson> result) {
        if (!result)
          lsp::Logger::error("the client refused to watch the config files: "
                             "{0}",
                             llvm::toString(result.takeError()));
      });
  loadPlugins();
}

void Server::stop() {
  lintWorker.stop();
  fixWorker.stop();
}

void Server::showMessage(lsp::MessageType type, const std::string &message) {
  sendShowMessage(Object{{"type", static_cast<int>(type)},
                         {"message", "mlir-memlint: " + message}});
}

void Server::updateSettings(const Value &value, llvm::StringRef where) {
  std::vector<std::string> errors, warnings;
  applySettings(value, settings, errors, warnings);
  for (const std::string &error : errors)
    showMessage(lsp::MessageType::Error, error + " (in " + where.str() + ")");
  for (const std::string &warning : warnings)
    showMessage(lsp::MessageType::Warning,
                warning + " (in " + where.str() + ")");
  loadPlugins();
}

void Server::loadPlugins() {
  bool changed = !registry;
  for (const std::string &path : settings.dialectPlugins) {
    if (!loadedPlugins.insert(path).second)
      continue;
    auto plugin = mlir::DialectPlugin::load(path);
    if (!plugin) {
      showMessage(lsp::MessageType::Error,
                  "failed to load dialect plugin '" + path +
                      "': " + llvm::toString(plugin.takeError()));
      continue;
    }
    plugins.push_back(std::move(*plugin));
    changed = true;
  }
  if (!changed)
    return;
  auto fresh = std::make_shared<mlir::DialectRegistry>();
  mlir::registerAllDialects(*fresh);
  mlir::registerAllExtensions(*fresh);
  for (const mlir::DialectPlugin &plugin : plugins)
    plugin.registerDialectRegistryCallbacks(*fresh);
  registry = std::move(fresh);
}

//===----------------------------------------------------------------------===//
// Lifecycle
//===----------------------------------------------------------------------===//

/// Whether `array` (a JSON array of strings, possibly absent) holds `item`.
static bool hasString(const Array *array, llvm::StringRef item) {
  if (!array)
    return false;
  return llvm::any_of(*array, [&](const Value &value) {
    return value.getAsString() == std::optional<llvm::StringRef>(item);
  });
}

void Server::onInitialize(const RawJson &params, lsp::Callback<Value> reply) {
  const Object *object = params.value.getAsObject();
  const Object *capabilities =
      object ? object->getObject("capabilities") : nullptr;
  // Position encoding: the first the client lists that the server knows.
  llvm::StringRef encodingName = "utf-16";
  if (const Object *general =
          capabilities ? capabilities->getObject("general") : nullptr)
    if (const Array *encodings = general->getArray("positionEncodings"))
      for (const Value &name : *encodings) {
        if (name.getAsString() == std::optional<llvm::StringRef>("utf-8")) {
          encoding = PositionEncoding::Utf8;
          encodingName = "utf-8";
          break;
        }
        if (name.getAsString() == std::optional<llvm::StringRef>("utf-16"))
          break;
      }
  if (const Object *workspace =
          capabilities ? capabilities->getObject("workspace") : nullptr) {
    if (const Object *edit = workspace->getObject("workspaceEdit"))
      canCreateFiles = edit->getBoolean("documentChanges").value_or(false) &&
                       hasString(edit->getArray("resourceOperations"), "create");
    if (const Object *watched = workspace->getObject("didChangeWatchedFiles"))
      canWatchFiles = watched->getBoolean("dynamicRegistration").value_or(false);
  }
  Object result{
      {"capabilities",
       Object{
           {"positionEncoding", encodingName},
           {"textDocumentSync",
            Object{{"openClose", true},
                   {"change", static_cast<int>(
                                  lsp::TextDocumentSyncKind::Incremental)},
                   {"save", Object{{"includeText", false}}}}},
           {"codeActionProvider",
            Object{{"codeActionKinds", Array{"quickfix"}}}},
       }},
      {"serverInfo",
       Object{{"name", "mlir-memlint"}, {"version", getToolVersion()}}},
  };
  reply(std::move(result));
  if (object)
    if (const Value *initOptions = object->get("initializationOptions"))
      updateSettings(*initOptions, "initializationOptions");
}

void Server::onInitialized(const RawJson &) {
  if (!canWatchFiles)
    return;
  // Config files changed outside the editor re-lint the open documents.
  Object registration{
      {"id", "mlir-memlint-config-files"},
      {"method", "workspace/didChangeWatchedFiles"},
      {"registerOptions",
       Object{{"watchers",
               Array{Object{{"globPattern",
                             ("**/" + kConfigFileName).str()}}}}}}};
  registerCapability(Object{{"registrations", Array{std::move(registration)}}},
                     "mlir-memlint-register-watchers");
}

void Server::onShutdown(const RawJson &, lsp::Callback<Value> reply) {
  shutdownReceived = true;
  for (auto &[uri, waiting] : pendingActions)
    for (PendingActions &pending : waiting)
      pending.reply(Array{});
  pendingActions.clear();
  stop();
  reply(nullptr);
}

//===----------------------------------------------------------------------===//
// Documents
//===----------------------------------------------------------------------===//

/// The `textDocument.uri` of params, and the document if it is open.
static std::optional<std::string> getUri(const Value &params) {
  const Object *object = params.getAsObject();
  const Object *document =
      object ? object->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> uri =
      document ? document->getString("uri") : std::nullopt;
  if (!uri)
    return std::nullopt;
  return uri->str();
}

void Server::onDidOpen(const lsp::DidOpenTextDocumentParams &params) {
  const lsp::TextDocumentItem &item = params.textDocument;
  Document &document = documents[item.uri.uri().str()];
  document.uri = item.uri;
  document.text = item.text;
  document.version = item.version;
  scheduleLint(item.uri.uri().str(), std::chrono::milliseconds(0));
}

void Server::onDidChange(const RawJson &params) {
  std::optional<std::string> uri = getUri(params.value);
  auto it = uri ? documents.find(*uri) : documents.end();
  if (it == documents.end()) {
    lsp::Logger::error("didChange of a document that is not open");
    return;
  }
  const Object *object = params.value.getAsObject();
  const Array *changes = object->getArray("contentChanges");
  std::optional<int64_t> version =
      object->getObject("textDocument")->getInteger("version");
  std::string error = changes ? "" : "no 'contentChanges'";
  std::string text = it->second.text;
  if (!changes || !applyContentChanges(text, *changes, encoding, error)) {
    // The document is no longer what the client has: say so, keep the
    // last text.
    showMessage(lsp::MessageType::Error,
                "could not apply a change to " + *uri + ": " + error);
    return;
  }
  it->second.text = std::move(text);
  it->second.version = version.value_or(it->second.version + 1);
  scheduleLint(*uri, options.debounce);
}

void Server::onDidSave(const RawJson &params) {
  std::optional<std::string> uri = getUri(params.value);
  if (uri && documents.count(*uri))
    scheduleLint(*uri, std::chrono::milliseconds(0));
}

void Server::onDidClose(const RawJson &params) {
  std::optional<std::string> uri = getUri(params.value);
  auto it = uri ? documents.find(*uri) : documents.end();
  if (it == documents.end())
    return;
  lintWorker.cancel(*uri);
  fixWorker.cancel(*uri);
  {
    std::lock_guard<std::mutex> lock(outcomesMutex);
    outcomes.erase(*uri);
  }
  for (PendingActions &pending : pendingActions[*uri])
    pending.reply(Array{});
  pendingActions.erase(*uri);
  publishDiagnostics(Object{{"uri", *uri}, {"diagnostics", Array{}}});
  documents.erase(it);
}

void Server::onDidChangeConfiguration(const RawJson &params) {
  const Object *object = params.value.getAsObject();
  const Value *value = object ? object->get("settings") : nullptr;
  if (!value)
    return;
  // VS Code sends the section the extension synchronizes.
  if (const Object *all = value->getAsObject())
    if (const Value *section = all->get("mlir-memlint"))
      value = section;
  updateSettings(*value, "workspace/didChangeConfiguration");
  relintAll();
}

void Server::onDidChangeWatchedFiles(const RawJson &) {
  // A config file changed (the only files watched): configs are read on
  // every lint.
  relintAll();
}

void Server::relintAll() {
  for (const auto &[uri, document] : documents)
    scheduleLint(uri, std::chrono::milliseconds(0));
}

void Server::scheduleLint(const std::string &uri,
                          std::chrono::milliseconds delay) {
  // The fix-its of the lint before are no longer wanted: its validation
  // does not start, or stops at its next re-lint, and leaves the cores to
  // the new lint.
  fixWorker.cancel(uri);
  if (std::shared_ptr<const Outcome> current = getOutcome(uri))
    if (current->lintOptions.fixBudget)
      current->lintOptions.fixBudget->cancelled = true;
  const Document &document = documents.at(uri);
  Snapshot snapshot;
  snapshot.uri = uri;
  snapshot.path = document.uri.file().str();
  snapshot.text = document.text;
  snapshot.version = document.version;
  snapshot.settings = settings;
  snapshot.registry = registry;
  snapshot.canCreateFiles =
      canCreateFiles && document.uri.scheme() == "file";
  lintWorker.schedule(
      uri, [this, snapshot = std::move(snapshot)] { lint(snapshot); }, delay);
}

//===----------------------------------------------------------------------===//
// Linting (on the workers)
//===----------------------------------------------------------------------===//

/// Milliseconds since `start`, for the log.
static long long millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now() - start)
      .count();
}

void Server::lint(const Snapshot &snapshot) {
  auto start = std::chrono::steady_clock::now();
  auto outcome = std::make_shared<Outcome>();
  outcome->version = snapshot.version;
  outcome->style.failOn = snapshot.settings.failOn;
  outcome->registry = snapshot.registry;
  outcome->result.text = snapshot.text;
  auto documentDiagnostic = [&](const std::string &message,
                                lsp::DiagnosticSeverity severity) {
    outcome->documentDiagnostics.push_back(
        makeDocumentDiagnostic(message, severity));
  };
  [&] {
    if (snapshot.text.size() > snapshot.settings.maxFileBytes) {
      documentDiagnostic(
          "not linted: the document has " +
              std::to_string(snapshot.text.size()) +
              " bytes, more than the setting maxFileBytes (" +
              std::to_string(snapshot.settings.maxFileBytes) + ")",
          lsp::DiagnosticSeverity::Warning);
      return;
    }
    Config overrides;
    overrides.checks = snapshot.settings.checks;
    ConfigResolver resolver(std::nullopt, overrides);
    auto config = resolver.resolve(snapshot.path);
    for (const std::string &warning : resolver.takeWarnings())
      documentDiagnostic(warning, lsp::DiagnosticSeverity::Warning);
    if (!config) {
      outcome->documentDiagnostics.push_back(
          getConfigErrorDiagnostic(llvm::toString(config.takeError())));
      return;
    }
    SelectionDiagnosis selection = diagnoseSelection(*config->checks);
    for (const std::string &warning : selection.warnings)
      documentDiagnostic(warning, lsp::DiagnosticSeverity::Warning);
    if (selection.enablesNothing) {
      documentDiagnostic("no checks enabled: the check selection '" +
                             *config->checks + "' matches no check",
                         lsp::DiagnosticSeverity::Error);
      return;
    }
    LintOptions &lint = outcome->lintOptions;
    applyConfig(lint, *config);
    lint.splitInputFile = snapshot.settings.splitInputFile.value_or(
        hasSplitMarker(snapshot.text));
    lint.allowUnregisteredDialects = snapshot.settings.allowUnregisteredDialect;
    lint.threadPool = &analysisPool;
    // The diagnostics first: proposing fix-its costs several times the lint
    // (1,741 leaks in a 10,000-op file: 3 s instead of 0.5 s), and
    // validating them more; the fix worker does both after publishing.
    lint.validateFixes = false;
    outcome->result =
        lintText(snapshot.text, snapshot.path, lint, *snapshot.registry);
    lint.validateFixes = true;
    lint.fixBudget = std::make_shared<FixBudget>();
  }();
  outcome->path = snapshot.path;
  outcome->fixesReady =
      !outcome->result.status.ok ||
      llvm::all_of(outcome->result.findings,
                   [](const ReportedFinding &item) { return item.suppressed; });
  // What the code actions may edit besides the document.
  if (auto configPath = findConfigFile(snapshot.path)) {
    if (auto buffer = llvm::MemoryBuffer::getFile(*configPath)) {
      outcome->actionContext.configPath = *configPath;
      outcome->actionContext.configText = (*buffer)->getBuffer().str();
    }
  } else if (snapshot.canCreateFiles) {
    llvm::SmallString<256> path(llvm::sys::path::parent_path(snapshot.path));
    llvm::sys::path::append(path, kConfigFileName);
    outcome->actionContext.newConfigPath = path.str().str();
  }
  lsp::Logger::info("linted {0} version {1}: {2} findings in {3} ms",
                    snapshot.uri, snapshot.version,
                    outcome->result.findings.size(), millisecondsSince(start));
  {
    std::lock_guard<std::mutex> lock(outcomesMutex);
    outcomes[snapshot.uri] = outcome;
  }
  if (!outcome->fixesReady)
    fixWorker.schedule(
        snapshot.uri,
        [this, uri = snapshot.uri, outcome] { validate(uri, outcome); },
        options.debounce); // not while the user is typing
  queue.post(Object{{"jsonrpc", "2.0"},
                    {"method", kLinted},
                    {"params", Object{{"uri", snapshot.uri},
                                      {"version", snapshot.version}}}});
}

void Server::validate(const std::string &uri,
                      std::shared_ptr<const Outcome> base) {
  if (getOutcome(uri) != base)
    return; // a newer lint replaced it
  // The lint again, proposing fix-its and validating them (the findings
  // are those of the lint that published them: the same text and options).
  auto validated = std::make_shared<Outcome>(*base);
  validated->result = lintText(base->result.text, base->path,
                               base->lintOptions, *base->registry);
  if (base->lintOptions.fixBudget->cancelled)
    return; // a newer lint is on its way
  validated->fixesReady = true;
  {
    std::lock_guard<std::mutex> lock(outcomesMutex);
    auto it = outcomes.find(uri);
    if (it == outcomes.end() || it->second != base)
      return;
    it->second = validated;
  }
  queue.post(Object{{"jsonrpc", "2.0"},
                    {"method", kFixed},
                    {"params", Object{{"uri", uri},
                                      {"version", validated->version}}}});
}

//===----------------------------------------------------------------------===//
// Publishing (on the message thread)
//===----------------------------------------------------------------------===//

std::shared_ptr<const Outcome> Server::getOutcome(const std::string &uri) {
  std::lock_guard<std::mutex> lock(outcomesMutex);
  auto it = outcomes.find(uri);
  return it == outcomes.end() ? nullptr : it->second;
}

std::pair<Document *, std::shared_ptr<const Outcome>>
Server::getCurrent(const Value &params) {
  const Object *object = params.getAsObject();
  std::optional<llvm::StringRef> uri =
      object ? object->getString("uri") : std::nullopt;
  std::optional<int64_t> version =
      object ? object->getInteger("version") : std::nullopt;
  if (!uri || !version)
    return {nullptr, nullptr};
  auto it = documents.find(uri->str());
  if (it == documents.end() || it->second.version != *version)
    return {nullptr, nullptr}; // closed, or changed since: stale
  std::shared_ptr<const Outcome> outcome = getOutcome(uri->str());
  if (!outcome || outcome->version != *version)
    return {nullptr, nullptr};
  return {&it->second, outcome};
}

void Server::onLinted(const RawJson &params) {
  auto [document, outcome] = getCurrent(params.value);
  if (!document)
    return;
  publish(*document, *outcome);
  if (outcome->fixesReady)
    answerCodeActions(*document, *outcome);
}

void Server::onFixed(const RawJson &params) {
  auto [document, outcome] = getCurrent(params.value);
  if (document)
    answerCodeActions(*document, *outcome);
}

void Server::publish(const Document &document, const Outcome &outcome) {
  auto start = std::chrono::steady_clock::now();
  DocumentLines lines(outcome.result.text, encoding);
  Array findings =
      toDiagnostics(outcome.result, document.uri, lines, outcome.style);
  Array diagnostics;
  diagnostics.reserve(outcome.documentDiagnostics.size() + findings.size());
  for (const Value &diagnostic : outcome.documentDiagnostics)
    diagnostics.push_back(diagnostic);
  for (Value &diagnostic : findings)
    diagnostics.push_back(std::move(diagnostic));
  size_t count = diagnostics.size();
  // Sent directly: the library's outgoing notification copies its
  // parameters once more (on the message thread either way).
  Object params{{"uri", document.uri.uri().str()},
                {"version", outcome.version}};
  params["diagnostics"] = std::move(diagnostics);
  transport.notify("textDocument/publishDiagnostics", std::move(params));
  lsp::Logger::info("published {0} diagnostics of {1} version {2} in {3} ms",
                    count, document.uri.uri(), outcome.version,
                    millisecondsSince(start));
}

Array Server::getActions(const Document &document, const Outcome &outcome,
                         const lsp::Range &range) {
  DocumentLines lines(outcome.result.text, encoding);
  return getCodeActions(outcome.result, document.uri, lines, range,
                        outcome.style, outcome.actionContext);
}

void Server::answerCodeActions(const Document &document,
                               const Outcome &outcome) {
  auto it = pendingActions.find(document.uri.uri().str());
  if (it == pendingActions.end())
    return;
  for (PendingActions &pending : it->second)
    pending.reply(getActions(document, outcome, pending.range));
  pendingActions.erase(it);
}

void Server::onCodeAction(const RawJson &params, lsp::Callback<Value> reply) {
  std::optional<std::string> uri = getUri(params.value);
  const Object *object = params.value.getAsObject();
  lsp::Range range;
  llvm::json::Path::Root root;
  const Value *rangeValue = object ? object->get("range") : nullptr;
  if (!uri || !rangeValue || !fromJSON(*rangeValue, range, root))
    return reply(llvm::make_error<lsp::LSPError>(
        "textDocument/codeAction needs 'textDocument.uri' and 'range'",
        lsp::ErrorCode::InvalidParams));
  // Only quick fixes are offered.
  if (const Object *context = object->getObject("context"))
    if (const Array *only = context->getArray("only"))
      if (llvm::none_of(*only, [](const Value &kind) {
            auto text = kind.getAsString();
            return text && llvm::StringRef("quickfix").starts_with(*text);
          }))
        return reply(Array{});
  auto it = documents.find(*uri);
  if (it == documents.end())
    return reply(Array{});
  std::shared_ptr<const Outcome> outcome = getOutcome(*uri);
  if (outcome && outcome->version == it->second.version &&
      outcome->fixesReady)
    return reply(getActions(it->second, *outcome, range));
  // Answered when the fix-its of the current version are validated.
  pendingActions[*uri].push_back({range, std::move(reply)});
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

int memlint::runLspServer(std::FILE *input, llvm::raw_ostream &output,
                          const LspServerOptions &options) {
  auto queueOwner = std::make_unique<MessageQueue>(input, options.inputStyle,
                                                   options.synchronous);
  MessageQueue &queue = *queueOwner;
  lsp::JSONTransport transport(std::move(queueOwner), output,
                               options.prettyOutput);
  Server server(options, transport, queue);
  queue.start();
  llvm::Error error = transport.run(server.getHandler());
  server.stop();
  if (error) {
    llvm::consumeError(std::move(error));
    lsp::Logger::error("the input ended before 'exit'");
    return 1;
  }
  return server.receivedShutdown() ? 0 : 1;
}
