//===- MemoryModel.cpp - How ops allocate, free, alias and use memory -----===//

#include "analyzer/MemoryModel.h"

#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// The exception table
//===----------------------------------------------------------------------===//
//
// Ops whose interfaces do not describe their memory behaviour well enough:
//  - gpu.alloc / gpu.dealloc share the default resource with memref.alloc /
//    memref.dealloc, yet one family cannot free the other's memory;
//  - llvm.call @malloc / @free have unknown effects;
//  - memref.get_global and bufferization.to_buffer return memory the function
//    does not own, without any effect;
//  - memref.extract_strided_metadata returns the base buffer of a view, and
//    memref.transpose is a view without ViewLikeOpInterface;
//  - memref.view moves the start of its source without being an
//    OffsetSizeAndStrideOpInterface op;
//  - MLIR's runner utilities (printMemref*, verifyMemRef*) are external
//    declarations that only read their arguments (LifetimeAnalysis.cpp);
//  - ops that dereference memrefs through affine maps
//    (AffineMapAccessInterface) but do not implement MemoryEffectOpInterface
//    access those memrefs and neither free nor keep them: affine.dma_wait
//    (declares effects on its tag without the interface; reads the tag) and
//    affine.prefetch (no effects at all; reads or writes a cache line, as its
//    `read`/`write` keyword says). Their memref operands are accesses, not
//    escapes.

static std::optional<StringRef> getLLVMCallee(Operation *op) {
  if (auto call = dyn_cast<LLVM::CallOp>(op))
    if (auto callee = call.getCallee())
      return *callee;
  return std::nullopt;
}

static Deallocator getFamily(Operation *op) {
  if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()))
    return Deallocator::Gpu;
  if (isa_and_nonnull<LLVM::LLVMDialect>(op->getDialect()))
    return Deallocator::LibC;
  return Deallocator::Memref;
}

static bool isAutomaticScopeResource(SideEffects::Resource *resource) {
  return isa<SideEffects::AutomaticAllocationScopeResource>(resource);
}

static SmallVector<AliasInfo, 1> getAliases(Operation *op);

/// An op that dereferences memrefs through affine maps and says nothing of
/// its effects (see the table above).
static bool isAffineAccessWithoutEffects(Operation *op) {
  return isa<affine::AffineMapAccessInterface>(op) &&
         !isa<MemoryEffectOpInterface>(op) &&
         !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
         op->getNumRegions() == 0 && op->getNumResults() == 0;
}

static bool isAllocFunction(StringRef name) {
  return name == "malloc" || name == "calloc" || name == "aligned_alloc";
}

OpMemoryInfo memlint::describeMemory(Operation *op) {
  OpMemoryInfo info;
  info.aliases = getAliases(op);
  info.unknownEffects = memlint::hasUnknownEffects(op);
  // The exception table first.
  if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
    info.allocations.push_back(
        {global.getResult(), BufferOrigin::Global, Deallocator::Memref});
    return info;
  }
  if (auto toBuffer = dyn_cast<bufferization::ToBufferOp>(op)) {
    info.allocations.push_back(
        {toBuffer.getResult(), BufferOrigin::NotOwned, Deallocator::Memref});
    return info;
  }
  if (auto callee = getLLVMCallee(op)) {
    if (isAllocFunction(*callee) && op->getNumResults() == 1)
      info.allocations.push_back(
          {op->getResult(0), BufferOrigin::Heap, Deallocator::LibC});
    if (*callee == "free" && op->getNumOperands() == 1)
      info.frees.push_back({op->getOperand(0), Deallocator::LibC});
    return info;
  }
  if (isAffineAccessWithoutEffects(op)) {
    bool write = true; // unknown direction: a write (forgets contents)
    if (auto prefetch = dyn_cast<affine::AffinePrefetchOp>(op))
      write = prefetch.getIsWrite();
    else if (isa<affine::AffineDmaWaitOp>(op))
      write = false;
    for (Value operand : op->getOperands())
      if (isa<BaseMemRefType>(operand.getType()))
        info.accesses.push_back({operand, write});
    return info;
  }
  // Then the op's own memory effects, queried once.
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return info;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  bool conditionalFree = isa<bufferization::DeallocOp>(op);
  for (const auto &effect : effects) {
    Value value = effect.getValue();
    if (!value)
      continue;
    bool isOperand = llvm::is_contained(op->getOperands(), value);
    MemoryEffects::Effect *kind = effect.getEffect();
    if (isa<MemoryEffects::Allocate>(kind)) {
      if (isa<OpResult>(value) && value.getDefiningOp() == op &&
          isa<BaseMemRefType, LLVM::LLVMPointerType>(value.getType())) {
        bool stack = isAutomaticScopeResource(effect.getResource());
        info.allocations.push_back(
            {value, stack ? BufferOrigin::Stack : BufferOrigin::Heap,
             getFamily(op)});
      }
    } else if (isa<MemoryEffects::Free>(kind)) {
      // bufferization.dealloc frees conditionally: the explorer models it.
      if (isOperand && !conditionalFree &&
          !isAutomaticScopeResource(effect.getResource()))
        info.frees.push_back({value, getFamily(op)});
    } else if (isa<MemoryEffects::Read, MemoryEffects::Write>(kind)) {
      if (isOperand)
        info.accesses.push_back({value, isa<MemoryEffects::Write>(kind)});
    }
  }
  return info;
}

