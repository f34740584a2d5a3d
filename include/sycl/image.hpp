// DPC++ header <sycl/image.hpp>: xesim does not emulate images. The names are declared so that a
// program using one stops at a message that says so, not at "not declared".
#pragma once

#include <sycl/sycl.hpp>

namespace xesim::sycl {

enum class image_channel_order {
  a, r, rx, rg, rgx, ra, rgb, rgbx, rgba, argb, bgra, intensity, luminance, abgr, ext_oneapi_srgba
};
enum class image_channel_type {
  snorm_int8, snorm_int16, unorm_int8, unorm_int16, unorm_short_565, unorm_short_555,
  unorm_int_101010, signed_int8, signed_int16, signed_int32, unsigned_int8, unsigned_int16,
  unsigned_int32, fp16, fp32
};

namespace detail {
template <int D>
inline constexpr bool image_emulated_v = false;
}  // namespace detail

/// sycl::image, sampled_image, unsampled_image: any use is a compile error naming it.
template <int Dimensions = 1, class AllocatorT = void>
class image {
  static_assert(detail::image_emulated_v<Dimensions>,
                "sycl::image: images (and image accessors, lsc_*_typed, media_block_*) are not "
                "emulated by xesim; use a buffer or USM with block or 2D block loads");

 public:
  template <class... Args>
  explicit image(Args&&...) {}
};
template <int Dimensions = 1, class AllocatorT = void>
class sampled_image {
  static_assert(detail::image_emulated_v<Dimensions>,
                "sycl::sampled_image: images are not emulated by xesim");

 public:
  template <class... Args>
  explicit sampled_image(Args&&...) {}
};
template <int Dimensions = 1, class AllocatorT = void>
class unsampled_image {
  static_assert(detail::image_emulated_v<Dimensions>,
                "sycl::unsampled_image: images are not emulated by xesim");

 public:
  template <class... Args>
  explicit unsampled_image(Args&&...) {}
};

}  // namespace xesim::sycl
