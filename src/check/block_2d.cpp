// invalid-2d-block and the bounds of 2D block messages: the 2D port's out-of-line half
// (include/xesim/memory/block_2d_core.hpp).
#include <string>

#include "report.hpp"
#include "xesim/memory/block_2d_core.hpp"
#include "xesim/runtime/usm_registry.hpp"

namespace xesim::esimd::detail {
namespace {

std::string surface_lines(const block_2d_access& a, const std::source_location& loc) {
  const std::uint64_t w = std::uint64_t(a.width_m1) + 1, p = std::uint64_t(a.pitch_m1) + 1;
  return "    call: " + std::string(a.name) + "<" + std::to_string(a.elem_bytes) + "-byte T, " +
         std::to_string(a.cols) + " x " + std::to_string(a.rows) + "> at " + check::where(loc) +
         "\n    surface: base " + check::hex(reinterpret_cast<std::uintptr_t>(a.base)) +
         ", width " + std::to_string(w) + " bytes (argument " + std::to_string(a.width_m1) +
         "), height " + std::to_string(std::uint64_t(a.height_m1) + 1) + " rows, pitch " +
         std::to_string(p) + " bytes (argument " + std::to_string(a.pitch_m1) + "); block at x " +
         std::to_string(a.x) + ", y " + std::to_string(a.y) + "\n";
}

const char* param_fix(const char* what) {
  const std::string w = what;
  if (w.find("base") != std::string::npos)
    return "allocate the surface 64-byte aligned (sycl::aligned_alloc_device<T>(64, ...)) and pass "
           "its start; address sub-blocks with x and y, not by moving the pointer";
  if (w.find("x *") != std::string::npos)
    return "start 1- and 2-byte blocks on a dword: x * sizeof(T) a multiple of 4";
  if (w.find("pitch") != std::string::npos)
    return "pass the row pitch in bytes minus 1: at least the width and 64 bytes, a multiple of "
           "16 bytes (pad the rows of the allocation)";
  if (w.find("64 bytes") != std::string::npos)
    return "pad the surface to 64 bytes per row (width argument >= 63)";
  if (w.find("height") != std::string::npos) return "pass the height in rows minus 1";
  return "pass the width in bytes minus 1 (width * sizeof(T) - 1): a multiple of max(4, "
         "sizeof(T)), at most 2^24";
}

bool range_ok(std::uintptr_t first, std::uint64_t bytes, const rt::allocation*& al) {
  const std::uint64_t epoch = rt::usm_free_epoch();
  al = rt::find_allocation(reinterpret_cast<const void*>(first));
  const bool ok = al && al->alive.load(std::memory_order_acquire) &&
                  bytes <= al->size - (first - reinterpret_cast<std::uintptr_t>(al->base));
  if (ok) {  // the port's inline fast path accepts this range until the next free
    check::detail::usm_window& w = check::detail::tls_usm_window;
    if (w.epoch != epoch) w = {};
    const int slot = static_cast<int>(w.next++ % check::detail::usm_window::kRanges);
    w.lo[slot] = reinterpret_cast<std::uintptr_t>(al->base);
    w.hi[slot] = w.lo[slot] + al->size;
    w.epoch = epoch;
  }
  return ok;
}

}  // namespace

bool check_block_2d(const block_2d_access& a, const std::source_location& loc) noexcept {
  const rt::item_state* it = rt::current_item();
  if (!it) return true;  // host-side calls: no kernel to report, no checks
  try {
    if (const block_2d_issue bad = block_2d_param_error(a.base, a.width_m1, a.height_m1,
                                                        a.pitch_m1, a.x, a.elem_bytes)) {
      check::report(bad.error ? check::severity::error : check::severity::warning,
                    "invalid-2d-block", check::site_of(loc),
                    std::string(a.name) + ": " + bad.what +
                        (bad.error ? " (the GPU's 2D block message needs it; its result is "
                                     "undefined)"
                                   : " (PVC tolerates it; later GPUs may not)"),
                    check::item_lines(it) + surface_lines(a, loc), param_fix(bad.what));
      if (bad.error) return false;
    }
    const block_2d_clip c = clip_2d(a);
    if (a.op == block_2d_op::prefetch || c.empty()) return true;
    std::uintptr_t first;
    std::uint64_t bytes;
    touched_2d(a, c, first, bytes);
    const rt::allocation* al = nullptr;
    if (range_ok(first, bytes, al)) return true;
    std::string what = std::string(a.name) + " touches " + std::to_string(bytes) + " bytes at " +
                       check::hex(first) + " (rows " + std::to_string(c.y0) + ".." +
                       std::to_string(c.y1 - 1) + " of the surface)";
    what += al ? (al->alive.load(std::memory_order_relaxed) ? " that run past the end of its "
                                                              "allocation"
                                                            : " in freed memory (use after free)")
               : " outside every live USM allocation";
    check::report(check::severity::error, "out-of-bounds", check::site_of(loc), what,
                  check::item_lines(it) + surface_lines(a, loc),
                  "the surface (height x pitch bytes from the base) must lie inside one "
                  "allocation: fix the height or pitch argument, or allocate the padded rows");
    return false;
  } catch (...) {
    return true;  // a report that cannot be built must not stop the access
  }
}

}  // namespace xesim::esimd::detail
