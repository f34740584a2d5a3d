// simd_view: a window into a simd or simd_mask — a region at a byte offset of its base vector.
// Reads and writes go straight to the base's storage, so views of views, bit-cast views and
// compound assignments all update the original vector.
#pragma once

#include "xesim/simd/region_io.hpp"
#include "xesim/simd/simd.hpp"
#include "xesim/simd/simd_mask.hpp"

namespace xesim::esimd {

// ------------------------------ simd_view
/// The elements of BaseTy selected by RegionTy, starting `byte_offset` bytes into the base.
/// Usable wherever a simd (or simd_mask) of RegionTy::length elements is taken.
/// RegionTy defaults to the whole base (DPC++): `simd_view v = some_simd;` deduces it (CTAD).
template <class BaseTy,
          class RegionTy = region1d_t<typename BaseTy::element_type, BaseTy::length, 1>>
class simd_view {
 public:
  using region_type = RegionTy;
  using base_type = BaseTy;
  using element_type = typename RegionTy::element_type;
  using raw_element_type = detail::__raw_t<element_type>;
  static constexpr int length = RegionTy::length;
  using raw_vector_type = detail::vector_type_t<raw_element_type, length>;
  static constexpr bool is_mask = detail::is_simd_mask_type_v<BaseTy>;
  /// The vector type this view reads as.
  using value_type =
      std::conditional_t<is_mask, simd_mask_impl<element_type, length>, simd<element_type, length>>;

  simd_view(BaseTy& base, uint32_t byte_offset) : base_(base), byte_offset_(byte_offset) {}
  /// The region at the start of `base` (with the default region: all of it).
  simd_view(BaseTy& base) : base_(base), byte_offset_(0) {}
  simd_view(const simd_view&) = default;

  static constexpr bool is1D() { return !RegionTy::is_2d; }
  static constexpr bool is2D() { return RegionTy::is_2d; }
  static constexpr int getSizeX() { return RegionTy::size_x; }
  static constexpr int getStrideX() { return RegionTy::stride_x; }
  static constexpr int getSizeY() { return RegionTy::size_y; }
  static constexpr int getStrideY() { return RegionTy::stride_y; }

  /// The base vector this view looks into.
  BaseTy& getBaseObj() { return base_; }

  // ------------------------------ element access
  /// The base's size and element size, which fix how region_io cuts it into pieces.
  static constexpr int kBaseBytes =
      BaseTy::length * static_cast<int>(sizeof(typename BaseTy::element_type));
  static constexpr int kBaseElem = static_cast<int>(sizeof(typename BaseTy::element_type));
  /// The base's storage, taken without marking it written (the instrumented builds' shadow is
  /// updated by read/write/set themselves).
  XESIM_INLINE unsigned char* base_bytes() const {
    using E = typename BaseTy::element_type;
    return reinterpret_cast<unsigned char*>(
        const_cast<E*>(static_cast<const BaseTy&>(base_).elems()));
  }
  XESIM_INLINE unsigned char* elem_addr(int i) const {
    return base_bytes() + byte_offset_ +
           RegionTy::elem_offset(i) * static_cast<int>(sizeof(element_type));
  }
  XESIM_INLINE element_type get(int i) const {
    return detail::load_elem<element_type>(elem_addr(i));
  }
  XESIM_INLINE void set(int i, element_type v) const {
    detail::store_elem<element_type>(elem_addr(i), v);
    XESIM_UNINIT(
        check::uninit::on_elem_write(
            base_, byte_offset_ + RegionTy::elem_offset(i) * static_cast<int>(sizeof(element_type)),
            static_cast<int>(sizeof(element_type)));)
  }

