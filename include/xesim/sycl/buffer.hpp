// buffer<T, D>: memory a command group reaches through accessors. The buffer owns a copy of its
// data (a USM device allocation, so the checks can bound accessor accesses); the host data it was
// built from gets the final contents back when the last handle (buffer copy, sub-buffer,
// reinterpreted buffer, host_accessor) goes away, as SYCL specifies.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/access.hpp"
#include "xesim/sycl/device.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/property.hpp"
#include "xesim/sycl/range.hpp"

namespace xesim::sycl {

class handler;

namespace property::buffer {
/// The buffer uses the host pointer it was given as its memory (no copy, no write-back needed).
struct use_host_ptr {};
/// Accepted; xesim copies host data only at construction and destruction.
class use_mutex {
 public:
  explicit use_mutex(std::mutex& m) : mutex_(&m) {}
  std::mutex* get_mutex_ptr() const noexcept { return mutex_; }

 private:
  std::mutex* mutex_;
};
/// Accepted: there is one context.
class context_bound {
 public:
  explicit context_bound(sycl::context c) : context_(std::move(c)) {}
  sycl::context get_context() const { return context_; }

 private:
  sycl::context context_;
};
}  // namespace property::buffer
template <>
struct is_property<property::buffer::use_host_ptr> : std::true_type {};
template <>
struct is_property<property::buffer::use_mutex> : std::true_type {};
template <>
struct is_property<property::buffer::context_bound> : std::true_type {};

/// The default buffer allocator (std::allocator; xesim allocates buffer memory itself).
template <class T>
using buffer_allocator = std::allocator<T>;

namespace detail {

// ------------------------------ buffer_state
/// The memory behind a buffer and everything sharing it. Destroyed with the last handle: then
/// the final data is written back (unless disabled) and the memory released.
class buffer_state {
 public:
  /// Writes the buffer's bytes somewhere: set_final_data's destination.
  using writer = std::function<void(const std::byte* storage)>;

  /// `bytes` of fresh memory (zeroed), or the caller's memory when `host` is given (use_host_ptr).
  static constexpr std::size_t kBufferAlign = 4096;
  buffer_state(std::size_t bytes, void* host) : bytes_(bytes), owned_(host == nullptr) {
    if (host) {  // adopted: recorded so accessor accesses are bounds-checked against it
      data_ = static_cast<std::byte*>(host);
      registered_ = rt::register_memory(data_, bytes);
      return;
    }
    if (bytes == 0) return;
    // Page-aligned, as the GPU driver places buffer memory: programs assert overaligned<128>
    // (and more) on accessor offsets that are multiples of it (Intel's simd_copy_to_from test).
    data_ = static_cast<std::byte*>(rt::usm_allocate(bytes, kBufferAlign, rt::usm_kind::buffer));
    if (!data_)
      throw exception(make_error_code(errc::memory_allocation),
                      "buffer: cannot allocate " + std::to_string(bytes) + " bytes");
    std::memset(data_, 0, bytes);
  }
  buffer_state(const buffer_state&) = delete;
  buffer_state& operator=(const buffer_state&) = delete;
  ~buffer_state() {
    // As DPC++: the final data is written only when the storage holds something newer than
    // the host memory (a program may free host memory that kernels only read, or that a host
    // accessor already brought up to date, before the buffer dies).
    if (write_back_ && final_) {
      if (final_to_host_) {
        if (storage_newer_) final_(data_);
      } else if (storage_newer_ || host_newer_) {
        if (host_newer_) refresh_storage();
        final_(data_);
      }
    }
    if (owned_ && data_) rt::usm_free(data_);
    if (registered_) rt::unregister_memory(data_);
  }

  std::byte* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  void set_final(writer w) {
    final_ = std::move(w);
    final_to_host_ = false;
  }
  void set_write_back(bool on) noexcept { write_back_ = on; }

