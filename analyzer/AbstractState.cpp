//===- AbstractState.cpp - Path states of the lifetime exploration --------===//

#include "analyzer/AbstractState.h"


#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace memlint;

std::optional<bool> memlint::lookupAtom(const Assignment &assignment,
                                        uint32_t atom) {
  auto it = llvm::lower_bound(assignment, std::make_pair(atom, false));
  if (it != assignment.end() && it->first == atom)
    return it->second;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// BoolFn
//===----------------------------------------------------------------------===//

BoolFn BoolFn::constant(bool value) {
  BoolFn fn;
  fn.table = value ? 1 : 0;
  return fn;
}

BoolFn BoolFn::atom(uint32_t atom) {
  BoolFn fn;
  fn.atoms.push_back(atom);
  fn.table = 0b10;
  return fn;
}

uint64_t BoolFn::fullMask() const {
  unsigned bits = 1u << atoms.size();
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}

std::optional<bool> BoolFn::getConstant() const {
  if (!atoms.empty())
    return std::nullopt;
  return (table & 1) != 0;
}

BoolFn BoolFn::negate() const {
  BoolFn fn = *this;
  fn.table = ~table & fullMask();
  return fn;
}

void BoolFn::simplify() {
  for (unsigned i = 0; i < atoms.size();) {
    uint64_t minterms = 1ull << atoms.size();
    bool relevant = false;
    for (uint64_t m = 0; m < minterms && !relevant; ++m)
      if (!(m & (1ull << i)) && bit(m) != bit(m | (1ull << i)))
        relevant = true;
    if (relevant) {
      ++i;
      continue;
    }
    // Project atom i out.
    uint64_t newTable = 0;
    uint64_t newMinterms = minterms >> 1;
    for (uint64_t m = 0; m < newMinterms; ++m) {
      uint64_t low = m & ((1ull << i) - 1);
      uint64_t high = (m >> i) << (i + 1);
      if (bit(low | high))
        newTable |= 1ull << m;
    }
    table = newTable;
    atoms.erase(atoms.begin() + i);
  }
}

std::optional<BoolFn> BoolFn::combine(const BoolFn &lhs, const BoolFn &rhs,
                                      Op op) {
  BoolFn result;
  std::set_union(lhs.atoms.begin(), lhs.atoms.end(), rhs.atoms.begin(),
                 rhs.atoms.end(), std::back_inserter(result.atoms));
  if (result.atoms.size() > kMaxAtoms)
    return std::nullopt;
  // Position of each operand atom in the union.
  auto positions = [&](const BoolFn &fn) {
    llvm::SmallVector<unsigned, kMaxAtoms> pos;
    for (uint32_t a : fn.atoms)
      pos.push_back(llvm::lower_bound(result.atoms, a) - result.atoms.begin());
    return pos;
  };
  auto lhsPos = positions(lhs), rhsPos = positions(rhs);
  uint64_t minterms = 1ull << result.atoms.size();
  for (uint64_t m = 0; m < minterms; ++m) {
    auto project = [m](llvm::ArrayRef<unsigned> pos) {
      uint64_t sub = 0;
      for (unsigned i = 0; i < pos.size(); ++i)
        if (m & (1ull << pos[i]))
          sub |= 1ull << i;
      return sub;
    };
    bool a = lhs.bit(project(lhsPos)), b = rhs.bit(project(rhsPos));
    bool r = op == Op::And ? (a && b) : op == Op::Or ? (a || b) : (a != b);
    if (r)
      result.table |= 1ull << m;
  }
  result.simplify();
  return result;
}

/// The minterm bits fixed by `assignment`: (mask, values).
static std::pair<uint64_t, uint64_t>
pinnedBits(llvm::ArrayRef<uint32_t> atoms, const Assignment &assignment) {
  uint64_t mask = 0, values = 0;
  if (assignment.empty())
    return {mask, values};
  for (unsigned i = 0; i < atoms.size(); ++i)
    if (auto v = lookupAtom(assignment, atoms[i])) {
      mask |= 1ull << i;
      if (*v)
        values |= 1ull << i;
    }
  return {mask, values};
}

std::optional<bool> BoolFn::evaluate(const Assignment &assignment) const {
  if (atoms.empty())
    return (table & 1) != 0;
  auto [mask, values] = pinnedBits(atoms, assignment);
  uint64_t minterms = 1ull << atoms.size();
  std::optional<bool> result;
  for (uint64_t m = 0; m < minterms; ++m) {
    if ((m & mask) != values)
      continue;
    if (!result)
      result = bit(m);
    else if (*result != bit(m))
      return std::nullopt;
  }
  return result;
}

BoolFn BoolFn::restrict(const Assignment &assignment) const {
  auto [mask, values] = pinnedBits(atoms, assignment);
  if (!mask)
    return *this;
  // Keep the table, pin assigned atoms: minterms that disagree with the
  // assignment take the value of the agreeing minterm.
  BoolFn result = *this;
  uint64_t minterms = 1ull << atoms.size();
  result.table = 0;
  for (uint64_t m = 0; m < minterms; ++m)
    if (bit((m & ~mask) | values))
      result.table |= 1ull << m;
  result.simplify();
  return result;
}

std::optional<uint32_t>
BoolFn::pickUndecidedAtom(const Assignment &assignment) const {
  if (evaluate(assignment))
    return std::nullopt;
  for (uint32_t a : atoms)
    if (!lookupAtom(assignment, a))
      return a;
  return std::nullopt;
}

BoolFn BoolFn::fromPermutedAtoms(llvm::ArrayRef<uint32_t> newIds) const {
  BoolFn result;
  result.atoms.assign(newIds.begin(), newIds.end());
  llvm::sort(result.atoms);
  result.atoms.erase(std::unique(result.atoms.begin(), result.atoms.end()),
                     result.atoms.end());
  llvm::SmallVector<unsigned, kMaxAtoms> pos;
  for (uint32_t id : newIds)
    pos.push_back(llvm::lower_bound(result.atoms, id) - result.atoms.begin());
  uint64_t minterms = 1ull << result.atoms.size();
  for (uint64_t m = 0; m < minterms; ++m) {
    uint64_t old = 0;
    for (unsigned i = 0; i < pos.size(); ++i)
      if (m & (1ull << pos[i]))
        old |= 1ull << i;
    if (bit(old))
      result.table |= 1ull << m;
  }
  result.simplify();
  return result;
}

llvm::hash_code BoolFn::hash() const {
  return llvm::hash_combine(
      table, llvm::hash_combine_range(atoms.begin(), atoms.end()));
}

//===----------------------------------------------------------------------===//
// AbsVal
//===----------------------------------------------------------------------===//

AbsVal AbsVal::getInt(int64_t value) {
  AbsVal v;
  v.kind = Kind::Int;
  v.intValue = value;
  return v;
}

AbsVal AbsVal::getBool(BoolFn value) {
  AbsVal v;
  v.kind = Kind::Bool;
  v.boolValue = std::move(value);
  return v;
}

AbsVal AbsVal::getRef(uint32_t buffer, bool interior) {
  AbsVal v;
  v.kind = Kind::Ref;
  v.buffer = buffer;
  v.interior = interior;
  return v;
}

AbsVal AbsVal::getSelect(BoolFn condition, const AbsVal &whenTrue,
                         const AbsVal &whenFalse) {
  if (auto c = condition.getConstant())
    return *c ? whenTrue : whenFalse;
  // An arm that is a select on the same condition (or its negation) takes
  // the one of its own arms the condition decides there:
  // select(c, select(c, a, b), d) is select(c, a, d). Without this, a select
  // carried around a loop (`%r = arith.select %c, %iter, %new` yielded back)
  // grows by a node per iteration and keeps every iteration's buffer
  // reachable, so the states at the loop head never repeat.
  const AbsVal *t = &whenTrue, *f = &whenFalse;
  if (t->kind == Kind::Select || f->kind == Kind::Select) {
    BoolFn negated = condition.negate();
    auto settle = [&](const AbsVal *arm, bool value) {
      while (arm->kind == Kind::Select) {
        if (arm->boolValue == condition)
          arm = &arm->choose(value);
        else if (arm->boolValue == negated)
          arm = &arm->choose(!value);
        else
          break;
      }
      return arm;
    };
    t = settle(t, true);
    f = settle(f, false);
  }
  if (*t == *f)
    return *t;
  AbsVal v;
  v.kind = Kind::Select;
  v.boolValue = std::move(condition);
  size_t hash = llvm::hash_combine(t->hash(), f->hash());
  unsigned size = std::min<uint64_t>(kMaxSelectSize + 1,
                                     uint64_t(1) + t->getSize() + f->getSize());
  v.arms = std::make_shared<const SelectArms>(SelectArms{*t, *f, size, hash});
  return v;
}

const AbsVal &AbsVal::choose(bool condition) const {
  return condition ? arms->whenTrue : arms->whenFalse;
}

unsigned AbsVal::getSize() const {
  return kind == Kind::Select ? arms->size : 1;
}

AbsVal AbsVal::getPtr(uint32_t buffer) {
  AbsVal v;
  v.kind = Kind::Ptr;
  v.buffer = buffer;
  return v;
}

/// Structural equality of two Select nodes, each pair of nodes compared
/// once (the nodes form DAGs).
static bool
sameArms(const std::shared_ptr<const SelectArms> &a,
         const std::shared_ptr<const SelectArms> &b,
         llvm::DenseSet<std::pair<const SelectArms *, const SelectArms *>>
             &compared) {
  if (a == b)
    return true;
  if (a->hash != b->hash || a->size != b->size)
    return false;
  if (!compared.insert({a.get(), b.get()}).second)
    return true; // being compared (or found equal) further up
  auto same = [&](const AbsVal &x, const AbsVal &y) {
    if (x.kind != AbsVal::Kind::Select || y.kind != AbsVal::Kind::Select)
      return x == y;
    return x.boolValue == y.boolValue && sameArms(x.arms, y.arms, compared);
  };
  return same(a->whenTrue, b->whenTrue) && same(a->whenFalse, b->whenFalse);
}

bool AbsVal::sameArms(const std::shared_ptr<const SelectArms> &a,
                      const std::shared_ptr<const SelectArms> &b) {
  if (a == b)
    return true;
  llvm::DenseSet<std::pair<const SelectArms *, const SelectArms *>> compared;
  return ::sameArms(a, b, compared);
}

bool AbsVal::operator==(const AbsVal &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::Int:
    return intValue == other.intValue;
  case Kind::Bool:
    return boolValue == other.boolValue;
  case Kind::Ref:
    return buffer == other.buffer && interior == other.interior;
  case Kind::Ptr:
    return buffer == other.buffer;
  case Kind::Select:
    return boolValue == other.boolValue && sameArms(arms, other.arms);
  }
  return false;
}

