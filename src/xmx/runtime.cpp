// xmx::dpas's questions to the engine: does the running device model run a dpas of this
// execution size (include/xesim/xmx/runtime.hpp), and may the CPU's fast paths run.
#include <xesim/xmx/runtime.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include <xesim/runtime/context.hpp>
#include <xesim/runtime/device_model.hpp>
#include <xesim/sycl/exception.hpp>

namespace xesim::xmx {

namespace detail {
constinit int g_exec_size = -1;
constinit int g_fast = -1;

namespace {
std::atomic<bool> g_forced_portable{false};

bool env_portable() {
  const char* v = std::getenv("XESIM_XMX_PATH");
  return v != nullptr && std::strcmp(v, "portable") == 0;
}
}  // namespace

int cpu_bits() {
  int f = 0;
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("fma")) {
    f |= cpu_avx512;
    if (__builtin_cpu_supports("avx512bf16")) f |= cpu_avx512_bf16;
    if (__builtin_cpu_supports("avx512vnni")) f |= cpu_avx512_vnni;
  }
#endif
  return f;
}

int init_fast() noexcept {
  static const bool env = env_portable();
  static const int cpu = cpu_bits();
  const int f = (env || g_forced_portable.load(std::memory_order_relaxed)) ? 0 : (1 | cpu);
  g_fast = f;
  return f;
}
}  // namespace detail

void force_portable(bool on) noexcept {
  detail::g_forced_portable.store(on, std::memory_order_relaxed);
  detail::g_fast = -1;
}

void check_device_slow(int n, const char* op) {
  const dev::device_model& d = dev::current_device();
  const int have = d.has_xmx ? d.dpas_exec_size : 0;
  if (have == n) {
    detail::g_exec_size = have;
    return;
  }
  const rt::item_state* it = rt::current_item();
  std::string msg = std::string("xesim: error: [dpas-unsupported] ") + op;
  if (it != nullptr) msg += std::string(" in kernel '") + it->launch->kernel_name + "'";
  msg += std::string(": device ") + d.id + " (" + d.arch + ") ";
  if (!d.has_xmx)
    msg +=
        "has no XMX matrix engine, so its driver refuses kernels that use dpas; select a "
        "device with XMX (XESIM_DEVICE; `xesim devices` lists them) or compute the product "
        "with simd arithmetic";
  else
    msg += "runs dpas with execution size " + std::to_string(d.dpas_exec_size) +
           ", this call has " + std::to_string(n) + " (B is K x " + std::to_string(n) +
           "); Xe-HPG takes 8, Xe-HPC and Xe2 16: choose N from "
           "get_info<ext::intel::info::device::gpu_eu_simd_width>()";
  throw sycl::exception(sycl::make_error_code(sycl::errc::kernel_not_supported), msg);
}

}  // namespace xesim::xmx
