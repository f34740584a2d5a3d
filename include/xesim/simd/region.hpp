// Regions: the shapes a simd_view selects out of its base vector.
// A region is SizeY rows of SizeX elements of type T; element (y, x) sits StrideY*y + StrideX*x
// elements of T past the view's byte offset into the base. A 1D region is one row.
#pragma once

#include "xesim/simd/traits.hpp"

namespace xesim::esimd {

/// A 2D region of T: SizeY rows, StrideY elements apart; SizeX columns, StrideX apart.
template <class T, int SizeY, int StrideY, int SizeX, int StrideX>
struct region_t {
  static_assert(SizeY >= 1 && SizeX >= 1, "region: sizes must be >= 1");
  using element_type = T;
  static constexpr int length = SizeY * SizeX;
  static constexpr int size_y = SizeY, stride_y = StrideY, size_x = SizeX, stride_x = StrideX;
  static constexpr bool is_2d = SizeY > 1;
  // DPC++'s spellings of the shape (region.hpp's Size_x, ...).
  static constexpr int Size_x = SizeX, Stride_x = StrideX, Size_y = SizeY, Stride_y = StrideY;
  static constexpr bool Is_2D = is_2d;
  static constexpr int Size_in_bytes = SizeY * SizeX * static_cast<int>(sizeof(T));
  /// Elements of T between the view's start and its i-th element (row-major order).
  static constexpr int elem_offset(int i) { return (i / SizeX) * StrideY + (i % SizeX) * StrideX; }
  /// The view's elements are one contiguous run of T, in order.
  static constexpr bool is_contiguous = [] {
    for (int i = 0; i < SizeY * SizeX; ++i)
      if (elem_offset(i) != i) return false;
    return true;
  }();
  /// Bytes from the view's start to one past its last element.
  static constexpr int span_bytes =
      ((SizeY - 1) * StrideY + (SizeX - 1) * StrideX + 1) * static_cast<int>(sizeof(T));
};

/// DPC++'s names: a 1D region of Size elements Stride apart; a 2D region.
template <class T, int Size, int Stride>
using region1d_t = region_t<T, 1, 0, Size, Stride>;
template <class T, int SizeY, int StrideY, int SizeX, int StrideX>
using region2d_t = region_t<T, SizeY, StrideY, SizeX, StrideX>;
template <class T>
using region1d_scalar_t = region1d_t<T, 1, 1>;

/// DPC++'s shape_type<RegionTy>: the region's element type, length and shape.
template <class RegionTy>
struct shape_type {
  using element_type = typename RegionTy::element_type;
  using type = RegionTy;
  static constexpr int length = RegionTy::length;
};

}  // namespace xesim::esimd
