//===- PlanCsv.cpp - MiniMalloc's CSV format ------------------------------===//
//
// Owns: reading and writing planning problems and plans in MiniMalloc's CSV
// format (id,lower,upper,size[,offset]), strictly: a malformed row is an
// error with its line.
// Must not touch: planning.
//
//===----------------------------------------------------------------------===//

#include "analyzer/MemoryPlan.h"

#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace memlint;

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
  std::set<std::string> ids;
  size_t headerCells = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    std::vector<std::string> fields = splitCsvLine(line);
    if (column.empty()) {
      for (size_t i = 0; i < fields.size(); ++i)
        if (!column.try_emplace(fields[i], i).second) {
          error = "line 1: duplicate column '" + fields[i] + "'";
          return false;
        }
      headerCells = fields.size();
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
    if (fields.size() != headerCells) {
      error = "line " + std::to_string(lineNo) + ": " +
              std::to_string(fields.size()) + " cells, the header has " +
              std::to_string(headerCells);
      return false;
    }
    PlanBuffer b;
    b.id = fields[column["id"]];
    if (b.id.empty()) {
      error = "line " + std::to_string(lineNo) + ": empty id";
      return false;
    }
    if (!ids.insert(b.id).second) {
      error = "line " + std::to_string(lineNo) + ": duplicate id '" + b.id + "'";
      return false;
    }
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
