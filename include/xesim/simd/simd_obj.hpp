// simd_obj_impl: the storage and region operations shared by simd<T,N> and simd_mask<N>.
// Storage is a plain aligned array, so element-wise loops compile to vector instructions and
// nothing here ever calls into the runtime.
#pragma once

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdint>
#include <cstring>

#include "xesim/check/uninit.hpp"
#include "xesim/memory/properties.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/simd/region.hpp"
#include "xesim/simd/raw_vector.hpp"
#include "xesim/simd/region_io.hpp"
#include "xesim/simd/traits.hpp"
#include "xesim/simd/vec_convert.hpp"
#include "xesim/sycl/accessor_traits.hpp"

namespace xesim::esimd {
namespace detail {

template <class V, int M>
struct resize_simd;
template <class T, int N, int M>
struct resize_simd<simd<T, N>, M> {
  using type = simd<T, M>;
};
template <class T, int N, int M>
struct resize_simd<simd_mask_impl<T, N>, M> {
  using type = simd_mask_impl<T, M>;
};
/// The vector type of Derived's kind (simd or mask) with M elements.
template <class V, int M>
using resize_simd_t = typename resize_simd<V, M>::type;

/// Copies N elements in pieces of 16 elements (at most 64 bytes), the unit the arithmetic works
/// in, so that g++ can keep each piece of a vector in one register (one 256-byte memcpy it
/// cannot split, and the vector stays in memory).
template <class T, int N>
XESIM_INLINE void copy_n_vec(T* dst, const T* src) {
  constexpr int kBytes = N * static_cast<int>(sizeof(T));
  constexpr int kPiece = 16 * sizeof(T) < 64 ? 16 * static_cast<int>(sizeof(T)) : 64;
  typedef char piece __attribute__((vector_size(kPiece)));
  auto* d = reinterpret_cast<char*>(dst);
  const auto* s = reinterpret_cast<const char*>(src);
#pragma GCC unroll 64
  for (int k = 0; k < kBytes / kPiece; ++k) {
    piece x;
    __builtin_memcpy(&x, s + kPiece * k, kPiece);
    __builtin_memcpy(d + kPiece * k, &x, kPiece);
  }
  if constexpr (kBytes % kPiece != 0)
    __builtin_memcpy(d + kBytes / kPiece * kPiece, s + kBytes / kPiece * kPiece, kBytes % kPiece);
}

/// `v[i]` with i outside [0, N) as an lvalue: DPC++ leaves it undefined; on the GPU a
/// one-element vector lives in one register and the index is ignored (Intel's
/// math_const_fix_test writes `simd<float, 1>[idx]` and reads element 0 back). xesim views
/// element i mod N (so v[idx] of a one-element vector is v[0]) instead of writing past the
/// vector on the host stack, and reports the first such index in the process on stderr.
template <class D>
__attribute__((noinline, cold)) simd_view<D, region1d_scalar_t<typename D::element_type>>
out_of_range_element(D& base, int i) {
  static std::atomic<bool> reported{false};
  if (!reported.exchange(true))
    std::fprintf(stderr,
                 "xesim: warning: [simd-index] v[%d] on a vector of %d elements (undefined in "
                 "DPC++): element %d is used instead (reported once)\n",
                 i, D::length, ((i % D::length) + D::length) % D::length);
  const int k = ((i % D::length) + D::length) % D::length;
  return {base, static_cast<uint32_t>(k) * static_cast<uint32_t>(sizeof(typename D::element_type))};
}

/// Copy / move tracking behind get_test_proxy() (__ESIMD_ENABLE_TEST_PROXY builds only).
class simd_test_proxy {
 public:
  simd_test_proxy() = default;
  simd_test_proxy(const simd_test_proxy&) noexcept {}
  simd_test_proxy(simd_test_proxy&&) noexcept : moved_(true) {}
  simd_test_proxy& operator=(const simd_test_proxy&) noexcept {
    moved_ = false;
    return *this;
  }
  simd_test_proxy& operator=(simd_test_proxy&&) noexcept {
    moved_ = true;
    return *this;
  }
  bool was_move_destination() const noexcept { return moved_; }

