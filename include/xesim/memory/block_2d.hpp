// 2D block loads, stores and prefetches on USM pointers: esimd::load_2d / prefetch_2d / store_2d
// (properties forms), the experimental lsc_load_2d / lsc_prefetch_2d / lsc_store_2d (cache hints
// as template arguments) and their config_2d_mem_access forms. Every form forwards to
// detail::load_2d_core / store_2d_core / prefetch_2d_core (block_2d_core.hpp).
//
// Surface arguments, as DPC++: SurfaceWidth and SurfacePitch are bytes minus 1, SurfaceHeight
// rows minus 1, X is in elements and Y in rows. Reads outside the surface give 0; writes there
// are dropped. HW: lsc_load_block2d.ugm / lsc_store_block2d.ugm. Platforms: PVC, Xe2 (Xe-HPG
// and Xe-LPG refuse them: sycl::exception errc::kernel_not_supported).
#pragma once

#include <source_location>
#include <type_traits>

#include "xesim/memory/block_2d_core.hpp"
#include "xesim/memory/lsc_types.hpp"  // first: its `using detail::...` in experimental
#include "xesim/memory/properties.hpp"

namespace xesim::esimd {
namespace detail {

/// The access record of a call (rows: what the message reads, padding rows included).
template <class T, int Cols, int Rows>
XESIM_INLINE block_2d_access make_2d(block_2d_op op, const char* name, const T* p, unsigned w,
                                     unsigned h, unsigned pitch, int x, int y) {
  return {op, name, p, w, h, pitch, x, y, static_cast<std::uint32_t>(sizeof(T)), Cols, Rows};
}

/// The property list of the experimental forms' <L1H, L2H> template arguments.
template <cache_hint L1H, cache_hint L2H>
using l1_l2_props_t = properties<cache_hint_L1_key::value_t<L1H>, cache_hint_L2_key::value_t<L2H>>;

/// load_2d / lsc_load_2d: the checks DPC++ makes, then the core.
template <class T, int W, int H, int NB, bool Tr, bool Tf, int N, class Props>
XESIM_INLINE simd<T, N> load_2d_form(const char* name, const T* p, unsigned w, unsigned h,
                                     unsigned pitch, int x, int y, const std::source_location& loc) {
  static_assert(is_property_list_v<Props>, "load_2d: props must be properties{...}");
  check_cache_hints<cache_action::load, Props>();
  check_block_2d_sizes<T, W, H, NB, Tr, Tf, block_2d_op::load>();
  using L = block_2d_layout<T, W, H, NB, Tr, Tf>;
  return load_2d_core<T, W, H, NB, Tr, Tf, N>(
      make_2d<T, NB * W, L::kRowsRead>(block_2d_op::load, name, p, w, h, pitch, x, y), loc);
}
template <class T, int W, int H, int NB, class Props>
XESIM_INLINE void prefetch_2d_form(const char* name, const T* p, unsigned w, unsigned h,
                                   unsigned pitch, int x, int y, const std::source_location& loc) {
  static_assert(is_property_list_v<Props>, "prefetch_2d: props must be properties{...}");
  check_cache_hints<cache_action::prefetch, Props>();
  check_block_2d_sizes<T, W, H, NB, false, false, block_2d_op::prefetch>();
  prefetch_2d_core(make_2d<T, NB * W, H>(block_2d_op::prefetch, name, p, w, h, pitch, x, y), loc);
}
/// store_2d: vals holds H rows of W (N = W*H) or rows padded to a power of two (N = H*pow2(W)).
template <class T, int W, int H, int N, class Props>
XESIM_INLINE void store_2d_form(const char* name, T* p, unsigned w, unsigned h, unsigned pitch,
                                int x, int y, const simd<T, N>& vals,
                                const std::source_location& loc) {
  static_assert(is_property_list_v<Props>, "store_2d: props must be properties{...}");
  check_cache_hints<cache_action::store, Props>();
  check_block_2d_sizes<T, W, H, 1, false, false, block_2d_op::store>();
  constexpr int kPitch = static_cast<int>(getNextPowerOf2<W>());
  static_assert(N == W * H || N == H * kPitch,
                "store_2d: N must be BlockWidth * BlockHeight (or BlockHeight rows padded to a "
                "power-of-two width)");
  store_2d_core<T, W, H, N == H * kPitch ? kPitch : W, N>(
      make_2d<T, W, H>(block_2d_op::store, name, p, w, h, pitch, x, y), vals, loc);
}

}  // namespace detail

#define XESIM_2D_PROPS_OK std::enable_if_t<is_property_list_v<PropertyListT>, int> = 0
#define XESIM_2D_LOC std::source_location loc = std::source_location::current()

// ------------------------------ load_2d
/// Loads NBlocks side-by-side blocks of BlockHeight rows by BlockWidth elements whose upper-left
/// corner is (X, Y) of the surface at Ptr; transposed (4/8-byte T) or VNNI-transformed (1/2-byte
/// T). Returns N elements: W*H*NB by default (see get_lsc_block_2d_data_size), the padded
/// register image when N is its size. Outside the surface: 0. Sizes checked at compile time as
/// DPC++ checks them; surface rules by invalid-2d-block. HW: lsc_load_block2d.ugm. PVC, Xe2.
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          bool Transposed = false, bool Transformed = false,
          int N = detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                     Transposed, Transformed>(),
          typename PropertyListT = empty_properties_t, XESIM_2D_PROPS_OK>
XESIM_INLINE simd<T, N> load_2d(const T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                                unsigned SurfacePitch, int X, int Y, PropertyListT = {},
                                XESIM_2D_LOC) {
  return detail::load_2d_form<T, BlockWidth, BlockHeight, NBlocks, Transposed, Transformed, N,
                              PropertyListT>("load_2d", Ptr, SurfaceWidth, SurfaceHeight,
                                             SurfacePitch, X, Y, loc);
}

// ------------------------------ prefetch_2d
/// Prefetches the blocks load_2d would load (no transpose/transform); props must give a legal
/// prefetch cache-hint pair. No effect on the CPU (the port still checks the surface).
/// HW: lsc_load_block2d.ugm without destination. PVC, Xe2.
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          int N = detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth, false,
                                                     false>(),
          typename PropertyListT = empty_properties_t, XESIM_2D_PROPS_OK>
XESIM_INLINE void prefetch_2d(const T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                              unsigned SurfacePitch, int X, int Y, PropertyListT = {},
                              XESIM_2D_LOC) {
  detail::prefetch_2d_form<T, BlockWidth, BlockHeight, NBlocks, PropertyListT>(
      "prefetch_2d", Ptr, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y, loc);
}

// ------------------------------ store_2d
/// Stores BlockHeight (<= 8) rows of BlockWidth elements of Vals at (X, Y); what falls outside
/// the surface is dropped. HW: lsc_store_block2d.ugm. PVC, Xe2.
template <typename T, int BlockWidth, int BlockHeight = 1,
          int N = detail::get_lsc_block_2d_data_size<T, 1, BlockHeight, BlockWidth, false,
                                                     false>(),
          typename PropertyListT = empty_properties_t, XESIM_2D_PROPS_OK>
XESIM_INLINE void store_2d(T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                           unsigned SurfacePitch, int X, int Y, simd<T, N> Vals,
                           PropertyListT = {}, XESIM_2D_LOC) {
  detail::store_2d_form<T, BlockWidth, BlockHeight, N, PropertyListT>(
      "store_2d", Ptr, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y, Vals, loc);
}

namespace xesim_experimental {
/// DPC++'s experimental::esimd::detail (__ESIMD_EDNS) names the size helper too.
namespace detail {
using ::xesim::esimd::detail::get_lsc_block_2d_data_size;
}  // namespace detail

// ------------------------------ lsc_load_2d, lsc_prefetch_2d, lsc_store_2d
/// As load_2d, with the cache hints as template arguments (L2H was L3H in older DPC++).
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          bool Transposed = false, bool Transformed = false, cache_hint L1H = cache_hint::none,
          cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                            Transposed, Transformed>()>
XESIM_INLINE simd<T, N> lsc_load_2d(const T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                                    unsigned SurfacePitch, int X, int Y, XESIM_2D_LOC) {
  return esimd::detail::load_2d_form<T, BlockWidth, BlockHeight, NBlocks, Transposed,
                                     Transformed, N, esimd::detail::l1_l2_props_t<L1H, L2H>>(
      "lsc_load_2d", Ptr, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y, loc);
}
/// As prefetch_2d; L1H/L2H must be a legal prefetch pair.
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          cache_hint L1H = cache_hint::none, cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                            false, false>()>
XESIM_INLINE void lsc_prefetch_2d(const T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                                  unsigned SurfacePitch, int X, int Y, XESIM_2D_LOC) {
  esimd::detail::prefetch_2d_form<T, BlockWidth, BlockHeight, NBlocks,
                                  esimd::detail::l1_l2_props_t<L1H, L2H>>(
      "lsc_prefetch_2d", Ptr, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y, loc);
}
/// As store_2d.
template <typename T, int BlockWidth, int BlockHeight = 1, cache_hint L1H = cache_hint::none,
          cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, 1, BlockHeight, BlockWidth, false,
                                                            false>()>
XESIM_INLINE void lsc_store_2d(T* Ptr, unsigned SurfaceWidth, unsigned SurfaceHeight,
                               unsigned SurfacePitch, int X, int Y, simd<T, N> Vals,
                               XESIM_2D_LOC) {
  esimd::detail::store_2d_form<T, BlockWidth, BlockHeight, N,
                               esimd::detail::l1_l2_props_t<L1H, L2H>>(
      "lsc_store_2d", Ptr, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y, Vals, loc);
}

// ------------------------------ config_2d_mem_access
/// The parameters of a 2D block message in one object (DPC++'s payload): surface base, width
/// and pitch (bytes minus 1), height (rows minus 1), x (elements), y (rows); the block shape is
/// in the type. Not copyable: DPC++'s copy constructor does not compile either.
template <typename T, int BlockWidth, int BlockHeight, int NBlocks>
class config_2d_mem_access {
 public:
  config_2d_mem_access() = default;
  config_2d_mem_access(const config_2d_mem_access&) = delete;
  config_2d_mem_access(const T* Ptr, uint32_t SurfaceWidth, uint32_t SurfaceHeight,
                       uint32_t SurfacePitch, int32_t X, int32_t Y)
      : ptr_(Ptr), width_(SurfaceWidth), height_(SurfaceHeight), pitch_(SurfacePitch), x_(X),
        y_(Y) {}

