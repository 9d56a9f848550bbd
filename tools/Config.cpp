//===- Config.cpp - .mlir-memlint.yaml and its precedence -----------------===//

#include "tools/Config.h"

#include "checks/CheckRegistry.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

using namespace memlint;

//===----------------------------------------------------------------------===//
// YAML mapping
//===----------------------------------------------------------------------===//

namespace {
/// A clang-tidy glob list, checked when read.
struct GlobText {
  std::string text;
  bool operator==(const GlobText &other) const { return text == other.text; }
};

/// CheckOptions and MemoryBudgets, as their own types for YAML I/O.
struct CheckOptionMap {
  std::map<std::string, std::string> entries;
};
struct BudgetMap {
  std::map<std::string, uint64_t> entries;
};

/// The keys as they appear in the file.
struct RawConfig {
  std::optional<GlobText> checks;
  std::optional<GlobText> warningsAsErrors;
  CheckOptionMap checkOptions;
  BudgetMap memoryBudgets;
  bool inheritParentConfig = false;
};

/// Error text handed back to YAML I/O, which copies it at once.
thread_local std::string yamlError;

/// The document being read and where its warnings go.
struct ParseState {
  llvm::StringRef text;
  llvm::StringRef source;
  std::vector<std::string> *warnings = nullptr;
};
thread_local ParseState parseState;

/// "source:line:col: warning: message" at the first occurrence of `key`.
void warnAtKey(llvm::StringRef key, const llvm::Twine &message) {
  if (!parseState.warnings)
    return;
  llvm::StringRef text = parseState.text;
  size_t at = text.find(key);
  std::string where = parseState.source.str();
  if (at != llvm::StringRef::npos) {
    llvm::StringRef before = text.take_front(at);
    size_t line = before.count('\n') + 1;
    size_t lineStart = before.rfind('\n');
    size_t column = at - (lineStart == llvm::StringRef::npos ? 0 : lineStart + 1) + 1;
    where += ":" + std::to_string(line) + ":" + std::to_string(column);
  }
  parseState.warnings->push_back(where + ": warning: " + message.str());
}

/// The keys of a config file.
const llvm::StringRef kConfigKeys[] = {"Checks", "WarningsAsErrors",
                                       "CheckOptions", "MemoryBudgets",
                                       "InheritParentConfig"};
} // namespace

