// DPC++ header <sycl/ext/oneapi/experimental/invoke_simd.hpp> (sycl_ext_oneapi_invoke_simd): an
// SPMD SYCL kernel's sub-group calling an ESIMD function with its lanes as simd arguments. xesim
// runs ESIMD kernels only (a SYCL sub-group is one ESIMD work-item here), so a use fails to
// compile naming the API; including the header alone is fine.
#pragma once

#include <sycl/sycl.hpp>

namespace xesim::sycl::ext::oneapi::experimental {
namespace invoke_simd_detail {
template <class... A>
inline constexpr bool not_emulated_v = false;
}  // namespace invoke_simd_detail

/// A value the same in every lane of the sub-group (an invoke_simd argument or result).
template <class T>
class uniform {
 public:
  explicit uniform(T v) : v_(v) {}
  operator T() const { return v_; }

 private:
  T v_;
};

template <class Callable, class... T>
auto invoke_simd(sub_group, Callable&&, T&&...) {
  static_assert(invoke_simd_detail::not_emulated_v<Callable, T...>,
                "invoke_simd: calling ESIMD functions from SPMD SYCL kernels is not emulated by "
                "xesim; write the kernel as an ESIMD kernel (parallel_for with SYCL_ESIMD_KERNEL)");
}
}  // namespace xesim::sycl::ext::oneapi::experimental
