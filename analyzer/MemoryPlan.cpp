//===- MemoryPlan.cpp - Arena planning of buffers with live intervals -----===//
//
// See MemoryPlan.h. The exact search follows the canonical branch and bound
// described by Moffitt, "MiniMalloc: A Lightweight Memory Allocator for
// Hardware-Accelerated Machine Learning" (ASPLOS 2023): offsets are only ever
// tops of placed buffers, buffers are placed in non-decreasing offset order,
// and per-section inference prunes partial plans.
//
//===----------------------------------------------------------------------===//

#include "MemoryPlan.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <numeric>
#include <sstream>

using namespace memlint;

double memlint::planClockSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

static int64_t alignUp(int64_t value, int64_t alignment) {
  if (alignment <= 1)
    return value;
  int64_t rem = value % alignment;
  return rem ? value + (alignment - rem) : value;
}

static bool overlapInTime(const PlanBuffer &a, const PlanBuffer &b) {
  return a.lower < b.upper && b.lower < a.upper;
}

int64_t memlint::peakLiveBytes(const std::vector<PlanBuffer> &buffers) {
  // Sweep over the endpoints; an interval ending at t does not meet one
  // starting at t, so ends sort before starts.
  std::vector<std::pair<int64_t, int64_t>> events;
  events.reserve(buffers.size() * 2);
  for (const PlanBuffer &b : buffers) {
    if (b.upper <= b.lower)
      continue;
    events.push_back({b.lower, b.size});
    events.push_back({b.upper, -b.size});
  }
  std::sort(events.begin(), events.end());
  int64_t live = 0, peak = 0;
  for (const auto &event : events) {
    live += event.second;
    peak = std::max(peak, live);
  }
  return peak;
}

int64_t memlint::planLowerBound(const PlanProblem &problem) {
  return peakLiveBytes(problem.buffers);
}

int64_t memlint::planTotalBytes(const PlanProblem &problem) {
  int64_t total = 0;
  for (const PlanBuffer &b : problem.buffers)
    total += b.size;
  return total;
}

static int64_t heightOf(const PlanProblem &problem,
                        const std::vector<int64_t> &offsets) {
  int64_t height = 0;
  for (size_t i = 0; i < problem.buffers.size(); ++i)
    height = std::max(height, offsets[i] + problem.buffers[i].size);
  return height;
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

bool memlint::validatePlan(const PlanProblem &problem,
                           const std::vector<int64_t> &offsets, int64_t height,
                           std::string &error) {
  const std::vector<PlanBuffer> &buffers = problem.buffers;
  if (offsets.size() != buffers.size()) {
    error = "plan has " + std::to_string(offsets.size()) + " offsets for " +
            std::to_string(buffers.size()) + " buffers";
    return false;
  }
  int64_t top = 0;
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (offsets[i] < 0) {
      error = "buffer '" + buffers[i].id + "' has a negative offset";
      return false;
    }
    if (buffers[i].alignment > 1 && offsets[i] % buffers[i].alignment) {
      error = "buffer '" + buffers[i].id + "' at offset " +
              std::to_string(offsets[i]) + " is not aligned to " +
              std::to_string(buffers[i].alignment);
      return false;
    }
    top = std::max(top, offsets[i] + buffers[i].size);
  }
  if (top != height) {
    error = "reported height " + std::to_string(height) +
            " differs from the plan's top " + std::to_string(top);
    return false;
  }
  // Sweep in time order; compare each buffer with the buffers still live.
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_pair(buffers[a].lower, a) <
           std::make_pair(buffers[b].lower, b);
  });
  std::vector<size_t> live;
  for (size_t i : order) {
    const PlanBuffer &b = buffers[i];
    if (b.upper <= b.lower || b.size == 0)
      continue;
    live.erase(std::remove_if(live.begin(), live.end(),
                              [&](size_t j) {
                                return buffers[j].upper <= b.lower;
                              }),
               live.end());
    for (size_t j : live) {
      if (!overlapInTime(b, buffers[j]))
        continue;
      if (offsets[i] < offsets[j] + buffers[j].size &&
          offsets[j] < offsets[i] + b.size) {
        error = "buffers '" + buffers[j].id + "' and '" + b.id +
                "' are live at the same time and overlap in address";
        return false;
      }
    }
    live.push_back(i);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Greedy by size, best fit
//===----------------------------------------------------------------------===//

Plan memlint::greedyBySize(const PlanProblem &problem) {
  double start = planClockSeconds();
  const std::vector<PlanBuffer> &buffers = problem.buffers;
  size_t n = buffers.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (buffers[a].size != buffers[b].size)
      return buffers[a].size > buffers[b].size;
    int64_t la = buffers[a].upper - buffers[a].lower;
    int64_t lb = buffers[b].upper - buffers[b].lower;
    if (la != lb)
      return la > lb;
    return a < b;
  });
  Plan plan;
  plan.offsets.assign(n, 0);
  std::vector<size_t> placed;
  std::vector<std::pair<int64_t, int64_t>> taken;
  for (size_t i : order) {
    const PlanBuffer &b = buffers[i];
    taken.clear();
    for (size_t j : placed)
      if (overlapInTime(b, buffers[j]) && buffers[j].size > 0)
        taken.push_back({plan.offsets[j], plan.offsets[j] + buffers[j].size});
    std::sort(taken.begin(), taken.end());
    // Best fit: the smallest gap that holds the buffer; else above all.
    int64_t best = -1, bestSlack = std::numeric_limits<int64_t>::max();
    int64_t cursor = 0;
    for (const auto &range : taken) {
      int64_t candidate = alignUp(cursor, b.alignment);
      if (range.first > cursor && candidate + b.size <= range.first) {
        int64_t slack = range.first - cursor - b.size;
        if (slack < bestSlack) {
          bestSlack = slack;
          best = candidate;
        }
      }
      cursor = std::max(cursor, range.second);
    }
    if (best < 0)
      best = alignUp(cursor, b.alignment);
    plan.offsets[i] = best;
    placed.push_back(i);
  }
  plan.height = heightOf(problem, plan.offsets);
  plan.optimal = plan.height == planLowerBound(problem);
  plan.seconds = planClockSeconds() - start;
  return plan;
}

