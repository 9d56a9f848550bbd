//===- MemoryPlan.cpp - Arena planning of buffers with live intervals -----===//
//
// Owns: the bounds of a plan (sizes that fit, the peak of live bytes, the
// lower bound, the total), the independent validator, and planArena, which
// starts from the greedy plan (PlanGreedy.cpp) and improves it with the exact
// search (PlanSearch.cpp) within the time budget.
// Must not touch: the search's internals or the CSV format (PlanCsv.cpp).
//
//===----------------------------------------------------------------------===//

#include "analyzer/MemoryPlan.h"
#include "analyzer/PlanUtil.h"

#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

using namespace memlint;
using namespace memlint::plan;

double memlint::planClockSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

bool memlint::planSizesFit(const std::vector<PlanBuffer> &buffers) {
  int64_t total = 0;
  for (const PlanBuffer &b : buffers) {
    if (b.size < 0 || b.alignment < 1)
      return false;
    std::optional<int64_t> padded = llvm::checkedAdd(b.size, b.alignment - 1);
    std::optional<int64_t> sum =
        padded ? llvm::checkedAdd(total, *padded) : std::nullopt;
    if (!sum)
      return false;
    total = *sum;
  }
  return true;
}

int64_t memlint::peakLiveBytes(const std::vector<PlanBuffer> &buffers) {
  if (!planSizesFit(buffers))
    return std::numeric_limits<int64_t>::max();
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
  if (!planSizesFit(problem.buffers))
    return std::numeric_limits<int64_t>::max();
  int64_t total = 0;
  for (const PlanBuffer &b : problem.buffers)
    total += b.size;
  return total;
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
    std::optional<int64_t> end = llvm::checkedAdd(offsets[i], buffers[i].size);
    if (!end) {
      error = "buffer '" + buffers[i].id + "' at offset " +
              std::to_string(offsets[i]) + " ends past 2^63 - 1";
      return false;
    }
    top = std::max(top, *end);
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

Plan memlint::planArena(const PlanProblem &problem,
                        const PlanOptions &options) {
  if (!planSizesFit(problem.buffers)) {
    Plan none;
    none.overflows = true;
    none.height = std::numeric_limits<int64_t>::max();
    return none;
  }
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
    // First the lower bound itself (a plan there is optimal), with most of
    // the budget: when it is reachable, one of the search orders usually
    // finds it fast.
    double now = planClockSeconds();
    attempt(lowerBound, now + 0.5 * (deadline - now));
    // Then bisect between the highest capacity that failed (timed out or
    // proven infeasible) and the best plan, each attempt with a quarter of
    // what is left: plans are found fast or not at all.
    int64_t failed = lowerBound;
    while (best.height > failed + 1 && planClockSeconds() < deadline) {
      int64_t capacity = failed + (best.height - failed) / 2;
      double left = deadline - planClockSeconds();
      if (!attempt(capacity, std::min(deadline, planClockSeconds() +
                                                std::max(left / 4, 0.01))))
        failed = capacity;
    }
  }
  best.optimal =
      best.height == lowerBound || best.height == infeasible + 1;
  best.seconds = planClockSeconds() - start;
  return best;
}
