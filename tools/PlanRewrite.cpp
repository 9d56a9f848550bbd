//===- PlanRewrite.cpp - plan --rewrite: apply memory plans as text edits -===//

#include "tools/PlanRewrite.h"
#include "tools/FixValidation.h"

#include "analyzer/ArenaRewrite.h"
#include "analyzer/SourceInfo.h"
#include "analyzer/Units.h"
#include "checks/FixIts.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace mlir;
using namespace memlint;

namespace {
/// A parsed file with its positions and names.
struct ParsedFile {
  explicit ParsedFile(const DialectRegistry &registry)
      : context(registry, MLIRContext::Threading::DISABLED) {}
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  AsmParserState state;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<SourceInfo> source;
  std::string diagnostics;
};

/// Fresh SSA names: none of them occurs in the text of the file.
class NameAllocator {
public:
  explicit NameAllocator(StringRef text) {
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '%')
        continue;
      size_t j = i + 1;
      while (j < text.size() &&
             (llvm::isAlnum(text[j]) || StringRef("_$.-").contains(text[j])))
        ++j;
      used.insert(text.slice(i + 1, j));
      i = j - 1;
    }
  }
  std::string fresh(StringRef base) {
    std::string name = base.str();
    for (unsigned k = 1; used.contains(name); ++k)
      name = base.str() + "_" + std::to_string(k);
    used.insert(name);
    return "%" + name;
  }

private:
  llvm::StringSet<> used;
};
} // namespace

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start)
      .count();
}

static std::unique_ptr<ParsedFile> parseText(StringRef text,
                                             const std::string &path,
                                             const DialectRegistry &registry,
                                             bool allowUnregistered) {
  auto parsed = std::make_unique<ParsedFile>(registry);
  parsed->context.allowUnregisteredDialects(allowUnregistered);
  parsed->sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, path), llvm::SMLoc());
  llvm::raw_string_ostream os(parsed->diagnostics);
  SourceMgrDiagnosticHandler handler(parsed->sourceMgr, &parsed->context, os);
  Block block;
  ParserConfig config(&parsed->context);
  if (failed(parseAsmSourceFile(parsed->sourceMgr, &block, config,
                                &parsed->state)))
    return parsed;
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(UnknownLoc::get(&parsed->context));
  module->getBody()->getOperations().splice(module->getBody()->end(),
                                            block.getOperations());
  if (failed(verify(*module)))
    return parsed;
  parsed->module = std::move(module);
  parsed->source =
      std::make_unique<SourceInfo>(parsed->sourceMgr, parsed->state);
  return parsed;
}

/// The top-level functions with bodies of `module`, in text order.
static std::vector<FunctionOpInterface> getFunctions(ModuleOp module) {
  std::vector<FunctionOpInterface> functions;
  module->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal() && !fn->getParentOfType<FunctionOpInterface>())
      functions.push_back(fn);
  });
  return functions;
}

static unsigned countAllocs(Operation *root) {
  unsigned count = 0;
  root->walk([&](memref::AllocOp) { ++count; });
  return count;
}

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

namespace {
/// A group with its edits, ready to validate.
struct GroupEdits {
  RewriteGroupReport report;
  std::string arenaName;
  std::vector<FixEdit> edits;
};
} // namespace

