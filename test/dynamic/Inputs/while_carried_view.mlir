// A counter kept in memory by an scf.while: its `before` region allocates a
// fresh cell each iteration, stores the count in it and hands it to the
// `after` region, which yields a view of it (a subview cast back to the
// plain type) to the next iteration, where it is read as the previous cell.
// No cell is ever freed: each one is lost when the next iteration replaces
// it, and the last one after the loop. The fix-it carries an ownership flag
// through both regions: the carried view's base buffer is freed under it in
// the next iteration, after its read, and the last cell after the loop
// under the flag the loop returns.
// EXPECT-VALGRIND: definitely-lost

func.func @count(%big: i1, %n: index, %seed: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %step = arith.select %big, %c2, %c1 : index
  %result:2 = scf.while (%i = %c0, %old = %seed)
      : (index, memref<1xindex>) -> (index, memref<1xindex>) {
    %fresh = memref.alloc() : memref<1xindex>
    memref.store %i, %fresh[%c0] : memref<1xindex>
    %previous = memref.load %old[%c0] : memref<1xindex>
    %continue = arith.cmpi slt, %i, %n : index
    scf.condition(%continue) %previous, %fresh : index, memref<1xindex>
  } do {
  ^bb0(%previous: index, %current: memref<1xindex>):
    %value = memref.load %current[%c0] : memref<1xindex>
    %next = arith.addi %value, %step : index
    %view = memref.subview %current[0] [1] [1] : memref<1xindex> to memref<1xindex, strided<[1]>>
    %cast = memref.cast %view : memref<1xindex, strided<[1]>> to memref<1xindex>
    scf.yield %next, %cast : index, memref<1xindex>
  }
  return %result#0 : index
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %seed = memref.alloc() : memref<1xindex>
  memref.store %c0, %seed[%c0] : memref<1xindex>
  %sum = scf.for %n = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> index {
    %x = func.call @count(%t, %n, %seed) : (i1, index, memref<1xindex>) -> index
    %y = func.call @count(%f, %n, %seed) : (i1, index, memref<1xindex>) -> index
    %xy = arith.addi %x, %y : index
    %a = arith.addi %acc, %xy : index
    scf.yield %a : index
  }
  memref.store %sum, %seed[%c0] : memref<1xindex>
  memref.dealloc %seed : memref<1xindex>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
