//===- PlanSearch.cpp - The exact search at a capacity --------------------===//
//
// Owns: solveAtCapacity, the exact branch and bound of Moffitt, "MiniMalloc:
// A Lightweight Memory Allocator for Hardware-Accelerated Machine Learning"
// (ASPLOS 2023): offsets are only ever tops of placed buffers, buffers are
// placed in non-decreasing offset order, and per-section inference prunes
// partial plans; independent groups of buffers (connected in time) are
// solved apart.
// Must not touch: the bounds, the greedy plan or the budget split between
// capacities (planArena's).
//
//===----------------------------------------------------------------------===//

#include "analyzer/MemoryPlan.h"
#include "analyzer/PlanUtil.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace memlint;
using namespace memlint::plan;

namespace {

/// The static data of one group of buffers connected in time: the sections
/// (intervals between consecutive distinct endpoints), the span of sections
/// of every buffer, who overlaps whom, and who lives in each section.
struct PackInstance {
  int n = 0, numSections = 0;
  std::vector<int64_t> size, alignment, lower, upper;
  std::vector<int> first, last; // per buffer: sections [first, last)
  std::vector<int> overlapBegin, overlapList; // CSR, per buffer
  std::vector<int> memberBegin, memberList;   // CSR, per section
  std::vector<int64_t> sectionBytes;          // bytes live in each section
  /// The previous buffer with the same interval, size and alignment (-1).
  std::vector<int> twin;

  explicit PackInstance(const std::vector<PlanBuffer> &buffers) {
    n = int(buffers.size());
    std::vector<int64_t> points;
    for (const PlanBuffer &b : buffers) {
      size.push_back(b.size);
      alignment.push_back(std::max<int64_t>(1, b.alignment));
      lower.push_back(b.lower);
      upper.push_back(b.upper);
      points.push_back(b.lower);
      points.push_back(b.upper);
    }
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    numSections = points.empty() ? 0 : int(points.size()) - 1;
    first.resize(n);
    last.resize(n);
    std::vector<int> count(numSections + 1, 0);
    for (int i = 0; i < n; ++i) {
      first[i] = int(std::lower_bound(points.begin(), points.end(), lower[i]) -
                     points.begin());
      last[i] = int(std::lower_bound(points.begin(), points.end(), upper[i]) -
                    points.begin());
      for (int k = first[i]; k < last[i]; ++k)
        ++count[k];
    }
    memberBegin.assign(numSections + 1, 0);
    for (int k = 0; k < numSections; ++k)
      memberBegin[k + 1] = memberBegin[k] + count[k];
    memberList.resize(memberBegin[numSections]);
    sectionBytes.assign(numSections, 0);
    std::vector<int> fill(memberBegin.begin(), memberBegin.end() - 1);
    for (int i = 0; i < n; ++i)
      for (int k = first[i]; k < last[i]; ++k) {
        memberList[fill[k]++] = i;
        sectionBytes[k] += size[i];
      }
    // Overlaps: a sweep in order of lower bounds.
    std::vector<std::vector<int>> overlaps(n);
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return std::make_pair(lower[a], a) < std::make_pair(lower[b], b);
    });
    for (size_t x = 0; x < order.size(); ++x)
      for (size_t y = x + 1; y < order.size(); ++y) {
        int a = order[x], b = order[y];
        if (lower[b] >= upper[a])
          break;
        overlaps[a].push_back(b);
        overlaps[b].push_back(a);
      }
    overlapBegin.assign(n + 1, 0);
    for (int i = 0; i < n; ++i) {
      overlapBegin[i + 1] = overlapBegin[i] + int(overlaps[i].size());
      overlapList.insert(overlapList.end(), overlaps[i].begin(),
                         overlaps[i].end());
    }
    twin.assign(n, -1);
    std::map<std::tuple<int64_t, int64_t, int64_t, int64_t>, int> seen;
    for (int i = 0; i < n; ++i) {
      auto key = std::make_tuple(lower[i], upper[i], size[i], alignment[i]);
      auto it = seen.find(key);
      if (it != seen.end())
        twin[i] = it->second;
      seen[key] = i;
    }
  }
};

