// Shared local memory: slm_init, slm_allocator, slm_block_load/store, slm_scalar_load/store.
// SLM is the running work-group's buffer (xesim::rt::item_state::slm); every access is checked
// against the bytes slm_init made available and raises sycl::exception (kernel error,
// slm-not-initialized / slm-out-of-range) instead of touching other memory.
#pragma once

#include <cstring>
#include <iterator>
#include <vector>

#include "xesim/memory/block.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ slm_allocator bookkeeping
/// SLM stack of the work-group running on this host thread (a worker runs one group at a time;
/// its work-items are fibers of that thread). slm_allocator chunks stack on top of the bytes
/// slm_init asked for, per work-item, as DPC++ lays them out at compile time: the same
/// allocator in every work-item gets the same offset.
struct slm_stack {
  struct chunk {
    const rt::item_state* item;
    std::uint32_t begin, end;
  };
  std::uint32_t init_bytes = 0;  ///< largest slm_init of the current group
  std::vector<chunk> live;       ///< live allocators, in construction order
};
inline slm_stack& tls_slm_stack() {
  thread_local slm_stack s;
  return s;
}
/// A work-group's first SLM event (its items start with slm_size 0) forgets the previous group.
inline slm_stack& slm_stack_for(const rt::item_state& it) {
  slm_stack& s = tls_slm_stack();
  if (it.slm_size == 0) {
    s.init_bytes = 0;
    s.live.clear();
  }
  return s;
}

/// slm_init's work: the engine grows the group's SLM, the stack remembers the slm_init bytes.
inline void slm_init_bytes(std::uint32_t bytes, const std::source_location& loc = {}) {
  if (check::on()) bytes = static_cast<std::uint32_t>(check::on_slm_init(bytes, loc));
  const rt::item_state* it = rt::current_item();
  if (it) slm_stack_for(*it);
  rt::slm_init(bytes);
  if (it && tls_slm_stack().init_bytes < bytes) tls_slm_stack().init_bytes = bytes;
}

// ------------------------------ slm_block_load_core
/// Loads N contiguous T at SLM byte_offset when pred[0] is set (checked against the SLM size);
/// else *pass_thru, or zeros without one (DPC++: undefined). `align`: what the call asserts.
template <class T, int N>
XESIM_INLINE simd<T, N> slm_block_load_core(std::uint32_t byte_offset, std::size_t align,
                                            simd_mask<1> pred, const simd<T, N>* pass_thru,
                                            const std::source_location& loc = {},
                                            bool align_default = false) {
  if (check::port_on() && !memory_port({mem_op::block_load, mem_space::slm, nullptr, byte_offset, sizeof(T), 1, N,
                    static_cast<std::uint32_t>(align), pred.elems(), align_default, nullptr},
                   loc)) [[unlikely]]
    return simd<T, N>(0);
  if (pred.elems()[0]) [[likely]] {
    const std::byte* src =
        slm_addr(slm_item("slm_block_load"), byte_offset, sizeof(T) * N, "slm_block_load");
    simd<T, N> r;
    copy_n_vec<T, N>(r.elems(), reinterpret_cast<const T*>(src));
    return r;
  }
  return pass_thru ? *pass_thru : simd<T, N>(0);
}

// ------------------------------ slm_block_store_core
/// Stores vals at SLM byte_offset when pred[0] is set (checked against the SLM size).
template <class T, int N>
XESIM_INLINE void slm_block_store_core(std::uint32_t byte_offset, const simd<T, N>& vals,
                                       std::size_t align, simd_mask<1> pred,
                                       const std::source_location& loc = {},
                                       bool align_default = false) {
  if (check::port_on() && !memory_port({mem_op::block_store, mem_space::slm, nullptr, byte_offset, sizeof(T), 1, N,
                    static_cast<std::uint32_t>(align), pred.elems(), align_default, nullptr},
                   loc)) [[unlikely]]
    return;
  if (pred.elems()[0]) [[likely]] {
    XESIM_UNINIT(check::uninit::sink(vals, nullptr, "slm_block_store", loc);)
    std::byte* dst =
        slm_addr(slm_item("slm_block_store"), byte_offset, sizeof(T) * N, "slm_block_store");
    copy_n_vec<T, N>(reinterpret_cast<T*>(dst), vals.elems());
  }
}

}  // namespace detail

// ------------------------------ slm_init
/// Makes SLMSize bytes of SLM available to the work-group (contents undefined: xesim fills new
/// bytes with 0xCD). Call once, unconditionally, at the top of an nd_range kernel.
/// Pre: SLMSize <= the device's local_mem_size (slm-too-large, raised by the engine).
/// HW: none (sets the group's SLM budget). Platforms: all.
/// Checks: slm-too-large (over the model: error; over 64 KB: warning), slm-init-misuse (twice,
/// or by only some work-items of a group).
template <uint32_t SLMSize>
XESIM_INLINE void slm_init(std::source_location loc = std::source_location::current()) {
  detail::slm_init_bytes(SLMSize, loc);
}
/// slm_init with a run-time size (DPC++: for specialization constants). Same rules.
XESIM_INLINE void slm_init(uint32_t size,
                           std::source_location loc = std::source_location::current()) {
  detail::slm_init_bytes(size, loc);
}

// ------------------------------ slm_allocator
/// Reserves SLMAmount bytes of SLM for its lifetime, above slm_init's bytes and the allocators
/// live around it (DPC++'s semi-dynamic allocation: the offset is the same in every work-item at
/// the same place in the code). Grows the group's SLM as needed.
/// Pre: the total fits local_mem_size (slm-too-large). HW: none (compile-time SLM layout).
template <int SLMAmount>
class slm_allocator {
  static_assert(SLMAmount >= 0, "slm_allocator: SLMAmount must be >= 0");