  /// The selected elements as a new vector: permutes of the base's pieces (region_io.hpp).
  XESIM_INLINE value_type read() const {
    value_type r;
    detail::region_read<RegionTy, kBaseBytes, kBaseElem>(base_bytes(), byte_offset_, r.elems());
    XESIM_UNINIT(check::uninit::on_region_read<RegionTy>(base_, byte_offset_, r);)
    return r;
  }
  XESIM_INLINE operator value_type() const { return read(); }
  /// The selected elements as a raw vector.
  raw_vector_type data() const { return read().data(); }
  /// A one-element view converts to its element.
  operator element_type() const requires(length == 1) { return get(0); }

  /// Writes `v` into the selected elements of the base (region_io.hpp).
  XESIM_INLINE simd_view& write(const value_type& v) {
    detail::region_write<RegionTy, kBaseBytes, kBaseElem>(base_bytes(), byte_offset_, v.elems());
    XESIM_UNINIT(check::uninit::on_region_write<RegionTy>(base_, byte_offset_, &v);)
    return *this;
  }

  // ------------------------------ assignment (writes through; never rebinds)
  XESIM_INLINE simd_view& operator=(const simd_view& other) { return write(other.read()); }
  template <class B2, class R2, class = std::enable_if_t<R2::length == length>>
  XESIM_INLINE simd_view& operator=(const simd_view<B2, R2>& other) {
    return write(value_type(other.read()));
  }
  template <class T2, class = std::enable_if_t<!is_mask && !std::is_same_v<T2, element_type>>>
  XESIM_INLINE simd_view& operator=(const simd<T2, length>& v) {
    return write(value_type(v));
  }
  XESIM_INLINE simd_view& operator=(const value_type& v) { return write(v); }
  /// Broadcasts a scalar into every selected element.
  template <class T1, class = std::enable_if_t<detail::is_valid_simd_elem_type_v<T1>>>
  XESIM_INLINE simd_view& operator=(T1 v) {
    value_type x;
    detail::fill_n<element_type, length>(x.elems(), detail::convert_scalar<element_type>(v));
    return write(x);
  }

  // ------------------------------ merge
  /// Selected lanes where `mask` is on take `v`'s element.
  XESIM_INLINE void merge(const value_type& v, const simd_mask<length>& mask) {
    value_type cur = read();
    cur.merge(v, mask);
    write(cur);
  }
  /// selected = mask ? v1 : v2.
  XESIM_INLINE void merge(const value_type& v1, const value_type& v2,
                          const simd_mask<length>& mask) {
    value_type cur;
    cur.merge(v1, v2, mask);
    write(cur);
  }

