// The older spelling sycl::ext::intel::experimental::esimd::dpas<src1_precision, src2_precision,
// ...>(src0, src1, src2[, sat]): src1 is B (VNNI), src2 is A, both as 32-bit words; the
// precisions are always explicit. Forwards to the same core as xmx::dpas.
#pragma once

#include <type_traits>

#include "xesim/ops/convert.hpp"
#include "xesim/simd/simd.hpp"
#include "xesim/xmx/dpas_core.hpp"

namespace xesim::esimd::xesim_experimental {

/// The experimental precision names (upper case, as older programs spell them).
enum class argument_type { U1 = 0, S1, U2, S2, U4, S4, U8, S8, BF16, FP16, TF32 = 11 };

namespace dpas_detail {
namespace x = ::xesim::esimd::xmx::detail;
using xp = ::xesim::esimd::xmx::dpas_argument_type;

constexpr xp to_xmx(argument_type t) { return static_cast<xp>(static_cast<int>(t) + 1); }

template <class T>
inline constexpr bool is_dword_v = std::is_same_v<T, int> || std::is_same_v<T, unsigned int>;

/// The experimental dpas's checks, then the xmx core; N = repeat_count x execution size.
template <argument_type P1, argument_type P2, int Depth, int Repeat, class T, class T0, class T1,
          class T2, int N, int N1, int N2, bool HasC, class Sat>
XESIM_INLINE simd<T, N> dpas_exp(const T0* c, const simd<T1, N1>& src1, const simd<T2, N2>& src2) {
  static_assert(is_dword_v<T1> && is_dword_v<T2>,
                "experimental::esimd::dpas: src1 and src2 must be of a 32-bit integer type");
  static_assert(Depth == 8,
                "experimental::esimd::dpas: systolic_depth must be 8 (4 is not "
                "emulated by xesim)");
  static_assert(N % Repeat == 0 && (N / Repeat == 8 || N / Repeat == 16),
                "experimental::esimd::dpas: N must be repeat_count x 8 or repeat_count x 16");
  constexpr int kExec = N / Repeat;
  constexpr int kVerified =
      x::verify_dpas<Depth, Repeat, T, T0, T1, T2, to_xmx(P1), to_xmx(P2), N1, N2>();
  static_assert(kVerified == kExec,
                "experimental::esimd::dpas: src1 must have K x (N / "
                "repeat_count) elements of its precision");
  simd<T, N> r;
  x::dpas_core<to_xmx(P1), to_xmx(P2), Repeat, kExec, HasC>(
      r.elems(), c, reinterpret_cast<const unsigned char*>(src1.elems()),
      reinterpret_cast<const unsigned char*>(src2.elems()), "experimental::esimd::dpas");
  if constexpr (std::is_same_v<Sat, saturation_on_tag>)
    return saturate<T>(r);
  else
    return r;
}

template <class Sat>
concept sat_tag = std::is_same_v<Sat, saturation_on_tag> || std::is_same_v<Sat, saturation_off_tag>;
}  // namespace dpas_detail

// ------------------------------ dpas (experimental)
/// dst = src0 + src2 (A) x src1 (B); sat clamps like saturate<T>. As xmx::dpas otherwise.
template <argument_type P1, argument_type P2, class T, int systolic_depth, int repeat_count,
          class T0, class T1, class T2, int N, int N1, int N2,
          dpas_detail::sat_tag Sat = saturation_off_tag>
simd<T, N> dpas(simd<T0, N> src0, simd<T1, N1> src1, simd<T2, N2> src2, Sat = {}) {
  return dpas_detail::dpas_exp<P1, P2, systolic_depth, repeat_count, T, T0, T1, T2, N, N1, N2, true,
                               Sat>(src0.elems(), src1, src2);
}
/// The same with the result type of src0.
template <argument_type P1, argument_type P2, int systolic_depth, int repeat_count, class T,
          class T1, class T2, int N, int N1, int N2, dpas_detail::sat_tag Sat = saturation_off_tag>
simd<T, N> dpas(simd<T, N> src0, simd<T1, N1> src1, simd<T2, N2> src2, Sat = {}) {
  return dpas_detail::dpas_exp<P1, P2, systolic_depth, repeat_count, T, T, T1, T2, N, N1, N2, true,
                               Sat>(src0.elems(), src1, src2);
}
/// dst = src2 (A) x src1 (B), from +0; T and N given explicitly.
template <argument_type P1, argument_type P2, int systolic_depth, int repeat_count, class T,
          class T1, class T2, int N, int N1, int N2, dpas_detail::sat_tag Sat = saturation_off_tag>
simd<T, N> dpas(simd<T1, N1> src1, simd<T2, N2> src2, Sat = {}) {
  return dpas_detail::dpas_exp<P1, P2, systolic_depth, repeat_count, T, T, T1, T2, N, N1, N2, false,
                               Sat>(static_cast<const T*>(nullptr), src1, src2);
}

// ------------------------------ dpasw (experimental)
/// Refused, as xmx::dpasw (docs/compat.md).
template <argument_type P1, argument_type P2, int systolic_depth, int repeat_count, class T,
          class T1, class T2, int N, int N1, int N2, class Sat = saturation_off_tag>
simd<T, N> dpasw(simd<T, N>, simd<T1, N1>, simd<T2, N2>, Sat = {}) {
  static_assert(::xesim::esimd::xmx::detail::kNotEmulated<T>,
                "experimental::esimd::dpasw is not emulated by xesim (it shares A between the "
                "two threads of an EU pair): use dpas with the whole A");
  return {};
}
}  // namespace xesim::esimd::xesim_experimental