/// A static key of buffer i for the search orders (all compared
/// descending): C = sections spanned, A = area, Z = size, W = length of the
/// live interval, O = buffers overlapping it, L/U = lower/upper end, l/u =
/// the same negated. T (the largest section total) is computed by callers.
static int64_t bufferKey(const PackInstance &inst, int i, char c) {
  switch (c) {
  case 'C':
    return inst.last[i] - inst.first[i];
  case 'A':
    // Saturated: a size near 2^62 times a long interval (mutation fuzzer
    // seed 26002); the order between such buffers hardly matters.
    return llvm::checkedMul(inst.size[i], inst.upper[i] - inst.lower[i])
        .value_or(std::numeric_limits<int64_t>::max());
  case 'Z':
    return inst.size[i];
  case 'W':
    return inst.upper[i] - inst.lower[i];
  case 'O':
    return inst.overlapBegin[i + 1] - inst.overlapBegin[i];
  case 'L':
    return inst.lower[i];
  case 'U':
    return inst.upper[i];
  case 'l':
    return -inst.lower[i];
  case 'u':
    return -inst.upper[i];
  default:
    return 0;
  }
}

/// A depth-first branch and bound in MiniMalloc's canonical solution space
/// for one PackInstance at a fixed capacity. Every change of the search state
/// goes through a trail, so that a failed branch (or a failed independent
/// part after others succeeded) is undone to a mark.
class Packer {
public:
  enum class Result { Found, Infeasible, NodeLimit, Timeout };

  Packer(const PackInstance &inst, int64_t capacity, double deadline)
      : inst(inst), capacity(capacity), deadline(deadline) {}

  /// Searches with the static order `rank` (rank[i]: position of buffer i,
  /// a permutation) for ties between equal minimum offsets, visiting at most
  /// `nodeLimit` nodes. On Found, `offset` holds the plan.
  Result run(const std::vector<int> &order, int64_t nodeLimit) {
    int n = inst.n, numSections = inst.numSections;
    rank.assign(n, 0);
    for (int r = 0; r < n; ++r)
      rank[order[r]] = r;
    // Twins are interchangeable: only the lowest-ranked unplaced one of a
    // group is ever a candidate.
    prevTwin.assign(n, -1);
    {
      std::vector<int> lastOf(n, -1);
      for (int r = 0; r < n; ++r) {
        int i = order[r];
        int root = i;
        while (inst.twin[root] >= 0)
          root = inst.twin[root];
        prevTwin[i] = lastOf[root];
        lastOf[root] = i;
      }
    }
    offset.assign(n, -1);
    minOffset.assign(n, 0);
    floor.assign(numSections, 0);
    total = inst.sectionBytes;
    cuts.assign(numSections, 0);
    lowest.assign(numSections, 0);
    lowCount.assign(numSections, 0);
    for (int k = 0; k < numSections; ++k)
      lowCount[k] = inst.memberBegin[k + 1] - inst.memberBegin[k];
    stamp.assign(numSections, 0);
    stampNow = 0;
    trail.clear();
    placed.clear();
    candidates.clear();
    parts.clear();
    for (int i = 0; i < n; ++i) {
      if (inst.size[i] > capacity)
        return Result::Infeasible;
      for (int k = inst.first[i]; k + 1 < inst.last[i]; ++k)
        ++cuts[k];
    }
    for (int64_t t : total)
      if (t > capacity)
        return Result::Infeasible;
    nodesLeft = nodeLimit;
    for (int i = 0; i < n; ++i)
      parts.push_back(i);
    return search(0, n, 0, numSections, 0, -1);
  }