//===----------------------------------------------------------------------===//
// Exact search at a capacity
//===----------------------------------------------------------------------===//

namespace {

/// The sections of a problem: the intervals between consecutive distinct
/// endpoints; every buffer spans a contiguous range of them.
struct Sections {
  std::vector<int> first, last; // per buffer: [first, last)
  std::vector<std::vector<int>> members;
  std::vector<std::vector<int>> overlaps;
};

static Sections computeSections(const std::vector<PlanBuffer> &buffers) {
  std::vector<int64_t> points;
  for (const PlanBuffer &b : buffers) {
    points.push_back(b.lower);
    points.push_back(b.upper);
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  Sections s;
  size_t n = buffers.size();
  s.first.resize(n);
  s.last.resize(n);
  s.members.resize(points.empty() ? 0 : points.size() - 1);
  for (size_t i = 0; i < n; ++i) {
    s.first[i] = std::lower_bound(points.begin(), points.end(),
                                  buffers[i].lower) -
                 points.begin();
    s.last[i] = std::lower_bound(points.begin(), points.end(),
                                 buffers[i].upper) -
                points.begin();
    for (int k = s.first[i]; k < s.last[i]; ++k)
      s.members[k].push_back(i);
  }
  s.overlaps.resize(n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j)
      if (overlapInTime(buffers[i], buffers[j])) {
        s.overlaps[i].push_back(j);
        s.overlaps[j].push_back(i);
      }
  return s;
}

/// The order in which buffers with equal minimum offsets are tried, as a
/// string of keys compared in turn (all descending): T = largest section
/// total the buffer spans, C = sections spanned, A = area, Z = size.
using Heuristic = const char *;

/// A depth-first branch and bound for one time-connected component.
class CapacitySearch {
public:
  CapacitySearch(const std::vector<PlanBuffer> &buffers, int64_t capacity,
                 double deadline)
      : buffers(buffers), capacity(capacity), deadline(deadline),
        sections(computeSections(buffers)) {}

  enum class Result { Found, Infeasible, NodeLimit, Timeout };

  Result run(Heuristic heuristic, int64_t nodeLimit,
             std::vector<int64_t> &offsets) {
    size_t n = buffers.size();
    size_t numSections = sections.members.size();
    offset.assign(n, -1);
    minOffset.assign(n, 0);
    floor.assign(numSections, 0);
    mark.assign(numSections, 0);
    total.assign(numSections, 0);
    cuts.assign(numSections, 0);
    trail.clear();
    for (size_t i = 0; i < n; ++i) {
      if (buffers[i].size > capacity)
        return Result::Infeasible;
      for (int k = sections.first[i]; k < sections.last[i]; ++k)
        total[k] += buffers[i].size;
      for (int k = sections.first[i]; k + 1 < sections.last[i]; ++k)
        ++cuts[k];
    }
    for (int64_t t : total)
      if (t > capacity)
        return Result::Infeasible;
    computePreorder(heuristic);
    nodesLeft = nodeLimit;
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    Result result = search(all, 0, int(numSections), 0, -1);
    if (result == Result::Found)
      offsets = offset;
    return result;
  }

  int64_t nodes = 0;

private:
  void computePreorder(Heuristic heuristic) {
    size_t n = buffers.size();
    std::vector<int64_t> maxTotal(n, 0);
    for (size_t i = 0; i < n; ++i)
      for (int k = sections.first[i]; k < sections.last[i]; ++k)
        maxTotal[i] = std::max(maxTotal[i], total[k]);
    auto key = [&](size_t i, char c) -> int64_t {
      const PlanBuffer &b = buffers[i];
      switch (c) {
      case 'T':
        return maxTotal[i];
      case 'C':
        return sections.last[i] - sections.first[i];
      case 'A':
        return b.size * (b.upper - b.lower);
      case 'Z':
        return b.size;
      default:
        return 0;
      }
    };
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      for (const char *c = heuristic; *c; ++c) {
        int64_t ka = key(a, *c), kb = key(b, *c);
        if (ka != kb)
          return ka > kb;
      }
      return a < b;
    });
    rank.assign(n, 0);
    byRank = order;
    for (size_t r = 0; r < n; ++r)
      rank[order[r]] = r;
  }

