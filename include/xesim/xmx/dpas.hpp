// xmx::dpas: the XMX matrix engine's dot-product-accumulate-systolic, in every DPC++ spelling
// (sycl::ext::intel::esimd::xmx::dpas and the older experimental::esimd::dpas). Each forwards
// in one line to detail::dpas_core (dpas_core.hpp), which defines the bits.
#pragma once

#include <type_traits>

#include "xesim/ops/convert.hpp"
#include "xesim/simd/simd.hpp"
#include "xesim/xmx/dpas_core.hpp"
#include "xesim/xmx/dpas_types.hpp"

namespace xesim::esimd::xmx {

namespace detail {
template <class T, int N>
XESIM_INLINE const unsigned char* bytes_of(const simd<T, N>& v) {
  return reinterpret_cast<const unsigned char*>(v.elems());
}
}  // namespace detail

// ------------------------------ dpas (with accumulator)
/// Result(M x N) = C + A(M x K) x B(K x N), M = RepeatCount, K = 8 * min(8, 32 / wider precision
/// bits), N = execution size (deduced from B; must be the running device's: 8 on Xe-HPG, 16 on
/// Xe-HPC / Xe2). B before A, as DPC++ orders them (DPC++ takes them by value; a const
/// reference accepts the same arguments and spares the copies); B in VNNI layout, A / C / result
/// row-major. Precisions come from BT / AT (half, bfloat16, tfloat32, char, unsigned char) or are
/// given. Pre: the device has XMX and that execution size (else errc::kernel_not_supported).
/// Illegal types do not compile (the message lists the legal ones). HW: dpas. Platforms: DG2, PVC,
/// Xe2.
template <int SystolicDepth, int RepeatCount, class T, class CT, class BT, class AT,
          dpas_argument_type BPrecision = detail::precision_from_type<BT>(),
          dpas_argument_type APrecision = detail::precision_from_type<AT>(), int N, int BN, int AN>
XESIM_INLINE simd<T, N> dpas(const simd<CT, N>& C, const simd<BT, BN>& B, const simd<AT, AN>& A) {
  constexpr int kExec = detail::verify_dpas<SystolicDepth, RepeatCount, T, CT, BT, AT, BPrecision,
                                            APrecision, BN, AN>();
  static_assert(N == RepeatCount * kExec, "dpas: C must have RepeatCount x N elements");
  simd<T, N> r;
  detail::dpas_core<BPrecision, APrecision, RepeatCount, kExec, true>(
      r.elems(), C.elems(), detail::bytes_of(B), detail::bytes_of(A), "xmx::dpas");
  return r;
}

// ------------------------------ dpas (no accumulator)
/// Result(M x N) = A x B, the sum starting from +0; otherwise as above. Returns
/// simd<T, RepeatCount * N>.
template <int SystolicDepth, int RepeatCount, class T, class BT, class AT,
          dpas_argument_type BPrecision = detail::precision_from_type<BT>(),
          dpas_argument_type APrecision = detail::precision_from_type<AT>(), int BN, int AN>
XESIM_INLINE auto dpas(const simd<BT, BN>& B, const simd<AT, AN>& A) {
  constexpr int kExec = detail::verify_dpas<SystolicDepth, RepeatCount, T, T, BT, AT, BPrecision,
                                            APrecision, BN, AN>();
  simd<T, RepeatCount * kExec> r;
  detail::dpas_core<BPrecision, APrecision, RepeatCount, kExec, false>(
      r.elems(), static_cast<const T*>(nullptr), detail::bytes_of(B), detail::bytes_of(A),
      "xmx::dpas");
  return r;
}

// ------------------------------ dpasw
/// dpasw splits A between the two hardware threads of an EU pair; work-items here do not share
/// registers, so it is refused at compile time (docs/compat.md).
template <int SystolicDepth, int RepeatCount, class T, class BT, class AT,
          dpas_argument_type BPrecision = detail::precision_from_type<BT>(),
          dpas_argument_type APrecision = detail::precision_from_type<AT>(), int N, int BN, int AN>
simd<T, N> dpasw(simd<T, N>, simd<BT, BN>, simd<AT, AN>) {
  static_assert(detail::kNotEmulated<T>,
                "xmx::dpasw is not emulated by xesim (it shares A between the two threads of an "
                "EU pair): use xmx::dpas with the whole A");
  return {};
}
template <int SystolicDepth, int RepeatCount, class T, class BT, class AT,
          dpas_argument_type BPrecision = detail::precision_from_type<BT>(),
          dpas_argument_type APrecision = detail::precision_from_type<AT>(), int BN, int AN>
auto dpasw(simd<BT, BN>, simd<AT, AN>) {
  static_assert(detail::kNotEmulated<T>,
                "xmx::dpasw is not emulated by xesim (it shares A between the two threads of an "
                "EU pair): use xmx::dpas with the whole A");
  return simd<T, 8>();
}

}  // namespace xesim::esimd::xmx

#include "xesim/xmx/dpas_experimental.hpp"