  std::vector<int64_t> offset;
  int64_t nodes = 0;
  /// When set, the buffers of every part split off by the decomposition are
  /// ranked afresh by these keys, with section totals of the unplaced bytes.
  const char *partKeys = nullptr;

private:
  struct Candidate {
    int64_t at;
    int rank;
    int buffer;
    bool operator<(const Candidate &o) const {
      return at != o.at ? at < o.at : rank < o.rank;
    }
  };

  void set(int64_t &slot, int64_t value) {
    trail.push_back({&slot, slot});
    slot = value;
  }

  void undoTo(size_t mark) {
    while (trail.size() > mark) {
      *trail.back().first = trail.back().second;
      trail.pop_back();
    }
  }

  /// Searches placements of the unplaced buffers among parts[begin, end),
  /// which live only in sections [sectionLo, sectionHi); the last placement
  /// was at `lastOffset` with rank `lastRank`.
  Result search(size_t begin, size_t end, int sectionLo, int sectionHi,
                int64_t lastOffset, int lastRank) {
    ++nodes;
    if (--nodesLeft < 0)
      return Result::NodeLimit;
    if ((nodes & 15) == 0 && planClockSeconds() > deadline)
      return Result::Timeout;
    // The unplaced buffers of the part, copied for the children; the lowest
    // top any of them can reach bounds the candidates (dominance: a buffer
    // placed at or above it leaves a gap that buffer could have taken).
    size_t partBegin = parts.size();
    int64_t minHeight = std::numeric_limits<int64_t>::max();
    for (size_t p = begin; p < end; ++p) {
      int i = parts[p];
      if (offset[i] >= 0)
        continue;
      parts.push_back(i);
      minHeight = std::min(minHeight, minOffset[i] + inst.size[i]);
    }
    size_t partEnd = parts.size();
    if (partBegin == partEnd)
      return Result::Found;
    // A section k with unplaced bytes forbids every later offset above
    // max(floor, capacity - total): that would leave too little room above.
    int64_t atLimit = minHeight - 1;
    for (int k = sectionLo; k < sectionHi; ++k)
      if (total[k] > 0)
        atLimit = std::min(atLimit, std::max(floor[k], capacity - total[k]));
    size_t candBegin = candidates.size();
    for (size_t p = partBegin; p < partEnd; ++p) {
      int i = parts[p];
      int64_t at = minOffset[i];
      if (at > atLimit || at < lastOffset ||
          (at == lastOffset && rank[i] < lastRank))
        continue;
      if (prevTwin[i] >= 0 && offset[prevTwin[i]] < 0)
        continue;
      candidates.push_back({at, rank[i], i});
    }
    std::sort(candidates.begin() + candBegin, candidates.end());
    size_t candEnd = candidates.size();
    Result result = Result::Infeasible;
    for (size_t c = candBegin; c < candEnd; ++c) {
      Candidate cand = candidates[c];
      size_t mark = trail.size(), placedMark = placed.size();
      Result r = Result::Infeasible;
      if (place(cand.buffer, cand.at, sectionLo, sectionHi, lastOffset))
        r = descend(partBegin, partEnd, sectionLo, sectionHi, cand.buffer,
                    cand.at);
      if (r == Result::Found) {
        result = r;
        break;
      }
      undoTo(mark);
      while (placed.size() > placedMark) {
        unplace(placed.back());
        placed.pop_back();
      }
      if (r != Result::Infeasible) {
        result = r;
        break;
      }
      // A buffer that no unplaced buffer overlaps stays at this offset in
      // every completion, and placing it first constrains nothing else: when
      // that fails, so does every later candidate.
      if (hatless(cand.buffer))
        break;
    }
    candidates.resize(candBegin);
    parts.resize(partBegin);
    return result;
  }

  bool hatless(int i) const {
    for (int e = inst.overlapBegin[i]; e < inst.overlapBegin[i + 1]; ++e)
      if (offset[inst.overlapList[e]] < 0)
        return false;
    return true;
  }

