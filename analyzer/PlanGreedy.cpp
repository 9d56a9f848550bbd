//===- PlanGreedy.cpp - The greedy plan: largest first, best fit ----------===//
//
// Owns: greedyBySize, the heuristic plan every planArena starts from.
// Must not touch: the exact search or the bounds.
//
//===----------------------------------------------------------------------===//

#include "analyzer/MemoryPlan.h"
#include "analyzer/PlanUtil.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace memlint;
using namespace memlint::plan;

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