 private:
  bool moved_ = false;
};

template <class T, int N, class Derived>
class simd_obj_impl {
  static_assert(N >= 1, "simd: the number of elements N must be >= 1");
  static_assert(is_valid_simd_elem_type_v<T>,
                "simd: element type must be an integral type (not bool), float, double, "
                "sycl::half, bfloat16 or tfloat32");

 public:
  using element_type = T;
  /// How an element is stored (half: _Float16, bfloat16: uint16_t, tfloat32: uint32_t).
  using raw_element_type = __raw_t<T>;
  /// N raw elements as one value (DPC++: a clang vector; here a g++ vector, see raw_vector.hpp).
  using raw_vector_type = vector_type_t<raw_element_type, N>;
  static constexpr int length = N;
  static constexpr unsigned storage_alignment =
      simd_alignment(N * static_cast<int>(sizeof(T)), static_cast<int>(alignof(T)));

 protected:
  alignas(storage_alignment) T data_[N];
  /// The `uninitialized` rule's lane shadow: an empty member unless the program is built with
  /// XESIM_CHECK_UNINIT=1 (xesim/check/uninit.hpp).
  [[no_unique_address]] check::uninit::shadow_t<N> shadow_;
  /// Adds the vector's bytes to the work-item's live simd bytes while it exists: an empty member
  /// with no code unless built with XESIM_SIMD_LIVE (xesim/profile/hooks.hpp).
  [[no_unique_address]] profile::live_t<N* static_cast<int>(sizeof(T))> live_;
#ifdef __ESIMD_ENABLE_TEST_PROXY
  detail::simd_test_proxy test_proxy_;
#endif

  Derived& derived() { return static_cast<Derived&>(*this); }
  const Derived& derived() const { return static_cast<const Derived&>(*this); }

 public:
  /// Elements are left uninitialised, as in DPC++.
  simd_obj_impl() = default;
  simd_obj_impl(const simd_obj_impl&) = default;
  simd_obj_impl(simd_obj_impl&&) = default;
  simd_obj_impl& operator=(const simd_obj_impl&) = default;
  simd_obj_impl& operator=(simd_obj_impl&&) = default;

#ifdef __ESIMD_ENABLE_TEST_PROXY
  /// DPC++'s test hook (programs define __ESIMD_ENABLE_TEST_PROXY): whether this object was last
  /// made by a move (construction or assignment) rather than a copy.
  const detail::simd_test_proxy& get_test_proxy() const noexcept { return test_proxy_; }
#endif

  /// Raw element storage (xesim extension; used by the memory and math layers).
  /// Writing through the pointer counts as writing every lane (instrumented builds).
  XESIM_INLINE T* elems() noexcept {
    XESIM_UNINIT(shadow_.clear_all();)
    return data_;
  }
  XESIM_INLINE const T* elems() const noexcept { return data_; }
  /// The lanes never written since default construction (xesim extension, XESIM_CHECK_UNINIT).
  check::uninit::shadow_t<N>& uninit_shadow() noexcept { return shadow_; }
  const check::uninit::shadow_t<N>& uninit_shadow() const noexcept { return shadow_; }

  /// The elements as a raw vector (a copy of the storage's bytes).
  XESIM_INLINE raw_vector_type data() const {
    raw_vector_type r;
    detail::raw_store<T, N>(r, data_);
    return r;
  }

  // ------------------------------ read / write
  /// A copy of this object.
  Derived read() const { return derived(); }
  /// Replaces every element with `v`'s.
  Derived& write(const Derived& v) {
    std::memcpy(static_cast<void*>(data_), static_cast<const void*>(v.elems()), sizeof(data_));
    XESIM_UNINIT(shadow_ = v.uninit_shadow();)
    return derived();
  }