namespace llvm::yaml {
template <> struct ScalarTraits<GlobText> {
  static void output(const GlobText &value, void *, raw_ostream &os) {
    os << value.text;
  }
  static StringRef input(StringRef scalar, void *, GlobText &value) {
    value.text = scalar.str();
    if (auto bad = GlobList(scalar).getError()) {
      yamlError = "invalid glob '" + *bad + "'";
      return yamlError;
    }
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

/// CheckOptions: `rule-id.OptionName: value`, the rule a registered check.
template <> struct CustomMappingTraits<CheckOptionMap> {
  static void inputOne(IO &io, StringRef key, CheckOptionMap &map) {
    std::string &value = map.entries[key.str()];
    io.mapRequired(key, value);
    CheckOptionDiagnosis diagnosis = diagnoseCheckOption(key, value);
    if (!diagnosis.error.empty()) {
      io.setError(diagnosis.error);
      return;
    }
    if (!diagnosis.warning.empty())
      warnAtKey(key, diagnosis.warning);
  }
  static void output(IO &io, CheckOptionMap &map) {
    for (auto &[key, value] : map.entries)
      io.mapRequired(key, value);
  }
};

/// MemoryBudgets: `space: bytes`, bytes a positive integer.
template <> struct CustomMappingTraits<BudgetMap> {
  static void inputOne(IO &io, StringRef key, BudgetMap &map) {
    uint64_t &bytes = map.entries[key.str()];
    io.mapRequired(key, bytes);
    if (bytes == 0)
      io.setError("memory budget of space '" + key +
                  "' must be a positive number of bytes");
  }
  static void output(IO &io, BudgetMap &map) {
    for (auto &[key, value] : map.entries)
      io.mapRequired(key, value);
  }
};

template <> struct MappingTraits<RawConfig> {
  static void mapping(IO &io, RawConfig &config) {
    io.mapOptional("Checks", config.checks);
    io.mapOptional("WarningsAsErrors", config.warningsAsErrors);
    io.mapOptional("CheckOptions", config.checkOptions);
    io.mapOptional("MemoryBudgets", config.memoryBudgets);
    io.mapOptional("InheritParentConfig", config.inheritParentConfig, false);
  }
};
} // namespace llvm::yaml

//===----------------------------------------------------------------------===//
// Config
//===----------------------------------------------------------------------===//

std::string memlint::mergeGlobLists(llvm::StringRef earlier,
                                    llvm::StringRef later) {
  llvm::StringRef first = later.split(',').first.trim();
  if (first == "*" || first == "-*" || earlier.trim().empty())
    return later.str();
  if (later.trim().empty())
    return earlier.str();
  return (earlier + "," + later).str();
}

Config Config::getDefaults() {
  Config config;
  config.checks = "*";
  config.warningsAsErrors = "";
  return config;
}

/// How deeply YAML `text` nests, bounded from above without parsing: the
/// deepest flow nesting ({ and [ outside quotes) plus the deepest
/// indentation. YAML I/O recurses once per level and would overflow the
/// stack on a hostile file.
static size_t getYamlNesting(llvm::StringRef text) {
  size_t depth = 0, deepest = 0, indent = 0, deepestIndent = 0;
  bool lineStart = true;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && (c == ' ' || c == '-')) {
      deepestIndent = std::max(deepestIndent, ++indent);
      continue;
    }
    lineStart = false;
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '#' && (i == 0 || text[i - 1] == ' '))
      i = std::min(text.find('\n', i), text.size()) - 1;
    else if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth)
      --depth;
  }
  return deepest + deepestIndent;
}

/// A config nests three levels; more than this is not a config.
static constexpr size_t kMaxConfigNesting = 256;

llvm::Expected<Config> Config::parse(llvm::StringRef text,
                                     llvm::StringRef source) {
  if (size_t depth = getYamlNesting(text); depth > kMaxConfigNesting)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: error: the configuration nests %zu levels deep; the limit is %zu",
        source.str().c_str(), depth, kMaxConfigNesting);
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  auto handler = [](const llvm::SMDiagnostic &diag, void *context) {
    auto &os = *static_cast<llvm::raw_string_ostream *>(context);
    // A misspelt key gets the closest one.
    llvm::StringRef message = diag.getMessage();
    if (message.consume_front("unknown key '") && message.consume_back("'")) {
      if (std::optional<llvm::StringRef> best =
              findClosestName(message, kConfigKeys)) {
        llvm::SMDiagnostic(*diag.getSourceMgr(), diag.getLoc(),
                           diag.getFilename(), diag.getLineNo(),
                           diag.getColumnNo(), diag.getKind(),
                           diag.getMessage().str() + "; did you mean '" +
                               best->str() + "'?",
                           diag.getLineContents(), diag.getRanges(),
                           diag.getFixIts())
            .print(nullptr, os, /*ShowColors=*/false);
        return;
      }
    }
    diag.print(nullptr, os, /*ShowColors=*/false);
  };
  RawConfig raw;
  std::vector<std::string> warnings;
  parseState = {text, source, &warnings};
  llvm::scope_exit clearState([] { parseState = {}; });
  llvm::yaml::Input input(llvm::MemoryBufferRef(text, source), nullptr,
                          handler, &errorStream);
  // An empty file is an empty config.
  if (!text.trim().empty())
    input >> raw;
  if (input.error()) {
    if (errors.empty())
      errors = (source + ": error: invalid configuration\n").str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::StringRef(errors).rtrim());
  }
  Config config;
  if (raw.checks)
    config.checks = raw.checks->text;
  if (raw.warningsAsErrors)
    config.warningsAsErrors = raw.warningsAsErrors->text;
  config.checkOptions = std::move(raw.checkOptions.entries);
  config.memoryBudgets = std::move(raw.memoryBudgets.entries);
  config.inheritParentConfig = raw.inheritParentConfig;
  config.warnings = std::move(warnings);
  return config;
}

