//===- FixApplier.cpp - Apply fix-its to files: --fix, --fix-dry-run ------===//

#include "tools/FixApplier.h"
#include "tools/FixValidation.h"

#include "checks/FixIts.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace memlint;

/// How many fix-its a round of --fix tries alone, at most, once those it
/// picked fail together and the first fails alone (one re-lint each).
static constexpr unsigned kMaxAloneAttempts = 32;

/// The first fix-it of each finding that does not overlap an earlier one,
/// the complete ones first, each group in the order of the text; those that
/// overlap go to `skipped` when given.
static std::vector<const FixIt *>
pickCompatible(const FileResult &result,
               std::vector<const FixIt *> *skipped = nullptr) {
  std::vector<const FixIt *> fixes;
  for (const ReportedFinding &item : result.findings)
    if (!item.suppressed && !item.finding.fixes.empty())
      fixes.push_back(&item.finding.fixes.front());
  // Complete fix-its before those that repair a leak in part: a partial
  // one must not push out, by a clash or by failing together, a fix-it that
  // removes another finding (cfg seed 21118).
  std::stable_sort(fixes.begin(), fixes.end(),
                   [](const FixIt *a, const FixIt *b) {
                     if (a->partial != b->partial)
                       return b->partial;
                     return a->edits.front().offset < b->edits.front().offset;
                   });
  std::vector<const FixIt *> picked;
  std::vector<std::pair<uint64_t, uint64_t>> taken;
  for (const FixIt *fix : fixes) {
    // Touching ranges clash too: two insertions at one offset would depend
    // on their order.
    if (editsClash(fix->edits, taken, /*touching=*/true)) {
      if (skipped)
        skipped->push_back(fix);
      continue;
    }
    for (const FixEdit &edit : fix->edits)
      taken.push_back({edit.offset, edit.offset + edit.length});
    picked.push_back(fix);
  }
  return picked;
}

/// True when the first `count` of `fixes` all fix findings below error or
/// repair a leak in part (which leaves the error, on fewer paths).
static bool fixesOnlyWarnings(const FileResult &result,
                              const std::vector<const FixIt *> &fixes,
                              unsigned count) {
  for (unsigned i = 0; i < count && i < fixes.size(); ++i)
    for (const ReportedFinding &item : result.findings)
      if (!fixes[i]->partial && !item.finding.fixes.empty() &&
          &item.finding.fixes.front() == fixes[i] &&
          item.finding.level >= Level::Error)
        return false;
  return true;
}