llvm::hash_code AbsVal::hash() const {
  switch (kind) {
  case Kind::Int:
    return llvm::hash_combine(0, intValue);
  case Kind::Bool:
    return llvm::hash_combine(1, boolValue.hash());
  case Kind::Ref:
    return llvm::hash_combine(2, buffer, interior);
  case Kind::Ptr:
    return llvm::hash_combine(3, buffer);
  case Kind::Select:
    return llvm::hash_combine(4, boolValue.hash(), arms->hash);
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// BufferRecord
//===----------------------------------------------------------------------===//

bool BufferRecord::sameIdentity(const BufferRecord &other) const {
  return origin == other.origin && deallocator == other.deallocator &&
         site == other.site && leakSite == other.leakSite && root == other.root && freed == other.freed &&
         escaped == other.escaped && leakReported == other.leakReported &&
         contents == other.contents;
}

//===----------------------------------------------------------------------===//
// PathState
//===----------------------------------------------------------------------===//

const AbsVal *PathState::lookup(uint32_t valueNumber) const {
  auto it = llvm::lower_bound(env, valueNumber,
                              [](const std::pair<uint32_t, AbsVal> &entry,
                                 uint32_t key) { return entry.first < key; });
  if (it != env.end() && it->first == valueNumber)
    return &it->second;
  return nullptr;
}

void PathState::bind(uint32_t valueNumber, const AbsVal &value) {
  if (env.empty() || env.back().first < valueNumber) {
    env.emplace_back(valueNumber, value);
    return;
  }
  auto it = llvm::lower_bound(env, valueNumber,
                              [](const std::pair<uint32_t, AbsVal> &entry,
                                 uint32_t key) { return entry.first < key; });
  if (it != env.end() && it->first == valueNumber)
    it->second = value;
  else
    env.insert(it, {valueNumber, value});
}

void PathState::unbind(uint32_t valueNumber) {
  auto it = llvm::lower_bound(env, valueNumber,
                              [](const std::pair<uint32_t, AbsVal> &entry,
                                 uint32_t key) { return entry.first < key; });
  if (it != env.end() && it->first == valueNumber)
    env.erase(it);
}

void PathState::assume(uint32_t atom, bool value) {
  auto it = llvm::lower_bound(assignment, std::make_pair(atom, false));
  if (it != assignment.end() && it->first == atom)
    it->second = value;
  else
    assignment.insert(it, {atom, value});
}

void PathState::addTrace(TraceStep::Kind kind, mlir::Operation *op,
                         int successor, mlir::Operation *site) {
  auto step = std::make_shared<TraceStep>();
  step->kind = kind;
  step->op = op;
  step->successor = successor;
  step->site = site;
  step->prev = std::move(trace);
  trace = std::move(step);
}

void PathState::addHit(uint32_t eventId) {
  auto it = llvm::lower_bound(hits, eventId);
  if (it == hits.end() || *it != eventId)
    hits.insert(it, eventId);
}

bool PathState::sameIdentity(const PathState &other) const {
  if (pc != other.pc || callStack != other.callStack ||
      env != other.env || assignment != other.assignment ||
      aliasAtoms != other.aliasAtoms || !(cmpAtoms == other.cmpAtoms) ||
      nextAtom != other.nextAtom ||
      buffers.size() != other.buffers.size())
    return false;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (!buffers[i].sameIdentity(other.buffers[i]))
      return false;
  return true;
}


namespace {
/// Appends a canonical encoding of state parts to a word buffer. Values are
/// packed (a value number, kind and count of atoms share a word, atoms go
/// two to a word): the encoding and its hash are most of a fingerprint.
struct Encoder {
  llvm::SmallVector<uint64_t, 256> words;
  void add(uint64_t w) { words.push_back(w); }
  void add(const void *p) { words.push_back(reinterpret_cast<uintptr_t>(p)); }
  /// The atoms of `fn`, two to a word, then its table (its number of atoms
  /// is in a word before).
  void addAtomsAndTable(const memlint::BoolFn &fn) {
    llvm::ArrayRef<uint32_t> atoms = fn.getAtoms();
    for (size_t i = 0; i < atoms.size(); i += 2)
      add(uint64_t(atoms[i]) |
          (i + 1 < atoms.size() ? uint64_t(atoms[i + 1]) << 32 : 0));
    add(fn.getTable());
  }
  /// A value, its first word `key` (zero in its low 32 bits) with its kind,
  /// and with what decides how many words follow.
  void add(uint64_t key, const memlint::AbsVal &v) {
    uint64_t head = key | (uint64_t(v.kind) << 4);
    switch (v.kind) {
    case memlint::AbsVal::Kind::Int:
      add(head);
      add(static_cast<uint64_t>(v.intValue));
      break;
    case memlint::AbsVal::Kind::Bool:
      add(head | (uint64_t(v.boolValue.getAtoms().size()) << 8));
      addAtomsAndTable(v.boolValue);
      break;
    case memlint::AbsVal::Kind::Ref:
      add(head | (uint64_t(v.interior) << 12));
      add(v.buffer);
      break;
    case memlint::AbsVal::Kind::Ptr:
      add(head);
      add(v.buffer);
      break;
    case memlint::AbsVal::Kind::Select:
      // The node's hash covers its arms (a DAG: walking it could take
      // time exponential in its depth).
      add(head | (uint64_t(v.boolValue.getAtoms().size()) << 8));
      addAtomsAndTable(v.boolValue);
      add(uint64_t(v.arms->hash));
      add(uint64_t(v.arms->size));
      break;
    }
  }
};
} // namespace

std::pair<uint64_t, uint64_t> PathState::fingerprint() const {
  return fingerprints().full;
}

std::pair<uint64_t, uint64_t> PathState::shapeFingerprint() const {
  return fingerprints().shape;
}

std::pair<uint64_t, uint64_t> PathState::coverFingerprint() const {
  return fingerprints().cover;
}

bool PathState::sameShape(const PathState &other) const {
  if (pc != other.pc || callStack != other.callStack ||
      env.size() != other.env.size() ||
      assignment.size() != other.assignment.size() ||
      aliasAtoms != other.aliasAtoms || !(cmpAtoms == other.cmpAtoms) ||
      buffers.size() != other.buffers.size())
    return false;
  for (size_t i = 0; i < assignment.size(); ++i)
    if (assignment[i].first != other.assignment[i].first)
      return false;
  for (size_t i = 0; i < env.size(); ++i) {
    const auto &[num, val] = env[i];
    const auto &[otherNum, otherVal] = other.env[i];
    if (num != otherNum || val.kind != otherVal.kind)
      return false;
    if (val.kind != AbsVal::Kind::Bool && val != otherVal)
      return false;
  }
  for (size_t i = 0; i < buffers.size(); ++i)
    if (!buffers[i].sameIdentity(other.buffers[i]))
      return false;
  return true;
}

static std::pair<uint64_t, uint64_t> hashWords(llvm::ArrayRef<uint64_t> words) {
  auto hash = llvm::xxh3_128bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(words.data()),
      words.size() * sizeof(uint64_t)));
  // The two keys the fingerprint tables reserve (FingerprintInfo) are
  // never a fingerprint.
  if (hash.high64 == ~0ull && hash.low64 >= ~0ull - 1)
    hash.high64 = 0;
  return {hash.low64, hash.high64};
}

