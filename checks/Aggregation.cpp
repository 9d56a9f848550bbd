//===- Aggregation.cpp - One structural finding per function --------------===//

#include "checks/Aggregation.h"
#include "checks/Check.h"
#include "checks/FixIts.h"

#include "analyzer/Units.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace memlint;

std::vector<std::string>
memlint::getAggregatingRules(llvm::ArrayRef<std::unique_ptr<Check>> checks) {
  std::vector<std::string> rules;
  for (const auto &check : checks)
    if (check->aggregatesFindings())
      rules.push_back(check->getName().str());
  return rules;
}

/// "5 deallocs come later than needed", the head of an aggregated message.
static std::string describeGroup(llvm::StringRef rule, size_t count,
                                 llvm::StringRef function,
                                 llvm::StringRef space,
                                 const std::string &bytes) {
  std::string where = "in '@" + function.str() + "'";
  if (space != "0" && !space.empty())
    where += " (memory space " + space.str() + ")";
  std::string n = std::to_string(count);
  if (rule == "perf-late-dealloc")
    return n + " deallocs " + where +
           " come later than needed, keeping " + bytes +
           " live after the last use while other allocations happen";
  if (rule == "perf-loop-invariant-alloc")
    return n + " buffers " + where +
           " of a loop-invariant size are allocated on every iteration of "
           "their loop (" +
           bytes + " per iteration)";
  if (rule == "perf-missed-reuse")
    return n + " buffers " + where +
           " could reuse the storage of earlier dead buffers and save " +
           bytes + " of allocations";
  return n + " findings " + where + " (" + bytes + ")";
}

/// The bytes of `sites` in words: "48 KiB", or "at least 48 KiB" when a
/// size is unknown.
static std::string describeBytes(llvm::ArrayRef<const Finding *> sites) {
  uint64_t total = 0;
  bool unknown = false, saturated = false;
  for (const Finding *site : sites) {
    if (!site->bytes) {
      unknown = true;
      continue;
    }
    uint64_t add = static_cast<uint64_t>(*site->bytes);
    if (total > UINT64_MAX - add) {
      total = UINT64_MAX;
      saturated = true;
    } else {
      total += add;
    }
  }
  if (total == 0 && unknown)
    return "buffers of unknown size";
  std::string text = formatBytes(total);
  if (unknown || saturated)
    text = "at least " + text;
  return text;
}

/// One finding for `sites` (at least two, ranked: the worst first).
static Finding merge(std::vector<Finding *> &sites) {
  Finding &worst = *sites.front();
  Finding result = worst;
  std::vector<const Finding *> all(sites.begin(), sites.end());
  result.message = describeGroup(worst.rule, sites.size(), worst.function,
                                 worst.memorySpace, describeBytes(all)) +
                   "; the largest: " + worst.message;
  result.allPaths = llvm::all_of(
      sites, [](const Finding *site) { return site->allPaths; });
  // The other sites are merged away: their locations and messages move.
  result.notes.reserve(result.notes.size() + sites.size() - 1);
  for (size_t i = 1; i < sites.size(); ++i)
    result.notes.push_back({std::move(sites[i]->location),
                            "also " + std::move(sites[i]->message),
                            /*otherSite=*/true});
  // Every site's first fix-it, merged (those whose edits would clash with
  // an earlier site's are left to a later --fix round); then the worst
  // site's own, in case the merged one does not validate.
  result.fixes.clear();
  FixIt merged;
  std::vector<std::pair<uint64_t, uint64_t>> taken;
  size_t count = 0;
  bool onlyWorst = true;
  for (Finding *site : sites) {
    if (site->fixes.empty() || editsClash(site->fixes.front().edits, taken,
                                             /*touching=*/false))
      continue;
    for (const FixEdit &edit : site->fixes.front().edits) {
      taken.push_back({edit.offset, edit.offset + edit.length});
      merged.edits.push_back(edit);
    }
    onlyWorst &= site == &worst;
    if (count++ == 0)
      merged.description = site->fixes.front().description;
  }
  // One site's fix-it alone is the merged one too, unless it is the
  // worst site's own (added below): a worst site without a fix-it must not
  // hide the fix-it of another.
  if (count > 1 || (count == 1 && !onlyWorst)) {
    if (count > 1)
      merged.description += " (and the fix-its of the " +
                            std::to_string(count - 1) +
                            (count == 2 ? " other site)" : " other sites)");
    result.fixes.push_back(std::move(merged));
  }
  for (FixIt &fix : worst.fixes)
    result.fixes.push_back(std::move(fix));
  return result;
}

void memlint::aggregateFindings(std::vector<Finding> &findings,
                                llvm::ArrayRef<std::string> rules) {
  if (rules.empty())
    return;
  using Key = std::tuple<std::string, std::string, std::string>;
  // Groups in the order of their first finding.
  std::map<Key, size_t> index;
  std::vector<std::pair<Key, std::vector<Finding *>>> groups;
  for (Finding &f : findings) {
    if (!llvm::is_contained(rules, f.rule))
      continue;
    Key key{f.function, f.rule, f.memorySpace};
    auto [it, inserted] = index.try_emplace(key, groups.size());
    if (inserted)
      groups.push_back({key, {}});
    groups[it->second].second.push_back(&f);
  }
  bool any = llvm::any_of(groups, [](const auto &group) {
    return group.second.size() > 1;
  });
  if (!any)
    return;
  std::vector<Finding> result;
  std::vector<Finding *> merged; // the sites merged away
  for (auto &[key, sites] : groups) {
    if (sites.size() < 2)
      continue;
    // By bytes, the largest first (unknown sizes last), then in file order.
    std::stable_sort(sites.begin(), sites.end(),
                     [](const Finding *a, const Finding *b) {
                       int64_t x = a->bytes ? *a->bytes : -1;
                       int64_t y = b->bytes ? *b->bytes : -1;
                       return x > y;
                     });
    result.push_back(merge(sites));
    merged.insert(merged.end(), sites.begin(), sites.end());
  }
  std::sort(merged.begin(), merged.end());
  for (Finding &f : findings)
    if (!std::binary_search(merged.begin(), merged.end(), &f))
      result.push_back(std::move(f));
  std::stable_sort(result.begin(), result.end());
  findings = std::move(result);
}
