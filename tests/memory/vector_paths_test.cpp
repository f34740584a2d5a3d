// The vector and unlocked paths of the per-lane memory ops (issue 14) against lane-order oracles
// written here: SLM gathers by vpgatherdd, USM and SLM scatters by vpscatterq*, SLM atomics as
// plain read-modify-writes. The cases those paths must get right beyond the plain forms:
// coinciding addresses (the highest lane's write stays; each atomic lane sees the lanes before
// it), masked lanes (never read or written, even out of range), negative offsets, lane counts
// that leave a tail, and the lanes past the SLM's end that must still raise the error.
#include <algorithm>
#include <cmath>

#include "mem_test_util.hpp"
#include "xesim/check/check.hpp"
#include "xesim/sycl/sycl.hpp"

namespace {

using namespace mem_test;
using esimd::atomic_op;
using esimd::simd;
using esimd::simd_mask;

/// Offsets into `slots` slots of T, many lanes sharing one (the case the vector paths must order).
template <class T, int N>
simd<uint32_t, N> clashing_offsets(int slots, uint32_t base = 0) {
  simd<uint32_t, N> o;
  for (int i = 0; i < N; ++i) o.elems()[i] = base + uint32_t(rand() % slots) * sizeof(T);
  return o;
}

// ------------------------------ scatter
template <class T, int N>
void check_usm_scatter() {
  const std::string w = what<T, N>();
  constexpr int kSlots = 12;
  buffer buf(2 * kSlots * sizeof(T));
  T* mid = reinterpret_cast<T*>(buf.data()) + kSlots;  // offsets may step back from here
  simd<int32_t, N> off;
  for (int i = 0; i < N; ++i)
    off.elems()[i] = (rand() % (2 * kSlots) - kSlots) * int32_t(sizeof(T));
  const simd<T, N> v = rand_simd<T, N>();
  const simd_mask<N> m = rand_mask<N>();
  esimd::scatter<T, N>(mid, off, v, m);
  for (int i = 0; i < N; ++i)  // lane order: a later lane overwrites an earlier one
    if (m[i])
      std::memcpy(buf.ref.data() + (kSlots * sizeof(T) + off[i]),
                  static_cast<const void*>(&v.elems()[i]), sizeof(T));
  ASSERT_EQ(buf.first_diff(), -1) << w << " USM scatter with coinciding and negative offsets";
}

template <class T, int N>
void check_slm_scatter() {
  const std::string w = what<T, N>();
  fake_item it(16 * sizeof(T));
  std::vector<unsigned char> ref(16 * sizeof(T));
  for (std::size_t i = 0; i < ref.size(); ++i) it.bytes()[i] = ref[i] = rand_byte();
  const simd<uint32_t, N> off = clashing_offsets<T, N>(16);
  const simd<T, N> v = rand_simd<T, N>();
  const simd_mask<N> m = rand_mask<N>();
  esimd::slm_scatter<T, N>(off, v, m);
  for (int i = 0; i < N; ++i)
    if (m[i]) std::memcpy(ref.data() + off[i], static_cast<const void*>(&v.elems()[i]), sizeof(T));
  ASSERT_EQ(std::memcmp(ref.data(), it.bytes(), ref.size()), 0) << w << " SLM scatter";
}

TEST(VectorPaths, ScattersKeepTheLastLaneOfCoincidingAddresses) {
  srand(42);
  using types = std::tuple<int32_t, uint32_t, float, int64_t, double, int16_t, uint8_t>;
  for (int rep = 0; rep < 20; ++rep)
    for_each_type<types>([]<class T>() {
      for_each_n<8, 16, 24, 40>([]<int N>() {
        check_usm_scatter<T, N>();
        check_slm_scatter<T, N>();
      });
    });
}

// ------------------------------ slm_gather
template <class T, int N>
void check_slm_gather() {
  const std::string w = what<T, N>();
  fake_item it(64 * sizeof(T));
  for (std::size_t i = 0; i < 64 * sizeof(T); ++i) it.bytes()[i] = rand_byte();
  const simd<uint32_t, N> off = clashing_offsets<T, N>(64);
  const simd_mask<N> m = rand_mask<N>();
  const simd<T, N> pass = rand_simd<T, N>();
  const simd<T, N> r = esimd::slm_gather<T, N>(off, m, pass);
  const simd<T, N> all = esimd::slm_gather<T, N>(off);
  for (int i = 0; i < N; ++i) {
    const T mem = elem_at<T>(it.bytes(), off[i]);
    ASSERT_TRUE(same_bits(r[i], m[i] ? mem : T(pass[i]))) << w << " lane " << i;
    ASSERT_TRUE(same_bits(all[i], mem)) << w << " unmasked lane " << i;
  }
}

TEST(VectorPaths, SlmGathersWithMasksAndPassThru) {
  srand(42);
  using types = std::tuple<float, uint32_t, double, half, uint8_t>;
  for (int rep = 0; rep < 20; ++rep)
    for_each_type<types>([]<class T>() {
      for_each_n<8, 16, 32, 48>([]<int N>() { check_slm_gather<T, N>(); });
    });
}

struct checks_off {
  checks_off() { xesim::check::set_level(xesim::check::level::off); }
  ~checks_off() { xesim::check::set_level(xesim::check::level::basic); }
};

bool raises(auto&& f) {
  try {
    f();
  } catch (const xesim::sycl::exception&) {
    return true;
  }
  return false;
}

TEST(VectorPaths, LanesPastTheSlmEndRaiseMaskedOnesDoNot) {
  checks_off off_;
  fake_item it(256);
  simd<uint32_t, 16> off(0, 4);
  off.elems()[9] = 256;  // one element past the end
  simd_mask<16> m(1);
  EXPECT_TRUE(raises([&] { esimd::slm_gather<float, 16>(off, m); }));
  EXPECT_TRUE(raises([&] { esimd::slm_scatter<float, 16>(off, simd<float, 16>(1.f), m); }));
  EXPECT_TRUE(raises([&] {
    esimd::slm_atomic_update<atomic_op::add, uint32_t, 16>(off, simd<uint32_t, 16>(1), m);
  }));
  m.elems()[9] = 0;  // the bad lane masked off: never touched, no error
  const simd<float, 16> pass(-3.f);
  simd<float, 16> r;
  EXPECT_FALSE(raises([&] { r = esimd::slm_gather<float, 16>(off, m, pass); }));
  EXPECT_EQ(r[9], -3.f);
  EXPECT_FALSE(raises([&] { esimd::slm_scatter<float, 16>(off, simd<float, 16>(1.f), m); }));
  EXPECT_FALSE(raises([&] {
    esimd::slm_atomic_update<atomic_op::add, uint32_t, 16>(off, simd<uint32_t, 16>(1), m);
  }));
}

// ------------------------------ slm_atomic_update
/// The oracle: what one lane does to the old value (written here, independent of the library).
template <atomic_op Op, class T>
T oracle_new(T old, T s0, T s1) {
  switch (Op) {
    case atomic_op::inc: return T(old + T(1));
    case atomic_op::dec: return T(old - T(1));
    case atomic_op::add: case atomic_op::fadd: return T(old + s0);
    case atomic_op::sub: case atomic_op::fsub: return T(old - s0);
    case atomic_op::umin: case atomic_op::smin: return std::min(old, s0);
    case atomic_op::umax: case atomic_op::smax: return std::max(old, s0);
    case atomic_op::fmin: return std::isnan(double(old)) ? s0 : (s0 < old ? s0 : old);
    case atomic_op::fmax: return std::isnan(double(old)) ? s0 : (s0 > old ? s0 : old);
    case atomic_op::xchg: case atomic_op::store: return s0;
    case atomic_op::cmpxchg: case atomic_op::fcmpxchg: return old == s1 ? s0 : old;
    case atomic_op::load: return old;
    default: break;
  }
  if constexpr (std::is_integral_v<T>) {
    if (Op == atomic_op::bit_and) return T(old & s0);
    if (Op == atomic_op::bit_or) return T(old | s0);
    if (Op == atomic_op::bit_xor) return T(old ^ s0);
  }
  ADD_FAILURE() << "no oracle for this op";
  return old;
}

template <class T>
T small_value() {  // values whose sums stay exact in floating types, and clash often in cmpxchg
  return T(rand() % 4);
}

template <atomic_op Op, class T, int N>
void check_slm_atomic() {
  constexpr int kSrc = Op == atomic_op::inc || Op == atomic_op::dec || Op == atomic_op::load ? 0
                       : Op == atomic_op::cmpxchg || Op == atomic_op::fcmpxchg           ? 2
                                                                                         : 1;
  constexpr int kSlots = 6;
  fake_item it(kSlots * sizeof(T));
  T* slm = reinterpret_cast<T*>(it.bytes());
  T ref[kSlots];
  for (int s = 0; s < kSlots; ++s) slm[s] = ref[s] = small_value<T>();
  const simd<uint32_t, N> off = clashing_offsets<T, N>(kSlots);
  simd<T, N> s0, s1;
  for (int i = 0; i < N; ++i) {
    s0.elems()[i] = small_value<T>();
    s1.elems()[i] = small_value<T>();
  }
  const simd_mask<N> m = rand_mask<N>();
  simd<T, N> got;
  if constexpr (kSrc == 0)
    got = esimd::slm_atomic_update<Op, T, N>(off, m);
  else if constexpr (kSrc == 1)
    got = esimd::slm_atomic_update<Op, T, N>(off, s0, m);
  else
    got = esimd::slm_atomic_update<Op, T, N>(off, s0, s1, m);
  for (int i = 0; i < N; ++i) {  // lane order: each lane sees the lanes before it
    if (!m[i]) continue;
    T& slot = ref[off[i] / sizeof(T)];
    ASSERT_EQ(got[i], slot) << what<T, N>() << " op " << int(Op) << " lane " << i << " old value";
    slot = oracle_new<Op, T>(slot, s0[i], s1[i]);
  }
  for (int s = 0; s < kSlots; ++s)
    ASSERT_EQ(slm[s], ref[s]) << what<T, N>() << " op " << int(Op) << " slot " << s;
}

template <atomic_op... Ops, class T>
void check_ops(T) {
  (check_slm_atomic<Ops, T, 16>(), ...);
  (check_slm_atomic<Ops, T, 8>(), ...);
}

TEST(VectorPaths, SlmAtomicsSeeTheLanesBeforeThem) {
  srand(42);
  for (int rep = 0; rep < 30; ++rep) {
    check_ops<atomic_op::add, atomic_op::sub, atomic_op::inc, atomic_op::dec, atomic_op::umin,
              atomic_op::umax, atomic_op::bit_and, atomic_op::bit_or, atomic_op::bit_xor,
              atomic_op::xchg, atomic_op::cmpxchg, atomic_op::load, atomic_op::store>(uint32_t{});
    check_ops<atomic_op::smin, atomic_op::smax, atomic_op::add>(int32_t{});
    check_ops<atomic_op::add, atomic_op::cmpxchg>(uint64_t{});
    check_ops<atomic_op::fadd, atomic_op::fsub, atomic_op::fmin, atomic_op::fmax,
              atomic_op::fcmpxchg>(float{});
    check_ops<atomic_op::fadd, atomic_op::fcmpxchg>(double{});
  }
}

TEST(VectorPaths, MisalignedSlmAtomicLaneStillCompletes) {
  checks_off off_;
  fake_item it(64);
  auto* u32 = reinterpret_cast<uint32_t*>(it.bytes());
  for (int i = 0; i < 16; ++i) u32[i] = 0;
  simd<uint32_t, 8> off(0, 4);
  off.elems()[3] = 13;  // not 4-byte aligned: the per-lane path runs for the whole call
  const auto old = esimd::slm_atomic_update<atomic_op::add, uint32_t, 8>(off, simd<uint32_t, 8>(1));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(old[i], 0u) << i;
  EXPECT_EQ(u32[0], 1u);
  EXPECT_EQ(u32[7], 1u);
}

}  // namespace