llvm::Expected<Config> Config::load(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "%s: error: cannot read: %s",
                                   path.str().c_str(),
                                   buffer.getError().message().c_str());
  return parse((*buffer)->getBuffer(), path);
}

Config Config::mergedWith(const Config &later) const {
  Config result = *this;
  auto mergeGlobs = [](std::optional<std::string> &into,
                       const std::optional<std::string> &from) {
    if (!from)
      return;
    into = into ? mergeGlobLists(*into, *from) : *from;
  };
  mergeGlobs(result.checks, later.checks);
  mergeGlobs(result.warningsAsErrors, later.warningsAsErrors);
  for (const auto &[key, value] : later.checkOptions)
    result.checkOptions[key] = value;
  for (const auto &[key, value] : later.memoryBudgets)
    result.memoryBudgets[key] = value;
  result.inheritParentConfig = false;
  return result;
}

std::string Config::dump() const {
  RawConfig raw;
  raw.checks = GlobText{checks.value_or("")};
  raw.warningsAsErrors = GlobText{warningsAsErrors.value_or("")};
  raw.checkOptions.entries = checkOptions;
  raw.memoryBudgets.entries = memoryBudgets;
  raw.inheritParentConfig = inheritParentConfig;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::yaml::Output output(os);
  output << raw;
  // Without the document markers, so that the text also works inline
  // (--config "$(cat dump.yaml)").
  llvm::StringRef body = llvm::StringRef(text).trim();
  body.consume_front("---");
  body.consume_back("...");
  return body.trim("\n").str() + "\n";
}

//===----------------------------------------------------------------------===//
// ConfigResolver
//===----------------------------------------------------------------------===//

ConfigResolver::ConfigResolver(std::optional<Config> explicitConfig,
                               Config overrides)
    : explicitConfig(std::move(explicitConfig)),
      overrides(std::move(overrides)) {
  if (this->explicitConfig)
    for (const std::string &warning : this->explicitConfig->warnings)
      if (reportedWarnings.insert(warning).second)
        warnings.push_back(warning);
}

ConfigResolver::~ConfigResolver() = default;

llvm::Expected<Config> ConfigResolver::discover(llvm::StringRef dir) {
  if (auto it = cache.find(dir.str()); it != cache.end())
    return it->second.value_or(Config());
  // The nearest file, and the farther ones while each inherits.
  std::vector<Config> chain;
  llvm::SmallString<256> current(dir);
  while (true) {
    llvm::SmallString<256> path(current);
    llvm::sys::path::append(path, kConfigFileName);
    if (llvm::sys::fs::is_regular_file(path)) {
      auto config = Config::load(path);
      if (!config)
        return config.takeError();
      chain.push_back(std::move(*config));
      if (!chain.back().inheritParentConfig)
        break;
    }
    llvm::StringRef parent = llvm::sys::path::parent_path(current);
    if (parent.empty() || parent == current)
      break;
    current = parent;
  }
  std::optional<Config> merged;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    merged = merged ? merged->mergedWith(*it) : *it;
  for (Config &config : chain)
    for (std::string &warning : config.warnings)
      if (reportedWarnings.insert(warning).second)
        warnings.push_back(std::move(warning));
  cache[dir.str()] = merged;
  return merged.value_or(Config());
}

/// The folder where the config lookup of `input` starts ("-": the current
/// folder), absolute.
static llvm::SmallString<256> getSearchDir(llvm::StringRef input) {
  llvm::SmallString<256> dir;
  if (input == "-") {
    llvm::sys::fs::current_path(dir);
  } else {
    dir = input;
    llvm::sys::fs::make_absolute(dir);
    llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
    if (!llvm::sys::fs::is_directory(dir))
      llvm::sys::path::remove_filename(dir);
  }
  return dir;
}

