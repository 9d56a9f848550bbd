//===- PlanReport.cpp - Render memory plans -------------------------------===//

#include "reporters/PlanReport.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace memlint;
using json = nlohmann::ordered_json;

/// Allocations saved: one arena allocation replaces all planned buffers.
static int64_t allocationsSaved(const PlanReportSpace &s) {
  return s.plannedBuffers > 1 ? s.plannedBuffers - 1 : 0;
}

/// Bytes saved against today's peak (or against no reuse for CSV problems).
static int64_t bytesSaved(const PlanReportSpace &s) {
  int64_t before = s.writtenPeak ? *s.writtenPeak : s.totalBytes;
  return std::max<int64_t>(0, before - s.arenaSize);
}

static std::string ratio(int64_t value, int64_t bound) {
  if (bound <= 0)
    return "-";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.4f", double(value) / double(bound));
  return text;
}

std::string memlint::renderPlanText(const std::vector<PlanReportSpace> &spaces) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const PlanReportSpace &s : spaces) {
    os << s.file;
    if (!s.function.empty())
      os << ": function @" << s.function << ", memory space " << s.space;
    os << "\n";
    os << llvm::format("  %-16s %-34s %10s %6s %13s %10s\n", "buffer", "type",
                       "bytes", "align", "live", "offset");
    for (const PlanReportBuffer &b : s.buffers) {
      std::string name = b.name;
      if (b.line)
        name += " (" + std::to_string(b.line) + ":" + std::to_string(b.column) +
                ")";
      std::string live = "[" + std::to_string(b.lower) + ", " +
                         std::to_string(b.upper) + ")";
      std::string bytes = b.bytes ? std::to_string(*b.bytes) : "?";
      std::string offset =
          b.offset ? std::to_string(*b.offset) : "unplanned: " + b.unplannedReason;
      os << llvm::format("  %-16s %-34s %10s %6lld %13s %10s\n", name.c_str(),
                         b.type.c_str(), bytes.c_str(), (long long)b.alignment,
                         live.c_str(), offset.c_str());
    }
    if (s.plannedBuffers == 0) {
      os << "  no buffer planned\n";
      continue;
    }
    if (s.writtenPeak)
      os << "  peak as written:  " << *s.writtenPeak << " bytes\n";
    os << "  lower bound:      " << s.lowerBound << " bytes\n";
    os << "  planned arena:    " << s.arenaSize << " bytes ("
       << ratio(s.arenaSize, s.lowerBound) << "x the lower bound"
       << (s.optimal ? ", optimal" : "") << ")\n";
    os << "  greedy by size:   " << s.greedySize << " bytes ("
       << ratio(s.greedySize, s.lowerBound) << "x)\n";
    int64_t saved = allocationsSaved(s);
    os << "  saved:            " << saved
       << (saved == 1 ? " allocation, " : " allocations, ") << bytesSaved(s)
       << " bytes\n";
  }
  return text;
}

std::string memlint::renderPlanJson(const std::vector<PlanReportSpace> &spaces) {
  json plans = json::array();
  for (const PlanReportSpace &s : spaces) {
    json buffers = json::array();
    for (const PlanReportBuffer &b : s.buffers) {
      json buffer = {{"name", b.name}};
      if (!b.type.empty())
        buffer["type"] = b.type;
      if (b.line)
        buffer["location"] = {{"line", b.line}, {"column", b.column}};
      buffer["bytes"] = b.bytes ? json(*b.bytes) : json(nullptr);
      buffer["alignment"] = b.alignment;
      buffer["lower"] = b.lower;
      buffer["upper"] = b.upper;
      if (b.offset)
        buffer["offset"] = *b.offset;
      else
        buffer["unplanned"] = b.unplannedReason;
      buffers.push_back(std::move(buffer));
    }
    json plan = {{"file", s.artifactFile.empty() ? s.file : s.artifactFile}};
    if (!s.function.empty()) {
      plan["function"] = s.function;
      plan["space"] = s.space;
    }
    plan["buffers"] = std::move(buffers);
    if (s.writtenPeak)
      plan["peakAsWritten"] = *s.writtenPeak;
    plan["lowerBound"] = s.lowerBound;
    plan["arenaSize"] = s.arenaSize;
    plan["optimal"] = s.optimal;
    // No times: the document is the same from run to run.
    plan["greedy"] = {{"arenaSize", s.greedySize}};
    plan["totalBytes"] = s.totalBytes;
    plan["allocationsSaved"] = allocationsSaved(s);
    plan["bytesSaved"] = bytesSaved(s);
    plans.push_back(std::move(plan));
  }
  json doc = {{"version", 1}, {"tool", "mlir-memlint"}, {"plans", plans}};
  // Replaced, not thrown: a CSV id may be any bytes (mutation fuzzer seed
  // 48505: invalid UTF-8 aborted the tool).
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}
