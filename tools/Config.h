//===- Config.h - .mlir-memlint.yaml and its precedence ---------*- C++ -*-===//
//
// The configuration of a run, as in clang-tidy: defaults, then the config
// file (the nearest `.mlir-memlint.yaml` walking up from each input, or
// --config / --config-file), then the command line. Glob lists (`Checks`,
// `WarningsAsErrors`) are concatenated in that order, so the last glob that
// matches a rule decides; maps (`CheckOptions`, `MemoryBudgets`) are merged,
// later entries replacing earlier ones. A nearer file replaces farther ones
// unless it says `InheritParentConfig: true`.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_CONFIG_H
#define MEMLINT_TOOLS_CONFIG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// The name of the config file looked up next to each input.
inline constexpr llvm::StringLiteral kConfigFileName = ".mlir-memlint.yaml";

/// The contents of one config (a file, --config, or the merged result).
struct Config {
  std::optional<std::string> checks;
  std::optional<std::string> warningsAsErrors;
  /// "rule-id.OptionName" -> value.
  std::map<std::string, std::string> checkOptions;
  /// Memory space ("0", "1", "#gpu.address_space<workgroup>") -> bytes.
  std::map<std::string, uint64_t> memoryBudgets;
  /// Merge with the config of the parent folders instead of replacing it.
  bool inheritParentConfig = false;
  /// Warnings about the text it was parsed from ("file:line:col: warning:
  /// ..."): keys that are read but do nothing.
  std::vector<std::string> warnings;

  /// The built-in defaults: every check, no warning as error.
  static Config getDefaults();
  /// Parses YAML text; `source` names it in errors ("path" or
  /// "--config"), which carry the line and column.
  static llvm::Expected<Config> parse(llvm::StringRef text,
                                      llvm::StringRef source);
  /// Reads and parses a file.
  static llvm::Expected<Config> load(llvm::StringRef path);

  /// This config with `later` applied on top (see the file comment).
  Config mergedWith(const Config &later) const;
  /// The YAML text of this config, every key present; parse(dump()) gives
  /// back an equal config, so dump -> read -> dump is the identity.
  std::string dump() const;
};

/// Concatenates two clang-tidy glob lists; a later list starting with `*` or
/// `-*` decides every name alone, so the earlier one is dropped.
std::string mergeGlobLists(llvm::StringRef earlier, llvm::StringRef later);

/// The nearest config file walking up from `input` ("-": the current
/// folder), absolute, if there is one (for messages).
std::optional<std::string> findConfigFile(llvm::StringRef input);

/// A text edit of a config file.
struct ConfigEdit {
  uint64_t offset = 0, length = 0;
  std::string text;
};

/// The edit of the config text `text` (empty for a new file) that disables
/// `rule`: `,-rule` appended to the value of `Checks` (rewritten as one
/// quoted scalar), or a `Checks: '-rule'` line added to a block mapping
/// without `Checks`. Checked by parsing the result: nullopt when the text
/// is not a config, is a flow mapping without `Checks`, or the edited config
/// would still enable the rule.
std::optional<ConfigEdit> getDisableRuleEdit(llvm::StringRef text,
                                             llvm::StringRef rule);

/// Finds and caches the configs of input files.
class ConfigResolver {
public:
  /// `explicitConfig`: the config of --config or --config-file, used instead
  /// of discovered files (merged with them when it inherits). `overrides`:
  /// the command-line options, applied last.
  ConfigResolver(std::optional<Config> explicitConfig, Config overrides);
  ~ConfigResolver();

  /// The effective config of an input file ("-": the current folder).
  /// Fails when a config file on the way is invalid.
  llvm::Expected<Config> resolve(llvm::StringRef input);

  /// The warnings of the config files read since the last call, each once.
  std::vector<std::string> takeWarnings() { return std::move(warnings); }

private:
  /// The merged config of the files in `dir` and, if they inherit, above.
  llvm::Expected<Config> discover(llvm::StringRef dir);

  std::optional<Config> explicitConfig;
  Config overrides;
  std::map<std::string, std::optional<Config>> cache;
  std::vector<std::string> warnings;
  std::set<std::string> reportedWarnings;
};

} // namespace memlint

#endif // MEMLINT_TOOLS_CONFIG_H