std::optional<std::string> memlint::findConfigFile(llvm::StringRef input) {
  llvm::SmallString<256> dir = getSearchDir(input);
  while (!dir.empty()) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, kConfigFileName);
    if (llvm::sys::fs::is_regular_file(path))
      return std::string(path);
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir)
      break;
    dir = parent;
  }
  return std::nullopt;
}

llvm::Expected<Config> ConfigResolver::resolve(llvm::StringRef input) {
  llvm::SmallString<256> dir = getSearchDir(input);
  Config fileConfig;
  if (!explicitConfig || explicitConfig->inheritParentConfig) {
    auto discovered = discover(dir);
    if (!discovered)
      return discovered.takeError();
    fileConfig = std::move(*discovered);
  }
  if (explicitConfig)
    fileConfig = fileConfig.mergedWith(*explicitConfig);
  return Config::getDefaults().mergedWith(fileConfig).mergedWith(overrides);
}

//===----------------------------------------------------------------------===//
// Disabling a rule in a config file
//===----------------------------------------------------------------------===//

/// `text` as a YAML single-quoted scalar.
static std::string singleQuoted(llvm::StringRef text) {
  std::string quoted = "'";
  for (char c : text) {
    quoted += c;
    if (c == '\'')
      quoted += '\'';
  }
  return quoted + "'";
}

std::optional<ConfigEdit> memlint::getDisableRuleEdit(llvm::StringRef text,
                                                      llvm::StringRef rule) {
  auto disables = [&](const ConfigEdit &edit) {
    std::string after = text.str();
    after.replace(edit.offset, edit.length, edit.text);
    auto config = Config::parse(after, kConfigFileName);
    if (!config) {
      llvm::consumeError(config.takeError());
      return false;
    }
    Config merged = Config::getDefaults().mergedWith(*config);
    return !GlobList(merged.checks.value_or("*")).contains(rule);
  };
  // An invalid config gets no edit (and the YAML parser below only sees
  // text whose nesting Config::parse bounds).
  if (auto config = Config::parse(text, kConfigFileName); !config) {
    llvm::consumeError(config.takeError());
    return std::nullopt;
  }
  std::string disabled = "-" + rule.str();
  // Find the top-level mapping and its `Checks` entry.
  llvm::SourceMgr sourceMgr;
  sourceMgr.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  llvm::yaml::Stream stream(text, sourceMgr);
  llvm::yaml::MappingNode *root = nullptr;
  auto document = stream.begin();
  if (document != stream.end())
    root = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(document->getRoot());
  if (stream.failed())
    return std::nullopt;
  std::optional<ConfigEdit> edit;
  bool flow = false;
  if (root) {
    flow = root->getType() == llvm::yaml::MappingNode::MT_Flow ||
           root->getType() == llvm::yaml::MappingNode::MT_Inline;
    for (llvm::yaml::KeyValueNode &entry : *root) {
      auto *key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(entry.getKey());
      llvm::SmallString<32> keyStorage;
      if (!key || key->getValue(keyStorage) != "Checks")
        continue;
      auto *value =
          llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(entry.getValue());
      if (!value || stream.failed())
        return std::nullopt;
      llvm::SmallString<64> valueStorage;
      std::string checks = value->getValue(valueStorage).trim().str();
      llvm::SMRange range = value->getSourceRange();
      ConfigEdit replace;
      replace.offset = range.Start.getPointer() - text.data();
      replace.length = range.End.getPointer() - range.Start.getPointer();
      replace.text = singleQuoted(
          checks.empty() ? disabled : mergeGlobLists(checks, disabled));
      edit = replace;
      break;
    }
  }
  if (!edit) {
    if (flow)
      return std::nullopt;
    ConfigEdit append;
    append.offset = text.size();
    append.text = (text.empty() || text.ends_with("\n") ? "" : "\n") +
                  std::string("Checks: ") + singleQuoted(disabled) + "\n";
    edit = append;
  }
  if (!disables(*edit))
    return std::nullopt;
  return edit;
}
