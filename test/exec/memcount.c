/* A counting allocator for the memref allocations of programs lowered with
 * finalize-memref-to-llvm{use-generic-functions=true}: every allocation and
 * free goes through these functions, which keep the bytes live and their
 * peak, and print both at exit ("memcount: peak P bytes, live L bytes,
 * allocations N") on stderr. Used by exec_proof.py (docs: README.md here). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each block starts with a header holding its size, 64 bytes, so the
 * payload keeps any alignment up to 64. */
#define HEADER 64

static uint64_t live, peak, count;

static void *track(size_t size, size_t alignment) {
  if (alignment < HEADER)
    alignment = HEADER;
  char *block = aligned_alloc(alignment, ((size + HEADER + alignment - 1) /
                                          alignment) * alignment + alignment);
  if (!block)
    return NULL;
  char *payload = block + alignment;
  memcpy(payload - sizeof(uint64_t) * 2, &(uint64_t){size}, sizeof(uint64_t));
  memcpy(payload - sizeof(uint64_t), &(uint64_t){alignment}, sizeof(uint64_t));
  live += size;
  ++count;
  if (live > peak)
    peak = live;
  return payload;
}

void *_mlir_memref_to_llvm_alloc(size_t size) { return track(size, 16); }

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  return track(size, alignment);
}

void _mlir_memref_to_llvm_free(void *pointer) {
  if (!pointer)
    return;
  char *payload = pointer;
  uint64_t size, alignment;
  memcpy(&size, payload - sizeof(uint64_t) * 2, sizeof(uint64_t));
  memcpy(&alignment, payload - sizeof(uint64_t), sizeof(uint64_t));
  live -= size;
  free(payload - alignment);
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "memcount: peak %llu bytes, live %llu bytes, allocations %llu\n",
          (unsigned long long)peak, (unsigned long long)live,
          (unsigned long long)count);
}
