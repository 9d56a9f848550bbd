//===- SarifMerge.cpp - Join the SARIF logs of shards into one ------------===//
//
// Reads each log with a nesting check first (nlohmann's parser keeps its
// own stack, but printing and walking a document recurse), then rebuilds
// the parts that index into each other: rules and `ruleIndex`, artifacts and
// `artifactLocation.index`. Everything else in a result is copied as is.
// Documents are nlohmann::ordered_json, so keys keep the order the reporter
// wrote them in, and are printed as reporters/SarifReporter.cpp prints.
//
//===----------------------------------------------------------------------===//

#include "tools/SarifMerge.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

using namespace memlint;
using json = nlohmann::ordered_json;

static llvm::Error mergeError(llvm::StringRef name,
                              const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (name + ": " + message).str());
}

/// The member `key` of `object` if it is an object that has it, else null.
static const json *getMember(const json &object, const char *key) {
  if (!object.is_object())
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}
static json *getMember(json &object, const char *key) {
  return const_cast<json *>(getMember(std::as_const(object), key));
}

/// The string member `key` of `object`, if any.
static std::optional<std::string> getString(const json &object,
                                            const char *key) {
  const json *member = getMember(object, key);
  if (!member || !member->is_string())
    return std::nullopt;
  return member->get<std::string>();
}

/// The non-negative integer member `key` of `object`, if any.
static std::optional<uint64_t> getIndex(const json &object, const char *key) {
  const json *member = getMember(object, key);
  if (!member || !member->is_number_integer())
    return std::nullopt;
  if (member->is_number_unsigned())
    return member->get<uint64_t>();
  int64_t value = member->get<int64_t>();
  if (value < 0)
    return std::nullopt;
  return uint64_t(value);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// A SAX handler that builds nothing: it fails on the first syntax error
/// (keeping nlohmann's message) or on nesting deeper than kMaxSarifNesting.
class NestingChecker {
public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(number_integer_t) { return true; }
  bool number_unsigned(number_unsigned_t) { return true; }
  bool number_float(number_float_t, const string_t &) { return true; }
  bool string(string_t &) { return true; }
  bool binary(binary_t &) { return true; }
  bool key(string_t &) { return true; }
  bool start_object(std::size_t) { return open(); }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string &,
                   const json::exception &error) {
    // "[json.exception.parse_error.101] parse error at line 1, ...": the
    // message without the exception's id.
    llvm::StringRef text = error.what();
    if (text.starts_with("["))
      text = text.split("] ").second;
    message = text.str();
    return false;
  }

  bool isTooDeep() const { return tooDeep; }
  const std::string &getMessage() const { return message; }

private:
  bool open() {
    if (++depth <= kMaxSarifNesting)
      return true;
    tooDeep = true;
    return false;
  }
  bool close() {
    --depth;
    return true;
  }

  unsigned depth = 0;
  bool tooDeep = false;
  std::string message;
};
} // namespace

/// Parses `text` as JSON, refusing nesting deeper than kMaxSarifNesting
/// before any value is built.
static llvm::Expected<json> parseJson(llvm::StringRef name,
                                      llvm::StringRef text) {
  NestingChecker checker;
  if (!json::sax_parse(text.begin(), text.end(), &checker)) {
    if (checker.isTooDeep())
      return mergeError(name, "JSON nested deeper than " +
                                  llvm::Twine(kMaxSarifNesting) + " levels");
    return mergeError(name, "not valid JSON: " + checker.getMessage());
  }
  json value = json::parse(text.begin(), text.end(), nullptr,
                           /*allow_exceptions=*/false);
  if (value.is_discarded())
    return mergeError(name, "not valid JSON");
  return value;
}

//===----------------------------------------------------------------------===//
// One input log
//===----------------------------------------------------------------------===//

namespace {
/// An artifact by (uriBaseId, uri).
using ArtifactKey = std::pair<std::string, std::string>;

/// One input and the parts of its run the merge indexes.
struct InputLog {
  llvm::StringRef name;
  json document;
  json *run = nullptr;
  json *driver = nullptr;
  /// The id of each rule of the driver, by index.
  std::vector<std::string> ruleIds;
  /// The key of each artifact of the run, by index.
  std::vector<ArtifactKey> artifactKeys;
};
} // namespace