/// The edits of `group`; false with `why` when the text does not allow
/// them.
static bool buildEdits(const ArenaGroup &group, const SourceInfo &source,
                       const std::string &file, NameAllocator &names,
                       GroupEdits &out, std::string &why) {
  MLIRContext *context = group.slots.front().alloc->getContext();
  auto arenaType = MemRefType::get({group.size}, IntegerType::get(context, 8),
                                   MemRefLayoutAttrInterface(),
                                   group.memorySpace);
  std::string arena = names.fresh("arena");
  std::string type = printType(arenaType);
  out.arenaName = arena;
  FixItBuilder builder(source, file);
  if (!builder.insertBefore(group.allocBefore,
                            arena + " = memref.alloc() {alignment = " +
                                std::to_string(group.alignment) +
                                " : i64} : " + type)) {
    why = "the arena's allocation cannot go on a line of its own";
    return false;
  }
  std::string dealloc = "memref.dealloc " + arena + " : " + type;
  bool placed = true;
  if (group.deallocAfter)
    placed = builder.insertAfter(group.deallocAfter, dealloc);
  for (Operation *terminator : group.deallocBefore)
    placed = placed && builder.insertBefore(terminator, dealloc);
  if (!placed || (!group.deallocAfter && group.deallocBefore.empty())) {
    why = "the arena's dealloc cannot go on a line of its own";
    return false;
  }
  for (const ArenaSlot &slot : group.slots) {
    auto alloc = cast<memref::AllocOp>(slot.alloc);
    std::string name = source.getName(alloc.getResult());
    if (!StringRef(name).starts_with("%") || name.find('#') != std::string::npos) {
      why = "a buffer has no name of its own in the text";
      return false;
    }
    if (alloc.getType().getMemorySpace() != group.memorySpace) {
      why = "its buffers name the memory space differently";
      return false;
    }
    std::string offset = names.fresh(arena.substr(1) + "_off");
    std::string lines =
        offset + " = arith.constant " + std::to_string(slot.offset) + " : index";
    // A dynamic size was planned at its --assume-dim bound: checked at run
    // time, since a larger one would overlap other buffers.
    std::vector<std::string> sizes;
    for (Value size : alloc.getDynamicSizes()) {
      std::string sizeName = source.getName(size);
      if (!StringRef(sizeName).starts_with("%")) {
        why = "a dynamic size has no name in the text";
        return false;
      }
      sizes.push_back(sizeName);
      std::string bound = names.fresh(arena.substr(1) + "_bound");
      std::string fits = names.fresh(arena.substr(1) + "_fits");
      lines += "\n" + bound + " = arith.constant " +
               std::to_string(*group.assumeDim) + " : index\n" + fits +
               " = arith.cmpi ule, " + sizeName + ", " + bound +
               " : index\ncf.assert " + fits +
               ", \"a dimension of " + name +
               " exceeds the --assume-dim bound of the memory plan\"";
    }
    lines += "\n" + name + " = memref.view " + arena + "[" + offset + "][" +
             llvm::join(sizes, ", ") + "] : " + type + " to " +
             printType(alloc.getType());
    if (!builder.replace(alloc, lines)) {
      why = "a buffer's allocation shares its lines";
      return false;
    }
  }
  for (Operation *op : group.deallocs)
    if (!builder.remove(op)) {
      why = "a dealloc shares its lines";
      return false;
    }
  std::optional<FixIt> fix = builder.take("apply the memory plan");
  if (!fix) {
    why = "its edits overlap";
    return false;
  }
  out.edits = std::move(fix->edits);
  return true;
}

namespace {
/// What validation says of a set of rewritten groups: the text does not
/// parse or verify (`parseError`), or the functions whose rewrite is wrong,
/// with why.
struct Verdict {
  std::string parseError;
  std::map<std::string, std::string> refused;
  bool ok() const { return parseError.empty() && refused.empty(); }
};

/// The findings of a file, as validation compares them: the structural
/// perf-* findings by how many sites each function and memory space has
/// (they are aggregated per function, and the rewrite moves their primary
/// site when it takes the worst buffer away), the others by rule and
/// position.
struct FindingCensus {
  std::map<std::tuple<std::string, std::string, std::string>, size_t> sites;
  std::set<std::pair<std::string, uint64_t>> positioned;
};
} // namespace

static bool isStructural(const Finding &finding) {
  return StringRef(finding.rule).starts_with("perf-");
}

static size_t countSites(const Finding &finding) {
  return 1 + llvm::count_if(finding.notes, [](const FindingNote &note) {
           return note.otherSite;
         });
}