FixOutcome memlint::applyFixes(const FileResult &first,
                               const LintOptions &options,
                               const mlir::DialectRegistry &registry,
                               unsigned maxRounds) {
  // The re-lints of the fixed text draw no diagrams. An attempt is judged
  // by a lint that leaves its candidate fix-its unvalidated (validation is
  // the costly part); the one kept then has them validated, for the next
  // round.
  LintOptions relint = options;
  relint.onModule = nullptr;
  LintOptions quick = relint;
  quick.deferFixValidation = true;
  FixOutcome outcome;
  outcome.text = first.text;
  outcome.final = first;
  auto errors = [](const FileResult &r) {
    return llvm::count_if(r.findings, [](const ReportedFinding &item) {
      return !item.suppressed && item.finding.level >= Level::Error;
    });
  };
  // Fix-its applied since the validation budget (shared by the rounds)
  // last started.
  unsigned appliedOnBudget = 0;
  // When the budget ran out before the fix-its of some findings were tried,
  // validation resumes with a new budget on the text as fixed so far, as
  // another --fix would, as long as the budget before applied a fix-it: so
  // that --fix reaches the point where --fix again changes nothing. Each
  // resumption follows a round that applied fix-its, so there are at most
  // maxRounds of them.
  auto resume = [&]() {
    const std::shared_ptr<FixBudget> &budget = options.fixBudget;
    if (!budget || budget->cancelled || !appliedOnBudget ||
        !outcome.final.status.figures.unvalidatedFixFindings)
      return false;
    budget->started = false;
    appliedOnBudget = 0;
    outcome.final =
        lintText(outcome.text, outcome.final.status.path, relint, registry);
    return outcome.final.status.ok;
  };
  unsigned round = 0;
  while (round < maxRounds) {
    const FileResult &current = outcome.final;
    std::vector<const FixIt *> skipped;
    std::vector<const FixIt *> fixes = pickCompatible(current, &skipped);
    if (fixes.empty()) {
      if (resume())
        continue;
      break;
    }
    // Tries the first `count` fixes together: the result must have no new
    // error and make progress: fewer errors, or as many and no more findings
    // when only warnings were fixed (a hoist that leaves the alloc invariant
    // in the next loop out). Fixes of errors that trade one error for
    // another would go round in circles; rounds are bounded anyway.
    auto attempt = [&](unsigned count, std::string &text, FileResult &after) {
      std::vector<FixEdit> edits;
      for (unsigned i = 0; i < count; ++i)
        edits.insert(edits.end(), fixes[i]->edits.begin(),
                     fixes[i]->edits.end());
      text = applyEdits(outcome.text, edits);
      if (text == outcome.text)
        return false;
      after = lintText(text, current.status.path, quick, registry);
      if (!isImprovement(current, after, edits))
        return false;
      return errors(after) < errors(current) ||
             (errors(after) == errors(current) &&
              after.findings.size() <= current.findings.size() &&
              fixesOnlyWarnings(current, fixes, count));
    };
    std::string text;
    FileResult after;
    // Fixes valid one by one can clash together: then the first half of
    // them, down to the first alone, which was validated on its own (a
    // round of 600 fix-its that fail together applies 300, not 1: fuzzer
    // seed 90156 took 16 rounds of one fix each, 50 s).
    unsigned count = fixes.size();
    bool ok = attempt(count, text, after);
    bool clashed = !ok;
    while (!ok && count > 1) {
      count = (count + 1) / 2;
      ok = attempt(count, text, after);
    }
    // When the first alone helps but clashes with another fix-it (its
    // edits overlap, or the two fail together), that one alone may help
    // more: two fix-its of one cause (a leak's ownership flag and a double
    // free's dealloc of the iter_arg, gen seed 22109), of which the other
    // finding's fixes both. The one that leaves fewer errors (then fewer
    // findings) goes first; the other is judged again in the next round.
    // (At most two such rivals: one re-lint each.)
    // Whether `after` has its fix-its validated already.
    bool validated = false;
    if (ok && count == 1) {
      std::vector<const FixIt *> rivals;
      if (clashed && fixes.size() > 1)
        rivals.push_back(fixes[1]);
      for (const FixIt *fix : skipped)
        if (rivals.size() < 2 &&
            editsClash(fix->edits, getEditRanges(fixes[0]->edits),
                       /*touching=*/true))
          rivals.push_back(fix);
      // On a tie, the one after which fewer errors are left without a
      // fix-it: a leak's dealloc of the buffer that a helper's call could
      // free instead of the returned one leaves that call's use after free
      // with no fix (gen seed 67037 with the other buffer freed nowhere).
      // Both results are validated then, which is done anyway for the one
      // kept.
      auto unfixed = [](const FileResult &r) {
        return llvm::count_if(r.findings, [](const ReportedFinding &item) {
          return !item.suppressed && item.finding.level >= Level::Error &&
                 item.finding.fixes.empty();
        });
      };
      const FixIt *chosen = fixes[0];
      for (const FixIt *rival : rivals) {
        std::string rivalText;
        FileResult rivalAfter;
        fixes[0] = rival;
        if (!attempt(1, rivalText, rivalAfter))
          continue;
        bool better = errors(rivalAfter) < errors(after) ||
                      (errors(rivalAfter) == errors(after) &&
                       rivalAfter.findings.size() < after.findings.size());
        bool tie = errors(rivalAfter) == errors(after) &&
                   rivalAfter.findings.size() == after.findings.size();
        if (tie && errors(after)) {
          if (!validated)
            validateFileFixes(after, relint, registry);
          validated = true;
          validateFileFixes(rivalAfter, relint, registry);
          better = unfixed(rivalAfter) < unfixed(after);
        }
        if (better) {
          validated = tie && errors(after);
          text = std::move(rivalText);
          after = std::move(rivalAfter);
          chosen = rival;
        }
      }
      fixes[0] = chosen;
    }
    // The first alone may fail where it was validated: its finding's
    // validation judged it with the other findings' fix-its unapplied, but
    // a fix-it of one cause of several findings can leave another cause's
    // error (gen seed 10030). Then each of the others alone, in turn, so
    // that one fix-it does not hold up the rest.
    // These two steps re-lint the file once per fix-it; they stop after
    // kMaxAloneAttempts of them in a round, so that a round of hundreds of
    // fix-its that all fail does not cost hundreds of re-lints. What is
    // left then is reported as it is after --fix.
    unsigned aloneAttempts = 0;
    for (unsigned i = 1;
         !ok && i < fixes.size() && aloneAttempts < kMaxAloneAttempts;
         ++i, ++aloneAttempts) {
      std::swap(fixes[0], fixes[i]);
      ok = attempt(1, text, after);
      if (!ok)
        std::swap(fixes[0], fixes[i]);
    }
    // Nor the fix-its their edits pushed out: when none of those helps, each
    // of the skipped alone, in turn. A warning's fix-it that is no
    // improvement here can clash with an error's: a hoist whose dealloc
    // after the loop would leave a late dealloc, at the offset where a
    // leak's dealloc goes after its last use in the loop (cfg seed 66131,
    // where --fix applied nothing and left the leak).
    for (size_t i = 0;
         !ok && i < skipped.size() && aloneAttempts < kMaxAloneAttempts;
         ++i, ++aloneAttempts) {
      fixes[0] = skipped[i];
      ok = attempt(1, text, after);
    }
    if (!ok) {
      if (resume())
        continue;
      break;
    }
    if (!validated)
      validateFileFixes(after, relint, registry);
    outcome.final = std::move(after);
    outcome.text = std::move(text);
    outcome.applied += count;
    appliedOnBudget += count;
    ++round;
  }
  outcome.outOfRounds =
      round == maxRounds &&
      (!pickCompatible(outcome.final).empty() ||
       outcome.final.status.figures.unvalidatedFixFindings);
  return outcome;
}

bool memlint::writeFileAtomically(const std::string &path,
                                  llvm::StringRef contents,
                                  std::string &error) {
  namespace fs = llvm::sys::fs;
  auto permissions = fs::getPermissions(path);
  llvm::SmallString<256> model(path);
  model += ".memlint-%%%%%%.tmp";
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = fs::createUniqueFile(model, fd, temp)) {
    error = "cannot create a temporary file next to '" + path +
            "': " + ec.message();
    return false;
  }
  auto fail = [&](const std::string &what) {
    error = what;
    if (fd >= 0)
      ::close(fd);
    fs::remove(temp);
    return false;
  };
  const char *data = contents.data();
  size_t left = contents.size();
  while (left) {
    ssize_t written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return fail("cannot write '" + temp.str().str() +
                  "': " + std::strerror(errno));
    }
    data += written;
    left -= written;
  }
  if (::fsync(fd) != 0)
    return fail("cannot sync '" + temp.str().str() +
                "': " + std::strerror(errno));
  ::close(fd);
  fd = -1;
  if (permissions)
    fs::setPermissions(temp, *permissions);
  if (std::error_code ec = fs::rename(temp, path))
    return fail("cannot replace '" + path + "': " + ec.message());
  return true;
}