/// Checks that `document` is a SARIF 2.1.0 log of one run with a driver.
static llvm::Error readStructure(InputLog &input) {
  llvm::StringRef name = input.name;
  json &log = input.document;
  if (!log.is_object())
    return mergeError(name, "not a SARIF log (not a JSON object)");
  std::optional<std::string> version = getString(log, "version");
  if (!version)
    return mergeError(name, "not a SARIF 2.1.0 log (no version)");
  if (*version != "2.1.0")
    return mergeError(name,
                      "not a SARIF 2.1.0 log (version '" + *version + "')");
  json *runs = getMember(log, "runs");
  if (!runs || !runs->is_array())
    return mergeError(name, "not a SARIF 2.1.0 log (no runs array)");
  if (runs->empty())
    return mergeError(name, "the log has no run");
  if (runs->size() > 1)
    return mergeError(name, "the log has " + llvm::Twine(runs->size()) +
                                " runs; only logs of one run can be merged");
  input.run = &(*runs)[0];
  json *tool = getMember(*input.run, "tool");
  input.driver = tool ? getMember(*tool, "driver") : nullptr;
  if (!input.driver || !input.driver->is_object() ||
      !getString(*input.driver, "name"))
    return mergeError(name, "the run has no tool.driver.name");
  return llvm::Error::success();
}

/// The array member `key` of the run (empty when absent).
static llvm::Expected<json *> getRunArray(InputLog &input, json &object,
                                          const char *key,
                                          llvm::StringRef where) {
  json *member = getMember(object, key);
  if (member && !member->is_array())
    return mergeError(input.name, where + "." + key + " is not an array");
  return member;
}

//===----------------------------------------------------------------------===//
// Artifacts
//===----------------------------------------------------------------------===//

/// A URI reference back to the path it encodes ("dir/a%20b.mlir" ->
/// "dir/a b.mlir", without the "./" added before a ':'), so that artifacts
/// sort as the paths of a folder do.
static std::string decodeUri(llvm::StringRef uri) {
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    unsigned hi, lo;
    if (uri[i] == '%' && i + 2 < uri.size() &&
        (hi = llvm::hexDigitValue(uri[i + 1])) != ~0U &&
        (lo = llvm::hexDigitValue(uri[i + 2])) != ~0U) {
      path += char(hi * 16 + lo);
      i += 2;
      continue;
    }
    path += uri[i];
  }
  llvm::StringRef result(path);
  if (result.starts_with("./"))
    return result.drop_front(2).str();
  return path;
}

namespace {
/// The union of the artifacts of every log, sorted by path.
class ArtifactTable {
public:
  /// Adds the artifacts of `input` and records their keys.
  llvm::Error add(InputLog &input) {
    auto artifacts = getRunArray(input, *input.run, "artifacts", "run");
    if (!artifacts)
      return artifacts.takeError();
    if (!*artifacts)
      return llvm::Error::success();
    for (size_t i = 0; i < (*artifacts)->size(); ++i) {
      json &artifact = (**artifacts)[i];
      json *location = getMember(artifact, "location");
      std::optional<std::string> uri =
          location ? getString(*location, "uri") : std::nullopt;
      if (!uri)
        return mergeError(input.name, "artifact " + llvm::Twine(i) +
                                          " has no location.uri");
      ArtifactKey key{getString(*location, "uriBaseId").value_or(""), *uri};
      input.artifactKeys.push_back(key);
      // The first log to list a file describes it.
      artifacts_.try_emplace(key, artifact);
    }
    return llvm::Error::success();
  }

  /// Orders the artifacts by path; call once all logs are added.
  void finalize() {
    for (const auto &entry : artifacts_)
      order.push_back(entry.first);
    std::stable_sort(
        order.begin(), order.end(),
        [](const ArtifactKey &a, const ArtifactKey &b) {
          return std::make_tuple(decodeUri(a.second), a.first, a.second) <
                 std::make_tuple(decodeUri(b.second), b.first, b.second);
        });
    for (size_t i = 0; i < order.size(); ++i)
      indices[order[i]] = i;
  }

  /// The merged index of the artifact `key`, if listed.
  std::optional<size_t> lookup(const ArtifactKey &key) const {
    auto it = indices.find(key);
    if (it == indices.end())
      return std::nullopt;
    return it->second;
  }