  /// After placing `i`: when no unplaced buffer crosses some section
  /// boundaries inside its span any more, the rest splits into independent
  /// parts, each searched on its own; otherwise the search goes on.
  Result descend(size_t begin, size_t end, int sectionLo, int sectionHi,
                 int i, int64_t at) {
    int lo = std::max(inst.first[i], sectionLo);
    int hi = std::min(inst.last[i], sectionHi);
    bool split = false;
    for (int k = lo; k + 1 < hi && !split; ++k)
      split = cuts[k] == 0;
    if (!split)
      return search(begin, end, sectionLo, sectionHi, at, rank[i]);
    std::vector<int> cutpoints = {sectionLo};
    for (int k = lo; k + 1 < hi; ++k)
      if (cuts[k] == 0)
        cutpoints.push_back(k + 1);
    cutpoints.push_back(sectionHi);
    for (size_t c = 0; c + 1 < cutpoints.size(); ++c) {
      int subLo = cutpoints[c], subHi = cutpoints[c + 1];
      size_t subBegin = parts.size();
      for (size_t p = begin; p < end; ++p) {
        int j = parts[p];
        if (offset[j] < 0 && inst.first[j] < subHi && subLo < inst.last[j])
          parts.push_back(j);
      }
      size_t subEnd = parts.size();
      Result r = Result::Found;
      std::vector<std::pair<int, int>> savedRanks;
      if (partKeys && subEnd - subBegin > 1)
        rerank(subBegin, subEnd, savedRanks);
      if (subBegin != subEnd)
        r = search(subBegin, subEnd, subLo, subHi, 0, -1);
      for (const auto &saved : savedRanks)
        rank[saved.first] = saved.second;
      parts.resize(subBegin);
      if (r != Result::Found)
        return r;
    }
    return Result::Found;
  }