static FindingCensus takeCensus(ArrayRef<ReportedFinding> findings) {
  FindingCensus census;
  for (const ReportedFinding &item : findings) {
    const Finding &finding = item.finding;
    if (isStructural(finding))
      census.sites[{finding.rule, finding.function, finding.memorySpace}] +=
          countSites(finding);
    else
      census.positioned.insert({finding.rule, finding.location.range.offset});
  }
  return census;
}

/// Validates the edited text `after` (`edits` on the original) of the
/// groups `groups` against the census of the original.
static Verdict validate(const FileRewrite &rewrite,
                        const FindingCensus &before,
                        ArrayRef<const GroupEdits *> groups,
                        ArrayRef<FixEdit> edits, const std::string &after,
                        const PlanRewriteOptions &options,
                        const DialectRegistry &registry) {
  Verdict verdict;
  LintOptions lint = options.lint;
  lint.validateFixes = false;
  lint.onModule = nullptr;
  FileResult linted = lintText(after, rewrite.path, lint, registry);
  if (!linted.status.ok) {
    StringRef first = StringRef(linted.diagnostics).split('\n').first;
    verdict.parseError =
        "the rewritten text does not parse or verify: " + first.str();
    return verdict;
  }
  auto refuse = [&](const std::string &function, std::string why) {
    verdict.refused.emplace(function, std::move(why));
  };
  FindingCensus now;
  for (const ReportedFinding &item : linted.findings) {
    const Finding &finding = item.finding;
    std::string where = "the rewritten text has a new finding at line " +
                        std::to_string(finding.location.range.line) + ": " +
                        finding.message + " [" + finding.rule + "]";
    if (isStructural(finding)) {
      auto key = std::make_tuple(finding.rule, finding.function,
                                 finding.memorySpace);
      size_t count = now.sites[key] += countSites(finding);
      auto old = before.sites.find(key);
      if (old == before.sites.end() || count > old->second)
        refuse(finding.function, where);
      continue;
    }
    uint64_t at = mapOffsetBack(finding.location.range.offset, edits);
    if (!before.positioned.count({finding.rule, at}))
      refuse(finding.function, where);
  }
  // Re-plan: each rewritten space holds its arena, of the planned size,
  // and nothing else when nothing planned stayed.
  std::unique_ptr<ParsedFile> parsed =
      parseText(after, rewrite.path, registry,
                options.lint.allowUnregisteredDialects);
  if (!parsed->module) {
    verdict.parseError = "the rewritten text does not parse";
    return verdict;
  }
  std::map<std::string, std::vector<const GroupEdits *>> byFunction;
  for (const GroupEdits *group : groups)
    byFunction[group->report.function].push_back(group);
  LiveIntervalOptions live;
  live.assumeDim = options.assumeDim;
  for (FunctionOpInterface fn : getFunctions(*parsed->module)) {
    auto found = byFunction.find(fn.getName().str());
    if (found == byFunction.end())
      continue;
    FunctionLiveIntervals intervals(fn, live);
    for (const GroupEdits *group : found->second) {
      const BufferInterval *arena = nullptr;
      unsigned planned = 0;
      for (const BufferInterval &buffer : intervals.getBuffers()) {
        if (buffer.space != group->report.space || !buffer.isPlanned())
          continue;
        ++planned;
        if (parsed->source->getName(buffer.value) == group->arenaName)
          arena = &buffer;
      }
      const std::string &function = group->report.function;
      if (!arena || arena->bytes != group->report.arenaBytes) {
        refuse(function, "the re-plan of @" + function +
                             " does not find the arena of " +
                             std::to_string(group->report.arenaBytes) +
                             " bytes");
        continue;
      }
      std::vector<size_t> indices;
      PlanProblem problem = intervals.getProblem(group->report.space, indices);
      int64_t height = planArena(problem, {0.0}).height;
      if (planned == 1 && height != group->report.arenaBytes)
        refuse(function, "the re-planned peak of @" + function + " is " +
                             std::to_string(height) +
                             " bytes, not the arena's " +
                             std::to_string(group->report.arenaBytes));
    }
  }
  return verdict;
}

