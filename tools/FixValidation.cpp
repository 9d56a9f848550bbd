//===- FixValidation.cpp - Keep the fix-its that repair -------------------===//
//
// Validates candidate fix-its by applying them, in groups, and re-linting
// the chunks they touch (see FixValidation.h).
//
//===----------------------------------------------------------------------===//

#include "tools/FixValidation.h"

#include "checks/FixIts.h"
#include "checks/SharedCauses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

using namespace mlir;
using namespace memlint;

OffsetMap::OffsetMap(ArrayRef<FixEdit> edits) {
  int64_t delta = 0; // new - old, for the edits before
  for (const FixEdit &edit : sortEdits(edits)) {
    int64_t newStart = int64_t(edit.offset) + delta;
    delta += int64_t(edit.text.size()) - int64_t(edit.length);
    spans.push_back(
        {newStart, newStart + int64_t(edit.text.size()), delta, edit.offset});
  }
}

/// The last edit whose text starts at or before `offset`, if any.
const OffsetMap::Span *OffsetMap::spanBefore(uint64_t offset) const {
  auto it = llvm::upper_bound(
      spans, int64_t(offset),
      [](int64_t at, const Span &span) { return at < span.newStart; });
  return it == spans.begin() ? nullptr : &*std::prev(it);
}

uint64_t OffsetMap::back(uint64_t offset) const {
  const Span *span = spanBefore(offset);
  if (!span)
    return offset;
  if (int64_t(offset) < span->newEnd)
    return span->offset; // inside inserted text
  return uint64_t(int64_t(offset) - span->delta);
}

bool OffsetMap::isInserted(uint64_t offset) const {
  const Span *span = spanBefore(offset);
  return span && int64_t(offset) < span->newEnd;
}

uint64_t memlint::mapOffsetBack(uint64_t offset, ArrayRef<FixEdit> edits) {
  return OffsetMap(edits).back(offset);
}

bool memlint::isImprovement(const FileResult &before, const FileResult &after,
                            ArrayRef<FixEdit> edits,
                            ArrayRef<const Finding *> targets, bool progress) {
  if (!after.status.ok)
    return false;
  OffsetMap map(edits);
  for (const auto &range : after.incompleteFunctions) {
    uint64_t start = map.back(range.first);
    if (!llvm::any_of(before.incompleteFunctions,
                      [&](const auto &r) { return r.first == start; }))
      return false;
  }
  std::set<std::pair<std::string, uint64_t>> old, fixed;
  // The findings on some path only: one that the edits make happen on every
  // path got worse (a dealloc inserted before a loop that uses the buffer
  // fixes its leak and frees it before the first iteration's use).
  std::set<std::pair<std::string, uint64_t>> somePaths;
  for (const ReportedFinding &item : before.findings) {
    old.insert({item.finding.rule, item.finding.location.range.offset});
    if (!item.finding.allPaths)
      somePaths.insert({item.finding.rule, item.finding.location.range.offset});
  }
  // An aggregated finding (the sites of one function and memory space) is
  // fixed when fewer of its sites are left: its merged fix-it may fix some
  // of them, and the finding stays, at its worst site left, for the others.
  // New sites are tolerated as new warnings are (a reuse, a hoist, a
  // dealloc moved can expose another).
  using GroupKey = std::tuple<std::string, std::string, std::string>;
  auto forEachSite = [](const Finding &f, auto fn) {
    fn(f.location.range.offset);
    for (const FindingNote &note : f.notes)
      if (note.otherSite)
        fn(note.location.range.offset);
  };
  std::map<GroupKey, std::set<uint64_t>> aggregated;
  std::map<GroupKey, size_t> sitesLeft;
  // The witness of a leak: its notes, by original position.
  using Witness = std::vector<std::pair<uint64_t, std::string>>;
  // (A step at an op the edits inserted is left out: a guard inserted on
  // the path is no repair.)
  auto witnessOf = [](const Finding &f, const OffsetMap &mapBack) {
    Witness w;
    for (const FindingNote &note : f.notes)
      if (!mapBack.isInserted(note.location.range.offset))
        w.push_back({mapBack.back(note.location.range.offset), note.message});
    return w;
  };
  // (With whether the leak was on every path: one left on some path only,
  // even by the same witness, was freed on a path where it leaked; cfg seed
  // 6080, where the buffers of two iterations of a CFG loop are lost at the
  // same exit edge, each needing its own edit.)
  std::map<std::pair<std::string, uint64_t>, std::pair<Witness, bool>>
      leakWitnesses;
  for (const Finding *target : targets) {
    if (progress && target->rule == "lifetime-leak")
      leakWitnesses[{target->rule, target->location.range.offset}] = {
          witnessOf(*target, OffsetMap({})), target->allPaths};
    if (llvm::none_of(target->notes,
                      [](const FindingNote &note) { return note.otherSite; })) {
      fixed.insert({target->rule, target->location.range.offset});
      continue;
    }
    std::set<uint64_t> &sites =
        aggregated[{target->rule, target->function, target->memorySpace}];
    forEachSite(*target, [&](uint64_t offset) { sites.insert(offset); });
  }
  for (const ReportedFinding &item : after.findings) {
    const Finding &f = item.finding;
    std::pair<std::string, uint64_t> key{f.rule,
                                         map.back(f.location.range.offset)};
    auto group = aggregated.find({f.rule, f.function, f.memorySpace});
    if (group != aggregated.end()) {
      forEachSite(f, [&](uint64_t offset) {
        sitesLeft[group->first] += group->second.count(map.back(offset));
      });
      continue;
    }
    // A new error is a regression. A new warning is tolerated: hoisting an
    // alloc one loop level may leave it invariant in the next loop, and a
    // dealloc added in a loop body may make the alloc a hoisting candidate.
    if (!old.count(key) && f.level >= Level::Error)
      return false;
    if (f.allPaths && somePaths.count(key) && f.level >= Level::Error &&
        llvm::StringRef(f.rule).starts_with("lifetime-"))
      return false;
    if (fixed.count(key)) {
      auto leak = leakWitnesses.find(key);
      if (leak == leakWitnesses.end() ||
          (witnessOf(f, map) == leak->second.first &&
           f.allPaths == leak->second.second))
        return false;            // not fixed
      leakWitnesses.erase(leak); // repaired on the path reported
    }
  }
  for (const auto &[group, sites] : aggregated)
    if (sitesLeft[group] >= sites.size())
      return false; // no site fixed
  return true;
}

