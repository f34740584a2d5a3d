// The `uninitialized` rule (XESIM_CHECK=full): a value of a default-constructed simd that was
// never written reaches memory or a reduction.
//
// Tracking needs instrumentation compiled into the program, as MemorySanitizer does: build with
// XESIM_CHECK_UNINIT=1 (`xesim c++ --check=full`, `xesim run --check=full`, or the define before
// the first xesim/sycl include). Then every simd carries a lane shadow (one bit per element: never
// written since default construction), and a default-constructed simd holds poison:
//  - floating types (float, double, half, bfloat16, tfloat32) a quiet NaN with a payload no
//    computation makes (kPoisonF32 and its conversions), which arithmetic, min/max, conversions
//    between the float types and selects carry along, so `acc += x` on a never-written `acc` is
//    still seen at the store;
//  - integer types the byte 0xA5 (what a GPU register holds is as arbitrary); they are tracked by
//    the shadow alone, through copies, the element-wise operators and views.
// A sink (block_store, scatter, slm stores, atomic operands, copy_to, reduce/hmax/hmin) reports the
// lanes it consumes whose shadow bit is set, or which hold the float poison.
//
// Nothing is reported without the instrumentation (no false positives, and no cost: the shadow is
// an empty member and every hook below compiles to nothing).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "xesim/check/check.hpp"
#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/simd/tfloat32.hpp"

#ifndef XESIM_CHECK_UNINIT
#define XESIM_CHECK_UNINIT 0
#endif

namespace xesim::check::uninit {

// ------------------------------ shadow
/// One bit per lane, set while the lane holds nothing the program wrote.
template <int N>
struct lane_shadow {
  static constexpr int kWords = (N + 63) / 64;
  std::uint64_t w[kWords] = {};