FileRewrite memlint::rewriteText(std::string text, const std::string &path,
                                 const PlanRewriteOptions &options,
                                 const DialectRegistry &registry) {
  FileRewrite rewrite;
  rewrite.path = path;
  rewrite.before = text;
  rewrite.after = text;
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<ParsedFile> parsed = parseText(
      text, path, registry, options.lint.allowUnregisteredDialects);
  if (!parsed->module) {
    rewrite.ok = false;
    rewrite.diagnostics = parsed->diagnostics;
    return rewrite;
  }
  const SourceInfo &source = *parsed->source;
  rewrite.allocsBefore = rewrite.allocsAfter = countAllocs(*parsed->module);

  ArenaRewriteOptions arenaOptions;
  arenaOptions.live.assumeDim = options.assumeDim;
  arenaOptions.plan.timeLimitSeconds = options.timeLimitSeconds;
  auto canEdit = [&](Operation *op) {
    return source.getWholeLines(op).has_value();
  };
  arenaOptions.canEdit = canEdit;
  NameAllocator names(text);
  std::vector<GroupEdits> candidates;
  auto keptOf = [&](const KeptBuffer &kept) {
    RewriteKept row;
    row.name = source.getName(kept.alloc->getResult(0));
    row.line = source.getRange(kept.alloc).line;
    row.bytes = kept.bytes;
    row.reason = kept.reason;
    return row;
  };
  for (FunctionOpInterface fn : getFunctions(*parsed->module)) {
    if (!options.function.empty() && fn.getName() != options.function)
      continue;
    FunctionArenaRewrite planned;
    std::string error;
    if (!planFunctionArenas(fn, arenaOptions, planned, error)) {
      rewrite.ok = false;
      rewrite.diagnostics = path + ": error: internal error: invalid plan of @" +
                            fn.getName().str() + ": " + error + "\n";
      return rewrite;
    }
    std::string name = fn.getName().str();
    for (const KeptBuffer &kept : planned.kept)
      rewrite.kept.push_back({name, keptOf(kept)});
    for (ArenaGroup &group : planned.groups) {
      if (options.space && *options.space != group.space)
        continue;
      GroupEdits edits;
      RewriteGroupReport &report = edits.report;
      report.function = name;
      report.space = group.space;
      report.buffers = group.slots.size();
      report.arenaBytes = group.size;
      report.lowerBound = group.lowerBound;
      report.writtenPeak = group.writtenPeak;
      report.optimal = group.optimal;
      for (const KeptBuffer &kept : group.kept)
        report.kept.push_back(keptOf(kept));
      std::string why;
      if (!buildEdits(group, source, path, names, edits, why))
        report.refusal = why;
      candidates.push_back(std::move(edits));
    }
  }
  rewrite.planSeconds = secondsSince(start);
  start = std::chrono::steady_clock::now();

  // Validate all the rewrites together. The functions are independent
  // (a rewrite keeps every signature), so a function whose rewrite is
  // wrong is dropped and the rest validated again; a text that does not
  // parse is bisected, since its error does not say which group made it.
  LintOptions lint = options.lint;
  lint.validateFixes = false;
  lint.onModule = nullptr;
  FindingCensus before =
      takeCensus(lintText(text, path, lint, registry).findings);
  std::string after;
  std::vector<FixEdit> edits;
  auto tryGroups = [&](ArrayRef<const GroupEdits *> groups) {
    edits.clear();
    for (const GroupEdits *group : groups)
      edits.insert(edits.end(), group->edits.begin(), group->edits.end());
    after = applyEdits(text, edits);
    return validate(rewrite, before, groups, edits, after, options, registry);
  };
  auto refuse = [](const GroupEdits *group, const std::string &why) {
    const_cast<GroupEdits *>(group)->report.refusal = why;
  };
  // The groups of `groups` that validate together.
  std::function<std::vector<const GroupEdits *>(
      std::vector<const GroupEdits *>)>
      accept = [&](std::vector<const GroupEdits *> groups) {
        while (!groups.empty()) {
          Verdict verdict = tryGroups(groups);
          if (verdict.ok())
            return groups;
          if (!verdict.parseError.empty()) {
            if (groups.size() == 1) {
              refuse(groups.front(), verdict.parseError);
              return std::vector<const GroupEdits *>();
            }
            size_t half = groups.size() / 2;
            std::vector<const GroupEdits *> kept = accept(
                std::vector<const GroupEdits *>(groups.begin(),
                                                groups.begin() + half));
            std::vector<const GroupEdits *> right =
                accept(std::vector<const GroupEdits *>(groups.begin() + half,
                                                       groups.end()));
            kept.insert(kept.end(), right.begin(), right.end());
            groups = std::move(kept);
            continue;
          }
          std::vector<const GroupEdits *> rest;
          for (const GroupEdits *group : groups) {
            auto found = verdict.refused.find(group->report.function);
            if (found == verdict.refused.end())
              rest.push_back(group);
            else
              refuse(group, found->second);
          }
          if (rest.size() == groups.size()) {
            // A finding in a function without a rewrite: the rewrite of
            // another one changed it (it should not); drop them all.
            for (const GroupEdits *group : groups)
              refuse(group, verdict.refused.begin()->second);
            return std::vector<const GroupEdits *>();
          }
          groups = std::move(rest);
        }
        return groups;
      };
  std::vector<const GroupEdits *> ready;
  for (const GroupEdits &group : candidates)
    if (group.report.refusal.empty())
      ready.push_back(&group);
  std::vector<const GroupEdits *> accepted = accept(ready);
  if (!accepted.empty()) {
    edits.clear();
    for (const GroupEdits *group : accepted)
      edits.insert(edits.end(), group->edits.begin(), group->edits.end());
    rewrite.after = applyEdits(text, edits);
  }
  for (GroupEdits &group : candidates) {
    group.report.applied = llvm::is_contained(accepted, &group);
    rewrite.groups.push_back(std::move(group.report));
  }
  if (!accepted.empty()) {
    std::unique_ptr<ParsedFile> result = parseText(
        rewrite.after, path, registry, options.lint.allowUnregisteredDialects);
    if (result->module)
      rewrite.allocsAfter = countAllocs(*result->module);
  }
  rewrite.validateSeconds = secondsSince(start);
  return rewrite;
}

