// simd(acc, offset[, flags]), copy_from(acc, offset[, flags]), copy_to(acc, offset[, flags]):
// the accessor forms of the vector load/store members, declared in simd_obj.hpp / simd.hpp and
// defined here, over the memory layer's cores (a device accessor is its buffer's base pointer, a
// local accessor its SLM offset; the flag asserts the alignment).
#pragma once

#include <cstring>

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/slm.hpp"

namespace xesim::esimd::detail {

/// The alignment a copy_from / copy_to on an accessor asserts: the flag's, or the properties'
/// alignment (default: the element size).
template <class T, int N, class FlagsOrProps>
constexpr std::size_t copy_alignment() {
  static_assert(is_simd_flag_type_v<FlagsOrProps> || is_property_list_v<FlagsOrProps>,
                "copy_from/copy_to: the last argument must be an alignment flag (element_aligned, "
                "vector_aligned, overaligned<A>) or properties{alignment<A>}");
  if constexpr (is_simd_flag_type_v<FlagsOrProps>)
    return flag_alignment<T, N, FlagsOrProps>();
  else
    return prop_alignment<FlagsOrProps>(sizeof(T));
}

// ------------------------------ copy_from (accessor)
/// Loads N elements at byte `offset` of acc (buffer or SLM). Assumes the flag's alignment.
/// Pre: inside the buffer / the accessor's SLM. HW: svm block load / oword block read.
template <class T, int N, class Derived>
template <class AccessorT, class Flags, int ChunkSize, class>
void simd_obj_impl<T, N, Derived>::copy_from(AccessorT acc, std::uint64_t offset, Flags) {
  constexpr std::size_t kAlign = copy_alignment<T, N, Flags>();
  simd<T, N> v;
  if constexpr (lacc_read_v<AccessorT>)
    v = slm_block_load_core<T, N>(lacc_off(acc, static_cast<std::uint32_t>(offset)), kAlign, 1,
                                  nullptr);
  else
    v = block_load_core<T, N>(acc_ptr<const T>(acc, offset), kAlign, 1, nullptr);
  std::memcpy(static_cast<void*>(data_), static_cast<const void*>(v.elems()), sizeof(data_));
  XESIM_UNINIT(shadow_.clear_all();)
}

// ------------------------------ copy_to (accessor)
/// Stores the N elements at byte `offset` of acc (buffer or SLM). Assumes Flags' alignment.
/// Pre: inside the buffer / the accessor's SLM. HW: svm block store / oword block write.
template <class T, int N, class Derived>
template <class AccessorT, class Flags, int ChunkSize, class>
void simd_obj_impl<T, N, Derived>::copy_to(AccessorT acc, std::uint64_t offset, Flags) const {
  constexpr std::size_t kAlign = copy_alignment<T, N, Flags>();
  simd<T, N> v;
  std::memcpy(static_cast<void*>(v.elems()), static_cast<const void*>(data_), sizeof(data_));
  if constexpr (lacc_write_v<AccessorT>)
    slm_block_store_core<T, N>(lacc_off(acc, static_cast<std::uint32_t>(offset)), v, kAlign, 1);
  else
    block_store_core<T, N>(acc_ptr<T>(acc, offset), v, kAlign, 1);
}

}  // namespace xesim::esimd::detail
