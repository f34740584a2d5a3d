// The memory port: the one place every ESIMD memory operation reports itself, and the SLM
// lookups they share. Each op's core function (detail::block_load_core, gather_core, ...) calls
// XESIM_MEMORY_PORT once with what the call asserts (address, size, alignment, mask); the checking
// layer (misaligned-block-access, out-of-bounds) and the profiling counters hook in there. Today
// the port does nothing, so a USM op costs no runtime call at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "xesim/runtime/context.hpp"
#include "xesim/simd/simd_mask.hpp"
#include "xesim/sycl/exception.hpp"

namespace xesim::esimd::detail {

// ------------------------------ port
/// Kinds of memory operation, as the port, the checks and the counters name them.
enum class mem_op : uint8_t { block_load, block_store, gather, scatter, atomic, prefetch };
/// Address spaces: USM (global) memory or the work-group's SLM.
enum class mem_space : uint8_t { global, slm };

/// One memory operation as it was called. `base` is the USM pointer (null for SLM);
/// `offset` the scalar byte offset or the first lane's; `mask` null when every lane is on.
struct mem_access {
  mem_op op;
  mem_space space;
  const void* base;
  std::uint64_t offset;
  std::uint32_t elem_bytes;  ///< sizeof(T)
  std::uint32_t lanes;       ///< addresses accessed (1 for block ops)
  std::uint32_t elems;       ///< elements moved per address (N for block ops, VS for gathers)
  std::uint32_t align;       ///< byte alignment the call asserts (props, flags or DPC++ default)
  const simd_mask_elem_type* mask;
};

/// The hook point. Empty until the checking/profiling layers land; they replace its body with
/// one predictable branch on their "enabled" flag.
XESIM_INLINE void memory_port(const mem_access&) noexcept {}

#define XESIM_MEMORY_PORT(...) \
  ::xesim::esimd::detail::memory_port(::xesim::esimd::detail::mem_access{__VA_ARGS__})

// ------------------------------ SLM access
/// Raises the error of an SLM access outside what the work-group initialised (the checking issue
/// turns these into diagnostics). Cold: only reached on a bad access.
[[noreturn, gnu::cold, gnu::noinline]] inline void slm_fail(const char* op, const char* rule,
                                                            std::uint64_t offset,
                                                            std::uint64_t bytes) {
  const rt::item_state* it = rt::current_item();
  std::string msg = std::string("xesim: error: [") + rule + "] " + op;
  if (!it) {
    msg += " called outside a kernel: SLM exists only inside an nd_range kernel";
  } else {
    msg += " of " + std::to_string(bytes) + " bytes at SLM byte offset " + std::to_string(offset) +
           " in kernel '" + it->launch->kernel_name + "', work-group " +
           std::to_string(it->group_linear_id) + ", work-item " +
           std::to_string(it->local_linear_id) + ": ";
    if (it->slm_size == 0)
      msg += "no SLM was initialised; call slm_init<BYTES>() at the top of the kernel";
    else
      msg += "only " + std::to_string(it->slm_size) +
             " bytes of SLM were initialised; the access ends at byte " +
             std::to_string(offset + bytes) + ". Fix the offset or raise slm_init";
  }
  throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), msg);
}

/// The running work-item's SLM; `op` names the caller in the error raised outside a kernel.
XESIM_INLINE const rt::item_state& slm_item(const char* op) {
  const rt::item_state* it = rt::current_item();
  if (!it) [[unlikely]]
    slm_fail(op, "slm-not-initialized", 0, 0);
  return *it;
}

/// Address of SLM bytes [offset, offset + bytes) of the running work-group, after checking they
/// lie in what slm_init made available (slm-not-initialized / slm-out-of-range otherwise).
XESIM_INLINE std::byte* slm_addr(const rt::item_state& it, std::uint64_t offset,
                                 std::uint64_t bytes, const char* op) {
  if (offset + bytes > it.slm_size || !it.slm) [[unlikely]]
    slm_fail(op, it.slm_size == 0 ? "slm-not-initialized" : "slm-out-of-range", offset, bytes);
  return it.slm + offset;
}

// ------------------------------ LSC block rules
/// DPC++'s legal block sizes of an LSC transposed message: 1, 2, 3, 4, 8, 16, 32, 64 units
/// (check_lsc_vector_size in DPC++'s common.hpp).
constexpr bool lsc_vector_size_ok(int n) {
  return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16 || n == 32 || n == 64;
}
/// Whether DPC++ accepts a predicated or cache-hinted block access of N T's with alignment
/// `align` (block_load_impl / block_store_impl in DPC++'s memory.hpp): the data moves as
/// N*sizeof(T) bytes in 4- or 8-byte units, 1..64 units; 8-byte units need alignment >= 8.
template <class T, int N>
constexpr bool lsc_block_align_ok(std::size_t align) {
  return sizeof(T) <= 4 ? align >= 4 : align >= 8;
}
template <class T, int N>
constexpr bool lsc_block_size_ok(std::size_t align) {
  constexpr int kSize = static_cast<int>(sizeof(T));
  constexpr int kFactor32 = kSize < 4 ? 4 / kSize : 1;
  if (N <= 0 || N % kFactor32 != 0) return false;
  const bool use64 = align >= 8 && (N * kSize) % 8 == 0 && (kSize != 4 || N * kSize > 256);
  const int factor = use64 ? 8 / kSize : kFactor32;
  return lsc_vector_size_ok(N / factor);
}

}  // namespace xesim::esimd::detail