  /// Every change of the search state, so that a failed branch (or a failed
  /// independent part after others succeeded) is undone to a mark.
  enum class Field : uint8_t { Offset, MinOffset, Floor, Total, Cut };
  struct Change {
    Field field;
    int index;
    int64_t value;
  };

  std::vector<int64_t> &fieldOf(Field field) {
    switch (field) {
    case Field::Offset:
      return offset;
    case Field::MinOffset:
      return minOffset;
    case Field::Floor:
      return floor;
    case Field::Total:
      return total;
    case Field::Cut:
      return cuts;
    }
    return offset;
  }

  void set(Field field, int index, int64_t value) {
    std::vector<int64_t> &values = fieldOf(field);
    trail.push_back({field, index, values[index]});
    values[index] = value;
  }

  void undoTo(size_t size) {
    while (trail.size() > size) {
      const Change &c = trail.back();
      fieldOf(c.field)[c.index] = c.value;
      trail.pop_back();
    }
  }

  /// Searches placements of the unplaced buffers of `part`, which live only
  /// in sections [sectionLo, sectionHi).
  Result search(const std::vector<int> &part, int sectionLo, int sectionHi,
                int64_t lastOffset, int lastRank) {
    ++nodes;
    if (--nodesLeft < 0)
      return Result::NodeLimit;
    if ((nodes & 15) == 0 && planClockSeconds() > deadline)
      return Result::Timeout;
    // Only buffers below the lowest top of any unplaced buffer are
    // candidates (dominance, below), in (offset, rank) order.
    int64_t minHeight = std::numeric_limits<int64_t>::max();
    bool any = false;
    for (int i : part)
      if (offset[i] < 0) {
        any = true;
        minHeight = std::min(minHeight, minOffset[i] + buffers[i].size);
      }
    if (!any)
      return Result::Found;
    std::vector<std::pair<int64_t, int>> candidates;
    for (int i : part)
      if (offset[i] < 0 && minOffset[i] < minHeight &&
          minOffset[i] >= lastOffset)
        candidates.push_back({minOffset[i], rank[i]});
    std::sort(candidates.begin(), candidates.end());
    for (const auto &c : candidates) {
      int64_t at = c.first;
      // Dominance: a buffer placed at or above the lowest top of another
      // unplaced buffer leaves a gap that buffer could have taken first.
      if (at >= minHeight)
        break;
      // Canonical order: non-decreasing offsets, ties by rank.
      if (at < lastOffset || (at == lastOffset && c.second < lastRank))
        continue;
      int i = byRank[c.second];
      size_t saved = trail.size();
      Result r = Result::Infeasible;
      if (place(i, at, sectionLo, sectionHi))
        r = descend(part, sectionLo, sectionHi, i, at);
      if (r == Result::Found)
        return r;
      undoTo(saved);
      if (r != Result::Infeasible)
        return r;
    }
    return Result::Infeasible;
  }

