// sycl::ext::oneapi::experimental::architecture (sycl_ext_oneapi_device_architecture): the
// architecture enum with DPC++'s values (ordered, so `arch > architecture::intel_gpu_dg1`
// compares as in DPC++), the info::device::architecture query and
// device::ext_oneapi_architecture_is. The modelled devices answer as: arc-a770 intel_gpu_acm_g10,
// arc-b580 intel_gpu_bmg_g21, max-1550 intel_gpu_pvc, meteor-lake intel_gpu_mtl_h, lunar-lake
// intel_gpu_lnl_m.
#pragma once

#include <cstdint>
#include <string_view>

#include "xesim/runtime/device_model.hpp"

namespace xesim::sycl::ext::oneapi::experimental {

/// Values: DPC++'s device_architecture.def (0xAA0000CCCCCCCC00, CCCCCCCC the GMDID for Intel
/// GPUs). Intel CPU and GPU entries; NVIDIA and AMD targets are not modelled.
enum class architecture : std::uint64_t {
  unknown = 0x9900000000000000,
  x86_64 = 0x0300000000000000,
  intel_cpu_spr = 0x0300000000000800,
  intel_cpu_gnr = 0x0300000000000900,
  intel_cpu_dmr = 0x0300000000001000,
  intel_gpu_bdw = 0x0000000200000000,
  intel_gpu_skl = 0x0000000240000900,
  intel_gpu_kbl = 0x0000000240400900,
  intel_gpu_cfl = 0x0000000240800900,
  intel_gpu_apl = 0x0000000240c00000,
  intel_gpu_bxt = intel_gpu_apl,
  intel_gpu_glk = 0x0000000241000000,
  intel_gpu_whl = 0x0000000241400000,
  intel_gpu_aml = 0x0000000241800000,
  intel_gpu_cml = 0x0000000241c00000,
  intel_gpu_icllp = 0x00000002c0000000,
  intel_gpu_icl = intel_gpu_icllp,
  intel_gpu_ehl = 0x00000002c0800000,
  intel_gpu_jsl = intel_gpu_ehl,
  intel_gpu_tgllp = 0x0000000300000000,
  intel_gpu_tgl = intel_gpu_tgllp,
  intel_gpu_rkl = 0x0000000300400000,
  intel_gpu_adl_s = 0x0000000300800000,
  intel_gpu_rpl_s = intel_gpu_adl_s,
  intel_gpu_adl_p = 0x0000000300c00000,
  intel_gpu_adl_n = 0x0000000301000000,
  intel_gpu_dg1 = 0x0000000302800000,
  intel_gpu_acm_g10 = 0x000000030dc00800,
  intel_gpu_dg2_g10 = intel_gpu_acm_g10,
  intel_gpu_acm_g11 = 0x000000030e000500,
  intel_gpu_dg2_g11 = intel_gpu_acm_g11,
  intel_gpu_acm_g12 = 0x000000030e400000,
  intel_gpu_dg2_g12 = intel_gpu_acm_g12,
  intel_gpu_pvc = 0x000000030f000700,
  intel_gpu_pvc_vg = 0x000000030f400700,
  intel_gpu_mtl_u = 0x0000000311800400,
  intel_gpu_mtl_s = intel_gpu_mtl_u,
  intel_gpu_arl_u = intel_gpu_mtl_u,
  intel_gpu_arl_s = intel_gpu_mtl_u,
  intel_gpu_mtl_h = 0x0000000311c00400,
  intel_gpu_arl_h = 0x0000000312800400,
  intel_gpu_bmg_g21 = 0x0000000500400400,
  intel_gpu_bmg_g31 = 0x0000000500800000,
  intel_gpu_lnl_m = 0x0000000501000400,
  intel_gpu_ptl_h = 0x0000000780000400,
  intel_gpu_ptl_u = 0x0000000780400100,
  intel_gpu_wcl = 0x0000000780c00000,
  intel_gpu_nvl_s = 0x0000000781000400,
  intel_gpu_nvl_u = 0x0000000781400400,
  intel_gpu_nvl_p = 0x00000008c2800000,
  // The version-number aliases.
  intel_gpu_8_0_0 = intel_gpu_bdw,
  intel_gpu_9_0_9 = intel_gpu_skl,
  intel_gpu_9_1_9 = intel_gpu_kbl,
  intel_gpu_9_2_9 = intel_gpu_cfl,
  intel_gpu_9_3_0 = intel_gpu_apl,
  intel_gpu_9_4_0 = intel_gpu_glk,
  intel_gpu_9_5_0 = intel_gpu_whl,
  intel_gpu_9_6_0 = intel_gpu_aml,
  intel_gpu_9_7_0 = intel_gpu_cml,
  intel_gpu_11_0_0 = intel_gpu_icllp,
  intel_gpu_11_2_0 = intel_gpu_ehl,
  intel_gpu_12_0_0 = intel_gpu_tgllp,
  intel_gpu_12_1_0 = intel_gpu_rkl,
  intel_gpu_12_2_0 = intel_gpu_adl_s,
  intel_gpu_12_3_0 = intel_gpu_adl_p,
  intel_gpu_12_4_0 = intel_gpu_adl_n,
  intel_gpu_12_10_0 = intel_gpu_dg1,
  intel_gpu_12_55_8 = intel_gpu_acm_g10,
  intel_gpu_12_56_5 = intel_gpu_acm_g11,
  intel_gpu_12_57_0 = intel_gpu_acm_g12,
  intel_gpu_12_60_7 = intel_gpu_pvc,
  intel_gpu_12_61_7 = intel_gpu_pvc_vg,
  intel_gpu_12_70_4 = intel_gpu_mtl_u,
  intel_gpu_12_71_4 = intel_gpu_mtl_h,
  intel_gpu_12_74_4 = intel_gpu_arl_h,
  intel_gpu_20_1_4 = intel_gpu_bmg_g21,
  intel_gpu_20_2_0 = intel_gpu_bmg_g31,
  intel_gpu_20_4_4 = intel_gpu_lnl_m,
  intel_gpu_30_0_4 = intel_gpu_ptl_h,
  intel_gpu_30_1_1 = intel_gpu_ptl_u,
};

/// The categories of ext_oneapi_architecture_is(arch_category).
enum class arch_category { intel_gpu = 0, nvidia_gpu = 1, amd_gpu = 2 };

namespace info::device {
/// get_info<info::device::architecture>(): the modelled GPU's architecture.
struct architecture {
  using return_type = experimental::architecture;
};
}  // namespace info::device

}  // namespace xesim::sycl::ext::oneapi::experimental