  T* get_data_pointer() const { return const_cast<T*>(ptr_); }
  uint32_t get_surface_width() const { return width_; }
  uint32_t get_surface_height() const { return height_; }
  uint32_t get_surface_pitch() const { return pitch_; }
  int32_t get_x() const { return x_; }
  int32_t get_y() const { return y_; }
  constexpr int32_t get_width() const { return BlockWidth; }
  constexpr int32_t get_height() const { return BlockHeight; }
  constexpr int32_t get_number_of_blocks() const { return NBlocks; }

  config_2d_mem_access& set_data_pointer(T* Ptr) { return ptr_ = Ptr, *this; }
  config_2d_mem_access& set_surface_width(uint32_t v) { return width_ = v, *this; }
  config_2d_mem_access& set_surface_height(uint32_t v) { return height_ = v, *this; }
  config_2d_mem_access& set_surface_pitch(uint32_t v) { return pitch_ = v, *this; }
  config_2d_mem_access& set_x(int32_t v) { return x_ = v, *this; }
  config_2d_mem_access& set_y(int32_t v) { return y_ = v, *this; }

 private:
  const T* ptr_ = nullptr;
  uint32_t width_ = 0, height_ = 0, pitch_ = 0;
  int32_t x_ = 0, y_ = 0;
};

/// lsc_load_2d of a payload object. DPC++ returns the raw message here: N must be the padded
/// register size (equal to the default for power-of-two widths of >= 64 bytes per block).
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          bool Transposed = false, bool Transformed = false, cache_hint L1H = cache_hint::none,
          cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                            Transposed, Transformed>()>
XESIM_INLINE simd<T, N> lsc_load_2d(
    config_2d_mem_access<T, BlockWidth, BlockHeight, NBlocks>& payload, XESIM_2D_LOC) {
  using L = esimd::detail::block_2d_layout<T, BlockWidth, BlockHeight, NBlocks, Transposed,
                                           Transformed>;
  static_assert(N * sizeof(T) % 32 == 0, "Invalid size for raw send rspVar");
  static_assert(N == L::kActualN,
                "lsc_load_2d(config_2d_mem_access&): N must be the padded register size of the "
                "message (DPC++ returns the raw message for the payload form)");
  return esimd::detail::load_2d_form<T, BlockWidth, BlockHeight, NBlocks, Transposed,
                                     Transformed, N, esimd::detail::l1_l2_props_t<L1H, L2H>>(
      "lsc_load_2d", payload.get_data_pointer(), payload.get_surface_width(),
      payload.get_surface_height(), payload.get_surface_pitch(), payload.get_x(),
      payload.get_y(), loc);
}
/// lsc_prefetch_2d of a payload object.
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          bool Transposed = false, bool Transformed = false, cache_hint L1H = cache_hint::none,
          cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                            Transposed, Transformed>()>
XESIM_INLINE void lsc_prefetch_2d(
    config_2d_mem_access<T, BlockWidth, BlockHeight, NBlocks>& payload, XESIM_2D_LOC) {
  using Props = esimd::detail::l1_l2_props_t<L1H, L2H>;
  esimd::detail::check_cache_hints<esimd::detail::cache_action::prefetch, Props>();
  esimd::detail::check_block_2d_sizes<T, BlockWidth, BlockHeight, NBlocks, Transposed,
                                      Transformed, esimd::detail::block_2d_op::prefetch>();
  using L = esimd::detail::block_2d_layout<T, BlockWidth, BlockHeight, NBlocks, Transposed,
                                           Transformed>;
  esimd::detail::prefetch_2d_core(
      esimd::detail::make_2d<T, NBlocks * BlockWidth, L::kRowsRead>(
          esimd::detail::block_2d_op::prefetch, "lsc_prefetch_2d", payload.get_data_pointer(),
          payload.get_surface_width(), payload.get_surface_height(),
          payload.get_surface_pitch(), payload.get_x(), payload.get_y()),
      loc);
}
/// lsc_store_2d of a payload object: Data is the register image, rows a power of two apart
/// (for a power-of-two BlockWidth: the rows packed). Elements past N are stored as 0 (the GPU
/// would send whatever follows in registers).
template <typename T, int BlockWidth, int BlockHeight = 1, int NBlocks = 1,
          cache_hint L1H = cache_hint::none, cache_hint L2H = cache_hint::none,
          int N = esimd::detail::get_lsc_block_2d_data_size<T, NBlocks, BlockHeight, BlockWidth,
                                                            false, false>()>
XESIM_INLINE void lsc_store_2d(config_2d_mem_access<T, BlockWidth, BlockHeight, NBlocks>& payload,
                               simd<T, N> Data, XESIM_2D_LOC) {
  using Props = esimd::detail::l1_l2_props_t<L1H, L2H>;
  esimd::detail::check_block_2d_sizes<T, BlockWidth, BlockHeight, NBlocks, false, false,
                                      esimd::detail::block_2d_op::store>();
  esimd::detail::check_cache_hints<esimd::detail::cache_action::store, Props>();
  static_assert(N * sizeof(T) % 32 == 0, "Invalid size for raw send msg_src1");
  constexpr int kPitch = static_cast<int>(esimd::detail::getNextPowerOf2<BlockWidth>());
  constexpr int kImage = BlockHeight * kPitch;
  simd<T, kImage> image(0);
  esimd::detail::copy_n_vec<T, (N < kImage ? N : kImage)>(image.elems(), Data.elems());
  esimd::detail::store_2d_core<T, BlockWidth, BlockHeight, kPitch, kImage>(
      esimd::detail::make_2d<T, BlockWidth, BlockHeight>(
          esimd::detail::block_2d_op::store, "lsc_store_2d", payload.get_data_pointer(),
          payload.get_surface_width(), payload.get_surface_height(),
          payload.get_surface_pitch(), payload.get_x(), payload.get_y()),
      image, loc);
}

}  // namespace xesim_experimental

#undef XESIM_2D_PROPS_OK
#undef XESIM_2D_LOC

}  // namespace xesim::esimd