PathState::Fingerprints PathState::fingerprints() const {
  // One pass over the state for the three fingerprints: the shape part
  // (everything but the boolean values of the environment, the values of
  // the assumptions and the next atom), the boolean values in environment
  // order, then each fingerprint hashes the hashes of the parts it covers
  // with its small parts (the assumptions, the next atom).
  Encoder shapePart, boolPart;
  Encoder &e = shapePart;
  e.add(pc);
  e.add(callStack.size());
  for (mlir::Operation *op : callStack)
    e.add(op);
  e.add(env.size());
  for (const auto &[num, val] : env) {
    uint64_t key = uint64_t(num) << 32;
    if (val.kind == AbsVal::Kind::Bool) {
      e.add(key | (static_cast<uint64_t>(val.kind) << 4));
      boolPart.add(val.boolValue.getAtoms().size());
      boolPart.addAtomsAndTable(val.boolValue);
    } else {
      e.add(key, val);
    }
  }
  e.add(buffers.size());
  for (const BufferRecord &b : buffers) {
    e.add((uint64_t(b.contents.size()) << 32) | (uint64_t(b.origin) << 16) |
          (uint64_t(b.deallocator) << 8) | (uint64_t(b.freed) << 2) |
          (uint64_t(b.escaped) << 1) | uint64_t(b.leakReported));
    e.add(b.site);
    e.add(b.leakSite);
    e.add(b.root.getAsOpaquePointer());
    for (const auto &[index, val] : b.contents) {
      e.add(static_cast<uint64_t>(index));
      e.add(0, val);
    }
  }
  e.add(aliasAtoms.size());
  for (auto [a, b, atom] : aliasAtoms) {
    e.add(a);
    e.add(b);
    e.add(atom);
  }
  e.add(cmpAtoms.size());
  for (const CmpAtom &c : cmpAtoms) {
    e.add(c.lhs);
    e.add(c.rhs);
    e.add(c.predicateClass);
    e.add(c.atom);
    e.add(uint64_t(c.constant));
  }
  auto shapeHash = hashWords(shapePart.words);
  auto boolHash = hashWords(boolPart.words);

  Fingerprints prints;
  llvm::SmallVector<uint64_t, 16> words = {shapeHash.first, shapeHash.second,
                                           assignment.size()};
  for (auto [atom, value] : assignment)
    words.push_back(uint64_t(atom) << 1);
  prints.shape = hashWords(words);

  words.assign({shapeHash.first, shapeHash.second, boolHash.first,
                boolHash.second, nextAtom});
  prints.cover = hashWords(words);

  words.assign({shapeHash.first, shapeHash.second, boolHash.first,
                boolHash.second, nextAtom, assignment.size()});
  for (auto [atom, value] : assignment)
    words.push_back((uint64_t(atom) << 1) | value);
  prints.full = hashWords(words);
  return prints;
}

size_t PathState::approximateBytes() const {
  size_t bytes = sizeof(PathState) +
                 env.capacity() * sizeof(env[0]) +
                 buffers.capacity() * sizeof(BufferRecord) +
                 assignment.capacity() * sizeof(assignment[0]) +
                 aliasAtoms.capacity() * sizeof(aliasAtoms[0]) +
                 cmpAtoms.capacity() * sizeof(CmpAtom) +
                 iterationMarks.capacity() * sizeof(IterationMark) +
                 hits.capacity() * sizeof(uint32_t);
  for (const BufferRecord &b : buffers)
    bytes += b.contents.capacity() * sizeof(b.contents[0]);
  return bytes;
}