  // ------------------------------ merge
  /// Lanes where `mask` is non-zero take `v`'s element; the others keep theirs.
  XESIM_INLINE void merge(const Derived& v, const simd_mask_impl<simd_mask_elem_type, N>& mask) {
    detail::merge_n<T, N>(data_, v.elems(), data_, mask.elems());  // blends in registers (vec.hpp)
    XESIM_UNINIT(
        check::uninit::on_merge(derived(), v, static_cast<const Derived*>(nullptr), mask.elems());)
  }
  /// this = mask ? v1 : v2, lane by lane.
  XESIM_INLINE void merge(const Derived& v1, const Derived& v2,
                          const simd_mask_impl<simd_mask_elem_type, N>& mask) {
    detail::merge_n<T, N>(data_, v1.elems(), v2.elems(), mask.elems());
    XESIM_UNINIT(check::uninit::on_merge(derived(), v1, &v2, mask.elems());)
  }

  // ------------------------------ select
  /// A view of Size elements, Stride apart, from element `offset`. Lvalues only: rvalues
  /// return the selected elements as a new vector.
  template <int Size, int Stride>
  simd_view<Derived, region1d_t<T, Size, Stride>> select(uint16_t offset = 0) & {
    static_assert(Size > 1 || Stride == 1, "select: Stride must be 1 when Size is 1");
    static_assert(Size >= 1 && (Size - 1) * Stride < N,
                  "select: the region does not fit in the vector ((Size-1)*Stride < N)");
    return {derived(), static_cast<uint32_t>(offset) * static_cast<uint32_t>(sizeof(T))};
  }
  template <int Size, int Stride>
  XESIM_INLINE resize_simd_t<Derived, Size> select(uint16_t offset = 0) && {
    static_assert(Size > 1 || Stride == 1, "select: Stride must be 1 when Size is 1");
    static_assert(Size >= 1 && (Size - 1) * Stride < N,
                  "select: the region does not fit in the vector ((Size-1)*Stride < N)");
    resize_simd_t<Derived, Size> r;
    detail::region_read<region1d_t<T, Size, Stride>, N * sizeof(T), sizeof(T)>(
        reinterpret_cast<const unsigned char*>(data_), offset * sizeof(T), r.elems());
    return r;
  }

  // ------------------------------ bit_cast_view
  /// This vector's bytes seen as elements of EltTy (sizeof(T)*N must divide evenly).
  template <class EltTy>
  auto bit_cast_view() & {
    static_assert(is_valid_simd_elem_type_v<EltTy>, "bit_cast_view: invalid element type");
    static_assert((N * sizeof(T)) % sizeof(EltTy) == 0,
                  "bit_cast_view: the vector's size must be a multiple of sizeof(EltTy)");
    constexpr int M = static_cast<int>(N * sizeof(T) / sizeof(EltTy));
    return simd_view<Derived, region1d_t<EltTy, M, 1>>{derived(), 0};
  }
  /// This vector's bytes seen as a Height x Width matrix of EltTy.
  template <class EltTy, int Height, int Width>
  auto bit_cast_view() & {
    static_assert(is_valid_simd_elem_type_v<EltTy>, "bit_cast_view: invalid element type");
    static_assert(sizeof(EltTy) * Height * Width == sizeof(T) * N,
                  "bit_cast_view: sizeof(EltTy)*Height*Width must equal the vector's size");
    return simd_view<Derived, region2d_t<EltTy, Height, Width, Width, 1>>{derived(), 0};
  }

  // ------------------------------ operator[]
  /// Element i (by value).
  XESIM_INLINE T operator[](int i) const& { return data_[i]; }
  /// A writable one-element view of element i; converts to T.
  XESIM_INLINE simd_view<Derived, region1d_scalar_t<T>> operator[](int i) & {
    if (static_cast<unsigned>(i) >= static_cast<unsigned>(N)) [[unlikely]]
      return out_of_range_element<Derived>(derived(), i);
    return {derived(), static_cast<uint32_t>(i) * static_cast<uint32_t>(sizeof(T))};
  }
  XESIM_INLINE T operator[](int i) && { return data_[i]; }

