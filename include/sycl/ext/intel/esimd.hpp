// DPC++ entry header <sycl/ext/intel/esimd.hpp>: the ESIMD API of xesim under DPC++'s names.
// Aliases only: sycl::ext::intel::esimd is xesim::esimd.
#pragma once

#include "sycl/sycl.hpp"
#include "xesim/esimd.hpp"
#include "xesim/memory/lsc_types.hpp"
#if __has_include("xesim/xmx/dpas.hpp")
#include "xesim/xmx/dpas.hpp"  // DPC++'s esimd.hpp includes xmx/dpas.hpp too
#endif

namespace xesim::esimd::xesim_experimental {
using ::xesim::tfloat32;
}  // namespace xesim::esimd::xesim_experimental
/// __ESIMD_XMX_NS (sycl::ext::intel::esimd::xmx) names a namespace even before dpas is included.
namespace xesim::esimd::xmx {}
/// __ESIMD_DNS and __ESIMD_EDNS (sycl::ext::intel::[experimental::]esimd::detail) always name a
/// namespace: Intel's tests open them with `using namespace`.
namespace xesim::esimd::detail {}
namespace xesim::esimd::xesim_experimental::detail {}

namespace xesim::sycl::ext::intel {
namespace esimd = ::xesim::esimd;
namespace experimental {
namespace esimd = ::xesim::esimd::xesim_experimental;
}  // namespace experimental
}  // namespace xesim::sycl::ext::intel

#define __ESIMD_NS sycl::ext::intel::esimd
#define __ESIMD_ENS sycl::ext::intel::experimental::esimd
#define __ESIMD_DNS sycl::ext::intel::esimd::detail
#define __ESIMD_EDNS sycl::ext::intel::experimental::esimd::detail
#define __ESIMD_XMX_NS sycl::ext::intel::esimd::xmx
#ifndef ESIMD_INLINE
#define ESIMD_INLINE inline __attribute__((always_inline))
#endif
#ifndef ESIMD_NOINLINE
#define ESIMD_NOINLINE __attribute__((noinline))
#endif
#ifndef ESIMD_PRIVATE
/// A global each GPU thread has its own copy of (DPC++: private address space): one per host
/// worker thread here, which is one per work-item as long as the work-items of a group do not
/// meet at a barrier between writing and reading it (docs/compat.md).
#define ESIMD_PRIVATE thread_local
#endif
#ifndef ESIMD_REGISTER
#define ESIMD_REGISTER(n)
#endif
