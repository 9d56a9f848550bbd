module {
  func.func private @swapping_loop_with_realloc(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: index, %arg5: index) -> (memref<?xf32>, memref<?xf32>) {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc(%arg4) : memref<?xf32>
    %alloc_0 = memref.alloc(%arg4) : memref<?xf32>
    %0:4 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %alloc, %arg8 = %alloc_0, %arg9 = %false, %arg10 = %false) -> (memref<?xf32>, memref<?xf32>, i1, i1) {
      %dim = memref.dim %arg7, %c0 : memref<?xf32>
      %7 = arith.cmpi ult, %dim, %arg5 : index
      %8 = scf.if %7 -> (memref<?xf32>) {
        %alloc_52 = memref.alloc(%arg5) : memref<?xf32>
        %subview = memref.subview %alloc_52[0] [%dim] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
        memref.copy %arg7, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
        scf.yield %alloc_52 : memref<?xf32>
      } else {
        %reinterpret_cast = memref.reinterpret_cast %arg7 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
        scf.yield %reinterpret_cast : memref<?xf32>
      }
      %dim_19 = memref.dim %arg8, %c0 : memref<?xf32>
      %9 = arith.cmpi ult, %dim_19, %arg5 : index
      %10 = scf.if %9 -> (memref<?xf32>) {
        %alloc_52 = memref.alloc(%arg5) : memref<?xf32>
        %subview = memref.subview %alloc_52[0] [%dim_19] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
        memref.copy %arg8, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
        scf.yield %alloc_52 : memref<?xf32>
      } else {
        %reinterpret_cast = memref.reinterpret_cast %arg8 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
        scf.yield %reinterpret_cast : memref<?xf32>
      }
      %base_buffer_20, %offset_21, %sizes_22, %strides_23 = memref.extract_strided_metadata %arg7 : memref<?xf32> -> memref<f32>, index, index, index
      %base_buffer_24, %offset_25, %sizes_26, %strides_27 = memref.extract_strided_metadata %arg8 : memref<?xf32> -> memref<f32>, index, index, index
      %base_buffer_28, %offset_29, %sizes_30, %strides_31 = memref.extract_strided_metadata %8 : memref<?xf32> -> memref<f32>, index, index, index
      %base_buffer_32, %offset_33, %sizes_34, %strides_35 = memref.extract_strided_metadata %10 : memref<?xf32> -> memref<f32>, index, index, index
      %alloc_36 = memref.alloc() : memref<4xindex>
      %alloc_37 = memref.alloc() : memref<4xi1>
      %alloc_38 = memref.alloc() : memref<2xindex>
      %intptr_39 = memref.extract_aligned_pointer_as_index %base_buffer_20 : memref<f32> -> index
      memref.store %intptr_39, %alloc_36[%c0] : memref<4xindex>
      %intptr_40 = memref.extract_aligned_pointer_as_index %base_buffer_24 : memref<f32> -> index
      memref.store %intptr_40, %alloc_36[%c1] : memref<4xindex>
      %intptr_41 = memref.extract_aligned_pointer_as_index %base_buffer_28 : memref<f32> -> index
      memref.store %intptr_41, %alloc_36[%c2] : memref<4xindex>
      %intptr_42 = memref.extract_aligned_pointer_as_index %base_buffer_32 : memref<f32> -> index
      memref.store %intptr_42, %alloc_36[%c3] : memref<4xindex>
      memref.store %arg9, %alloc_37[%c0] : memref<4xi1>
      memref.store %arg10, %alloc_37[%c1] : memref<4xi1>
      memref.store %7, %alloc_37[%c2] : memref<4xi1>
      memref.store %9, %alloc_37[%c3] : memref<4xi1>
      %intptr_43 = memref.extract_aligned_pointer_as_index %10 : memref<?xf32> -> index
      memref.store %intptr_43, %alloc_38[%c0] : memref<2xindex>
      %intptr_44 = memref.extract_aligned_pointer_as_index %8 : memref<?xf32> -> index
      memref.store %intptr_44, %alloc_38[%c1] : memref<2xindex>
      %cast_45 = memref.cast %alloc_36 : memref<4xindex> to memref<?xindex>
      %cast_46 = memref.cast %alloc_37 : memref<4xi1> to memref<?xi1>
      %cast_47 = memref.cast %alloc_38 : memref<2xindex> to memref<?xindex>
      %alloc_48 = memref.alloc() : memref<4xi1>
      %alloc_49 = memref.alloc() : memref<2xi1>
      %cast_50 = memref.cast %alloc_48 : memref<4xi1> to memref<?xi1>
      %cast_51 = memref.cast %alloc_49 : memref<2xi1> to memref<?xi1>
      func.call @dealloc_helper(%cast_45, %cast_47, %cast_46, %cast_50, %cast_51) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
      %11 = memref.load %alloc_48[%c0] : memref<4xi1>
      scf.if %11 {
        memref.dealloc %base_buffer_20 : memref<f32>
      }
      %12 = memref.load %alloc_48[%c1] : memref<4xi1>
      scf.if %12 {
        memref.dealloc %base_buffer_24 : memref<f32>
      }
      %13 = memref.load %alloc_48[%c2] : memref<4xi1>
      scf.if %13 {
        memref.dealloc %base_buffer_28 : memref<f32>
      }
      %14 = memref.load %alloc_48[%c3] : memref<4xi1>
      scf.if %14 {
        memref.dealloc %base_buffer_32 : memref<f32>
      }
      %15 = memref.load %alloc_49[%c0] : memref<2xi1>
      %16 = memref.load %alloc_49[%c1] : memref<2xi1>
      memref.dealloc %alloc_36 : memref<4xindex>
      memref.dealloc %alloc_38 : memref<2xindex>
      memref.dealloc %alloc_37 : memref<4xi1>
      memref.dealloc %alloc_48 : memref<4xi1>
      memref.dealloc %alloc_49 : memref<2xi1>
      scf.yield %10, %8, %15, %16 : memref<?xf32>, memref<?xf32>, i1, i1
    }
    %1 = scf.if %0#2 -> (memref<?xf32>) {
      scf.yield %0#0 : memref<?xf32>
    } else {
      %7 = bufferization.clone %0#0 : memref<?xf32> to memref<?xf32>
      scf.yield %7 : memref<?xf32>
    }
    %2 = scf.if %0#3 -> (memref<?xf32>) {
      scf.yield %0#1 : memref<?xf32>
    } else {
      %7 = bufferization.clone %0#1 : memref<?xf32> to memref<?xf32>
      scf.yield %7 : memref<?xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<?xf32> -> memref<f32>, index, index, index
    %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %0#1 : memref<?xf32> -> memref<f32>, index, index, index
    %alloc_5 = memref.alloc() : memref<4xindex>
    %alloc_6 = memref.alloc() : memref<4xi1>
    %alloc_7 = memref.alloc() : memref<2xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<?xf32> -> index
    memref.store %intptr, %alloc_5[%c0] : memref<4xindex>
    %intptr_8 = memref.extract_aligned_pointer_as_index %alloc_0 : memref<?xf32> -> index
    memref.store %intptr_8, %alloc_5[%c1] : memref<4xindex>
    %intptr_9 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_9, %alloc_5[%c2] : memref<4xindex>
    %intptr_10 = memref.extract_aligned_pointer_as_index %base_buffer_1 : memref<f32> -> index
    memref.store %intptr_10, %alloc_5[%c3] : memref<4xindex>
    memref.store %true, %alloc_6[%c0] : memref<4xi1>
    memref.store %true, %alloc_6[%c1] : memref<4xi1>
    memref.store %0#2, %alloc_6[%c2] : memref<4xi1>
    memref.store %0#3, %alloc_6[%c3] : memref<4xi1>
    %intptr_11 = memref.extract_aligned_pointer_as_index %1 : memref<?xf32> -> index
    memref.store %intptr_11, %alloc_7[%c0] : memref<2xindex>
    %intptr_12 = memref.extract_aligned_pointer_as_index %2 : memref<?xf32> -> index
    memref.store %intptr_12, %alloc_7[%c1] : memref<2xindex>
    %cast = memref.cast %alloc_5 : memref<4xindex> to memref<?xindex>
    %cast_13 = memref.cast %alloc_6 : memref<4xi1> to memref<?xi1>
    %cast_14 = memref.cast %alloc_7 : memref<2xindex> to memref<?xindex>
    %alloc_15 = memref.alloc() : memref<4xi1>
    %alloc_16 = memref.alloc() : memref<2xi1>
    %cast_17 = memref.cast %alloc_15 : memref<4xi1> to memref<?xi1>
    %cast_18 = memref.cast %alloc_16 : memref<2xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_14, %cast_13, %cast_17, %cast_18) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %3 = memref.load %alloc_15[%c0] : memref<4xi1>
    scf.if %3 {
      memref.dealloc %alloc : memref<?xf32>
    }
    %4 = memref.load %alloc_15[%c1] : memref<4xi1>
    scf.if %4 {
      memref.dealloc %alloc_0 : memref<?xf32>
    }
    %5 = memref.load %alloc_15[%c2] : memref<4xi1>
    scf.if %5 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %6 = memref.load %alloc_15[%c3] : memref<4xi1>
    scf.if %6 {
      memref.dealloc %base_buffer_1 : memref<f32>
    }
    memref.dealloc %alloc_5 : memref<4xindex>
    memref.dealloc %alloc_7 : memref<2xindex>
    memref.dealloc %alloc_6 : memref<4xi1>
    memref.dealloc %alloc_15 : memref<4xi1>
    memref.dealloc %alloc_16 : memref<2xi1>
    return %1, %2 : memref<?xf32>, memref<?xf32>
  }
  func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %false = arith.constant false
    %dim = memref.dim %arg0, %c0 : memref<?xindex>
    %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
    scf.for %arg5 = %c0 to %dim_0 step %c1 {
      memref.store %false, %arg4[%arg5] : memref<?xi1>
    }
    %fz_b779 = arith.constant -9223372036854775808 : index
    scf.for %arg5 = %c0 to %fz_b779 step %c1 {
      %0 = memref.load %arg0[%arg5] : memref<?xindex>
      %1 = memref.load %arg2[%arg5] : memref<?xi1>
      %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
        %5 = memref.load %arg1[%arg6] : memref<?xindex>
        %6 = arith.cmpi eq, %5, %0 : index
        scf.if %6 {
          %9 = memref.load %arg4[%arg6] : memref<?xi1>
          %10 = arith.ori %9, %1 : i1
          memref.store %10, %arg4[%arg6] : memref<?xi1>
        }
        %7 = arith.cmpi ne, %5, %0 : index
        %8 = arith.andi %arg7, %7 : i1
        scf.yield %8 : i1
      }
      %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
        %5 = memref.load %arg0[%arg6] : memref<?xindex>
        %6 = arith.cmpi ne, %5, %0 : index
        %7 = arith.andi %arg7, %6 : i1
        scf.yield %7 : i1
      }
      %4 = arith.andi %3, %1 : i1
      memref.store %4, %arg3[%arg5] : memref<?xi1>
    }
    return
  }
}