  // ------------------------------ sub-views
  /// A 1D sub-view: Size elements Stride apart from element `offset` of this (1D) view.
  template <int Size, int Stride>
  auto select(uint16_t offset = 0) {
    static_assert(!RegionTy::is_2d || RegionTy::is_contiguous,
                  "select<Size, Stride>: 1D select of a 2D view needs a contiguous view; use "
                  "select<SizeY, StrideY, SizeX, StrideX>(y, x)");
    static_assert(Size > 1 || Stride == 1, "select: Stride must be 1 when Size is 1");
    static_assert(Size >= 1 && (Size - 1) * Stride < length,
                  "select: the region does not fit in the view ((Size-1)*Stride < length)");
    constexpr int kStride = RegionTy::is_2d ? Stride : Stride * RegionTy::stride_x;
    using R = region1d_t<element_type, Size, kStride>;
    return simd_view<BaseTy, R>{
        base_, byte_offset_ + static_cast<uint32_t>(RegionTy::elem_offset(offset) *
                                                    static_cast<int>(sizeof(element_type)))};
  }
  /// A 2D sub-view of a 2D view: rows y + i*StrideY, columns x + j*StrideX.
  template <int SizeY, int StrideY, int SizeX, int StrideX>
  auto select(uint16_t off_y = 0, uint16_t off_x = 0) {
    static_assert(RegionTy::is_2d || RegionTy::size_y == 1,
                  "select: 2D select needs a 2D view (bit_cast_view<T, H, W>)");
    static_assert(
        (SizeY - 1) * StrideY < RegionTy::size_y && (SizeX - 1) * StrideX < RegionTy::size_x,
        "select: the 2D region does not fit in the view");
    using R = region2d_t<element_type, SizeY, StrideY * RegionTy::stride_y, SizeX,
                         StrideX * RegionTy::stride_x>;
    const int first = off_y * RegionTy::stride_y + off_x * RegionTy::stride_x;
    return simd_view<BaseTy, R>{
        base_,
        byte_offset_ + static_cast<uint32_t>(first * static_cast<int>(sizeof(element_type)))};
  }
  /// Element i of a 1D view (by value).
  element_type operator[](int i) const requires(!RegionTy::is_2d) { return get(i); }
  /// Element i as a one-element view.
  auto operator[](int i) {
    using R = region1d_scalar_t<element_type>;
    return simd_view<BaseTy, R>{
        base_, byte_offset_ + static_cast<uint32_t>(RegionTy::elem_offset(i) *
                                                    static_cast<int>(sizeof(element_type)))};
  }
  /// Row i of a 2D view.
  auto row(int i) {
    // A 2D select of one row (select<1, S, W, 1>(y, x)) is a 2D view in DPC++ too.
    static_assert(RegionTy::is_2d || RegionTy::stride_y != 0, "row: needs a 2D view");
    using R = region1d_t<element_type, RegionTy::size_x, RegionTy::stride_x>;
    return simd_view<BaseTy, R>{
        base_, byte_offset_ + static_cast<uint32_t>(i * RegionTy::stride_y *
                                                    static_cast<int>(sizeof(element_type)))};
  }
  /// Column i of a 2D view.
  auto column(int i) {
    static_assert(RegionTy::is_2d || RegionTy::stride_y != 0, "column: needs a 2D view");
    return select<RegionTy::size_y, 1, 1, 1>(0, static_cast<uint16_t>(i));
  }

  /// The view's bytes seen as another element type (contiguous views only).
  template <class EltTy>
  auto bit_cast_view() {
    static_assert(RegionTy::is_contiguous, "bit_cast_view: needs a contiguous view");
    static_assert((length * sizeof(element_type)) % sizeof(EltTy) == 0,
                  "bit_cast_view: the view's size must be a multiple of sizeof(EltTy)");
    constexpr int M = static_cast<int>(length * sizeof(element_type) / sizeof(EltTy));
    return simd_view<BaseTy, region1d_t<EltTy, M, 1>>{base_, byte_offset_};
  }
  template <class EltTy, int Height, int Width>
  auto bit_cast_view() {
    static_assert(RegionTy::is_contiguous, "bit_cast_view: needs a contiguous view");
    static_assert(sizeof(EltTy) * Height * Width == sizeof(element_type) * length,
                  "bit_cast_view: sizeof(EltTy)*Height*Width must equal the view's size");
    return simd_view<BaseTy, region2d_t<EltTy, Height, Width, Width, 1>>{base_, byte_offset_};
  }

