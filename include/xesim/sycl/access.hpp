// Access modes, targets, address spaces and the accessor tags of SYCL 2020 (read_only,
// write_only, no_init, ...), plus the forward declarations of the accessor classes so buffers
// and handlers can name them before accessor.hpp defines them.
#pragma once

#include <cstdint>
#include <type_traits>

namespace xesim::sycl {

// ------------------------------ access_mode / target
/// How an accessor uses its memory (DPC++'s numbering).
enum class access_mode : int {
  read = 1024,
  write = 1025,
  read_write = 1026,
  discard_write = 1027,       ///< deprecated in SYCL 2020: write_only + no_init
  discard_read_write = 1028,  ///< deprecated in SYCL 2020: read_write + no_init
  atomic = 1029,              ///< deprecated in SYCL 2020 (not supported by xesim)
};

/// What memory an accessor reaches (DPC++'s numbering). device == global_buffer.
enum class target : int {
  global_buffer = 2014,
  constant_buffer = 2015,
  local = 2016,
  image = 2017,
  host_buffer = 2018,
  host_image = 2019,
  image_array = 2020,
  host_task = 2021,
  device = global_buffer,
};

namespace access {
using mode = sycl::access_mode;
using target = sycl::target;
/// SYCL 1.2.1 placeholder marker; SYCL 2020 decides it from the constructor instead.
enum class placeholder { false_t, true_t };
/// Address spaces of multi_ptr.
enum class address_space : int {
  private_space = 0,
  global_space = 1,
  constant_space = 2,
  local_space = 3,
  ext_intel_global_device_space = 4,
  ext_intel_global_host_space = 5,
  generic_space = 6,
};
/// Whether a multi_ptr's pointer type carries its address space (no effect on the CPU).
enum class decorated { no = 0, yes = 1, legacy = 2 };
/// Memory a work-group barrier or fence orders (nd_item::barrier).
enum class fence_space { local_space = 0, global_space = 1, global_and_local = 2 };
}  // namespace access

// ------------------------------ mode tags
/// The type of read_only / write_only / read_write: selects the access mode of an accessor built
/// with class template argument deduction, e.g. `accessor a(buf, cgh, read_only)`.
template <access_mode Mode>
struct mode_tag_t {
  explicit mode_tag_t() = default;
};
/// The type of read_only_host_task and friends: an access mode and the host_task target.
template <access_mode Mode, target Target>
struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};

inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task>
    read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace property {
/// Accessor property: the accessor's previous contents need not be preserved (xesim keeps them:
/// memory is shared with the host, so dropping them would cost a write, not save a copy).
struct no_init {};
/// SYCL 1.2.1 spelling of no_init.
struct noinit {};
}  // namespace property
inline constexpr property::no_init no_init{};
inline constexpr property::noinit noinit{};

namespace detail {

template <class T>
struct mode_of_tag {
  static constexpr bool kIsTag = false;
};
template <access_mode M>
struct mode_of_tag<mode_tag_t<M>> {
  static constexpr bool kIsTag = true;
  static constexpr access_mode kMode = M;
  static constexpr target kTarget = target::device;
};
template <access_mode M, target T>
struct mode_of_tag<mode_target_tag_t<M, T>> {
  static constexpr bool kIsTag = true;
  static constexpr access_mode kMode = M;
  static constexpr target kTarget = T;
};
template <class T>
inline constexpr bool is_mode_tag_v = mode_of_tag<std::remove_cvref_t<T>>::kIsTag;

template <class T>
constexpr access_mode tag_mode_or(access_mode m) {
  if constexpr (is_mode_tag_v<T>)
    return mode_of_tag<std::remove_cvref_t<T>>::kMode;
  else
    return m;
}
template <class T>
constexpr target tag_target_or(target t) {
  if constexpr (is_mode_tag_v<T>)
    return mode_of_tag<std::remove_cvref_t<T>>::kTarget;
  else
    return t;
}

/// The access mode an accessor constructed from these arguments gets (CTAD): the tag's, else
/// read_write (read for a const element type).
template <class DataT, class... Args>
constexpr access_mode deduce_access_mode() {
  access_mode m = std::is_const_v<DataT> ? access_mode::read : access_mode::read_write;
  ((m = tag_mode_or<Args>(m)), ...);
  return m;
}
/// The target an accessor constructed from these arguments gets (CTAD): host_task for the
/// *_host_task tags, else Dflt.
template <target Dflt, class... Args>
constexpr target deduce_target() {
  target t = Dflt;
  ((t = tag_target_or<Args>(t)), ...);
  return t;
}

}  // namespace detail

// ------------------------------ forward declarations (defined in accessor.hpp, ...)
template <class DataT, int Dimensions = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target AccessTarget = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor;
template <class DataT, int Dimensions = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor;
template <class DataT, int Dimensions = 1>
class local_accessor;

namespace detail {
/// Buffer accessors (device, host_task, host_buffer targets): what handler::copy/fill accept.
template <class T>
struct is_buffer_accessor : std::false_type {};
template <class DataT, int D, access_mode M, target T, access::placeholder P>
struct is_buffer_accessor<accessor<DataT, D, M, T, P>>
    : std::bool_constant<T != target::local && T != target::image && T != target::host_image &&
                         T != target::image_array> {};
template <class DataT, int D, access_mode M>
struct is_buffer_accessor<host_accessor<DataT, D, M>> : std::true_type {};
template <class T>
inline constexpr bool is_buffer_accessor_v = is_buffer_accessor<std::remove_cvref_t<T>>::value;
}  // namespace detail

}  // namespace xesim::sycl