namespace xesim::sycl::detail {
/// The architecture a device model answers as.
inline ext::oneapi::experimental::architecture architecture_of(
    const dev::device_model& m) noexcept {
  using a = ext::oneapi::experimental::architecture;
  const std::string_view id = m.id;
  if (id == "arc-a770") return a::intel_gpu_acm_g10;
  if (id == "arc-b580") return a::intel_gpu_bmg_g21;
  if (id == "max-1550") return a::intel_gpu_pvc;
  if (id == "meteor-lake") return a::intel_gpu_mtl_h;
  if (id == "lunar-lake") return a::intel_gpu_lnl_m;
  return a::unknown;
}
}  // namespace xesim::sycl::detail

namespace xesim::sycl::ext::oneapi::experimental {
// ------------------------------ if_architecture_is
// if_architecture_is<archs...>(f).else_if_architecture_is<...>(g).otherwise(h): runs the first
// function whose condition the running device model meets (DPC++ decides at JIT time; here the
// model is chosen at run time by XESIM_DEVICE, so the test is a run-time compare). The _lt, _le,
// _gt, _ge and _between forms compare within the architecture ordering; arch_category forms
// match every modelled device for intel_gpu.
namespace arch_detail {
/// The architecture the program was built for ahead of time (-fsycl-targets=intel_gpu_<arch>,
/// which `xesim c++` turns into -DXESIM_AOT_ARCH=intel_gpu_<arch>), else the running model's.
inline architecture running_architecture() {
#if defined(XESIM_AOT_ARCH)
  return architecture::XESIM_AOT_ARCH;
#else
  return ::xesim::sycl::detail::architecture_of(dev::current_device());
#endif
}
/// Whether a and b are Intel GPUs (comparisons are meaningful only inside one family).
constexpr bool same_family(architecture a, architecture b) {
  return (static_cast<std::uint64_t>(a) >> 56) == (static_cast<std::uint64_t>(b) >> 56);
}

/// What a condition call returns: whether some branch already ran.
class arch_chain {
 public:
  explicit arch_chain(bool taken) : taken_(taken) {}
  template <architecture... Archs, class F>
  arch_chain else_if_architecture_is(F f) {
    return next(((running_architecture() == Archs) || ...), f);
  }
  template <arch_category... Cats, class F>
  arch_chain else_if_architecture_is(F f) {
    return next(((Cats == arch_category::intel_gpu) || ...), f);
  }
  template <architecture A, class F>
  arch_chain else_if_architecture_is_lt(F f) {
    const architecture r = running_architecture();
    return next(same_family(r, A) && r < A, f);
  }
  template <architecture A, class F>
  arch_chain else_if_architecture_is_le(F f) {
    const architecture r = running_architecture();
    return next(same_family(r, A) && r <= A, f);
  }
  template <architecture A, class F>
  arch_chain else_if_architecture_is_gt(F f) {
    const architecture r = running_architecture();
    return next(same_family(r, A) && r > A, f);
  }
  template <architecture A, class F>
  arch_chain else_if_architecture_is_ge(F f) {
    const architecture r = running_architecture();
    return next(same_family(r, A) && r >= A, f);
  }
  template <architecture A1, architecture A2, class F>
  arch_chain else_if_architecture_is_between(F f) {
    const architecture r = running_architecture();
    return next(same_family(r, A1) && A1 <= r && r <= A2, f);
  }
  template <class F>
  void otherwise(F f) {
    if (!taken_) f();
  }

 private:
  template <class F>
  arch_chain next(bool match, F& f) {
    if (taken_) return *this;
    if (match) f();
    return arch_chain(match);
  }
  bool taken_;
};
}  // namespace arch_detail

template <architecture... Archs, class F>
arch_detail::arch_chain if_architecture_is(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is<Archs...>(f);
}
template <arch_category... Cats, class F>
arch_detail::arch_chain if_architecture_is(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is<Cats...>(f);
}
template <architecture A, class F>
arch_detail::arch_chain if_architecture_is_lt(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is_lt<A>(f);
}
template <architecture A, class F>
arch_detail::arch_chain if_architecture_is_le(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is_le<A>(f);
}
template <architecture A, class F>
arch_detail::arch_chain if_architecture_is_gt(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is_gt<A>(f);
}
template <architecture A, class F>
arch_detail::arch_chain if_architecture_is_ge(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is_ge<A>(f);
}
template <architecture A1, architecture A2, class F>
arch_detail::arch_chain if_architecture_is_between(F f) {
  return arch_detail::arch_chain(false).else_if_architecture_is_between<A1, A2>(f);
}
}  // namespace xesim::sycl::ext::oneapi::experimental
