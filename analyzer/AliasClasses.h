//===- AliasClasses.h - May-alias classes of buffers ------------*- C++ -*-===//
//
// Groups the memref and pointer values of one function into may-alias
// classes: two values are in the same class when one may point into the
// memory of the other through a chain of views and casts (the aliases of
// describeMemory), select-like ops, branch operands and block arguments, or
// region-branch operands, yields and results. The relation is taken
// undirected and closed transitively (union-find), so a class
// over-approximates what any of its values may alias within the function.
//
// Each class also says where its memory comes from (heap allocations of the
// function, or something else) and how every use of its values touches the
// memory: an access, a free, an alias edge, a metadata query, or an escape
// (returned, stored, passed to a call or to an op with unknown effects, or
// any use the memory model does not explain). Structural checks read these
// classes; the path-sensitive lifetime analysis does not need them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_ALIASCLASSES_H
#define MEMLINT_ANALYZER_ALIASCLASSES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace memlint {

/// How one use of a value of an alias class touches the memory.
struct AliasUse {
  enum class Kind {
    /// Reads or writes the memory through the value.
    Access,
    /// Frees the memory unconditionally (memref.dealloc, gpu.dealloc, free).
    Free,
    /// Creates another value of the class (view, cast, select, branch or
    /// region-branch operand).
    Alias,
    /// Reads only the shape of the value (memref.dim).
    Metadata,
    /// Anything else: the memory may be used where the function cannot see.
    Escape,
  };
  mlir::OpOperand *operand;
  Kind kind;

  mlir::Operation *getOwner() const { return operand->getOwner(); }
  mlir::Value get() const { return operand->get(); }
};

/// One may-alias class of memref and pointer values.
struct AliasClass {
  /// The values of the class, in the order of the function's text.
  llvm::SmallVector<mlir::Value, 4> values;
  /// The values of the class that heap allocations of the function produce.
  llvm::SmallVector<mlir::Value, 1> heapRoots;
  /// True when some value of the class comes from elsewhere: a function
  /// argument, a call or unknown op result, a stack or global buffer.
  bool foreignOrigin = false;
  /// Every use of every value of the class, in the order of the users in
  /// the text.
  llvm::SmallVector<AliasUse, 8> uses;

  /// True when some use lets the memory escape the function's sight.
  bool escapes() const { return escaping; }
  /// escapes(), computed once the uses are known (AliasClasses): checks and
  /// live intervals ask it per buffer, and a class may hold thousands of
  /// roots and uses.
  bool escaping = false;
  /// True when all the memory of the class comes from heap allocations of
  /// the function.
  bool isOwnedHeap() const { return !foreignOrigin && !heapRoots.empty(); }
};

/// The may-alias classes of the memref and pointer values of one function
/// (or any op with regions), computed once from a walk of its body.
class AliasClasses {
public:
  explicit AliasClasses(mlir::Operation *function);

  /// The class of `value`; null when it is not a memref or pointer of the
  /// function.
  const AliasClass *lookup(mlir::Value value) const;
  /// All classes, in the order of their first value in the text.
  llvm::ArrayRef<AliasClass> getClasses() const { return classes; }

  /// Prints the classes, one per line, naming values with `nameOf`.
  void print(llvm::raw_ostream &os,
             llvm::function_ref<std::string(mlir::Value)> nameOf) const;

private:
  std::vector<AliasClass> classes;
  llvm::DenseMap<mlir::Value, unsigned> classOf;
};

/// Returns true when `value` may hold a buffer: a memref or an LLVM pointer.
bool isBufferLike(mlir::Value value);

/// Returns the ancestor of `op` in `block` (`op` itself when it is in the
/// block), provided every op between them finishes running its regions
/// before it returns; null otherwise. Ops that return an async token
/// (`async.execute`, `gpu.launch async`) may run their regions later.
mlir::Operation *findSynchronousAncestor(mlir::Block *block,
                                         mlir::Operation *op);

/// The answer of a walk from `op` up through its ancestors (op itself
/// first): `decide(current)` returns the answer (an op, or null) or nullopt
/// to go on with current's parent; null past the top. The answers of the
/// ops passed are kept in `known` (they are the same), so many walks over
/// one deep nest take time linear in it.
template <typename Decide>
mlir::Operation *
findAncestorMemoized(llvm::DenseMap<mlir::Operation *, mlir::Operation *> &known,
                     mlir::Operation *op, Decide decide) {
  llvm::SmallVector<mlir::Operation *, 8> passed;
  mlir::Operation *result = nullptr;
  for (mlir::Operation *current = op; current;
       current = current->getParentOp()) {
    auto it = known.find(current);
    if (it != known.end()) {
      result = it->second;
      break;
    }
    passed.push_back(current);
    if (std::optional<mlir::Operation *> answer = decide(current)) {
      result = *answer;
      break;
    }
  }
  for (mlir::Operation *p : passed)
    known[p] = result;
  return result;
}

/// findSynchronousAncestor for many ops and one block: the answers of the
/// ops on the way up are kept, so the uses of a value spread over a deep
/// nest cost time linear in the nest, not quadratic.
class SynchronousAncestors {
public:
  explicit SynchronousAncestors(mlir::Block *block) : block(block) {}
  mlir::Operation *lookup(mlir::Operation *op);

private:
  mlir::Block *block;
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> known;
};

} // namespace memlint

#endif // MEMLINT_ANALYZER_ALIASCLASSES_H
