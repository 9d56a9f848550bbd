//===- SharedCauses.cpp - Findings with one cause -------------------------===//
//
// Owns: linkSharedCauses (see SharedCauses.h).
// Must not touch: which findings there are.
//
//===----------------------------------------------------------------------===//

#include "checks/SharedCauses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <tuple>

using namespace memlint;

static std::string at(const FindingLocation &loc) {
  return std::to_string(loc.range.line) + ":" +
         std::to_string(loc.range.column);
}

/// The message without its path wording: "buffer '%a' is read after it was
/// freed".
static std::string describe(const Finding &f) {
  llvm::StringRef message = f.message;
  for (llvm::StringRef paths : {" on every path", " on some path"})
    if (size_t cut = message.find(paths); cut != llvm::StringRef::npos)
      return message.take_front(cut).str();
  return message.str();
}

bool memlint::sameEdits(const FixIt &a, const FixIt &b) {
  return a.edits.size() == b.edits.size() &&
         llvm::all_of(llvm::zip(a.edits, b.edits), [](const auto &pair) {
           const FixEdit &x = std::get<0>(pair), &y = std::get<1>(pair);
           return x.file == y.file && x.offset == y.offset &&
                  x.length == y.length && x.text == y.text;
         });
}

bool memlint::sameCause(const Finding &a, const Finding &b) {
  return a.cause.range.isValid() && a.cause.file == b.cause.file &&
         a.cause.range.line == b.cause.range.line &&
         a.cause.range.column == b.cause.range.column &&
         a.cause.range.offset == b.cause.range.offset;
}

void memlint::linkSharedCauses(std::vector<Finding> &findings) {
  // By position: the pass locates findings without offsets.
  std::map<std::tuple<std::string, unsigned, unsigned, uint64_t>,
           std::vector<size_t>>
      groups;
  for (size_t i = 0; i < findings.size(); ++i) {
    const FindingLocation &cause = findings[i].cause;
    if (cause.range.isValid())
      groups[{cause.file, cause.range.line, cause.range.column,
              cause.range.offset}]
          .push_back(i);
  }
  for (auto &[key, members] : groups) {
    if (members.size() < 2)
      continue;
    for (size_t position = 0; position < members.size(); ++position) {
      Finding &f = findings[members[position]];
      std::vector<FindingNote> links;
      size_t others = members.size() - 1;
      links.push_back({f.cause, "caused by the free at " + at(f.cause) +
                                    ", which also causes " +
                                    std::to_string(others) + " other finding" +
                                    (others == 1 ? "" : "s")});
      for (size_t other : members)
        if (other != members[position])
          links.push_back({findings[other].location,
                           "also caused by the free at " + at(f.cause) + ": " +
                               describe(findings[other])});
      // After the witness, which ends at the bug.
      f.notes.insert(f.notes.end(), links.begin(), links.end());
    }
    // A fix-it several members offer is offered once: by the member that
    // ranks it highest among its candidates, a general fallback after every
    // local edit (the earlier member on a tie). The others keep it last, for
    // when that member ends with another fix-it or none: the validation
    // tries a copy only when no member of the cause holds it already (gen
    // seed 35088: the member that ranked the first free's deletion higher
    // took the deletion of the second free, which fixed it alone, and the
    // first free, which caused all three findings, stayed).
    auto rankOf = [](const std::vector<FixIt> &fixes, size_t index) {
      return fixes[index].general ? fixes.size() + index : index;
    };
    std::vector<llvm::SmallVector<bool>> drops;
    for (size_t position = 0; position < members.size(); ++position) {
      const std::vector<FixIt> &mine = findings[members[position]].fixes;
      llvm::SmallVector<bool> &drop = drops.emplace_back(mine.size(), false);
      for (size_t rank = 0; rank < mine.size(); ++rank)
        for (size_t other = 0; other < members.size() && !drop[rank]; ++other) {
          const std::vector<FixIt> &theirs = findings[members[other]].fixes;
          for (size_t theirRank = 0;
               other != position && theirRank < theirs.size(); ++theirRank)
            if (sameEdits(theirs[theirRank], mine[rank]) &&
                (rankOf(theirs, theirRank) < rankOf(mine, rank) ||
                 (rankOf(theirs, theirRank) == rankOf(mine, rank) &&
                  other < position))) {
              drop[rank] = true;
              break;
            }
        }
    }
    for (size_t position = 0; position < members.size(); ++position) {
      std::vector<FixIt> &fixes = findings[members[position]].fixes;
      std::vector<FixIt> kept, last;
      for (size_t rank = 0; rank < fixes.size(); ++rank)
        (drops[position][rank] ? last : kept).push_back(std::move(fixes[rank]));
      for (FixIt &fix : last)
        kept.push_back(std::move(fix));
      fixes = std::move(kept);
    }
  }
}