  /// Points `location` (an artifactLocation of `input`) at the merged
  /// artifacts. Returns the merged index, if the artifact is listed.
  llvm::Expected<std::optional<size_t>> remap(const InputLog &input,
                                              json &location) const {
    std::optional<size_t> merged;
    if (std::optional<std::string> uri = getString(location, "uri"))
      merged = lookup({getString(location, "uriBaseId").value_or(""), *uri});
    json *indexMember = getMember(location, "index");
    if (!indexMember)
      return merged;
    std::optional<uint64_t> index = getIndex(location, "index");
    if (!merged && index && *index < input.artifactKeys.size())
      merged = lookup(input.artifactKeys[*index]);
    if (!merged)
      return mergeError(input.name,
                        "an artifactLocation has index " +
                            indexMember->dump(-1, ' ', false,
                                              json::error_handler_t::replace) +
                            ", which names no artifact");
    *indexMember = *merged;
    return merged;
  }

  json render() const {
    json list = json::array();
    for (const ArtifactKey &key : order)
      list.push_back(artifacts_.find(key)->second);
    return list;
  }

private:
  std::map<ArtifactKey, json> artifacts_;
  std::vector<ArtifactKey> order;
  std::map<ArtifactKey, size_t> indices;
};
} // namespace

/// Remaps every artifactLocation inside `value` (a worklist: no recursion).
static llvm::Error remapArtifactLocations(const ArtifactTable &artifacts,
                                          const InputLog &input, json &value) {
  std::vector<json *> worklist{&value};
  while (!worklist.empty()) {
    json *node = worklist.back();
    worklist.pop_back();
    if (node->is_object()) {
      if (json *location = getMember(*node, "artifactLocation");
          location && location->is_object()) {
        if (auto merged = artifacts.remap(input, *location); !merged)
          return merged.takeError();
      }
      for (auto &item : node->items())
        worklist.push_back(&item.value());
    } else if (node->is_array()) {
      for (json &element : *node)
        worklist.push_back(&element);
    }
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

namespace {
/// The union of the rules of every driver, sorted by id.
class RuleTable {
public:
  llvm::Error add(InputLog &input) {
    auto rules = getRunArray(input, *input.driver, "rules", "tool.driver");
    if (!rules)
      return rules.takeError();
    if (!*rules)
      return llvm::Error::success();
    for (size_t i = 0; i < (*rules)->size(); ++i) {
      json &rule = (**rules)[i];
      std::optional<std::string> id = getString(rule, "id");
      if (!id)
        return mergeError(input.name, "rule " + llvm::Twine(i) + " has no id");
      input.ruleIds.push_back(*id);
      rules_.try_emplace(*id, rule);
    }
    return llvm::Error::success();
  }

  void finalize() {
    size_t index = 0;
    for (const auto &entry : rules_)
      indices[entry.first] = index++;
  }

  std::optional<size_t> lookup(const std::string &id) const {
    auto it = indices.find(id);
    if (it == indices.end())
      return std::nullopt;
    return it->second;
  }

  /// Sets the `ruleIndex` of `result` (of `input`) in the merged rules:
  /// right after `ruleId`, as the reporter writes it, or removed when the
  /// merged driver does not describe the rule.
  llvm::Error reindex(const InputLog &input, json &result) const {
    std::optional<std::string> id = getString(result, "ruleId");
    if (!id) {
      if (!getMember(result, "ruleIndex"))
        return llvm::Error::success();
      std::optional<uint64_t> index = getIndex(result, "ruleIndex");
      if (!index || *index >= input.ruleIds.size())
        return mergeError(input.name,
                          "a result has a ruleIndex that names no rule");
      result["ruleIndex"] = *lookup(input.ruleIds[*index]);
      return llvm::Error::success();
    }
    std::optional<size_t> merged = lookup(*id);
    if (!merged) {
      result.erase("ruleIndex");
      return llvm::Error::success();
    }
    if (json *index = getMember(result, "ruleIndex")) {
      *index = *merged;
      return llvm::Error::success();
    }
    json rebuilt = json::object();
    for (auto &item : result.items()) {
      rebuilt[item.key()] = std::move(item.value());
      if (item.key() == "ruleId")
        rebuilt["ruleIndex"] = *merged;
    }
    result = std::move(rebuilt);
    return llvm::Error::success();
  }

  json render() const {
    json list = json::array();
    for (const auto &entry : rules_)
      list.push_back(entry.second);
    return list;
  }

private:
  std::map<std::string, json> rules_;
  std::map<std::string, size_t> indices;
};
} // namespace

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

namespace {
/// A result with what orders it.
struct ResultEntry {
  json result;
  /// The merged index of the artifact of its primary location (SIZE_MAX
  /// when it has none: after the others).
  size_t file;
  size_t log;
};
} // namespace

/// The merged artifact of the primary location of `result` (remapped).
static size_t getPrimaryFile(const ArtifactTable &artifacts,
                             const json &result) {
  const json *locations = getMember(result, "locations");
  if (!locations || !locations->is_array() || locations->empty())
    return SIZE_MAX;
  const json *physical = getMember((*locations)[0], "physicalLocation");
  const json *location =
      physical ? getMember(*physical, "artifactLocation") : nullptr;
  if (!location)
    return SIZE_MAX;
  if (std::optional<uint64_t> index = getIndex(*location, "index"))
    return *index;
  if (std::optional<std::string> uri = getString(*location, "uri"))
    if (auto merged = artifacts.lookup(
            {getString(*location, "uriBaseId").value_or(""), *uri}))
      return *merged;
  return SIZE_MAX;
}

/// How findings are ordered within a file (checks/Finding.h): line, column,
/// rule, message.
static std::tuple<uint64_t, uint64_t, std::string, std::string>
getPositionKey(const json &result) {
  uint64_t line = 0, column = 0;
  const json *locations = getMember(result, "locations");
  if (locations && locations->is_array() && !locations->empty())
    if (const json *physical = getMember((*locations)[0], "physicalLocation"))
      if (const json *region = getMember(*physical, "region")) {
        line = getIndex(*region, "startLine").value_or(0);
        column = getIndex(*region, "startColumn").value_or(0);
      }
  const json *message = getMember(result, "message");
  return {line, column, getString(result, "ruleId").value_or(""),
          message ? getString(*message, "text").value_or("") : ""};
}

/// Sorts results by file; the results of a file from several logs by
/// position too. Each log's order is otherwise kept.
static json orderResults(std::vector<ResultEntry> entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const ResultEntry &a, const ResultEntry &b) {
                     return a.file < b.file;
                   });
  for (size_t begin = 0; begin < entries.size();) {
    size_t end = begin;
    bool severalLogs = false;
    while (end < entries.size() && entries[end].file == entries[begin].file) {
      severalLogs |= entries[end].log != entries[begin].log;
      ++end;
    }
    if (severalLogs)
      std::stable_sort(entries.begin() + begin, entries.begin() + end,
                       [](const ResultEntry &a, const ResultEntry &b) {
                         return getPositionKey(a.result) <
                                getPositionKey(b.result);
                       });
    begin = end;
  }
  json results = json::array();
  for (ResultEntry &entry : entries)
    results.push_back(std::move(entry.result));
  return results;
}