  /// After placing `i`: when no unplaced buffer crosses some section
  /// boundaries inside its span any more, the rest splits into independent
  /// parts, each searched on its own; otherwise the search goes on.
  Result descend(const std::vector<int> &part, int sectionLo, int sectionHi,
                 int i, int64_t at) {
    std::vector<int> cutpoints;
    for (int k = std::max(sections.first[i], sectionLo);
         k + 1 < std::min(sections.last[i], sectionHi); ++k)
      if (cuts[k] == 0)
        cutpoints.push_back(k + 1);
    if (cutpoints.empty())
      return search(part, sectionLo, sectionHi, at, rank[i]);
    cutpoints.insert(cutpoints.begin(), sectionLo);
    cutpoints.push_back(sectionHi);
    for (size_t c = 0; c + 1 < cutpoints.size(); ++c) {
      int lo = cutpoints[c], hi = cutpoints[c + 1];
      std::vector<int> sub;
      for (int j : part)
        if (offset[j] < 0 && sections.first[j] < hi && lo < sections.last[j])
          sub.push_back(j);
      if (sub.empty())
        continue;
      Result r = search(sub, lo, hi, 0, -1);
      if (r != Result::Found)
        return r;
    }
    return Result::Found;
  }

  /// Places `i` at `at` and updates the section data; false when a section
  /// of [sectionLo, sectionHi) can no longer hold its unplaced buffers.
  bool place(int i, int64_t at, int sectionLo, int sectionHi) {
    const PlanBuffer &b = buffers[i];
    int64_t top = at + b.size;
    set(Field::Offset, i, at);
    std::vector<int> &touched = touchedScratch;
    std::vector<int64_t> &touchedOld = touchedOldScratch;
    touched.clear();
    touchedOld.clear();
    for (int j : sections.overlaps[i]) {
      if (offset[j] >= 0 || minOffset[j] >= top)
        continue;
      int64_t raised = alignUp(top, buffers[j].alignment);
      if (raised + buffers[j].size > capacity)
        return false;
      touched.push_back(j);
      touchedOld.push_back(minOffset[j]);
      set(Field::MinOffset, j, raised);
    }
    for (int k = sections.first[i]; k < sections.last[i]; ++k) {
      if (floor[k] < top)
        set(Field::Floor, k, top);
      set(Field::Total, k, total[k] - b.size);
    }
    for (int k = sections.first[i]; k + 1 < sections.last[i]; ++k)
      set(Field::Cut, k, cuts[k] - 1);
    // A section's floor is at least the lowest minimum offset of its
    // unplaced buffers.
    std::vector<int> &affected = affectedScratch;
    affected.clear();
    // Only sections where the lowest unplaced minimum offset may have risen:
    // those of the placed buffer, and those where a raised buffer was at or
    // below the floor (else another buffer holds the minimum there).
    for (int k = sections.first[i]; k < sections.last[i]; ++k)
      if (!mark[k]) {
        mark[k] = 1;
        affected.push_back(k);
      }
    for (size_t t = 0; t < touched.size(); ++t) {
      int j = touched[t];
      for (int k = sections.first[j]; k < sections.last[j]; ++k)
        if (!mark[k] && touchedOld[t] <= floor[k]) {
          mark[k] = 1;
          affected.push_back(k);
        }
    }
    for (int k : affected) {
      mark[k] = 0;
      int64_t lowest = std::numeric_limits<int64_t>::max();
      for (int m : sections.members[k])
        if (offset[m] < 0)
          lowest = std::min(lowest, minOffset[m]);
      if (lowest != std::numeric_limits<int64_t>::max() && floor[k] < lowest)
        set(Field::Floor, k, lowest);
    }
    for (int k = sectionLo; k < sectionHi; ++k)
      if (total[k] > 0 && std::max(floor[k], at) + total[k] > capacity)
        return false;
    return true;
  }