  // ------------------------------ iselect / iupdate
  /// Elements at the given indices: r[k] = this[indices[k]].
  template <int Size>
  resize_simd_t<Derived, Size> iselect(const simd<uint16_t, Size>& indices) {
    resize_simd_t<Derived, Size> r;
    for (int k = 0; k < Size; ++k) r.elems()[k] = data_[indices.elems()[k]];
    return r;
  }
  /// this[index] = v.
  void iupdate(uint16_t index, T v) {
    data_[index] = v;
    XESIM_UNINIT(shadow_.set(index, false);)
  }
  /// this[indices[k]] = v[k] where mask[k].
  template <int Size>
  void iupdate(const simd<uint16_t, Size>& indices, const resize_simd_t<Derived, Size>& v,
               const simd_mask_impl<simd_mask_elem_type, Size>& mask) {
    for (int k = 0; k < Size; ++k)
      if (mask.elems()[k]) {
        data_[indices.elems()[k]] = v.elems()[k];
        XESIM_UNINIT(shadow_.set(indices.elems()[k], v.uninit_shadow().test(k));)
      }
  }

  // ------------------------------ replicate
  /// Rep blocks of W elements: block i starts at offset + i*VS, its elements HS apart.
  template <int Rep, int VS, int W, int HS>
  XESIM_INLINE resize_simd_t<Derived, Rep * W> replicate_vs_w_hs(uint16_t offset) const {
    static_assert(Rep >= 1 && W >= 1, "replicate: Rep and W must be >= 1");
    resize_simd_t<Derived, Rep * W> r;  // a 2D region read: permutes of the pieces (region_io.hpp)
    detail::region_read<region2d_t<T, Rep, VS, W, HS>, N * sizeof(T), sizeof(T)>(
        reinterpret_cast<const unsigned char*>(data_), offset * sizeof(T), r.elems());
    return r;
  }
  template <int Rep, int VS, int W>
  resize_simd_t<Derived, Rep * W> replicate_vs_w(uint16_t offset) const {
    return replicate_vs_w_hs<Rep, VS, W, 1>(offset);
  }
  /// The W elements from `offset`, Rep times over.
  template <int Rep, int W>
  resize_simd_t<Derived, Rep * W> replicate_w(uint16_t offset) const {
    return replicate_vs_w_hs<Rep, 0, W, 1>(offset);
  }
  /// The whole vector, Rep times over.
  template <int Rep>
  resize_simd_t<Derived, Rep * N> replicate() const {
    return replicate_vs_w_hs<Rep, 0, N, 1>(0);
  }

  // ------------------------------ any / all
  /// 1 if any element is non-zero (integral element types only).
  template <class T1 = T, class = std::enable_if_t<std::is_integral_v<T1>>>
  XESIM_INLINE uint16_t any() const {
    return detail::any_n<T, N>(data_);
  }
  /// 1 if every element is non-zero (integral element types only).
  template <class T1 = T, class = std::enable_if_t<std::is_integral_v<T1>>>
  XESIM_INLINE uint16_t all() const {
    return detail::all_n<T, N>(data_);
  }