/// MEMLINT_TRACE_FIXES set: every candidate fix-it refused is named on
/// stderr (a debugging aid for new strategies).
static bool traceFixes() {
  static const bool enabled = std::getenv("MEMLINT_TRACE_FIXES") != nullptr;
  return enabled;
}

/// Keeps, for each finding, the first candidate fix-it whose result parses,
/// verifies and re-lints without the finding and without a new one.
///
/// Candidates are validated in groups, so that a file with hundreds of
/// findings takes a few re-lints, not one per finding: the next candidate
/// of every finding still without a fix, as many as do not overlap, are
/// applied together and re-linted once. A group whose result has none of
/// its findings and no new error validates each of its candidates; one that
/// fails is split in halves, down to one candidate re-linted alone (the
/// validation of a candidate on its own). `maxFixValidations` bounds the
/// re-lints of a file.
void memlint::validateFixes(FileResult &result, const LintOptions &options,
                            const DialectRegistry &registry) {
  FixBudget own;
  FixBudget &pool = options.fixBudget ? *options.fixBudget : own;
  // Besides their number, the re-lints together may take at most
  // kFixWorkFactor times the analysis steps of the lint itself (at least
  // kMinFixWork): steps, so that which fix-its are kept does not depend on
  // the machine. A file whose lint takes 0.2 s then validates in about
  // 1.5 s (mutation fuzzer seed 32577: 16 findings, 11 candidates each for
  // the 4 that none fixes; with a factor of 24 and 3 million steps at least,
  // each round of --fix spent 3 s on those, and --fix took 13 s).
  // The work of a lint is its steps plus the ops it parsed, each counted
  // by its nesting depth (the parse dominates a file of many small chunks;
  // the verifier's dominance checks walk the parents: seed 4705 nests 1,000
  // levels deep, and its 128 re-lints took 7 s).
  constexpr uint64_t kFixWorkFactor = 8, kMinFixWork = 1'000'000;
  auto workOf = [](const FileResult &r) {
    return r.status.figures.steps + r.status.figures.opDepths;
  };
  if (!pool.started) {
    pool.started = true;
    pool.relints = options.maxFixValidations;
    pool.work =
        std::max<uint64_t>(kMinFixWork, kFixWorkFactor * workOf(result));
  }
  unsigned &budget = pool.relints;
  auto spend = [&](uint64_t steps) {
    pool.work = steps >= pool.work ? 0 : pool.work - steps;
    if (pool.work == 0)
      budget = 0;
  };
  // With --split-input-file, a candidate is re-linted in the chunks its
  // edits touch only (mutation fuzzer seed 4705: 13 chunks, each re-lint
  // parsed all of them). Chunk i of the edited text is chunk i of the
  // file while the edits add or remove no `// -----` line.
  std::vector<std::pair<size_t, size_t>> chunks;
  if (options.splitInputFile)
    chunks = splitChunks(result.text);
  LintOptions relint = options;
  relint.validateFixes = false;
  relint.onModule = nullptr;
  struct Pending {
    Finding *finding;
    std::vector<FixIt> candidates;
    size_t next = 0;
    /// The first candidate that repairs a leak in part (see below), if any.
    std::optional<size_t> partial;
  };
  std::vector<Pending> pending;
  for (ReportedFinding &item : result.findings) {
    Finding &finding = item.finding;
    std::vector<FixIt> candidates = std::move(finding.fixes);
    finding.fixes.clear();
    if (item.suppressed || candidates.empty())
      continue; // silenced by NOLINT: not fixed either
    // In a function whose exploration stopped at a bound, no re-lint can
    // confirm a fix-it (mutation fuzzer seed 41281: each candidate re-lint
    // ran into the bound, 282k steps, and --fix took 40 s under ASan).
    uint64_t at = finding.location.range.offset;
    if (llvm::any_of(result.incompleteFunctions, [&](const auto &range) {
          return range.first <= at && at <= range.second;
        }))
      continue;
    pending.push_back({&finding, std::move(candidates)});
  }
  // Validates the candidates `group` (indices into `pending`, each at its
  // `next` candidate) together; true when they all hold.
  // A leak may be lost at several places, each needing its own edit (the
  // end of a branch and a loop's back-edge): no candidate then removes it.
  // A candidate re-linted alone that frees it on the path reported and
  // leaves it lost on another (or on some paths only, where it was lost on
  // every path) is noted as a repair in part; when none of the leak's
  // candidates fixes it, the first such one is kept, --fix applies it and
  // its next round repairs the next place. Only candidates
  // that add text and remove no dealloc: each round then frees on more
  // paths and undoes no earlier one, so rounds cannot go in circles. (No
  // re-lint of its own: it is judged on the lint of the candidate alone.)
  auto removesDealloc = [&](const FixIt &fix) {
    return llvm::any_of(fix.edits, [&](const FixEdit &edit) {
      return llvm::StringRef(result.text)
          .substr(edit.offset, edit.length)
          .contains("dealloc");
    });
  };
  // With MEMLINT_TRACE_FIXES: what the last candidate re-linted alone left
  // (the errors of its re-lint), to say why it was refused.
  std::string refusedBecause;
  auto holds = [&](ArrayRef<size_t> group) {
    std::vector<FixEdit> edits;
    std::vector<const Finding *> targets;
    for (size_t i : group) {
      const FixIt &fix = pending[i].candidates[pending[i].next];
      edits.insert(edits.end(), fix.edits.begin(), fix.edits.end());
      targets.push_back(pending[i].finding);
    }
    --budget;
    FileResult after;
    after.status.path = result.status.path;
    std::string edited = applyEdits(result.text, edits);
    std::set<size_t> touched;
    for (const FixEdit &edit : edits)
      for (size_t c = 0; c < chunks.size(); ++c)
        if (edit.offset <= chunks[c].second &&
            chunks[c].first <= edit.offset + edit.length)
          touched.insert(c);
    bool local = !chunks.empty() && splitChunks(edited).size() == chunks.size();
    lintChunks(edited, relint, registry, after, local ? &touched : nullptr);
    spend(workOf(after));
    if (isImprovement(result, after, edits, targets))
      return true;
    if (group.size() == 1 && traceFixes()) {
      refusedBecause.clear();
      if (!after.status.ok)
        refusedBecause = "memlint-trace:   the result does not parse or "
                         "verify\n";
      unsigned shown = 0;
      for (const ReportedFinding &item : after.findings)
        if (!item.suppressed && item.finding.level >= Level::Error &&
            shown++ < 4)
          refusedBecause += "memlint-trace:   after it: line " +
                            std::to_string(item.finding.location.range.line) +
                            ": " + item.finding.message + " [" +
                            item.finding.rule + "]\n";
    }
    if (group.size() == 1) {
      Pending &p = pending[group.front()];
      if (p.finding->rule == "lifetime-leak" && !p.partial &&
          !removesDealloc(p.candidates[p.next]) &&
          isImprovement(result, after, edits, targets, /*progress=*/true))
        p.partial = p.next;
    }
    return false;
  };
  // Copies of one fix-it in the lists of findings of one cause: the one
  // linkSharedCauses leaves to the finding that ranks it highest, and the
  // copies it moves last in the others' lists, for when that finding ends
  // without it. A fix-it is offered once: a copy is skipped when another
  // finding of the cause holds it already, and waits while one that ranks
  // it higher (as linkSharedCauses does: a general fallback after every
  // local edit, the earlier finding on a tie) still has it to try.
  enum class Copy { None, Held, Wait };
  auto rankOf = [](const Pending &p, size_t k) {
    return p.candidates[k].general ? p.candidates.size() + k : k;
  };
  auto copyOf = [&](size_t i) {
    const Pending &p = pending[i];
    const FixIt &fix = p.candidates[p.next];
    Copy copy = Copy::None;
    for (size_t j = 0; j < pending.size(); ++j) {
      const Pending &other = pending[j];
      if (j == i || !sameCause(*other.finding, *p.finding))
        continue;
      for (const FixIt &held : other.finding->fixes)
        if (sameEdits(held, fix))
          return Copy::Held;
      if (!other.finding->fixes.empty())
        continue;
      for (size_t k = other.next; k < other.candidates.size(); ++k)
        if (std::make_pair(rankOf(other, k), j) <
                std::make_pair(rankOf(p, p.next), i) &&
            sameEdits(other.candidates[k], fix))
          copy = Copy::Wait;
    }
    return copy;
  };
  // (Waits that would leave no candidate to try are lifted.)
  bool lifted = false;
  while (budget > 0 && !pool.cancelled) {
    // The group: the findings still open, at their next candidate, whose
    // edits do not clash with an earlier member's.
    std::vector<size_t> group;
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    bool waiting = false;
    for (size_t i = 0; i < pending.size(); ++i) {
      Pending &p = pending[i];
      Copy copy = Copy::None;
      while (p.finding->fixes.empty() && p.next < p.candidates.size() &&
             (copy = copyOf(i)) == Copy::Held)
        ++p.next;
      if (!p.finding->fixes.empty() || p.next >= p.candidates.size())
        continue;
      if (copy == Copy::Wait && !lifted) {
        waiting = true;
        continue;
      }
      ArrayRef<FixEdit> edits = p.candidates[p.next].edits;
      if (editsClash(edits, taken, /*touching=*/true))
        continue;
      for (const FixEdit &edit : edits)
        taken.push_back({edit.offset, edit.offset + edit.length});
      group.push_back(i);
    }
    if (group.empty() && waiting && !lifted) {
      lifted = true;
      continue;
    }
    lifted = false;
    if (group.empty())
      break;
    // Bisection with an explicit stack of subgroups.
    std::vector<std::vector<size_t>> stack = {group};
    while (!stack.empty() && budget > 0 && !pool.cancelled) {
      std::vector<size_t> part = std::move(stack.back());
      stack.pop_back();
      if (holds(part)) {
        for (size_t i : part)
          pending[i].finding->fixes.push_back(
              std::move(pending[i].candidates[pending[i].next]));
        continue;
      }
      if (part.size() == 1) {
        if (traceFixes()) {
          const Pending &p = pending[part.front()];
          const FixIt &fix = p.candidates[p.next];
          llvm::errs() << "memlint-trace: fix-it refused: line "
                       << p.finding->location.range.line << ": "
                       << fix.description << "\n";
          for (const FixEdit &edit : fix.edits)
            llvm::errs() << "memlint-trace:   at offset " << edit.offset
                         << ", replace " << edit.length << " bytes by '"
                         << edit.text << "'\n";
          llvm::errs() << refusedBecause;
        }
        ++pending[part.front()].next; // this candidate fails on its own
        continue;
      }
      size_t half = part.size() / 2;
      stack.emplace_back(part.begin() + half, part.end());
      stack.emplace_back(part.begin(), part.begin() + half);
    }
  }
  for (Pending &p : pending) {
    if (!p.finding->fixes.empty() || !p.partial || p.next < p.candidates.size())
      continue;
    FixIt &fix = p.candidates[*p.partial];
    fix.partial = true;
    fix.description += " (on the path reported; another place that loses it "
                       "needs another fix)";
    p.finding->fixes.push_back(std::move(fix));
  }
  // Findings the budget left with candidates untried show no fix-it, and
  // the next --fix may fix them: said, not silent.
  result.status.figures.unvalidatedFixFindings =
      llvm::count_if(pending, [](const Pending &p) {
        return p.finding->fixes.empty() && p.next < p.candidates.size();
      });
}
