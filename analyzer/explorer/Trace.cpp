//===- Trace.cpp - Printing the exploration step by step ------------------===//
//
// Owns: MEMLINT_TRACE printing (see Trace.h).
// Must not touch: anything; it only reads the state.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Trace.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace memlint;

bool memlint::explorer::traceEnabled() {
  static bool enabled = std::getenv("MEMLINT_TRACE") != nullptr;
  return enabled;
}

void memlint::explorer::printState(const PathState &s) {
  llvm::raw_ostream &os = llvm::errs();
  os << "  env:";
  for (const auto &[num, val] : s.env) {
    os << " #" << num << "=";
    switch (val.kind) {
    case AbsVal::Kind::Int:
      os << val.intValue;
      break;
    case AbsVal::Kind::Bool:
      if (auto c = val.boolValue.getConstant())
        os << (*c ? "T" : "F");
      else {
        os << "b(";
        for (uint32_t a : val.boolValue.getAtoms())
          os << a << ",";
        os << ")";
      }
      break;
    case AbsVal::Kind::Ref:
      os << "ref" << val.buffer << (val.interior ? "i" : "");
      break;
    case AbsVal::Kind::Ptr:
      os << "ptr" << val.buffer;
      break;
    case AbsVal::Kind::Select: {
      os << "sel(";
      bool first = true;
      val.forEachLeaf([&](const AbsVal &ref) {
        os << (first ? "" : ",") << "ref" << ref.buffer
           << (ref.interior ? "i" : "");
        first = false;
      });
      os << ")";
      break;
    }
    }
  }
  os << "\n  bufs:";
  for (const BufferRecord &b : s.buffers)
    os << " [" << (int)b.origin << (b.freed ? " freed" : "")
       << (b.escaped ? " esc" : "") << " cells=" << b.contents.size() << "]";
  os << "\n  assume:";
  for (auto [a, v] : s.assignment)
    os << " " << a << "=" << v;
  os << "\n";
}
