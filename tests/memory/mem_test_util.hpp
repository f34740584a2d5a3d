// Helpers of the memory-operation tests: element types and lengths to sweep, random bytes,
// guarded buffers (bytes around and inside an access that must stay untouched), bit-exact
// comparison, and a hand-made work-item with SLM for testing SLM ops outside a launch.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "xesim/memory/memory.hpp"
#include "xesim/runtime/context.hpp"

namespace mem_test {

namespace esimd = xesim::esimd;
using xesim::half;

/// Element types every memory test sweeps.
using all_types =
    std::tuple<int8_t, uint8_t, int16_t, int32_t, uint32_t, int64_t, float, double, half>;

/// Calls f.template operator()<T>() for each T of a tuple of types.
template <class Tuple, class F>
void for_each_type(F&& f) {
  [&]<class... Ts>(std::tuple<Ts...>*) {
    (f.template operator()<Ts>(), ...);
  }(static_cast<Tuple*>(nullptr));
}
/// Calls f.template operator()<N>() for each N.
template <int... Ns, class F>
void for_each_n(F&& f) {
  (f.template operator()<Ns>(), ...);
}

inline std::string type_name(int8_t) { return "int8"; }
inline std::string type_name(uint8_t) { return "uint8"; }
inline std::string type_name(int16_t) { return "int16"; }
inline std::string type_name(uint16_t) { return "uint16"; }
inline std::string type_name(int32_t) { return "int32"; }
inline std::string type_name(uint32_t) { return "uint32"; }
inline std::string type_name(int64_t) { return "int64"; }
inline std::string type_name(uint64_t) { return "uint64"; }
inline std::string type_name(float) { return "float"; }
inline std::string type_name(double) { return "double"; }
inline std::string type_name(half) { return "half"; }
template <class T, int N>
std::string what() {
  return type_name(T{}) + " x " + std::to_string(N);
}

/// A random byte (the tests seed rand() with srand(42)).
inline unsigned char rand_byte() { return static_cast<unsigned char>(rand() >> 7); }

/// A random element with random bits (any bit pattern; floats compare bitwise).
template <class T>
T rand_elem() {
  unsigned char b[sizeof(T)];
  for (auto& x : b) x = rand_byte();
  T v;
  std::memcpy(static_cast<void*>(&v), b, sizeof(T));
  return v;
}
/// A random simd of T.
template <class T, int N>
esimd::simd<T, N> rand_simd() {
  esimd::simd<T, N> v;
  for (int i = 0; i < N; ++i) v.elems()[i] = rand_elem<T>();
  return v;
}
/// A random mask with about half the lanes on.
template <int N>
esimd::simd_mask<N> rand_mask() {
  esimd::simd_mask<N> m;
  for (int i = 0; i < N; ++i) m.elems()[i] = static_cast<uint16_t>(rand() & 1);
  return m;
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(static_cast<const void*>(&a), static_cast<const void*>(&b), sizeof(T)) == 0;
}
/// Element i of `bytes` read as T.
template <class T>
T elem_at(const unsigned char* bytes, std::size_t byte_offset) {
  T v;
  std::memcpy(static_cast<void*>(&v), bytes + byte_offset, sizeof(T));
  return v;
}

/// Random bytes with a copy kept as the oracle's view of memory; 64-byte aligned.
struct buffer {
  explicit buffer(std::size_t n) : bytes(n + 64), ref(n) {
    std::size_t mis = reinterpret_cast<std::uintptr_t>(bytes.data()) % 64;
    base = bytes.data() + (mis ? 64 - mis : 0);
    for (std::size_t i = 0; i < n; ++i) base[i] = ref[i] = rand_byte();
  }
  unsigned char* data() { return base; }
  /// First byte where memory and oracle differ, or -1.
  long first_diff() const {
    for (std::size_t i = 0; i < ref.size(); ++i)
      if (base[i] != ref[i]) return static_cast<long>(i);
    return -1;
  }
  std::vector<unsigned char> bytes;
  std::vector<unsigned char> ref;
  unsigned char* base;
};

/// A work-item with `slm_bytes` of SLM installed as this thread's running item (for SLM ops
/// outside a launch); removed on destruction.
struct fake_item {
  explicit fake_item(std::size_t slm_bytes) : slm(slm_bytes + 64) {
    launch.kernel_name = "fake_kernel";
    launch.dims = 1;
    st.launch = &launch;
    std::size_t mis = reinterpret_cast<std::uintptr_t>(slm.data()) % 64;
    st.slm = slm_bytes ? reinterpret_cast<std::byte*>(slm.data() + (mis ? 64 - mis : 0)) : nullptr;
    st.slm_size = slm_bytes;
    prev = xesim::rt::detail::tls_current_item;
    xesim::rt::detail::tls_current_item = &st;
  }
  ~fake_item() { xesim::rt::detail::tls_current_item = prev; }
  unsigned char* bytes() { return reinterpret_cast<unsigned char*>(st.slm); }
  std::vector<unsigned char> slm;
  xesim::rt::launch_info launch{};
  xesim::rt::item_state st{};
  xesim::rt::item_state* prev;
};

}  // namespace mem_test
