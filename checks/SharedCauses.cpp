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

static bool sameEdits(const FixIt &a, const FixIt &b) {
  return a.edits.size() == b.edits.size() &&
         llvm::all_of(llvm::zip(a.edits, b.edits), [](const auto &pair) {
           const FixEdit &x = std::get<0>(pair), &y = std::get<1>(pair);
           return x.file == y.file && x.offset == y.offset &&
                  x.length == y.length && x.text == y.text;
         });
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
      // A fix-it an earlier member offers is offered there only.
      llvm::erase_if(f.fixes, [&](const FixIt &fix) {
        return llvm::any_of(
            llvm::ArrayRef<size_t>(members).take_front(position),
            [&](size_t earlier) {
              return llvm::any_of(findings[earlier].fixes,
                                  [&](const FixIt &e) {
                                    return sameEdits(e, fix);
                                  });
            });
      });
    }
  }
}