  // ---- coherence between the storage (what kernels see) and the program's host memory.
  // DPC++ uses the memory a buffer was built from as its host copy: host accessors read and
  // write it in place, kernels get a device copy refreshed when the host's is newer.
  /// The program's memory this buffer was built from (pointer or container forms).
  /// (The final data goes there too, until set_final_data names another destination.)
  void set_host_memory(void* host) noexcept {
    host_ = static_cast<std::byte*>(host);
    final_to_host_ = true;
  }
  /// A device accessor was made (the kernel reads the storage; `write`: and may change it).
  void device_access(bool write) {
    if (host_newer_) refresh_storage();
    if (write) storage_newer_ = true;
  }
  /// A host accessor was made: returns the memory it views (the program's, brought up to date,
  /// when there is one; else the storage).
  std::byte* host_access(bool write) {
    if (!host_) {
      if (write) storage_newer_ = true;
      return data_;
    }
    if (storage_newer_ && bytes_) std::memcpy(host_, data_, bytes_);
    storage_newer_ = false;
    if (write) host_newer_ = true;
    return host_;
  }

 private:
  void refresh_storage() {
    if (bytes_) std::memcpy(data_, host_, bytes_);
    host_newer_ = false;
  }

  std::byte* data_ = nullptr;
  std::size_t bytes_;
  bool owned_;
  bool registered_ = false;  // adopted memory recorded in the USM registry
  bool write_back_ = true;
  std::byte* host_ = nullptr;
  bool storage_newer_ = false;  // kernels (or a storage-viewing host accessor) may have written
  bool host_newer_ = false;     // a host accessor on host_ may have written
  bool final_to_host_ = false;  // the final data goes to host_
  writer final_;
};

/// Row-major linear index of i in r (dimension D-1 fastest).
template <int D>
constexpr std::size_t linear_id(const id<D>& i, const range<D>& r) noexcept {
  std::size_t l = i[0];
  for (int d = 1; d < D; ++d) l = l * r[d] + i[d];
  return l;
}
/// The id of linear index `lin` in r.
template <int D>
constexpr id<D> delinearize(std::size_t lin, const range<D>& r) noexcept {
  id<D> i;
  for (int d = D - 1; d > 0; --d) {
    i[d] = lin % r[d];
    lin /= r[d];
  }
  i[0] = lin;
  return i;
}

template <class C, class T>
concept contiguous_container_of = requires(C& c) {
  { std::data(c) } -> std::convertible_to<const T*>;
  { std::size(c) } -> std::convertible_to<std::size_t>;
};

}  // namespace detail

// ------------------------------ buffer
/// D-dimensional data of trivially copyable T, reached in kernels through accessors.
template <class T, int Dimensions = 1, class AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "buffer: Dimensions must be 1, 2 or 3");
  static_assert(!std::is_const_v<T>,
                "buffer<const T> is not supported by xesim: use buffer<T> built from a const "
                "T* (it is not written back)");
  static_assert(std::is_trivially_copyable_v<T>,
                "buffer: xesim buffers hold trivially copyable element types (SYCL: "
                "device-copyable)");
  static constexpr int D = Dimensions;
  template <class, int, class>
  friend class buffer;

 public:
  using value_type = T;
  using reference = value_type&;
  using const_reference = const value_type&;
  using allocator_type = AllocatorT;

  // ------------------------------ construction
  /// Uninitialised (zeroed) data of bufferRange elements; nothing is written back.
  buffer(const range<D>& bufferRange, const property_list& propList = {})
      : buffer(bufferRange, AllocatorT(), propList) {}
  buffer(const range<D>& bufferRange, AllocatorT allocator, const property_list& propList = {})
      : range_(bufferRange), alloc_(std::move(allocator)), props_(propList) {
    state_ = std::make_shared<detail::buffer_state>(bytes_of(range_), nullptr);
  }
  /// A copy of hostData[0..size); the final contents are written back to hostData.
  buffer(T* hostData, const range<D>& bufferRange, const property_list& propList = {})
      : buffer(hostData, bufferRange, AllocatorT(), propList) {}
  buffer(T* hostData, const range<D>& bufferRange, AllocatorT allocator,
         const property_list& propList = {})
      : range_(bufferRange), alloc_(std::move(allocator)), props_(propList) {
    init_from(hostData, hostData);
  }
  /// A copy of hostData[0..size); nothing is written back (the pointer is const).
  buffer(const T* hostData, const range<D>& bufferRange, const property_list& propList = {})
      : buffer(hostData, bufferRange, AllocatorT(), propList) {}
  buffer(const T* hostData, const range<D>& bufferRange, AllocatorT allocator,
         const property_list& propList = {})
      : range_(bufferRange), alloc_(std::move(allocator)), props_(propList) {
    init_from(hostData, nullptr);
  }
  /// A copy of the container's elements (D == 1); written back unless std::data is const.
  template <class Container, int E = D>
  requires(E == 1 && detail::contiguous_container_of<Container, T>)
      buffer(Container& container, AllocatorT allocator, const property_list& propList = {})
      : range_(std::size(container)), alloc_(std::move(allocator)), props_(propList) {
    auto* p = std::data(container);
    if constexpr (std::is_const_v<std::remove_pointer_t<decltype(p)>>)
      init_from(p, nullptr);
    else
      init_from(p, p);
  }
  template <class Container, int E = D>
  requires(E == 1 && detail::contiguous_container_of<Container, T>)
      buffer(Container& container, const property_list& propList = {})
      : buffer(container, AllocatorT(), propList) {}
  /// A copy of *hostData; the final contents are written back there.
  buffer(const std::shared_ptr<T>& hostData, const range<D>& bufferRange, AllocatorT allocator,
         const property_list& propList = {})
      : range_(bufferRange), alloc_(std::move(allocator)), props_(propList) {
    init_from(hostData.get(), nullptr);
    if (hostData) set_final_data(hostData);
  }
  buffer(const std::shared_ptr<T>& hostData, const range<D>& bufferRange,
         const property_list& propList = {})
      : buffer(hostData, bufferRange, AllocatorT(), propList) {}
  buffer(const std::shared_ptr<T[]>& hostData, const range<D>& bufferRange, AllocatorT allocator,
         const property_list& propList = {})
      : range_(bufferRange), alloc_(std::move(allocator)), props_(propList) {
    init_from(hostData.get(), nullptr);
    if (hostData) {
      const std::size_t n = range_.size();
      state_->set_final([hostData, n](const std::byte* s) {
        std::memcpy(static_cast<void*>(hostData.get()), s, n * sizeof(T));
      });
    }
  }
  buffer(const std::shared_ptr<T[]>& hostData, const range<D>& bufferRange,
         const property_list& propList = {})
      : buffer(hostData, bufferRange, AllocatorT(), propList) {}
  /// A copy of [first, last) (D == 1); nothing is written back.
  template <class InputIterator, int E = D>
  requires(E == 1 && !std::is_integral_v<InputIterator> &&
           std::is_convertible_v<std::iter_value_t<InputIterator>, T>)
      buffer(InputIterator first, InputIterator last, AllocatorT allocator,
             const property_list& propList = {})
      : alloc_(std::move(allocator)), props_(propList) {
    init_from_iterators(first, last);
  }
  template <class InputIterator, int E = D>
  requires(E == 1 && !std::is_integral_v<InputIterator> &&
           std::is_convertible_v<std::iter_value_t<InputIterator>, T>)
      buffer(InputIterator first, InputIterator last, const property_list& propList = {})
      : props_(propList) {
    init_from_iterators(first, last);
  }
  /// A sub-buffer: subRange elements of b from baseIndex, sharing b's memory. Throws
  /// errc::invalid when the region is outside b or not contiguous in memory.
  buffer(buffer& b, const id<D>& baseIndex, const range<D>& subRange)
      : state_(b.state_), range_(subRange), sub_(true), alloc_(b.alloc_), props_(b.props_) {
    check_sub_buffer(b.range_, baseIndex, subRange);
    byte_offset_ = b.byte_offset_ + detail::linear_id<D>(baseIndex, b.range_) * sizeof(T);
  }

  // ------------------------------ queries
  range<D> get_range() const { return range_; }
  std::size_t size() const noexcept { return range_.size(); }
  std::size_t byte_size() const noexcept { return range_.size() * sizeof(T); }
  [[deprecated("use size()")]] std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return alloc_; }
  bool is_sub_buffer() const noexcept { return sub_; }
  template <class Prop>
  bool has_property() const noexcept {
    return props_.has_property<Prop>();
  }
  template <class Prop>
  Prop get_property() const {
    return props_.get_property<Prop>();
  }

  // ------------------------------ accessors
  /// accessor<T, D, Mode, Targ> for command group cgh (whole buffer, or a ranged one).
  template <access_mode Mode = access_mode::read_write, target Targ = target::device>
  accessor<T, D, Mode, Targ, access::placeholder::false_t> get_access(handler& cgh) {
    return accessor<T, D, Mode, Targ, access::placeholder::false_t>(*this, cgh);
  }
  template <access_mode Mode = access_mode::read_write, target Targ = target::device>
  accessor<T, D, Mode, Targ, access::placeholder::false_t> get_access(handler& cgh,
                                                                      range<D> accessRange,
                                                                      id<D> accessOffset = {}) {
    return accessor<T, D, Mode, Targ, access::placeholder::false_t>(*this, cgh, accessRange,
                                                                    accessOffset);
  }
  /// SYCL 1.2.1 host accessor (deprecated; use host_accessor).
  template <access_mode Mode>
  accessor<T, D, Mode, target::host_buffer, access::placeholder::false_t> get_access() {
    return accessor<T, D, Mode, target::host_buffer, access::placeholder::false_t>(*this);
  }
  template <access_mode Mode>
  accessor<T, D, Mode, target::host_buffer, access::placeholder::false_t> get_access(
      range<D> accessRange, id<D> accessOffset = {}) {
    return accessor<T, D, Mode, target::host_buffer, access::placeholder::false_t>(
        *this, accessRange, accessOffset);
  }
  /// SYCL 2020 forms: get_access(cgh, read_only), get_access(cgh, range, offset, write_only)...
  template <class... Ts>
  auto get_access(handler& cgh, Ts... args) {
    return accessor(*this, cgh, args...);
  }
  template <class... Ts>
  auto get_host_access(Ts... args) {
    return host_accessor(*this, args...);
  }

  // ------------------------------ write-back
  /// Where the final contents go when the last handle is destroyed: nullptr (nowhere), a
  /// pointer, a std::shared_ptr / std::weak_ptr, or an output iterator.
  template <class Destination = std::nullptr_t>
  void set_final_data(Destination finalData = nullptr) {
    const std::size_t n = range_.size(), off = byte_offset_;
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
      state_->set_final(nullptr);
    } else if constexpr (std::is_pointer_v<Destination>) {
      static_assert(std::is_same_v<std::remove_pointer_t<Destination>, T>,
                    "set_final_data: the pointer must point to the buffer's element type");
      if (!finalData) return state_->set_final(nullptr);
      state_->set_final([finalData, n, off](const std::byte* s) {
        std::memmove(static_cast<void*>(finalData), s + off, n * sizeof(T));
      });
    } else if constexpr (requires { finalData.lock(); }) {
      state_->set_final([finalData, n, off](const std::byte* s) {
        if (auto p = finalData.lock())
          std::memmove(static_cast<void*>(p.get()), s + off, n * sizeof(T));
      });
    } else if constexpr (requires {
                           finalData.get();
                           finalData.use_count();
                         }) {
      state_->set_final([finalData, n, off](const std::byte* s) {
        if (finalData) std::memmove(static_cast<void*>(finalData.get()), s + off, n * sizeof(T));
      });
    } else {
      state_->set_final([finalData, n, off](const std::byte* s) {
        const T* p = reinterpret_cast<const T*>(s + off);
        std::copy(p, p + n, finalData);
      });
    }
  }
  /// Turns the write-back to the final-data destination on or off.
  void set_write_back(bool flag = true) { state_->set_write_back(flag); }

  // ------------------------------ reinterpret
  /// The same memory seen as ReinterpretDim-dimensional data of ReinterpretT (same byte size).
  template <class ReinterpretT, int ReinterpretDim>
  buffer<ReinterpretT, ReinterpretDim,
         typename std::allocator_traits<AllocatorT>::template rebind_alloc<ReinterpretT>>
  reinterpret(range<ReinterpretDim> reinterpretRange) const {
    if (reinterpretRange.size() * sizeof(ReinterpretT) != byte_size())
      throw exception(make_error_code(errc::invalid),
                      "buffer::reinterpret: the new range and type must cover the same bytes");
    using R =
        buffer<ReinterpretT, ReinterpretDim,
               typename std::allocator_traits<AllocatorT>::template rebind_alloc<ReinterpretT>>;
    return R(state_, byte_offset_, reinterpretRange, sub_);
  }
  template <class ReinterpretT, int ReinterpretDim = D>
  requires(ReinterpretDim == 1 ||
           (ReinterpretDim == D && sizeof(ReinterpretT) == sizeof(T))) auto reinterpret() const {
    range<ReinterpretDim> r;
    if constexpr (ReinterpretDim == 1)
      r = range<1>(byte_size() / sizeof(ReinterpretT));
    else
      r = range_;
    return reinterpret<ReinterpretT, ReinterpretDim>(r);
  }

  friend bool operator==(const buffer& a, const buffer& b) noexcept {
    return a.state_ == b.state_ && a.byte_offset_ == b.byte_offset_ && a.range_ == b.range_;
  }
  friend bool operator!=(const buffer& a, const buffer& b) noexcept { return !(a == b); }

  // ------------------------------ internal (accessors)
  /// xesim: the first element of this buffer's memory.
  T* xesim_data() const noexcept {
    return state_->data() ? reinterpret_cast<T*>(state_->data() + byte_offset_) : nullptr;
  }
  /// xesim: the shared memory state (host accessors keep it alive).
  const std::shared_ptr<detail::buffer_state>& xesim_state() const noexcept { return state_; }

 private:
  buffer(std::shared_ptr<detail::buffer_state> s, std::size_t off, range<D> r, bool sub)
      : state_(std::move(s)), byte_offset_(off), range_(r), sub_(sub) {}

  static std::size_t bytes_of(const range<D>& r) { return r.size() * sizeof(T); }

  /// Copies host data in (or adopts it with use_host_ptr); final data = `back` (may be null).
  void init_from(const T* host, T* back) {
    const bool adopt = back && props_.has_property<property::buffer::use_host_ptr>();
    state_ = std::make_shared<detail::buffer_state>(bytes_of(range_), adopt ? back : nullptr);
    if (!adopt && host && range_.size())
      std::memcpy(static_cast<void*>(state_->data()), static_cast<const void*>(host),
                  bytes_of(range_));
    if (back && !adopt) {
      set_final_data(back);
      state_->set_host_memory(back);
    }
  }
  template <class It>
  void init_from_iterators(It first, It last) {
    if constexpr (std::is_base_of_v<std::forward_iterator_tag,
                                    typename std::iterator_traits<It>::iterator_category>) {
      range_ = range<D>(static_cast<std::size_t>(std::distance(first, last)));
      state_ = std::make_shared<detail::buffer_state>(bytes_of(range_), nullptr);
      T* out = xesim_data();
      for (; first != last; ++first) *out++ = static_cast<T>(*first);
    } else {
      std::vector<T> tmp(first, last);
      range_ = range<D>(tmp.size());
      state_ = std::make_shared<detail::buffer_state>(bytes_of(range_), nullptr);
      if (!tmp.empty()) std::memcpy(static_cast<void*>(xesim_data()), tmp.data(), bytes_of(range_));
    }
  }
  static void check_sub_buffer(const range<D>& parent, const id<D>& base, const range<D>& sub) {
    for (int d = 0; d < D; ++d)
      if (base[d] + sub[d] > parent[d])
        throw exception(make_error_code(errc::invalid),
                        "buffer: the sub-buffer lies outside its parent buffer");
    // Contiguous: after the first dimension whose extent is not 1, every dimension is whole.
    int first = 0;
    while (first < D - 1 && sub[first] == 1) ++first;
    for (int d = first + 1; d < D; ++d)
      if (base[d] != 0 || sub[d] != parent[d])
        throw exception(make_error_code(errc::invalid),
                        "buffer: a sub-buffer must be contiguous in memory (only the slowest "
                        "non-unit dimension may be partial)");
  }

  std::shared_ptr<detail::buffer_state> state_;
  std::size_t byte_offset_ = 0;
  range<D> range_;
  bool sub_ = false;
  AllocatorT alloc_{};
  property_list props_;
};

// ------------------------------ deduction guides
template <class InputIterator, class AllocatorT>
buffer(InputIterator, InputIterator, AllocatorT, const property_list& = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1, AllocatorT>;
template <class InputIterator>
buffer(InputIterator, InputIterator, const property_list& = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1>;
template <class T, int Dimensions, class AllocatorT>
buffer(const T*, const range<Dimensions>&, AllocatorT, const property_list& = {})
    -> buffer<T, Dimensions, AllocatorT>;
template <class T, int Dimensions>
buffer(const T*, const range<Dimensions>&, const property_list& = {}) -> buffer<T, Dimensions>;
template <class Container, class AllocatorT>
buffer(Container&, AllocatorT, const property_list& = {})
    -> buffer<typename Container::value_type, 1, AllocatorT>;
template <class Container>
buffer(Container&, const property_list& = {}) -> buffer<typename Container::value_type, 1>;

}  // namespace xesim::sycl
