// ESIMD calls xesim does not emulate: declared so that a program using one fails to compile
// with a message naming it (a static_assert inside the template, so only a use fails), never
// "not declared" or a silent difference. Listed in docs/compat.md, "Not supported".
#pragma once

#include "xesim/simd/simd.hpp"

namespace xesim::esimd {
namespace detail {
template <class... A>
inline constexpr bool not_emulated_v = false;
}  // namespace detail

// ------------------------------ media_block_load / media_block_store
/// 2D image-surface block access: xesim has no images (sycl::image, image accessors).
template <class T, int m, int N, class AccessorTy, unsigned plane = 0>
simd<T, m * N> media_block_load(AccessorTy, unsigned, unsigned) {
  static_assert(detail::not_emulated_v<AccessorTy>,
                "media_block_load: image (media) surfaces are not emulated by xesim; use "
                "block_load or the 2D block loads on USM memory");
  return {};
}
template <class T, int m, int N, class AccessorTy, unsigned plane = 0>
void media_block_store(AccessorTy, unsigned, unsigned, simd<T, m * N>) {
  static_assert(detail::not_emulated_v<AccessorTy>,
                "media_block_store: image (media) surfaces are not emulated by xesim; use "
                "block_store or the 2D block stores on USM memory");
}

namespace detail {
/// What a not-emulated call returns: converts to whatever the program stores it in, so the
/// static_assert naming the API is the only error (not "void value not ignored").
struct not_emulated_result {
  template <class T>
  operator T() const {
    return T{};
  }
};
}  // namespace detail

// ------------------------------ raw_send / raw_sends
/// Hand-encoded send messages address the GPU's message gateway directly: not emulated.
template <class... Args>
detail::not_emulated_result raw_send(Args&&...) {
  static_assert(detail::not_emulated_v<Args...>,
                "raw_send: hand-encoded send messages are not emulated by xesim; use the ESIMD "
                "memory functions");
  return {};
}
template <auto P0, auto... P, class... Args>
detail::not_emulated_result raw_send(Args&&...) {
  static_assert(detail::not_emulated_v<Args...>,
                "raw_send: hand-encoded send messages are not emulated by xesim; use the ESIMD "
                "memory functions");
  return {};
}
template <class... Args>
detail::not_emulated_result raw_sends(Args&&...) {
  static_assert(detail::not_emulated_v<Args...>,
                "raw_sends: hand-encoded send messages are not emulated by xesim; use the ESIMD "
                "memory functions");
  return {};
}
template <auto P0, auto... P, class... Args>
detail::not_emulated_result raw_sends(Args&&...) {
  static_assert(detail::not_emulated_v<Args...>,
                "raw_sends: hand-encoded send messages are not emulated by xesim; use the ESIMD "
                "memory functions");
  return {};
}

namespace xesim_experimental {
using ::xesim::esimd::raw_send;
using ::xesim::esimd::raw_sends;
}  // namespace xesim_experimental

}  // namespace xesim::esimd