  /// Ranks the buffers parts[begin, end) among themselves by `partKeys`
  /// (keeping the set of ranks they had), saving the old ranks.
  void rerank(size_t begin, size_t end,
              std::vector<std::pair<int, int>> &saved) {
    std::vector<int> members(parts.begin() + begin, parts.begin() + end);
    std::vector<int> ranks;
    for (int j : members) {
      saved.push_back({j, rank[j]});
      ranks.push_back(rank[j]);
    }
    std::sort(ranks.begin(), ranks.end());
    std::vector<int64_t> maxTotal(members.size(), 0);
    for (size_t m = 0; m < members.size(); ++m)
      for (int k = inst.first[members[m]]; k < inst.last[members[m]]; ++k)
        maxTotal[m] = std::max(maxTotal[m], total[k]);
    std::vector<size_t> order(members.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      for (const char *c = partKeys; *c; ++c) {
        int64_t ka = *c == 'T' ? maxTotal[a] : bufferKey(inst, members[a], *c);
        int64_t kb = *c == 'T' ? maxTotal[b] : bufferKey(inst, members[b], *c);
        if (ka != kb)
          return ka > kb;
      }
      return rank[members[a]] < rank[members[b]];
    });
    for (size_t r = 0; r < order.size(); ++r)
      rank[members[order[r]]] = ranks[r];
  }

  /// A buffer of section k whose minimum offset was `old` is placed or
  /// raised: when it was the last one at the section's lowest minimum
  /// offset, the section is rescanned.
  void leaveLowest(int k, int64_t old) {
    if (old != lowest[k])
      return;
    set(lowCount[k], lowCount[k] - 1);
    if (lowCount[k] == 0)
      rescan.push_back(k);
  }

  /// Gives back the totals and cuts of a placement of `i` undone.
  void unplace(int i) {
    for (int k = inst.first[i]; k < inst.last[i]; ++k)
      total[k] += inst.size[i];
    for (int k = inst.first[i]; k + 1 < inst.last[i]; ++k)
      ++cuts[k];
  }

  /// Places `i` at `at` and updates the section data; false when a section
  /// of [sectionLo, sectionHi) can no longer hold its unplaced buffers.
  bool place(int i, int64_t at, int sectionLo, int sectionHi,
             int64_t lastOffset) {
    int64_t top = at + inst.size[i];
    set(offset[i], at);
    ++stampNow;
    affected.clear();
    rescan.clear();
    // Totals and cuts are restored by unplace(), not through the trail.
    placed.push_back(i);
    for (int k = inst.first[i]; k < inst.last[i]; ++k)
      total[k] -= inst.size[i];
    for (int k = inst.first[i]; k + 1 < inst.last[i]; ++k)
      --cuts[k];
    for (int k = inst.first[i]; k < inst.last[i]; ++k) {
      if (floor[k] < top)
        set(floor[k], top);
      stamp[k] = stampNow;
      affected.push_back(k);
      leaveLowest(k, at);
    }
    // Raise the minimum offsets of the unplaced buffers above `i`.
    for (int e = inst.overlapBegin[i]; e < inst.overlapBegin[i + 1]; ++e) {
      int j = inst.overlapList[e];
      if (offset[j] >= 0 || minOffset[j] >= top)
        continue;
      int64_t old = minOffset[j];
      int64_t raised = alignUp(top, inst.alignment[j]);
      if (raised + inst.size[j] > capacity)
        return false;
      set(minOffset[j], raised);
      for (int k = inst.first[j]; k < inst.last[j]; ++k)
        leaveLowest(k, old);
    }
    // A section's floor is at least the lowest minimum offset of its
    // unplaced buffers; recomputed where the last buffer at the lowest one
    // left it.
    for (int k : rescan) {
      int64_t low = std::numeric_limits<int64_t>::max();
      int64_t count = 0;
      for (int m = inst.memberBegin[k]; m < inst.memberBegin[k + 1]; ++m) {
        int j = inst.memberList[m];
        if (offset[j] >= 0)
          continue;
        if (minOffset[j] < low) {
          low = minOffset[j];
          count = 0;
        }
        count += minOffset[j] == low;
      }
      set(lowest[k], low);
      set(lowCount[k], count);
      if (count && floor[k] < low) {
        set(floor[k], low);
        if (stamp[k] != stampNow) {
          stamp[k] = stampNow;
          affected.push_back(k);
        }
      }
    }
    // Every later placement is at or above `at`: each section must hold its
    // unplaced bytes above max(floor, at).
    if (at > lastOffset) {
      for (int k = sectionLo; k < sectionHi; ++k)
        if (total[k] > 0 && std::max(floor[k], at) + total[k] > capacity)
          return false;
    } else {
      for (int k : affected)
        if (total[k] > 0 && std::max(floor[k], at) + total[k] > capacity)
          return false;
    }
    return true;
  }

  const PackInstance &inst;
  int64_t capacity;
  double deadline;
  std::vector<int> rank, prevTwin;
  std::vector<int64_t> minOffset, floor, total, cuts;
  std::vector<unsigned> stamp;
  unsigned stampNow = 0;
  std::vector<int> affected, rescan;
  /// The buffers placed, in order (to give back their totals and cuts).
  std::vector<int> placed;
  std::vector<int64_t> lowest, lowCount;
  std::vector<std::pair<int64_t *, int64_t>> trail;
  std::vector<Candidate> candidates;
  std::vector<int> parts;
  int64_t nodesLeft = 0;
};