/// Subviews and views may start inside their source; a reinterpret_cast
/// only when its offset is not a static zero.
static bool isInteriorView(Operation *op) {
  if (auto cast = dyn_cast<memref::ReinterpretCastOp>(op)) {
    auto offsets = cast.getStaticOffsets();
    return offsets.size() != 1 || offsets[0] != 0;
  }
  return isa<OffsetSizeAndStrideOpInterface, memref::ViewOp>(op);
}

static SmallVector<AliasInfo, 1> getAliases(Operation *op) {
  SmallVector<AliasInfo, 1> result;
  if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(op)) {
    result.push_back(
        {meta.getBaseBuffer(), meta.getSource(), AliasInfo::Kind::Base});
    return result;
  }
  if (auto transpose = dyn_cast<memref::TransposeOp>(op)) {
    result.push_back(
        {transpose.getResult(), transpose.getIn(), AliasInfo::Kind::Cast});
    return result;
  }
  if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
    Value source = view.getViewSource();
    AliasInfo::Kind kind = isInteriorView(op) ? AliasInfo::Kind::Interior
                                              : AliasInfo::Kind::Cast;
    for (Value res : op->getResults())
      if (isa<BaseMemRefType, LLVM::LLVMPointerType>(res.getType()))
        result.push_back({res, source, kind});
  }
  return result;
}

static bool isBufferType(Type type) {
  return isa<BaseMemRefType, LLVM::LLVMPointerType>(type);
}

bool memlint::mayAllocate(Operation *op) {
  return llvm::any_of(op->getResultTypes(), isBufferType);
}

bool memlint::hasUnknownEffects(Operation *op) {
  if (isa<MemoryEffectOpInterface>(op))
    return false;
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  if (isa<memref::GetGlobalOp, bufferization::ToBufferOp>(op) ||
      isAffineAccessWithoutEffects(op))
    return false;
  if (auto callee = getLLVMCallee(op))
    return !isAllocFunction(*callee) && *callee != "free";
  return true;
}

StringRef memlint::getDeallocatorName(Deallocator deallocator) {
  switch (deallocator) {
  case Deallocator::Memref:
    return "memref.dealloc";
  case Deallocator::Gpu:
    return "gpu.dealloc";
  case Deallocator::LibC:
    return "free";
  }
  return "";
}

StringRef memlint::getAllocatorName(Deallocator deallocator) {
  switch (deallocator) {
  case Deallocator::Memref:
    return "memref.alloc";
  case Deallocator::Gpu:
    return "gpu.alloc";
  case Deallocator::LibC:
    return "malloc";
  }
  return "";
}