  void set_all() noexcept {
    for (int k = 0; k < kWords; ++k) w[k] = ~std::uint64_t(0);
    if constexpr (N % 64 != 0) w[kWords - 1] = (std::uint64_t(1) << (N % 64)) - 1;
  }
  void clear_all() noexcept {
    for (int k = 0; k < kWords; ++k) w[k] = 0;
  }
  bool any() const noexcept {
    std::uint64_t a = 0;
    for (int k = 0; k < kWords; ++k) a |= w[k];
    return a != 0;
  }
  bool test(int i) const noexcept { return (w[i / 64] >> (i % 64)) & 1; }
  void set(int i, bool on) noexcept {
    const std::uint64_t b = std::uint64_t(1) << (i % 64);
    w[i / 64] = on ? (w[i / 64] | b) : (w[i / 64] & ~b);
  }
  lane_shadow& operator|=(const lane_shadow& o) noexcept {
    for (int k = 0; k < kWords; ++k) w[k] |= o.w[k];
    return *this;
  }
};

/// The shadow member a simd has: lane_shadow<N> when instrumented, else nothing.
struct no_shadow {};
template <int N>
using shadow_t = std::conditional_t<XESIM_CHECK_UNINIT != 0, lane_shadow<N>, no_shadow>;

// ------------------------------ poison
/// The float poison: a quiet NaN whose payload survives conversion to double, half (top 10
/// payload bits), bfloat16 (top 7) and tfloat32 (top 10), each of which has its own poison below.
inline constexpr std::uint32_t kPoisonF32 = 0x7fd0abefu;
inline constexpr std::uint64_t kPoisonF64 =
    (std::uint64_t(0x7ff) << 52) | (std::uint64_t(kPoisonF32 & 0x7fffff) << 29);
inline constexpr std::uint16_t kPoisonF16 = 0x7c00u | ((kPoisonF32 & 0x7fffff) >> 13);
inline constexpr std::uint16_t kPoisonBF16 = kPoisonF32 >> 16;
inline constexpr std::uint32_t kPoisonTF32 = kPoisonF32 & ~std::uint32_t(0x1fff);
/// The byte integer lanes of a default-constructed simd hold.
inline constexpr unsigned char kPoisonByte = 0xa5;

/// Kinds of element the rule tells apart (set by the element-type traits of the simd layer).
enum class elem_kind : std::uint8_t { integer, f32, f64, f16, bf16, tf32 };

/// The kind of element type T.
template <class T>
constexpr elem_kind kind_of() noexcept {
  if constexpr (std::is_same_v<T, float>)
    return elem_kind::f32;
  else if constexpr (std::is_same_v<T, double>)
    return elem_kind::f64;
  else if constexpr (std::is_same_v<T, ::xesim::half>)
    return elem_kind::f16;
  else if constexpr (std::is_same_v<T, ::xesim::bfloat16>)
    return elem_kind::bf16;
  else if constexpr (std::is_same_v<T, ::xesim::tfloat32>)
    return elem_kind::tf32;
  else
    return elem_kind::integer;
}

/// The poison bits of a floating kind (0 for integers).
constexpr std::uint64_t poison_bits(elem_kind k) noexcept {
  switch (k) {
    case elem_kind::f32:
      return kPoisonF32;
    case elem_kind::f64:
      return kPoisonF64;
    case elem_kind::f16:
      return kPoisonF16;
    case elem_kind::bf16:
      return kPoisonBF16;
    case elem_kind::tf32:
      return kPoisonTF32;
    case elem_kind::integer:
      return 0;
  }
  return 0;
}

/// Fills `n` elements of `bytes` bytes each with the poison of `kind`.
inline void fill_poison(void* data, int n, int bytes, elem_kind kind) noexcept {
  if (kind == elem_kind::integer) {
    std::memset(data, kPoisonByte, std::size_t(n) * std::size_t(bytes));
    return;
  }
  const std::uint64_t p = poison_bits(kind);
  auto fill = [&](auto tag) {  // a typed loop: vector stores
    using U = decltype(tag);
    U* d = static_cast<U*>(data);
    for (int i = 0; i < n; ++i) d[i] = static_cast<U>(p);
  };
  if (bytes == 2)
    fill(std::uint16_t{});
  else if (bytes == 4)
    fill(std::uint32_t{});
  else
    fill(std::uint64_t{});
}

/// Whether any of the n elements (bytes each) of a floating kind is a NaN: the cheap test that
/// runs before the exact poison test (vectorised; no NaN is the common case).
inline bool any_nan(const void* data, int n, int bytes) noexcept {
  auto scan = [&](auto tag, std::uint64_t abs_mask, std::uint64_t inf) {
    using U = decltype(tag);
    const U* d = static_cast<const U*>(data);
    U top = 0;  // a max reduction: g++ vectorises it (a bool |= loop stayed scalar)
    for (int i = 0; i < n; ++i) {
      const U m = d[i] & static_cast<U>(abs_mask);
      top = m > top ? m : top;
    }
    return top > static_cast<U>(inf);
  };
  if (bytes ==
      2)  // half's threshold: also every bfloat16 NaN (big bf16 values take the exact test)
    return scan(std::uint16_t{}, 0x7fff, 0x7c00);
  if (bytes == 4) return scan(std::uint32_t{}, 0x7fffffffu, 0x7f800000u);
  return scan(std::uint64_t{}, ~(std::uint64_t(1) << 63), std::uint64_t(0x7ff) << 52);
}

/// The float mantissas (23 bits) the poison has after conversions: itself, cut to 10 bits
/// (half, tfloat32) and to 7 bits (bfloat16).
constexpr bool is_poison_mantissa(std::uint64_t m) noexcept {
  return m == (kPoisonF32 & 0x7fffffu) || m == (kPoisonTF32 & 0x7fffffu) ||
         m == (std::uint64_t(kPoisonBF16) << 16 & 0x7fffffu);
}

/// Whether element bits `v` are the poison of `kind`, or the poison of another float kind
/// converted to it (the sign ignored: negation keeps it).
constexpr bool is_poison(std::uint64_t v, elem_kind kind) noexcept {
  switch (kind) {
    case elem_kind::f32:
    case elem_kind::tf32:
      return (v & 0x7f800000u) == 0x7f800000u && is_poison_mantissa(v & 0x7fffffu);
    case elem_kind::f64:
      return (v & (std::uint64_t(0x7ff) << 52)) == (std::uint64_t(0x7ff) << 52) &&
             (v & ((std::uint64_t(1) << 29) - 1)) == 0 && is_poison_mantissa((v >> 29) & 0x7fffffu);
    case elem_kind::f16:
      return (v & 0x7c00u) == 0x7c00u && is_poison_mantissa((v & 0x3ffu) << 13);
    case elem_kind::bf16:
      return (v & 0x7f80u) == 0x7f80u && is_poison_mantissa((v & 0x7fu) << 16);
    case elem_kind::integer:
      return false;
  }
  return false;
}

// ------------------------------ hooks of the simd layer
// Called by simd, simd_view and the operators only when XESIM_CHECK_UNINIT is on (they are
// wrapped in XESIM_UNINIT(...)); V is a simd-like class with uninit_shadow().

/// Expands to its argument in instrumented builds, to nothing otherwise.
#if XESIM_CHECK_UNINIT
#define XESIM_UNINIT(...) __VA_ARGS__
#else
#define XESIM_UNINIT(...)
#endif

/// Whether X carries a shadow (a simd or simd_mask; not a scalar, not a view).
template <class X>
concept has_shadow = requires(const X& x) {
  x.uninit_shadow();
};

/// A default-constructed vector: poison in every lane, every lane unwritten.
template <class V>
void on_default(V& v) noexcept {
  using T = typename V::element_type;
  fill_poison(v.elems(), V::length, static_cast<int>(sizeof(T)), kind_of<T>());
  v.uninit_shadow().set_all();
}

/// r was computed lane-wise from `srcs`: a lane is unwritten where any simd source's lane is.
template <class R, class... Xs>
void propagate(R& r, const Xs&... srcs) noexcept {
  auto& sh = r.uninit_shadow();
  sh.clear_all();
  (
      [&] {
        if constexpr (has_shadow<Xs>) {
          if constexpr (Xs::length == R::length) sh |= srcs.uninit_shadow();
        }
      }(),
      ...);
}

/// The base lanes [first, last] that bytes [byte, byte + bytes) of a vector of B-byte elements
/// cover.
struct lane_span {
  int first, last;
};
constexpr lane_span span_of(std::uint32_t byte, int bytes, int elem_bytes) noexcept {
  return {static_cast<int>(byte / elem_bytes),
          static_cast<int>((byte + std::uint32_t(bytes) - 1) / elem_bytes)};
}

/// r = a region of `base` read at byte offset `off`: r's lane i is unwritten when any base lane
/// under it is.
template <class Region, class Base, class R>
void on_region_read(const Base& base, std::uint32_t off, R& r) noexcept {
  using E = typename Region::element_type;
  constexpr int kB = static_cast<int>(sizeof(typename Base::element_type));
  auto& sh = r.uninit_shadow();
  sh.clear_all();
  for (int i = 0; i < Region::length; ++i) {
    const lane_span s =
        span_of(off + std::uint32_t(Region::elem_offset(i) * int(sizeof(E))), int(sizeof(E)), kB);
    bool u = false;
    for (int k = s.first; k <= s.last && k < Base::length; ++k)
      u = u || base.uninit_shadow().test(k);
    if (u) sh.set(i, true);
  }
}

/// A region of `base` at byte offset `off` was written from `v` (null: with values the program
/// gave, e.g. a broadcast scalar): the base lanes under it take v's shadow.
template <class Region, class Base, class V>
void on_region_write(Base& base, std::uint32_t off, const V* v) noexcept {
  using E = typename Region::element_type;
  constexpr int kB = static_cast<int>(sizeof(typename Base::element_type));
  for (int i = 0; i < Region::length; ++i) {
    const lane_span s =
        span_of(off + std::uint32_t(Region::elem_offset(i) * int(sizeof(E))), int(sizeof(E)), kB);
    const bool u = v && v->uninit_shadow().test(i);
    for (int k = s.first; k <= s.last && k < Base::length; ++k) base.uninit_shadow().set(k, u);
  }
}

/// One element of `bytes` bytes at byte offset `off` of `base` was written.
template <class Base>
void on_elem_write(Base& base, std::uint32_t off, int bytes) noexcept {
  const lane_span s = span_of(off, bytes, static_cast<int>(sizeof(typename Base::element_type)));
  for (int k = s.first; k <= s.last && k < Base::length; ++k) base.uninit_shadow().set(k, false);
}

/// this = mask ? v1 : v2 lane by lane (v2 null: the lanes off keep their own shadow).
template <class V, class M>
void on_merge(V& self, const V& v1, const V* v2, const M* mask) noexcept {
  for (int i = 0; i < V::length; ++i) {
    if (mask[i])
      self.uninit_shadow().set(i, v1.uninit_shadow().test(i));
    else if (v2)
      self.uninit_shadow().set(i, v2->uninit_shadow().test(i));
  }
}

// ------------------------------ sinks
/// What consumed the lanes.
struct sink_info {
  const char* api;                  ///< "block_store", "reduce", ...
  const char* type_name;            ///< "float", "int32_t", ...
  int length;                       ///< N of the simd
  const std::source_location* loc;  ///< the user's call, or null
};

/// src/check/uninit.cpp: reports the bad lanes (`lanes`, `count` of them) under
/// XESIM_CHECK=full; silent otherwise.
void report(const sink_info& s, const int* lanes, int count) noexcept;

/// Whether a report may be due (XESIM_CHECK=full). One load.
inline bool active() noexcept { return current_level() == level::full; }

/// Whether code built with XESIM_CHECK_UNINIT=1 is in the program (its simd values are bigger:
/// grf-overflow's stack-depth estimate does not apply). Set before main by such code.
bool instrumented() noexcept;
void mark_instrumented() noexcept;
#if XESIM_CHECK_UNINIT
inline const bool kMarkedInstrumented = (mark_instrumented(), true);
#endif

/// Checks the `n` lanes of `data` (elements of `bytes` bytes, of kind `kind`) that `mask`
/// (null: all) lets through, against `shadow` (null: none) and the float poison.
template <int N>
void check_lanes(const void* data, int bytes, elem_kind kind, const lane_shadow<N>* shadow,
                 const std::uint16_t* mask, const sink_info& s) noexcept {
  if (!active()) return;
  const bool unwritten = shadow && shadow->any();
  if (!unwritten && (kind == elem_kind::integer || !any_nan(data, N, bytes))) return;
  int bad[N];
  int count = 0;
  const auto* d = static_cast<const unsigned char*>(data);
  for (int i = 0; i < N; ++i) {
    if (mask && !mask[i]) continue;
    bool b = shadow && shadow->test(i);
    if (!b && kind != elem_kind::integer) {
      std::uint64_t v = 0;
      std::memcpy(&v, d + std::size_t(i) * bytes, std::size_t(bytes));
      b = is_poison(v, kind);
    }
    if (b) bad[count++] = i;
  }
  if (count) report(s, bad, count);
}

/// A printable name of element type T.
template <class T>
constexpr const char* type_name() noexcept {
  switch (kind_of<T>()) {
    case elem_kind::f32:
      return "float";
    case elem_kind::f64:
      return "double";
    case elem_kind::f16:
      return "half";
    case elem_kind::bf16:
      return "bfloat16";
    case elem_kind::tf32:
      return "tfloat32";
    case elem_kind::integer:
      break;
  }
  constexpr bool s = std::is_signed_v<T>;
  switch (sizeof(T)) {
    case 1:
      return s ? "int8_t" : "uint8_t";
    case 2:
      return s ? "int16_t" : "uint16_t";
    case 4:
      return s ? "int32_t" : "uint32_t";
    default:
      return s ? "int64_t" : "uint64_t";
  }
}

/// The sink hook the memory ops and reductions call with the simd they consume (`mask`: the
/// lanes consumed, null for all). Compiles to nothing without the instrumentation.
template <class V>
inline void sink(const V& v, const std::uint16_t* mask, const char* api,
                 const std::source_location& loc) noexcept {
  if constexpr (XESIM_CHECK_UNINIT != 0) {
    using T = typename V::element_type;
    const sink_info s{api, type_name<T>(), V::length, &loc};
    check_lanes<V::length>(v.elems(), static_cast<int>(sizeof(T)), kind_of<T>(), &v.uninit_shadow(),
                           mask, s);
  } else {
    (void)v, (void)mask, (void)api, (void)loc;
  }
}

/// sink() for a gather-shaped store: element j of address i is v[j * (N/VS) + i], stored when
/// addr_mask[i] is set.
template <int VS, class V>
inline void sink_vs(const V& v, const std::uint16_t* addr_mask, const char* api,
                    const std::source_location& loc) noexcept {
  if constexpr (XESIM_CHECK_UNINIT != 0) {
    constexpr int kLanes = V::length / VS;
    std::uint16_t m[V::length];
    for (int j = 0; j < VS; ++j)
      for (int i = 0; i < kLanes; ++i) m[j * kLanes + i] = addr_mask[i];
    sink(v, m, api, loc);
  } else {
    (void)v, (void)addr_mask, (void)api, (void)loc;
  }
}

}  // namespace xesim::check::uninit
