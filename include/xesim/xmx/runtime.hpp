// What xmx::dpas asks of the engine (src/xmx): whether the running device model has XMX and
// which execution size it takes, and which CPU path computes it. One load and one predictable
// branch per dpas once known.
#pragma once

namespace xesim::xmx {

namespace detail {
/// The running device model's dpas execution size, 0 when it has no XMX, -1 before the first
/// dpas asked (src/xmx/device.cpp).
extern constinit int g_exec_size;
/// Bit 0: the fast CPU paths may run (not XESIM_XMX_PATH=portable, not forced off); the other
/// bits: the cpu_feature bits this CPU has (CPUID). -1 before the first dpas asked.
extern constinit int g_fast;
[[gnu::cold]] int init_fast() noexcept;
}  // namespace detail

/// Refuses a dpas of execution size `n` on the running device the way its driver refuses such a
/// kernel: throws sycl::exception(errc::kernel_not_supported) naming the kernel, the device and
/// what it supports. Returns when the device runs it (and remembers its execution size).
[[gnu::cold]] void check_device_slow(int n, const char* op);

/// Throws unless the running device model runs dpas of execution size n. Inline: one compare.
inline __attribute__((always_inline)) void check_device(int n, const char* op) {
  if (detail::g_exec_size != n) [[unlikely]]
    check_device_slow(n, op);
}

/// Whether dpas may use the CPU's matrix instructions (AVX-512 FMA / BF16 / VNNI) in place of
/// the portable loops; both give the same bits. XESIM_XMX_PATH=portable turns them off.
inline __attribute__((always_inline)) bool fast_enabled() noexcept {
  const int f = detail::g_fast;
  return f < 0 ? (detail::init_fast() & 1) != 0 : (f & 1) != 0;
}

/// CPU features the fast paths use, found at run time (CPUID).
enum cpu_feature : int {
  cpu_avx512 = 2,       ///< AVX-512 F, BW, VL, DQ and FMA
  cpu_avx512_bf16 = 4,  ///< vdpbf16ps
  cpu_avx512_vnni = 8,  ///< vpdpbusd
};
/// Whether the fast paths are on and the CPU has feature f (after fast_enabled() was asked).
inline __attribute__((always_inline)) bool cpu_has(int f) noexcept {
  return (detail::g_fast & 1) != 0 && (detail::g_fast & f) != 0;
}

/// Tests and benchmarks: forces the portable path (true) or restores the default (false).
void force_portable(bool on) noexcept;

}  // namespace xesim::xmx
