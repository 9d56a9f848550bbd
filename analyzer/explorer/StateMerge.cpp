//===- StateMerge.cpp - Merging two path states over a boolean ------------===//
//
// Owns: canonicalizeAtoms and mergeBooleans (see StateMerge.h).
// Must not touch: anything but the states passed in.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/StateMerge.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <iterator>

using namespace mlir;
using namespace memlint;

void memlint::explorer::canonicalizeAtoms(PathState &s) {
  // 4. Renumber atoms in first-occurrence order and drop assumptions nothing
  // refers to. Booleans keep their atoms, decided or not: paths that decided
  // an atom differently then differ only in the assumption, and merge by
  // dropping it. A decided Select is the Ref it chose.
  auto substitute = [&](AbsVal &val) {
    if (s.assignment.empty() || val.kind != AbsVal::Kind::Select)
      return;
    bool decided = false;
    val.forEachCondition([&](const BoolFn &c) {
      decided |= c.evaluate(s.assignment).has_value();
    });
    if (decided)
      val = val.mapConditions([&](const BoolFn &c) {
        if (auto value = c.evaluate(s.assignment))
          return BoolFn::constant(*value);
        return c;
      });
  };
  for (auto &entry : s.env)
    substitute(entry.second);
  for (BufferRecord &b : s.buffers)
    for (auto &cell : b.contents)
      substitute(cell.second);
  // The new id of each atom by old id (~0u: not referred to). Atom ids are
  // small (renumbered at every join), so a vector, not a hash map.
  SmallVector<uint32_t, 16> atomIndex;
  uint32_t numAtoms = 0;
  // Most joins find the atoms already in canonical order.
  bool identity = true;
  auto note = [&](uint32_t atom) {
    if (atom >= atomIndex.size())
      atomIndex.resize(atom + 1, ~0u);
    if (atomIndex[atom] == ~0u) {
      identity &= atom == numAtoms;
      atomIndex[atom] = numAtoms++;
    }
  };
  auto noteVal = [&](const AbsVal &val) {
    if (val.kind == AbsVal::Kind::Bool)
      for (uint32_t a : val.boolValue.getAtoms())
        note(a);
    else if (val.kind == AbsVal::Kind::Select)
      val.forEachCondition([&](const BoolFn &c) {
        for (uint32_t a : c.getAtoms())
          note(a);
      });
  };
  // Atoms of assumptions come first, so that states differing only in the
  // booleans of their environment get the same numbering for them (see
  // PathState::sameShape).
  for (auto [a, b, atom] : s.aliasAtoms)
    note(atom);
  for (const CmpAtom &c : s.cmpAtoms)
    note(c.atom);
  for (const auto &entry : s.env)
    noteVal(entry.second);
  for (const BufferRecord &b : s.buffers)
    for (const auto &cell : b.contents)
      noteVal(cell.second);
  auto find = [&](uint32_t atom) {
    return atom < atomIndex.size() ? atomIndex[atom] : ~0u;
  };
  auto rename = [&](uint32_t atom) {
    uint32_t index = find(atom);
    return index == ~0u ? 0 : index;
  };
  auto renameVal = [&](AbsVal &val) {
    if (val.kind == AbsVal::Kind::Bool && !val.boolValue.getAtoms().empty())
      val.boolValue = val.boolValue.remap(rename);
    else if (val.kind == AbsVal::Kind::Select)
      val = val.mapConditions([&](const BoolFn &c) { return c.remap(rename); });
  };
  if (!identity) {
    for (auto &entry : s.env)
      renameVal(entry.second);
    for (BufferRecord &b : s.buffers)
      for (auto &cell : b.contents)
        renameVal(cell.second);
  }
  for (auto &[a, b, atom] : s.aliasAtoms)
    atom = rename(atom);
  for (CmpAtom &c : s.cmpAtoms)
    c.atom = rename(c.atom);
  Assignment assignment;
  for (auto [atom, value] : s.assignment) {
    uint32_t index = find(atom);
    if (index != ~0u)
      assignment.emplace_back(index, value);
  }
  if (!identity)
    llvm::sort(assignment);
  s.assignment = std::move(assignment);
  s.nextAtom = numAtoms;
}

bool memlint::explorer::mergeBooleans(PathState &into, PathState &s) {
  // The selector: an assumed atom the two paths disagree on (then the merged
  // path no longer assumes it), or a fresh atom.
  std::optional<size_t> differing;
  for (size_t i = 0; i < into.assignment.size(); ++i) {
    if (into.assignment[i].second == s.assignment[i].second)
      continue;
    if (differing)
      return false; // (a && b) || (!a && !b) is not an assumption
    differing = i;
  }
  uint32_t fresh = std::max(into.nextAtom, s.nextAtom);
  BoolFn x = BoolFn::atom(fresh);
  if (differing) {
    auto [atom, value] = into.assignment[*differing];
    x = value ? BoolFn::atom(atom) : BoolFn::atom(atom).negate();
  }
  BoolFn notX = x.negate();
  SmallVector<std::pair<size_t, BoolFn>> merged;
  for (size_t i = 0; i < into.env.size(); ++i) {
    const AbsVal &a = into.env[i].second;
    const AbsVal &b = s.env[i].second;
    if (a.kind != AbsVal::Kind::Bool || a.boolValue == b.boolValue)
      continue;
    auto whenX = BoolFn::combine(x, a.boolValue, BoolFn::Op::And);
    auto whenNotX = BoolFn::combine(notX, b.boolValue, BoolFn::Op::And);
    if (!whenX || !whenNotX)
      return false;
    auto value = BoolFn::combine(*whenX, *whenNotX, BoolFn::Op::Or);
    if (!value)
      return false;
    merged.emplace_back(i, *value);
  }
  for (auto &[i, value] : merged)
    into.env[i].second.boolValue = std::move(value);
  if (differing)
    into.assignment.erase(into.assignment.begin() + *differing);
  else if (!merged.empty())
    into.nextAtom = fresh + 1;
  SmallVector<uint32_t, 2> common;
  std::set_intersection(into.hits.begin(), into.hits.end(), s.hits.begin(),
                        s.hits.end(), std::back_inserter(common));
  into.hits = std::move(common);
  into.addTrace(TraceStep::Kind::Merge, into.pc);
  ++into.forks;
  canonicalizeAtoms(into);
  return true;
}