std::string memlint::renderRewriteSummary(const FileRewrite &rewrite) {
  std::string out;
  llvm::raw_string_ostream os(out);
  unsigned applied = 0, moved = 0;
  for (const RewriteGroupReport &group : rewrite.groups) {
    os << rewrite.path << ": @" << group.function << " (memory space "
       << group.space << "): ";
    if (group.applied) {
      ++applied;
      moved += group.buffers;
      os << group.buffers << " buffers into one arena of "
         << formatBytes(group.arenaBytes) << " (lower bound "
         << formatBytes(group.lowerBound) << ", peak as written "
         << formatBytes(group.writtenPeak) << ")\n";
    } else {
      os << "not rewritten: " << group.refusal << "\n";
    }
    for (const RewriteKept &kept : group.kept)
      os << rewrite.path << ":" << kept.line << ": kept " << kept.name << ": "
         << kept.reason << "\n";
  }
  for (const auto &[function, kept] : rewrite.kept)
    os << rewrite.path << ":" << kept.line << ": kept " << kept.name << " (@"
       << function << "): " << kept.reason << "\n";
  os << rewrite.path << ": " << applied << " arena"
     << (applied == 1 ? "" : "s") << ", " << moved << " buffers moved; "
     << rewrite.allocsBefore << " allocations -> " << rewrite.allocsAfter
     << "\n";
  return out;
}