  const std::vector<PlanBuffer> &buffers;
  int64_t capacity;
  double deadline;
  Sections sections;
  std::vector<int64_t> offset, minOffset, floor, total, cuts;
  std::vector<int> rank, byRank, touchedScratch, affectedScratch;
  std::vector<int64_t> touchedOldScratch;
  std::vector<char> mark;
  std::vector<Change> trail;
  int64_t nodesLeft = 0;
};
} // namespace

/// Splits the buffers into groups connected in time (no buffer crosses a
/// boundary between groups); each group is planned on its own.
static std::vector<std::vector<size_t>>
timeComponents(const std::vector<PlanBuffer> &buffers) {
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
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
  static const Heuristic heuristics[] = {"TCA", "CAT", "TAC", "ACT"};
  exhausted = false;
  offsets.assign(problem.buffers.size(), 0);
  for (const std::vector<size_t> &group : timeComponents(problem.buffers)) {
    std::vector<PlanBuffer> sub;
    for (size_t i : group)
      sub.push_back(problem.buffers[i]);
    CapacitySearch search(sub, capacity, deadlineSeconds);
    std::vector<int64_t> subOffsets;
    bool done = false;
    // Round robin over the orderings with a growing node limit, so that an
    // ordering that happens to fit the instance finishes early.
    for (int64_t limit = 2 * int64_t(sub.size()) + 16; !done; limit *= 2) {
      for (Heuristic h : heuristics) {
        CapacitySearch::Result r = search.run(h, limit, subOffsets);
        if (r == CapacitySearch::Result::Found) {
          done = true;
          break;
        }
        if (r == CapacitySearch::Result::Infeasible) {
          nodes += search.nodes;
          exhausted = true;
          return false;
        }
        if (r == CapacitySearch::Result::Timeout ||
            planClockSeconds() > deadlineSeconds) {
          nodes += search.nodes;
          return false;
        }
      }
    }
    nodes += search.nodes;
    for (size_t k = 0; k < group.size(); ++k)
      offsets[group[k]] = subOffsets[k];
  }
  return true;
}

Plan memlint::planArena(const PlanProblem &problem,
                        const PlanOptions &options) {
  double start = planClockSeconds();
  double deadline = start + options.timeLimitSeconds;
  Plan best = greedyBySize(problem);
  int64_t lowerBound = planLowerBound(problem);
  // Capacities below `infeasible + 1` are proven infeasible.
  int64_t infeasible = lowerBound - 1;
  auto attempt = [&](int64_t capacity, double until) {
    std::vector<int64_t> offsets;
    bool exhausted = false;
    if (solveAtCapacity(problem, capacity, until, offsets, exhausted,
                        best.nodes)) {
      int64_t height = heightOf(problem, offsets);
      if (height < best.height) {
        best.offsets = offsets;
        best.height = height;
      }
      return true;
    }
    if (exhausted)
      infeasible = std::max(infeasible, capacity);
    return false;
  };
  if (best.height > lowerBound && options.timeLimitSeconds > 0) {
    // First the lower bound itself, with half the budget.
    double now = planClockSeconds();
    attempt(lowerBound, now + (deadline - now) / 2);
    // Then from just above the lower bound upwards until a plan is found,
    // and bisect between the highest failure and the best plan.
    int64_t failed = lowerBound;
    static const double steps[] = {1.002, 1.005, 1.01, 1.02, 1.05, 1.1};
    for (double step : steps) {
      if (best.height <= failed + 1 || planClockSeconds() > deadline)
        break;
      int64_t capacity = int64_t(double(lowerBound) * step);
      if (capacity >= best.height)
        break;
      double left = deadline - planClockSeconds();
      if (attempt(capacity, planClockSeconds() + left / 3))
        break;
      failed = capacity;
    }
    while (best.height > failed + 1 && planClockSeconds() < deadline) {
      int64_t capacity = failed + (best.height - failed) / 2;
      double left = deadline - planClockSeconds();
      if (!attempt(capacity, planClockSeconds() + left / 2))
        failed = capacity;
    }
  }
  best.optimal =
      best.height == lowerBound || best.height == infeasible + 1;
  best.seconds = planClockSeconds() - start;
  return best;
}