  // ------------------------------ value operations (on a copy)
  // Replicates read the view's elements as one vector; the (y, x) forms start at element
  // y * SizeX + x of a 2D view (x of a 1D view), as DPC++'s simd_view_impl computes it.
  template <int Rep>
  auto replicate() const {
    return read().template replicate<Rep>();
  }
  template <int Rep, int W>
  auto replicate_w(uint16_t off_x) const {
    return read().template replicate_w<Rep, W>(off_x);
  }
  template <int Rep, int W>
  auto replicate_w(uint16_t off_y, uint16_t off_x) const {
    return replicate_vs_w_hs<Rep, 0, W, 1>(off_y, off_x);
  }
  template <int Rep, int VS, int W>
  auto replicate_vs_w(uint16_t off_x) const {
    return read().template replicate_vs_w<Rep, VS, W>(off_x);
  }
  template <int Rep, int VS, int W>
  auto replicate_vs_w(uint16_t off_y, uint16_t off_x) const {
    return replicate_vs_w_hs<Rep, VS, W, 1>(off_y, off_x);
  }
  template <int Rep, int VS, int W, int HS>
  auto replicate_vs_w_hs(uint16_t off_x) const {
    return read().template replicate_vs_w_hs<Rep, VS, W, HS>(off_x);
  }
  template <int Rep, int VS, int W, int HS>
  auto replicate_vs_w_hs(uint16_t off_y, uint16_t off_x) const {
    constexpr int kRow = RegionTy::is_2d ? RegionTy::size_x : 0;
    return read().template replicate_vs_w_hs<Rep, VS, W, HS>(
        static_cast<uint16_t>(off_y * kRow + off_x));
  }
  template <int Size>
  auto iselect(const simd<uint16_t, Size>& idx) const {
    return read().template iselect<Size>(idx);
  }
  template <class T1 = element_type, class = std::enable_if_t<std::is_integral_v<T1>>>
  uint16_t any() const {
    return read().any();
  }
  template <class T1 = element_type, class = std::enable_if_t<std::is_integral_v<T1>>>
  uint16_t all() const {
    return read().all();
  }
  auto operator-() const { return -read(); }
  auto operator+() const { return read(); }
  template <class T1 = element_type, class = std::enable_if_t<std::is_integral_v<T1>>>
  value_type operator~() const {
    return ~read();
  }
  template <class T1 = element_type, class = std::enable_if_t<std::is_integral_v<T1>>>
  auto operator!() const {
    return !read();
  }

  // ------------------------------ compound assignment (read, compute, write back)
#define XESIM_VIEW_OPASSIGN(OP)                                                            \
  template <class X,                                                                       \
            class = decltype(std::declval<value_type&>() OP## = std::declval<const X&>())> \
  XESIM_INLINE simd_view& operator OP##=(const X& x) {                                     \
    value_type v = read();                                                                 \
    v OP## = x;                                                                            \
    return write(v);                                                                       \
  }
  XESIM_VIEW_OPASSIGN(+)
  XESIM_VIEW_OPASSIGN(-)
  XESIM_VIEW_OPASSIGN(*)
  XESIM_VIEW_OPASSIGN(/)
  XESIM_VIEW_OPASSIGN(%)
  XESIM_VIEW_OPASSIGN(&)
  XESIM_VIEW_OPASSIGN(|)
  XESIM_VIEW_OPASSIGN(^)
  XESIM_VIEW_OPASSIGN(<<)
  XESIM_VIEW_OPASSIGN(>>)
#undef XESIM_VIEW_OPASSIGN

  simd_view& operator++() { return *this += element_type(1); }
  value_type operator++(int) {
    value_type r = read();
    ++*this;
    return r;
  }
  simd_view& operator--() { return *this -= element_type(1); }
  value_type operator--(int) {
    value_type r = read();
    --*this;
    return r;
  }

  // ------------------------------ one-element views compare to bool
  /// `v[0] > v[1]` (two one-element views of one type) is a bool, as in DPC++, so that
  /// `bool b = v[0] > v[1] && v[2] < 42;` reads as scalar code.
#define XESIM_VIEW_SCALAR_RELOP(OP)                                                       \
  friend bool operator OP(const simd_view& x, const simd_view& y) requires(length == 1) { \
    return x.get(0) OP y.get(0);                                                          \
  }
  XESIM_VIEW_SCALAR_RELOP(<)
  XESIM_VIEW_SCALAR_RELOP(<=)
  XESIM_VIEW_SCALAR_RELOP(>)
  XESIM_VIEW_SCALAR_RELOP(>=)
  XESIM_VIEW_SCALAR_RELOP(==)
  XESIM_VIEW_SCALAR_RELOP(!=)
#undef XESIM_VIEW_SCALAR_RELOP

 private:
  BaseTy& base_;
  uint32_t byte_offset_;
};

}  // namespace xesim::esimd