 public:
  slm_allocator() {
    const rt::item_state& it = detail::slm_item("slm_allocator");
    detail::slm_stack& s = detail::slm_stack_for(it);
    std::uint32_t begin = s.init_bytes;
    for (auto c = s.live.rbegin(); c != s.live.rend(); ++c)
      if (c->item == &it) {
        begin = c->end;
        break;
      }
    const std::uint32_t end = begin + static_cast<std::uint32_t>(SLMAmount);
    if (end > it.slm_size) rt::slm_init(end);
    s.live.push_back({&it, begin, end});
    offset_ = static_cast<int>(begin);
  }
  slm_allocator(const slm_allocator&) = delete;
  slm_allocator& operator=(const slm_allocator&) = delete;
  ~slm_allocator() {
    detail::slm_stack& s = detail::tls_slm_stack();
    const rt::item_state* it = rt::current_item();
    for (auto c = s.live.rbegin(); c != s.live.rend(); ++c)
      if (c->item == it && c->begin == static_cast<std::uint32_t>(offset_)) {
        s.live.erase(std::next(c).base());
        break;
      }
  }
  /// Byte offset of the reserved chunk in SLM.
  XESIM_INLINE int get_offset() const { return offset_; }

 private:
  int offset_;
};

#define XESIM_SLM_ALIGN(FORM, ACTION) \
  detail::block_alignment<T, N, Props, detail::block_form::FORM, detail::cache_action::ACTION>()

// ------------------------------ slm_block_load
/// Returns N contiguous T at SLM byte_offset. Assumes alignment<props>, default 16 B; any N.
/// Pre: slm_init'ed, offset + N*sizeof(T) <= SLM size (slm-out-of-range).
/// HW: lsc_load.slm / oword block read. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> slm_block_load(uint32_t byte_offset, Props = {},
                                       std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(byte_offset, XESIM_SLM_ALIGN(slm_plain, load), 1,
                                           nullptr, loc, detail::align_is_default<Props>());
}
/// Predicated: loads when pred[0], else 0 (DPC++: undefined). Default alignment 4 B (8 B for
/// 8-byte T), N from the LSC table (compile-time checked). HW: lsc_load.slm. DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> slm_block_load(uint32_t byte_offset, simd_mask<1> pred, Props = {},
                                       std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(byte_offset, XESIM_SLM_ALIGN(slm_pred, load), pred,
                                           nullptr, loc, detail::align_is_default<Props>());
}
/// Predicated with pass-thru: returns pass_thru when pred[0] is 0.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> slm_block_load(uint32_t byte_offset, simd_mask<1> pred,
                                       simd<T, N> pass_thru, Props = {},
                                       std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(byte_offset, XESIM_SLM_ALIGN(slm_pred, load), pred,
                                           &pass_thru, loc, detail::align_is_default<Props>());
}
/// Legacy form: the flag asserts the alignment.
template <class T, int N, class Flags, std::enable_if_t<detail::flags_v<Flags>, int> = 0>
XESIM_INLINE simd<T, N> slm_block_load(uint32_t byte_offset, Flags,
                                       std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(byte_offset, detail::flag_alignment<T, N, Flags>(), 1,
                                           nullptr, loc);
}

// ------------------------------ slm_block_store
/// Stores vals at SLM byte_offset. Assumes alignment<props>, default 16 B; any N.
/// Pre: slm_init'ed, offset + N*sizeof(T) <= SLM size (slm-out-of-range).
/// HW: lsc_store.slm / oword block write. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void slm_block_store(uint32_t byte_offset, simd<T, N> vals, Props = {},
                                  std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(byte_offset, vals, XESIM_SLM_ALIGN(slm_plain, store), 1, loc,
                                     detail::align_is_default<Props>());
}
/// Predicated: stores only when pred[0]. Default alignment 4 B (8 B for 8-byte T), LSC N.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void slm_block_store(uint32_t byte_offset, simd<T, N> vals, simd_mask<1> pred,
                                  Props = {},
                                  std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(byte_offset, vals, XESIM_SLM_ALIGN(slm_pred, store), pred, loc,
                                     detail::align_is_default<Props>());
}
/// Legacy form: the flag asserts the alignment.
template <class T, int N, class Flags, std::enable_if_t<detail::flags_v<Flags>, int> = 0>
XESIM_INLINE void slm_block_store(uint32_t byte_offset, simd<T, N> vals, Flags,
                                  std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(byte_offset, vals, detail::flag_alignment<T, N, Flags>(), 1,
                                     loc);
}

#undef XESIM_SLM_ALIGN

// ------------------------------ slm_scalar_load / slm_scalar_store
/// One T at SLM byte offset `offset`. Pre: in the initialised SLM (slm-out-of-range).
/// HW: lsc_load.slm (1 lane). Platforms: all.
template <class T>
XESIM_INLINE T slm_scalar_load(uint32_t offset,
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, 1>(offset, sizeof(T), 1, nullptr, loc)[0];
}
/// Writes one T at SLM byte offset `offset`. HW: lsc_store.slm (1 lane). Platforms: all.
template <class T>
XESIM_INLINE void slm_scalar_store(uint32_t offset, T val,
                                   std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, 1>(offset, simd<T, 1>(val), sizeof(T), 1, loc);
}

}  // namespace xesim::esimd