//===----------------------------------------------------------------------===//
// MiniMalloc CSV
//===----------------------------------------------------------------------===//

static std::vector<std::string> splitCsvLine(const std::string &line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ','))
    fields.push_back(field);
  if (!line.empty() && line.back() == ',')
    fields.push_back("");
  for (std::string &f : fields) {
    size_t b = f.find_first_not_of(" \t\r");
    size_t e = f.find_last_not_of(" \t\r");
    f = b == std::string::npos ? "" : f.substr(b, e - b + 1);
  }
  return fields;
}

static bool parseInt(const std::string &text, int64_t &value) {
  if (text.empty())
    return false;
  size_t pos = 0;
  if (text[0] == '-')
    pos = 1;
  if (pos == text.size())
    return false;
  int64_t v = 0;
  for (; pos < text.size(); ++pos) {
    if (text[pos] < '0' || text[pos] > '9')
      return false;
    if (v > (std::numeric_limits<int64_t>::max() - 9) / 10)
      return false;
    v = v * 10 + (text[pos] - '0');
  }
  value = text[0] == '-' ? -v : v;
  return true;
}

bool memlint::parsePlanCsv(const std::string &text, PlanProblem &problem,
                           std::vector<int64_t> &offsets, std::string &error) {
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  std::map<std::string, int> column;
  problem.buffers.clear();
  offsets.clear();
  bool anyOffset = false;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    std::vector<std::string> fields = splitCsvLine(line);
    if (column.empty()) {
      for (size_t i = 0; i < fields.size(); ++i)
        column[fields[i]] = i;
      for (const char *name : {"id", "lower", "upper", "size"})
        if (!column.count(name)) {
          error = "line 1: missing column '" + std::string(name) + "'";
          return false;
        }
      continue;
    }
    auto get = [&](const char *name, int64_t &value) {
      size_t i = column[name];
      if (i >= fields.size() || !parseInt(fields[i], value)) {
        error = "line " + std::to_string(lineNo) + ": bad " + name;
        return false;
      }
      return true;
    };
    PlanBuffer b;
    b.id = column["id"] < int(fields.size()) ? fields[column["id"]] : "";
    if (!get("lower", b.lower) || !get("upper", b.upper) ||
        !get("size", b.size))
      return false;
    if (b.lower < 0 || b.upper <= b.lower || b.size < 0) {
      error = "line " + std::to_string(lineNo) +
              ": need 0 <= lower < upper and size >= 0";
      return false;
    }
    if (column.count("alignment")) {
      if (!get("alignment", b.alignment))
        return false;
      if (b.alignment < 1 || (b.alignment & (b.alignment - 1))) {
        error = "line " + std::to_string(lineNo) +
                ": alignment must be a power of two";
        return false;
      }
    }
    int64_t off = 0;
    if (column.count("offset") && size_t(column["offset"]) < fields.size() &&
        !fields[column["offset"]].empty()) {
      if (!get("offset", off))
        return false;
      anyOffset = true;
    }
    offsets.push_back(off);
    problem.buffers.push_back(b);
  }
  if (column.empty()) {
    error = "empty CSV (expected a header id,lower,upper,size)";
    return false;
  }
  if (!anyOffset)
    offsets.clear();
  return true;
}

std::string memlint::writePlanCsv(const PlanProblem &problem,
                                  const std::vector<int64_t> &offsets) {
  bool aligned = false;
  for (const PlanBuffer &b : problem.buffers)
    aligned |= b.alignment > 1;
  std::string out = "id,lower,upper,size";
  if (aligned)
    out += ",alignment";
  out += offsets.empty() ? "\n" : ",offset\n";
  for (size_t i = 0; i < problem.buffers.size(); ++i) {
    const PlanBuffer &b = problem.buffers[i];
    out += b.id + "," + std::to_string(b.lower) + "," +
           std::to_string(b.upper) + "," + std::to_string(b.size);
    if (aligned)
      out += "," + std::to_string(b.alignment);
    if (!offsets.empty())
      out += "," + std::to_string(offsets[i]);
    out += "\n";
  }
  return out;
}
