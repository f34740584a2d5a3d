// atomic_update on USM pointers (usm-au0/1/2-*): per-lane atomic read-modify-write returning the
// old values. Every lane is one std::atomic_ref operation on its element, so updates from
// work-items running on different host threads are atomic. The lane operations are shared with
// slm_atomic_update (slm_atomic.hpp).
#pragma once

#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>

#include "xesim/memory/gather.hpp"

namespace xesim::esimd {

// ------------------------------ atomic_op
/// The atomic operations of ESIMD (DPC++'s numbering). All return the old value(s).
enum class atomic_op : uint8_t {
  add = 0x0,      ///< *a += src0
  sub = 0x1,      ///< *a -= src0
  inc = 0x2,      ///< *a += 1
  dec = 0x3,      ///< *a -= 1
  umin = 0x4,     ///< *a = min(*a, src0), unsigned
  umax = 0x5,     ///< *a = max(*a, src0), unsigned
  xchg = 0x6,     ///< *a = src0
  cmpxchg = 0x7,  ///< if (*a == src1) *a = src0   (src0: new value, src1: expected)
  bit_and = 0x8,
  bit_or = 0x9,
  bit_xor = 0xa,
  smin = 0xb,       ///< signed min
  smax = 0xc,       ///< signed max
  fmax = 0x10,      ///< floating max (a NaN operand yields the other operand)
  fmin = 0x11,      ///< floating min
  fcmpxchg = 0x12,  ///< floating compare (==) and exchange
  fcmpwr = fcmpxchg,
  fadd = 0x13,
  fsub = 0x14,
  load = 0x15,    ///< returns *a
  store = 0x16,   ///< *a = src0
  predec = 0xff,  ///< legacy, not supported by xesim (no LSC equivalent)
};

namespace detail {

/// Operands an atomic_op takes besides the memory location (DPC++'s get_num_args).
template <atomic_op Op>
constexpr int get_num_args() {
  switch (Op) {
    case atomic_op::inc:
    case atomic_op::dec:
    case atomic_op::load:
      return 0;
    case atomic_op::cmpxchg:
    case atomic_op::fcmpxchg:
      return 2;
    default:
      return 1;
  }
}

/// DPC++'s check_atomic: element types each operation accepts.
template <atomic_op Op, class T, int NumSrc>
constexpr void check_atomic() {
  static_assert(Op != atomic_op::predec, "atomic_op::predec is not supported (no LSC equivalent)");
  static_assert(NumSrc == get_num_args<Op>(), "Wrong number of operands for this atomic_op");
  static_assert(sizeof(T) > 1, "Unsupported data type: atomics need 2-, 4- or 8-byte elements");
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "Unsupported data type");
  constexpr bool kInt2Plus = std::is_integral_v<T> && sizeof(T) >= 2;
  if constexpr (Op == atomic_op::xchg || Op == atomic_op::cmpxchg || Op == atomic_op::inc ||
                Op == atomic_op::dec || Op == atomic_op::add || Op == atomic_op::sub ||
                Op == atomic_op::umin || Op == atomic_op::umax || Op == atomic_op::smin ||
                Op == atomic_op::smax || Op == atomic_op::bit_and || Op == atomic_op::bit_or ||
                Op == atomic_op::bit_xor)
    static_assert(kInt2Plus, "Integral 16-bit or wider type is expected");
  if constexpr (Op == atomic_op::smin || Op == atomic_op::smax)
    static_assert(std::is_signed_v<T>, "Signed integer type expected for smin/smax");
  if constexpr (Op == atomic_op::umin || Op == atomic_op::umax)
    static_assert(std::is_unsigned_v<T>, "Unsigned integer type expected for umin/umax");
  if constexpr (Op == atomic_op::fmax || Op == atomic_op::fmin || Op == atomic_op::fadd ||
                Op == atomic_op::fsub || Op == atomic_op::fcmpxchg)
    static_assert(
        std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, ::xesim::half>,
        "float, double or sycl::half type is expected");
}

template <std::size_t S>
struct uint_of;
template <>
struct uint_of<2> {
  using type = uint16_t;
};
template <>
struct uint_of<4> {
  using type = uint32_t;
};
template <>
struct uint_of<8> {
  using type = uint64_t;
};

template <class T>
XESIM_INLINE auto to_bits(T v) {
  typename uint_of<sizeof(T)>::type u;
  std::memcpy(&u, static_cast<const void*>(&v), sizeof(T));
  return u;
}
template <class T, class U>
XESIM_INLINE T from_bits(U u) {
  T v;
  std::memcpy(static_cast<void*>(&v), &u, sizeof(T));
  return v;
}

/// The new value of a compare-free operation, given the old one. fadd/fsub round once to T
/// (a sum of two halves is exact in double, then rounded to half).
template <atomic_op Op, class T>
XESIM_INLINE T atomic_new_value(T old, T src) {
  using C = std::conditional_t<std::is_same_v<T, ::xesim::half>, double, compute_t<T>>;
  const C o = static_cast<C>(old), s = static_cast<C>(src);
  if constexpr (Op == atomic_op::umin || Op == atomic_op::smin) return s < o ? src : old;
  if constexpr (Op == atomic_op::umax || Op == atomic_op::smax) return s > o ? src : old;
  if constexpr (Op == atomic_op::fmin) return std::isnan(o) ? src : (s < o ? src : old);
  if constexpr (Op == atomic_op::fmax) return std::isnan(o) ? src : (s > o ? src : old);
  if constexpr (Op == atomic_op::fadd) return static_cast<T>(o + s);
  if constexpr (Op == atomic_op::fsub) return static_cast<T>(o - s);
}

/// Serialises atomics on misaligned addresses (std::atomic_ref needs natural alignment; the GPU
/// leaves them undefined and the checking layer reports them).
inline std::mutex& misaligned_atomic_mutex() {
  static std::mutex m;
  return m;
}

// ------------------------------ atomic_lane
/// One lane of an atomic_update at `addr`: applies Op with operands s0 (src0) and s1 (src1) and
/// returns the old value. Relaxed ordering (ESIMD atomics order nothing; use fence()).
template <atomic_op Op, class T>
T atomic_lane(void* addr, T s0, T s1) {
  using U = typename uint_of<sizeof(T)>::type;
  if (reinterpret_cast<std::uintptr_t>(addr) % alignof(U) != 0) [[unlikely]] {
    std::lock_guard<std::mutex> lock(misaligned_atomic_mutex());
    alignas(U) unsigned char tmp[sizeof(U)];
    std::memcpy(tmp, addr, sizeof(U));
    const T old = atomic_lane<Op, T>(tmp, s0, s1);
    std::memcpy(addr, tmp, sizeof(U));
    return old;
  }
  std::atomic_ref<U> a(*static_cast<U*>(addr));
  constexpr auto kRelaxed = std::memory_order_relaxed;
  if constexpr (Op == atomic_op::load) {
    return from_bits<T>(a.load(kRelaxed));
  } else if constexpr (Op == atomic_op::store || Op == atomic_op::xchg) {
    return from_bits<T>(a.exchange(to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::add || Op == atomic_op::inc) {
    return from_bits<T>(a.fetch_add(Op == atomic_op::inc ? U(1) : to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::sub || Op == atomic_op::dec) {
    return from_bits<T>(a.fetch_sub(Op == atomic_op::dec ? U(1) : to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::bit_and) {
    return from_bits<T>(a.fetch_and(to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::bit_or) {
    return from_bits<T>(a.fetch_or(to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::bit_xor) {
    return from_bits<T>(a.fetch_xor(to_bits(s0), kRelaxed));
  } else if constexpr (Op == atomic_op::cmpxchg) {
    U expected = to_bits(s1);
    a.compare_exchange_strong(expected, to_bits(s0), kRelaxed, kRelaxed);
    return from_bits<T>(expected);
  } else if constexpr (Op == atomic_op::fcmpxchg) {
    U cur = a.load(kRelaxed);
    using C = compute_t<T>;
    while (static_cast<C>(from_bits<T>(cur)) == static_cast<C>(s1) &&
           !a.compare_exchange_weak(cur, to_bits(s0), kRelaxed, kRelaxed)) {
    }
    return from_bits<T>(cur);
  } else {
    U cur = a.load(kRelaxed);
    while (!a.compare_exchange_weak(cur, to_bits(atomic_new_value<Op>(from_bits<T>(cur), s0)),
                                    kRelaxed, kRelaxed)) {
    }
    return from_bits<T>(cur);
  }
}

// ------------------------------ unshared_lane
/// atomic_lane's result and memory effect for memory no other thread touches meanwhile: a plain
/// load and store. SLM is such memory: a work-group's items run as fibers of one host thread that
/// switch only at barriers, so an SLM atomic is never raced. A locked RMW per lane made an SLM
/// histogram 18-21x slower than plain C++ (bench/memory_patterns_bench "histogram").
/// Pre: addr aligned to sizeof(T) (the caller checked).
template <atomic_op Op, class T>
XESIM_INLINE T unshared_lane(void* addr, T s0, T s1) {
  using U = typename uint_of<sizeof(T)>::type;
  U cur;
  std::memcpy(&cur, addr, sizeof(U));
  U next;
  if constexpr (Op == atomic_op::load) {
    return from_bits<T>(cur);
  } else if constexpr (Op == atomic_op::store || Op == atomic_op::xchg) {
    next = to_bits(s0);
  } else if constexpr (Op == atomic_op::add || Op == atomic_op::inc) {
    next = static_cast<U>(cur + (Op == atomic_op::inc ? U(1) : to_bits(s0)));
  } else if constexpr (Op == atomic_op::sub || Op == atomic_op::dec) {
    next = static_cast<U>(cur - (Op == atomic_op::dec ? U(1) : to_bits(s0)));
  } else if constexpr (Op == atomic_op::bit_and) {
    next = static_cast<U>(cur & to_bits(s0));
  } else if constexpr (Op == atomic_op::bit_or) {
    next = static_cast<U>(cur | to_bits(s0));
  } else if constexpr (Op == atomic_op::bit_xor) {
    next = static_cast<U>(cur ^ to_bits(s0));
  } else if constexpr (Op == atomic_op::cmpxchg) {
    next = cur == to_bits(s1) ? to_bits(s0) : cur;
  } else if constexpr (Op == atomic_op::fcmpxchg) {
    using C = compute_t<T>;
    next = static_cast<C>(from_bits<T>(cur)) == static_cast<C>(s1) ? to_bits(s0) : cur;
  } else {
    next = to_bits(atomic_new_value<Op>(from_bits<T>(cur), s0));
  }
  std::memcpy(addr, &next, sizeof(U));
  return from_bits<T>(cur);
}

// ------------------------------ after_atomic
/// Lets the other work-items of the group run now and then (rt::atomic_progress): at once when a
/// compare-exchange lane found another value than the expected one (src1), as a spin lock does.
template <atomic_op Op, class T, int N>
XESIM_INLINE void after_atomic(const simd<T, N>& old, const simd<T, N>* src1,
                               const simd_mask_elem_type* m) {
  if constexpr (Op == atomic_op::cmpxchg || Op == atomic_op::fcmpxchg) {
    bool stalled = false;
    for (int i = 0; i < N; ++i) stalled |= m[i] && !(old.elems()[i] == src1->elems()[i]);
    rt::cas_progress(stalled);
  } else {
    rt::atomic_progress(false);
  }
}

// ------------------------------ atomic_update_core
/// Applies Op to each enabled lane's element at p + byte_offset[i]; returns the old values
/// (0 for masked-off lanes, which never touch memory). src0/src1 are null when Op takes fewer.
/// Checks at compile time what DPC++ checks: the element type Op accepts, the cache hints.
template <atomic_op Op, class T, int N, class Props, class OffsetT>
XESIM_INLINE simd<T, N> atomic_update_core(T* p, const simd<OffsetT, N>& byte_offset,
                                           const simd<T, N>* src0, const simd<T, N>* src1,
                                           const simd_mask<N>& mask,
                                           const std::source_location& loc = {}) {
  static_assert(std::is_integral_v<OffsetT>, "Unsupported offset type");
  check_atomic<Op, T, get_num_args<Op>()>();
  check_cache_hints<cache_action::atomic, Props>();
  simd_mask_elem_type ok[N];
  const simd_mask_elem_type* m =
      memory_port_lanes<N>({mem_op::atomic, mem_space::global, p, 0, sizeof(T), N, 1, sizeof(T),
                            nullptr, false, nullptr},
                           byte_offset, mask.elems(), ok, loc);
  simd<T, N> r(0);
  auto* base = reinterpret_cast<unsigned char*>(p);
  for (int i = 0; i < N; ++i) {
    if (!m[i]) continue;
    r.elems()[i] =
        atomic_lane<Op, T>(base + lane_offset(byte_offset[i]), src0 ? src0->elems()[i] : T(0),
                           src1 ? src1->elems()[i] : T(0));
  }
  after_atomic<Op, T, N>(r, src1, m);
  return r;
}

}  // namespace detail

#define XESIM_AU_OK(NSRC) \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::props_v<Props>, int>
#define XESIM_AU_VIEW_OK(NSRC)                                                     \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::props_v<Props> && \
                       detail::view_v<OffsetViewT>,                                \
                   int>
#define XESIM_AU_SCALAR_OK(NSRC, EXTRA) \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && std::is_integral_v<Toffset> && EXTRA, int>

// ------------------------------ atomic_update: no operand (inc, dec, load)
/// Atomically applies Op to p + byte_offset[i] for each enabled lane; returns the old values
/// (0 in masked-off lanes). Pre: naturally aligned addresses. HW: lsc_atomic_<op>.ugm /
/// svm atomic. Platforms: Gen12 (4-byte T, N <= 32), DG2, PVC, Xe2.
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, simd_mask<N> mask,
                                      Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, nullptr, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, nullptr, nullptr, 1, loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), nullptr, nullptr, mask,
                                                     loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), nullptr, nullptr, 1,
                                                     loc);
}
/// One scalar offset for every lane.
template <atomic_op Op, class T, int N, class Toffset, XESIM_AU_SCALAR_OK(0, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset byte_offset, simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(p, simd<Toffset, N>(byte_offset),
                                                                  nullptr, nullptr, mask, loc);
}

// ------------------------------ atomic_update: one operand (add, sub, min/max, bit ops, ...)
/// Atomically applies Op with src0[i] to p + byte_offset[i]; returns the old values.
/// Same rules and hardware as above.
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, &src0, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, &src0, nullptr, 1, loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), &src0, nullptr, mask,
                                                     loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, simd<T, N> src0, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), &src0, nullptr, 1, loc);
}
/// One scalar offset for every lane (store/xchg only with N == 1, as in DPC++).
template <atomic_op Op, class T, int N, class Toffset,
          XESIM_AU_SCALAR_OK(1, ((Op != atomic_op::store && Op != atomic_op::xchg) || N == 1)) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset byte_offset, simd<T, N> src0, simd_mask<N> mask,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(p, simd<Toffset, N>(byte_offset),
                                                                  &src0, nullptr, mask, loc);
}

// ------------------------------ atomic_update: two operands (cmpxchg, fcmpxchg)
/// For each enabled lane: if p[i] == src1[i] (expected) then p[i] = src0[i] (new value), as in
/// DPC++'s atomic_update; returns the old values. Same rules and hardware as above.
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, &src0, &src1, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class Props = empty_properties_t,
          XESIM_AU_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset, &src0, &src1, 1, loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), &src0, &src1, mask,
                                                     loc);
}
template <atomic_op Op, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_AU_VIEW_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(p, byte_offset.read(), &src0, &src1, 1, loc);
}
template <atomic_op Op, class T, int N, class Toffset, XESIM_AU_SCALAR_OK(2, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset byte_offset, simd<T, N> src0, simd<T, N> src1,
                                      simd_mask<N> mask,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(p, simd<Toffset, N>(byte_offset),
                                                                  &src0, &src1, mask, loc);
}

#undef XESIM_AU_OK
#undef XESIM_AU_VIEW_OK
#undef XESIM_AU_SCALAR_OK

}  // namespace xesim::esimd