/// A static order of the buffers by a string of keys compared in turn (all
/// descending; see bufferKey), T being the largest section total the buffer
/// spans; ties keep the input order.
static std::vector<int> staticOrder(const PackInstance &inst,
                                    const char *keys) {
  int n = inst.n;
  std::vector<int64_t> maxTotal(n, 0);
  for (int i = 0; i < n; ++i)
    for (int k = inst.first[i]; k < inst.last[i]; ++k)
      maxTotal[i] = std::max(maxTotal[i], inst.sectionBytes[k]);
  auto key = [&](int i, char c) -> int64_t {
    return c == 'T' ? maxTotal[i] : bufferKey(inst, i, c);
  };
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    for (const char *c = keys; *c; ++c) {
      int64_t ka = key(a, *c), kb = key(b, *c);
      if (ka != kb)
        return ka > kb;
    }
    return false;
  });
  return order;
}

} // namespace

/// Splits the buffers into groups connected in time (no buffer crosses a
/// boundary between groups); each group is planned on its own.
static std::vector<std::vector<size_t>>
timeComponents(const std::vector<PlanBuffer> &buffers) {
  std::vector<size_t> order;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (buffers[i].size > 0 && buffers[i].lower < buffers[i].upper)
      order.push_back(i);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_pair(buffers[a].lower, a) <
           std::make_pair(buffers[b].lower, b);
  });
  std::vector<std::vector<size_t>> groups;
  int64_t reach = std::numeric_limits<int64_t>::min();
  for (size_t i : order) {
    if (groups.empty() || buffers[i].lower >= reach)
      groups.emplace_back();
    groups.back().push_back(i);
    reach = std::max(reach, buffers[i].upper);
  }
  return groups;
}

bool memlint::solveAtCapacity(const PlanProblem &problem, int64_t capacity,
                              double deadlineSeconds,
                              std::vector<int64_t> &offsets, bool &exhausted,
                              int64_t &nodes) {
  // The portfolio of search orders (keys of staticOrder), each either kept
  // for the whole search or re-applied to every part split off by the
  // decomposition ('+'). The time to a plan of one order is heavy-tailed:
  // tiny when its first dives happen to be right, huge otherwise. MiniMalloc
  // uses WAT, TAW and TWA; the others were added because they each solve
  // some of its challenging benchmarks at the lower bound in a few thousand
  // nodes where the rest need millions.
  static const char *const portfolio[] = {"TWA+", "TWA", "UW", "lZ",
                                          "TOW",  "TCA", "UL", "WAT"};
  exhausted = false;
  // Empty buffers and empty intervals conflict with nothing: offset 0.
  offsets.assign(problem.buffers.size(), 0);
  for (const std::vector<size_t> &group : timeComponents(problem.buffers)) {
    std::vector<PlanBuffer> sub;
    for (size_t i : group)
      sub.push_back(problem.buffers[i]);
    PackInstance inst(sub);
    Packer packer(inst, capacity, deadlineSeconds);
    std::vector<std::string> keys;
    std::vector<std::vector<int>> orders;
    for (const char *entry : portfolio) {
      std::string k = entry;
      bool perPart = !k.empty() && k.back() == '+';
      if (perPart)
        k.pop_back();
      keys.push_back(perPart ? k : "");
      orders.push_back(staticOrder(inst, k.c_str()));
    }
    bool done = false;
    // Round robin over the orderings with a growing node limit, so that an
    // ordering that happens to fit the instance finishes early.
    for (int64_t limit = 5 * int64_t(sub.size()) + 16; !done; limit *= 2) {
      for (size_t o = 0; o < orders.size(); ++o) {
        packer.partKeys = keys[o].empty() ? nullptr : keys[o].c_str();
        Packer::Result r = packer.run(orders[o], limit);
        if (r == Packer::Result::Found) {
          done = true;
          break;
        }
        if (r == Packer::Result::Infeasible) {
          nodes += packer.nodes;
          exhausted = true;
          return false;
        }
        if (r == Packer::Result::Timeout ||
            planClockSeconds() > deadlineSeconds) {
          nodes += packer.nodes;
          return false;
        }
      }
    }
    nodes += packer.nodes;
    for (size_t k = 0; k < group.size(); ++k)
      offsets[group[k]] = packer.offset[k];
  }
  return true;
}