//===----------------------------------------------------------------------===//
// The merged log
//===----------------------------------------------------------------------===//

llvm::Expected<std::string> memlint::mergeSarifLogs(
    llvm::ArrayRef<std::pair<std::string, std::string>> logs) {
  if (logs.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no SARIF log to merge");

  // Read every log and check the parts that must agree.
  std::vector<InputLog> inputs(logs.size());
  std::optional<std::string> columnKind;
  llvm::StringRef columnKindSource;
  for (size_t i = 0; i < logs.size(); ++i) {
    InputLog &input = inputs[i];
    input.name = logs[i].first;
    auto document = parseJson(input.name, logs[i].second);
    if (!document)
      return document.takeError();
    input.document = std::move(*document);
    if (llvm::Error error = readStructure(input))
      return std::move(error);
    std::string toolName = *getString(*input.driver, "name");
    std::string firstTool = *getString(*inputs[0].driver, "name");
    if (toolName != firstTool)
      return mergeError(input.name, llvm::Twine("the log is from '") +
                                        toolName + "', not '" + firstTool +
                                        "' as " + inputs[0].name);
    if (std::optional<std::string> kind = getString(*input.run, "columnKind")) {
      if (columnKind && *columnKind != *kind)
        return mergeError(input.name, llvm::Twine("columnKind '") + *kind +
                                          "' differs from '" + *columnKind +
                                          "' of " + columnKindSource);
      if (!columnKind) {
        columnKind = kind;
        columnKindSource = input.name;
      }
    }
  }

  // Rules, artifacts and base ids: unions.
  RuleTable rules;
  ArtifactTable artifacts;
  json baseIds = json::object();
  std::map<std::string, llvm::StringRef> baseIdSources;
  bool anyBaseIds = false;
  for (InputLog &input : inputs) {
    if (llvm::Error error = rules.add(input))
      return std::move(error);
    if (llvm::Error error = artifacts.add(input))
      return std::move(error);
    json *ids = getMember(*input.run, "originalUriBaseIds");
    if (!ids)
      continue;
    if (!ids->is_object())
      return mergeError(input.name, "run.originalUriBaseIds is not an object");
    anyBaseIds = true;
    for (auto &item : ids->items()) {
      auto [it, inserted] = baseIdSources.try_emplace(item.key(), input.name);
      if (inserted)
        baseIds[item.key()] = item.value();
      else if (baseIds[item.key()] != item.value())
        return mergeError(input.name,
                          llvm::Twine("originalUriBaseIds defines '") +
                              item.key() + "' differently from " + it->second);
    }
  }
  rules.finalize();
  artifacts.finalize();

  // Results and invocations, re-indexed.
  std::vector<ResultEntry> entries;
  /// Each result (as remapped) and the log that first held it.
  std::unordered_map<std::string, size_t> heldBy;
  bool successful = true;
  json executionNotifications = json::array();
  json configurationNotifications = json::array();
  for (size_t i = 0; i < inputs.size(); ++i) {
    InputLog &input = inputs[i];
    auto results = getRunArray(input, *input.run, "results", "run");
    if (!results)
      return results.takeError();
    if (*results)
      for (json &result : **results) {
        if (!result.is_object())
          return mergeError(input.name, "a result is not an object");
        if (llvm::Error error = rules.reindex(input, result))
          return std::move(error);
        if (llvm::Error error =
                remapArtifactLocations(artifacts, input, result))
          return std::move(error);
        size_t file = getPrimaryFile(artifacts, result);
        // Logs that share a file (baselines of one file with different
        // checks, say) may both hold a result: it is kept once.
        std::string text =
            result.dump(-1, ' ', false, json::error_handler_t::replace);
        auto [held, first] = heldBy.try_emplace(std::move(text), i);
        if (!first && held->second != i)
          continue;
        entries.push_back({std::move(result), file, i});
      }

    auto invocations = getRunArray(input, *input.run, "invocations", "run");
    if (!invocations)
      return invocations.takeError();
    if (!*invocations)
      continue;
    for (json &invocation : **invocations) {
      json *success = getMember(invocation, "executionSuccessful");
      successful &= success && success->is_boolean() && success->get<bool>();
      for (auto [key, list] :
           {std::pair{"toolExecutionNotifications", &executionNotifications},
            std::pair{"toolConfigurationNotifications",
                      &configurationNotifications}}) {
        auto notifications = getRunArray(input, invocation, key, "invocation");
        if (!notifications)
          return notifications.takeError();
        if (!*notifications)
          continue;
        for (json &notification : **notifications) {
          if (llvm::Error error =
                  remapArtifactLocations(artifacts, input, notification))
            return std::move(error);
          list->push_back(std::move(notification));
        }
      }
    }
  }

  json invocation = json::object();
  invocation["executionSuccessful"] = successful;
  if (!executionNotifications.empty())
    invocation["toolExecutionNotifications"] =
        std::move(executionNotifications);
  if (!configurationNotifications.empty())
    invocation["toolConfigurationNotifications"] =
        std::move(configurationNotifications);

  // The first log's layout, with the merged parts in place.
  json &first = inputs[0].document;
  json driver = json::object();
  for (auto &item : inputs[0].driver->items())
    driver[item.key()] = item.key() == "rules" ? json() : item.value();
  driver["rules"] = rules.render();
  json tool = json::object();
  for (auto &item : (*inputs[0].run)["tool"].items())
    tool[item.key()] = item.key() == "driver" ? driver : item.value();

  std::map<std::string, json> merged;
  merged["tool"] = std::move(tool);
  merged["invocations"] = json::array({std::move(invocation)});
  if (anyBaseIds)
    merged["originalUriBaseIds"] = std::move(baseIds);
  merged["artifacts"] = artifacts.render();
  merged["results"] = orderResults(std::move(entries));
  if (columnKind)
    merged["columnKind"] = *columnKind;

  json run = json::object();
  for (auto &item : inputs[0].run->items()) {
    auto it = merged.find(item.key());
    if (it == merged.end()) {
      run[item.key()] = std::move(item.value());
      continue;
    }
    run[item.key()] = std::move(it->second);
    merged.erase(it);
  }
  for (const char *key : {"tool", "invocations", "originalUriBaseIds",
                          "artifacts", "results", "columnKind"})
    if (auto it = merged.find(key); it != merged.end())
      run[key] = std::move(it->second);

  json log = json::object();
  for (auto &item : first.items())
    log[item.key()] = item.key() == "runs" ? json::array({std::move(run)})
                                           : std::move(item.value());
  return log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}