  // ------------------------------ copy_from / copy_to
  /// Loads N contiguous elements from `addr`; Flags assert its alignment. (With no argument
  /// the properties form below is taken: the same element-aligned copy.)
  template <class Flags, class = std::enable_if_t<is_simd_flag_type_v<Flags>>>
  void copy_from(const T* addr, Flags) {
    copy_n_vec<T, N>(data_, addr);
    XESIM_UNINIT(shadow_.clear_all();)
  }
  /// Properties form (DPC++'s current one): copy_from(addr[, props]), copy_from<ChunkSize>(...);
  /// props may give alignment and cache hints (no effect on a CPU). ChunkSize (the GPU's block
  /// size for the copy) does not change the result.
  template <int ChunkSize = 32, class PropertyListT = empty_properties_t,
            class = std::enable_if_t<is_property_list_v<PropertyListT>>>
  void copy_from(const T* addr, PropertyListT = {}) {
    copy_n_vec<T, N>(data_, addr);
    XESIM_UNINIT(shadow_.clear_all();)
  }
  /// Stores the N elements contiguously at `addr`.
  template <class Flags, class = std::enable_if_t<is_simd_flag_type_v<Flags>>>
  void copy_to(T* addr, Flags XESIM_UNINIT(, const std::source_location& loc =
                                                 std::source_location::current())) const {
    XESIM_UNINIT(check::uninit::sink(derived(), nullptr, "copy_to", loc);)
    copy_n_vec<T, N>(addr, data_);
  }
  /// Properties form: copy_to(addr[, props]), copy_to<ChunkSize>(addr[, props]).
  template <int ChunkSize = 32, class PropertyListT = empty_properties_t,
            class = std::enable_if_t<is_property_list_v<PropertyListT>>>
  void copy_to(
      T* addr, PropertyListT = {
      } XESIM_UNINIT(, const std::source_location& loc = std::source_location::current())) const {
    XESIM_UNINIT(check::uninit::sink(derived(), nullptr, "copy_to", loc);)
    copy_n_vec<T, N>(addr, data_);
  }
  /// Loads N elements at byte `offset` of a device accessor's buffer or a local accessor's SLM;
  /// Flags (an alignment flag or properties{alignment<A>}) assert the alignment. ChunkSize is
  /// accepted and ignored, as in DPC++. Defined in xesim/memory/accessor_simd.hpp.
  template <class AccessorT, class Flags = element_aligned_tag, int ChunkSize = 32,
            class = std::enable_if_t<::xesim::sycl::detail::accessor_readable_v<AccessorT>>>
  void copy_from(AccessorT acc, std::uint64_t offset, Flags = {});
  /// Stores the N elements at byte `offset` of a device accessor's buffer or a local accessor's
  /// SLM. Defined in xesim/memory/accessor_simd.hpp.
  template <class AccessorT, class Flags = element_aligned_tag, int ChunkSize = 32,
            class = std::enable_if_t<::xesim::sycl::detail::accessor_writable_v<AccessorT>>>
  void copy_to(AccessorT acc, std::uint64_t offset, Flags = {}) const;
  /// Properties forms with the chunk size second (DPC++'s current order):
  /// copy_from<AccessorT, ChunkSize>(acc, offset[, props]), copy_to<AccessorT, ChunkSize>(...).
  template <class AccessorT, int ChunkSize, class PropertyListT = empty_properties_t,
            class = std::enable_if_t<::xesim::sycl::detail::accessor_readable_v<AccessorT> &&
                                     is_property_list_v<PropertyListT>>>
  void copy_from(AccessorT acc, std::uint64_t offset, PropertyListT props = {}) {
    copy_from<AccessorT, PropertyListT, ChunkSize>(acc, offset, props);
  }
  template <class AccessorT, int ChunkSize, class PropertyListT = empty_properties_t,
            class = std::enable_if_t<::xesim::sycl::detail::accessor_writable_v<AccessorT> &&
                                     is_property_list_v<PropertyListT>>>
  void copy_to(AccessorT acc, std::uint64_t offset, PropertyListT props = {}) const {
    copy_to<AccessorT, PropertyListT, ChunkSize>(acc, offset, props);
  }

  // ------------------------------ unary
  /// Bitwise not of every element (integral element types).
  template <class T1 = T, class = std::enable_if_t<std::is_integral_v<T1>>>
  XESIM_INLINE Derived operator~() const {
    Derived r;
    detail::not_n<T, N>(r.elems(), data_);
    return r;
  }
  /// Per-lane `element == 0` (integral element types).
  template <class T1 = T, class = std::enable_if_t<std::is_integral_v<T1>>>
  XESIM_INLINE simd_mask_impl<simd_mask_elem_type, N> operator!() const {
    simd_mask_impl<simd_mask_elem_type, N> r;
    detail::is_zero_n<T, N>(r.elems(), data_);
    return r;
  }

  /// A one-element vector converts to its element.
  operator T() const requires(N == 1) { return data_[0]; }

  template <class, int, class>
  friend class simd_obj_impl;
};

}  // namespace detail
}  // namespace xesim::esimd
