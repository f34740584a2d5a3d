// misaligned-block-access, out-of-bounds, slm-not-initialized and slm-out-of-range: the memory
// port's out-of-line half (include/xesim/memory/port.hpp), plus the slm-race record under full.
#include <string>

#include "report.hpp"
#include "slm_race.hpp"
#include "xesim/memory/port.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/runtime/usm_registry.hpp"

namespace xesim::esimd::detail {
namespace {

using check::severity;

const char* call_name(const mem_access& a) {
  const bool slm = a.space == mem_space::slm;
  switch (a.op) {
    case mem_op::block_load:
      return slm ? "slm_block_load" : "block_load";
    case mem_op::block_store:
      return slm ? "slm_block_store" : "block_store";
    case mem_op::gather:
      return slm ? "slm_gather" : "gather";
    case mem_op::scatter:
      return slm ? "slm_scatter" : "scatter";
    case mem_op::atomic:
      return slm ? "slm_atomic_update" : "atomic_update";
    case mem_op::prefetch:
      return "prefetch";
  }
  return "memory op";
}

bool lane_on(const mem_access& a, std::uint32_t i) { return !a.mask || a.mask[i]; }

std::string call_line(const mem_access& a, const std::source_location& loc) {
  return std::string("    call: ") + call_name(a) + "<" + std::to_string(a.elem_bytes) +
         "-byte T, " + std::to_string(a.lanes * a.elems) + "> at " + check::where(loc) + "\n";
}

std::string describe(const rt::allocation& al) {
  const std::uintptr_t b = reinterpret_cast<std::uintptr_t>(al.base);
  return std::string(al.alive.load(std::memory_order_relaxed) ? "" : "freed ") + "USM " +
         rt::to_string(al.kind) + " allocation #" + std::to_string(al.serial) + " [" +
         check::hex(b) + ", " + check::hex(b + al.size) + ") of " + std::to_string(al.size) +
         " bytes";
}

// ------------------------------ misaligned-block-access
// Returns false when the access must be skipped (an error), true otherwise (fine, or a warning).
bool check_alignment(const mem_access& a, std::uintptr_t addr, const rt::item_state* it,
                     const std::source_location& loc) {
  if (a.align <= 1 || addr % a.align == 0) return true;
  const bool dflt16 = a.align_default && a.align >= 16;
  // DPC++'s own default (the user asserted nothing) on an element-aligned address: earlier DPC++
  // versions assumed sizeof(T) for block_load without cache hints, and Intel's tests of that
  // time rely on it (unified_memory_api block_store: block_load<int8_t, N> at N * id); current
  // DPC++ and the guide assume 4 bytes. Performed, with a warning, except on Gen12.
  const bool dflt_elem = a.align_default && !dflt16 && addr % a.elem_bytes == 0;
  const dev::device_model& m = dev::current_device();
  const bool error = (!dflt16 && !dflt_elem) || m.gen12_block_align16;
  const bool slm = a.space == mem_space::slm;
  std::string what =
      std::string(call_name(a)) + " at " + (slm ? "SLM byte offset " : "address ") +
      (slm ? std::to_string(addr) : check::hex(addr)) + " is not " + std::to_string(a.align) +
      "-byte aligned (" +
      (a.align_default ? "DPC++'s default for this call form" : "the alignment the call asserts") +
      "; it is " + std::to_string(addr % a.align) + " bytes past a boundary)";
  std::string details = check::item_lines(it) + call_line(a, loc);
  if (dflt16)
    details += std::string("    device: ") + m.name + " (" + m.arch + "): " +
               (error ? "Gen12 block messages assume the 16-byte default and give wrong data"
                      : "works on this device (LSC block messages), gives wrong data on "
                        "Gen12LP (Xe-LP: oword block messages)") +
               "\n";
  else if (dflt_elem)
    details += std::string("    device: ") + m.name + " (" + m.arch + "): " +
               (error ? "Gen12 block messages trust the default alignment and give wrong data"
                      : "performed as element-aligned (earlier DPC++ versions assumed "
                        "sizeof(T) here); current DPC++ assumes the default and may give wrong "
                        "data") +
               "\n";
  const char* fix =
      dflt16 ? "state the real alignment: properties{alignment<4>} (or <2>, <8>) on this call"
      : dflt_elem
          ? "state the real alignment: properties{alignment<sizeof(T)>} on this call"
          : "use an address that is a multiple of the asserted alignment, or assert what is "
            "true: properties{alignment<sizeof(T)>} (the guide's alignment<2> hybrid loads)";
  check::report(error ? severity::error : severity::warning, "misaligned-block-access",
                check::site_of(loc), what, details, fix);
  return !error;
}

// ------------------------------ out-of-bounds
bool global_range_ok(std::uintptr_t addr, std::uint64_t bytes, const rt::allocation*& al) {
  const std::uint64_t epoch = rt::usm_free_epoch();
  al = rt::find_allocation(reinterpret_cast<const void*>(addr));
  const bool ok = al && al->alive.load(std::memory_order_acquire) &&
                  bytes <= al->size - (addr - reinterpret_cast<std::uintptr_t>(al->base));
  if (ok) {  // the port's inline fast path accepts this range until the next free
    check::detail::usm_window& w = check::detail::tls_usm_window;
    if (w.epoch != epoch) w = {};  // something was freed: forget every range
    const auto lo = reinterpret_cast<std::uintptr_t>(al->base);
    if (!w.holds(lo, al->size)) {  // a gather's lanes in one allocation take one slot, not all
      const int slot = static_cast<int>(w.next++ % check::detail::usm_window::kRanges);
      w.lo[slot] = lo;
      w.hi[slot] = lo + al->size;
    }
    w.epoch = epoch;
  }
  return ok;
}

/// Whether `al` is a buffer's storage (reached through an accessor): the GPU never faults on
/// its bounds (stateful accesses drop what is outside; its allocation is padded to a page).
bool is_buffer(const rt::allocation* al) {
  return al && al->kind == rt::usm_kind::buffer && al->alive.load(std::memory_order_relaxed);
}

void report_oob(const mem_access& a, std::uint32_t lane, std::uintptr_t addr, std::uint64_t bytes,
                const rt::allocation* al, const rt::item_state* it,
                const std::source_location& loc) {
  std::string what =
      std::string(call_name(a)) + " of " + std::to_string(bytes) + " bytes at " + check::hex(addr);
  if (a.lane_offsets)
    what += " (lane " + std::to_string(lane) + ", byte offset " +
            std::to_string(static_cast<std::int64_t>(a.lane_offsets[lane])) + ")";
  std::string details = check::item_lines(it) + call_line(a, loc);
  if (al && !al->alive.load(std::memory_order_relaxed)) {
    what += " touches freed memory (use after free)";
    details += "    allocation: " + describe(*al) + "\n";
  } else if (al) {
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(al->base) + al->size;
    what += " runs " + std::to_string(addr + bytes - end) + " bytes past the end of its " +
            (is_buffer(al) ? "buffer" : "allocation");
    details += "    allocation: " + describe(*al) + "\n";
    if (!a.lane_offsets && bytes >= a.elem_bytes && addr + a.elem_bytes <= end)
      details += "    performed: the " + std::to_string((end - addr) / a.elem_bytes) +
                 " leading elements inside it" +
                 (a.op == mem_op::block_store ? "; the rest is not written\n"
                                              : "; the rest reads as 0\n");
    if (is_buffer(al))
      details +=
          "    device: an accessor's buffer is a bounded surface: the GPU drops writes past its "
          "end and reads 0 (stateful), or touches its allocation's padding (stateless)\n";
  } else {
    what += " is outside every live USM allocation";
    if (const rt::allocation* near = rt::nearest_allocation(reinterpret_cast<const void*>(addr))) {
      const std::uintptr_t b = reinterpret_cast<std::uintptr_t>(near->base);
      const std::int64_t rel = static_cast<std::int64_t>(addr - b);
      details += "    nearest: " + describe(*near) + "; the address is at byte " +
                 std::to_string(rel) + " of it\n";
    } else {
      details += "    nearest: none (no USM allocation exists; host memory is not USM)\n";
    }
  }
  const char* fix = a.lane_offsets
                        ? "clamp the index before computing the offset (a negative index cast to "
                          "uint32 wraps to ~4 GB), or mask the lane off"
                        : "keep the block inside the allocation: handle the tail with a smaller "
                          "or predicated access";
  check::report(is_buffer(al) ? severity::warning : severity::error, "out-of-bounds",
                check::site_of(loc), what, details, fix);
}

/// Whether [addr, addr + bytes) is the running work-item's private memory: its own stack, between
/// the current stack pointer and the invoker's frame above the kernel body (a local array, an
/// alloca: DPC++ places them in the thread's private memory and its memory ops accept them).
bool private_memory(const rt::item_state* it, std::uintptr_t addr, std::uint64_t bytes) {
  return it && addr >= rt::stack_pointer() && addr <= it->stack_top &&
         bytes <= it->stack_top - addr;
}

bool check_global(const mem_access& a, simd_mask_elem_type* ok, const rt::item_state* it,
                  const std::source_location& loc) {
  const auto base = reinterpret_cast<std::uintptr_t>(a.base);
  const std::uint64_t bytes = std::uint64_t(a.elem_bytes) * a.elems;
  if (!a.lane_offsets) {  // block access
    if (!lane_on(a, 0)) return true;
    const std::uintptr_t addr = base + a.offset;
    if (!check_alignment(a, addr, it, loc)) return false;
    if (loc.line() == 0) return true;  // not a USM call (accessor forms): bounds unknown here
    const rt::allocation* al = nullptr;
    if (global_range_ok(addr, bytes, al)) return true;
    if (!al && private_memory(it, addr, bytes)) return true;
    report_oob(a, 0, addr, bytes, al, it, loc);
    if (al && al->alive.load(std::memory_order_relaxed)) {  // starts inside: the prefix is done
      const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(al->base) + al->size;
      ok[0] = static_cast<simd_mask_elem_type>((end - addr) / a.elem_bytes);
    }
    return false;
  }
  if (loc.line() == 0) return true;
  bool all_ok = true;
  for (std::uint32_t i = 0; i < a.lanes; ++i) {
    ok[i] = lane_on(a, i);
    if (!ok[i]) continue;
    const std::uintptr_t addr = base + a.lane_offsets[i];
    const rt::allocation* al = nullptr;
    if (global_range_ok(addr, bytes, al)) continue;
    if (!al && private_memory(it, addr, bytes)) continue;
    if (all_ok) report_oob(a, i, addr, bytes, al, it, loc);  // the first bad lane is named
    ok[i] = 0;
    all_ok = false;
  }
  return all_ok;
}

// ------------------------------ slm-not-initialized / slm-out-of-range
/// The SLM the engine backs for this item: what the GPU allocates for its slm_init request.
std::uint64_t slm_granted(const rt::item_state* it) {
  return it->slm_granted > it->slm_size ? it->slm_granted : it->slm_size;
}

void report_slm(const mem_access& a, std::uint32_t lane, std::uint64_t offset, std::uint64_t bytes,
                const rt::item_state* it, const std::source_location& loc) {
  const bool none = it->slm_size == 0;
  const std::uint64_t granted = slm_granted(it);
  const bool in_step = !none && it->slm && offset + bytes <= granted;
  std::string what = std::string(call_name(a)) + " of " + std::to_string(bytes) +
                     " bytes at SLM byte offset " + std::to_string(offset);
  if (a.lane_offsets) what += " (lane " + std::to_string(lane) + ")";
  what +=
      none ? ": no SLM was initialised"
           : " is outside the " + std::to_string(it->slm_size) + " bytes slm_init made available";
  std::string details = check::item_lines(it) + call_line(a, loc) + "    SLM: [0, " +
                        std::to_string(it->slm_size) + ") initialised; the access is [" +
                        std::to_string(offset) + ", " + std::to_string(offset + bytes) + ")\n";
  if (in_step)
    details += "    device: the GPU allocates SLM in steps: " + std::to_string(granted) +
               " bytes for this request, so the access works there (performed here too) but "
               "breaks when another size rounds differently\n";
  check::report(in_step ? severity::warning : severity::error,
                none ? "slm-not-initialized" : "slm-out-of-range", check::site_of(loc), what,
                details,
                none ? "call slm_init<BYTES>() unconditionally at the top of the kernel"
                     : "fix the offset, or raise slm_init to cover it");
}
/// Whether an access past slm_init's bytes still lies in the SLM the GPU allocated (a warning;
/// performed).
bool slm_in_step(const rt::item_state* it, std::uint64_t offset, std::uint64_t bytes) {
  return it->slm && it->slm_size && offset + bytes <= slm_granted(it);
}

bool check_slm(const mem_access& a, simd_mask_elem_type* ok, const rt::item_state* it,
               const std::source_location& loc) {
  const std::uint64_t bytes = std::uint64_t(a.elem_bytes) * a.elems;
  if (!a.lane_offsets) {
    if (!lane_on(a, 0)) return true;
    if (!check_alignment(a, a.offset, it, loc)) return false;
    if (!it->slm || a.offset + bytes > it->slm_size) {
      report_slm(a, 0, a.offset, bytes, it, loc);
      if (!slm_in_step(it, a.offset, bytes)) return false;
    }
    if (check::current_level() == check::level::full)
      check::detail::slm_race_record(*it, a.offset, bytes, a.op != mem_op::block_load, loc);
    return true;
  }
  bool all_ok = true;
  for (std::uint32_t i = 0; i < a.lanes; ++i) {
    ok[i] = lane_on(a, i);
    if (!ok[i]) continue;
    const std::uint64_t off = static_cast<std::uint32_t>(a.lane_offsets[i]);
    if (!it->slm || off + bytes > it->slm_size) {
      if (all_ok) report_slm(a, i, off, bytes, it, loc);
      if (!slm_in_step(it, off, bytes)) {
        ok[i] = 0;
        all_ok = false;
        continue;
      }
    }
    if (check::current_level() == check::level::full && a.op != mem_op::atomic)
      check::detail::slm_race_record(*it, off, bytes, a.op != mem_op::gather, loc);
  }
  return all_ok;
}

}  // namespace

bool check_access(const mem_access& a, simd_mask_elem_type* ok,
                  const std::source_location& loc) noexcept {
  const rt::item_state* it = rt::current_item();
  if (!it) return true;  // host-side calls (unit tests): no kernel to report, no checks
  try {
    return a.space == mem_space::slm ? check_slm(a, ok, it, loc) : check_global(a, ok, it, loc);
  } catch (...) {
    return true;  // a report that cannot be built (out of memory) must not stop the access
  }
}

}  // namespace xesim::esimd::detail
