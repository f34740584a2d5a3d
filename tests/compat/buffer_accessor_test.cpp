// Buffers and accessors through the DPC++ headers, in the style of DPC++'s own tests: write-back
// from every kind of host data (pointer, container, shared_ptr, USM memory), no write-back where
// SYCL says so, set_final_data / set_write_back, use_host_ptr, sub-buffers, reinterpret, ranged
// and multi-dimensional accessors, CTAD with tags, host_accessor, placeholders, explicit copies.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdlib>
#include <list>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

using namespace sycl;

namespace {

std::vector<int> random_ints(std::size_t n) {
  std::vector<int> v(n);
  for (int& x : v) x = std::rand() % 1000 - 500;
  return v;
}

// Doubles every element of buf with a range kernel (accessor built with CTAD and a tag).
template <class T>
void double_all(queue& q, buffer<T, 1>& buf) {
  q.submit([&](handler& cgh) {
    accessor a(buf, cgh, read_write);
    static_assert(
        std::is_same_v<decltype(a), accessor<T, 1, access_mode::read_write, target::device,
                                             access::placeholder::false_t>>);
    cgh.parallel_for(buf.get_range(), [=](id<1> i) { a[i] = a[i] * 2; });
  });
}

}  // namespace

TEST(Buffer, WritesBackToHostPointerContainerAndSharedPtr) {
  std::srand(42);
  queue q;
  const std::vector<int> in = random_ints(1000);
  std::vector<int> via_ptr = in, via_vec = in;
  auto via_shared = std::shared_ptr<int>(new int[in.size()], std::default_delete<int[]>());
  std::copy(in.begin(), in.end(), via_shared.get());
  {
    buffer<int, 1> b1(via_ptr.data(), range<1>(in.size()));
    buffer b2(via_vec);  // CTAD from a container
    buffer<int, 1> b3(via_shared, range<1>(in.size()));
    double_all(q, b1);
    double_all(q, b2);
    double_all(q, b3);
    EXPECT_EQ(via_ptr, in) << "host data must not change while the buffer exists";
  }
  for (std::size_t i = 0; i < in.size(); ++i) {
    ASSERT_EQ(via_ptr[i], 2 * in[i]) << i;
    ASSERT_EQ(via_vec[i], 2 * in[i]) << i;
    ASSERT_EQ(via_shared.get()[i], 2 * in[i]) << i;
  }
}

TEST(Buffer, WritesBackIntoUsmMemory) {
  std::srand(42);
  queue q;
  const std::vector<int> in = random_ints(256);
  int* shared = malloc_shared<int>(in.size(), q);
  std::copy(in.begin(), in.end(), shared);
  {
    buffer<int, 1> b(shared, range<1>(in.size()));
    double_all(q, b);
  }
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(shared[i], 2 * in[i]) << i;
  free(shared, q);
}

TEST(Buffer, NoWriteBackForConstDataIteratorsAndWhenDisabled) {
  std::srand(42);
  queue q;
  const std::vector<int> in = random_ints(64);
  std::vector<int> disabled = in, redirected = in, out(in.size(), 0);
  std::list<int> from_list(in.begin(), in.end());
  {
    buffer<int, 1> from_const(static_cast<const int*>(in.data()), range<1>(in.size()));
    buffer from_iters(from_list.begin(), from_list.end());  // CTAD from iterators
    buffer<int, 1> no_back(disabled.data(), range<1>(in.size()));
    no_back.set_write_back(false);
    buffer<int, 1> elsewhere(redirected.data(), range<1>(in.size()));
    elsewhere.set_final_data(out.data());
    for (auto* b : {&from_const, &from_iters, &no_back, &elsewhere}) double_all(q, *b);
    host_accessor h(from_iters, read_only);
    for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(h[i], 2 * in[i]);
  }
  EXPECT_EQ(std::vector<int>(from_list.begin(), from_list.end()), in);
  EXPECT_EQ(disabled, in);
  EXPECT_EQ(redirected, in);
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], 2 * in[i]);
}

TEST(Buffer, OnlyWritingAccessorsMakeTheBufferWriteBack) {
  // Intel's *_stateless_64 tests free the host memory of an input buffer that kernels only read
  // before the buffer dies: DPC++ does not copy such a buffer back, and neither may xesim. The
  // input lives on its own mapped pages, unmapped before the buffer's destructor: a write-back
  // would fault.
  queue q;
  const long page = sysconf(_SC_PAGESIZE);
  void* m = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(m, MAP_FAILED);
  int* in = static_cast<int*>(m);
  std::iota(in, in + 64, 0);
  std::vector<int> out(64, 0), touched(64, 5);
  {
    buffer<int, 1> src(in, range<1>(64)), dst(out.data(), range<1>(64));
    buffer<int, 1> host_written(touched.data(), range<1>(64));
    q.submit([&](handler& cgh) {
      accessor a(src, cgh, read_only);
      accessor b(dst, cgh, write_only);
      cgh.parallel_for(range<1>(64), [=](id<1> i) { b[i] = a[i] * 3; });
    });
    {
      host_accessor r(src, read_only);  // a read-only host accessor does not either
      EXPECT_EQ(r[63], 63);
    }
    {
      host_accessor w(host_written);  // read_write by default: written back
      w[1] = -1;
    }
    ASSERT_EQ(munmap(m, page), 0);
  }
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], 3 * i) << i;
  EXPECT_EQ(touched[1], -1);
  EXPECT_EQ(touched[0], 5);
}

TEST(Buffer, HostAccessorsWorkInTheProgramsMemory) {
  // Intel's accessor_stateless_64: kernel writes, a (read_write) host accessor checks them, the
  // host memory is deleted, then the accessor and the buffer die. DPC++'s host accessor brings
  // the program's memory up to date and works in it, so nothing is left to write back.
  queue q;
  int* host = new int[64];
  std::iota(host, host + 64, 0);
  {
    buffer<int, 1> b(host, range<1>(64));
    double_all(q, b);
    EXPECT_EQ(host[5], 5) << "the kernel's result reached the host before a host accessor";
    host_accessor h(b);
    EXPECT_EQ(host[5], 10) << "a host accessor brings the program's memory up to date";
    EXPECT_EQ(&h[0], host) << "and views it";
    h[6] = -6;
    delete[] host;
  }
  // Host-accessor writes reach the next kernel, through a placeholder accessor too.
  std::vector<int> v(16, 1), out(16, 0);
  {
    buffer<int, 1> b(v.data(), range<1>(16)), o(out.data(), range<1>(16));
    accessor<int, 1, access_mode::read, target::device, access::placeholder::true_t> ph(b);
    {
      host_accessor h(b, write_only);
      for (int i = 0; i < 16; ++i) h[i] = 7 * i;
    }
    q.submit([&](handler& cgh) {
      cgh.require(ph);
      accessor w(o, cgh, write_only);
      cgh.parallel_for(range<1>(16), [=](id<1> i) { w[i] = ph[i] + 1; });
    });
    double_all(q, b);
  }
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(out[i], 7 * i + 1) << i;
    EXPECT_EQ(v[i], 14 * i) << i;
  }
}

TEST(Buffer, UseHostPtrSharesTheMemory) {
  std::vector<float> data(32, 1.5f);
  queue q;
  buffer<float, 1> b(data.data(), range<1>(data.size()), {property::buffer::use_host_ptr{}});
  EXPECT_TRUE(b.has_property<property::buffer::use_host_ptr>());
  EXPECT_FALSE(b.has_property<property::buffer::use_mutex>());
  double_all(q, b);
  EXPECT_EQ(data[7], 3.0f);  // no copy: visible at once
}

TEST(Buffer, CopiesShareStateAndWriteBackOnceAtTheLastHandle) {
  std::vector<int> data(16, 3);
  queue q;
  {
    std::unique_ptr<buffer<int, 1>> first(new buffer<int, 1>(data.data(), range<1>(16)));
    buffer<int, 1> second = *first;
    EXPECT_TRUE(second == *first);
    first.reset();
    double_all(q, second);
    EXPECT_EQ(data[0], 3);
  }
  EXPECT_EQ(data[0], 6);
}

TEST(Buffer, SubBuffersAndReinterpret) {
  std::vector<int> data(40);
  std::iota(data.begin(), data.end(), 0);
  queue q;
  {
    buffer<int, 2> whole(data.data(), range<2>(4, 10));
    buffer<int, 2> rows(whole, id<2>(1, 0), range<2>(2, 10));
    EXPECT_TRUE(rows.is_sub_buffer());
    q.submit([&](handler& cgh) {
      accessor a(rows, cgh, write_only, no_init);
      cgh.parallel_for(rows.get_range(), [=](item<2> it) { a[it.get_id()] = -1; });
    });
    EXPECT_THROW((buffer<int, 2>(whole, id<2>(0, 2), range<2>(2, 5))), sycl::exception);
    EXPECT_THROW((buffer<int, 2>(whole, id<2>(3, 0), range<2>(2, 10))), sycl::exception);
    auto flat = whole.reinterpret<int, 1>(range<1>(40));
    auto bytes = whole.reinterpret<unsigned char, 1>();
    EXPECT_EQ(bytes.size(), 160u);
    host_accessor h(flat, read_only);
    EXPECT_EQ(h[9], 9);
    EXPECT_EQ(h[10], -1);
    EXPECT_EQ(h[29], -1);
    EXPECT_EQ(h[30], 30);
  }
  EXPECT_EQ(data[15], -1);
  EXPECT_EQ(data[35], 35);
}

TEST(Accessor, RangedMultiDimensionalAccessorsIndexFromTheirOffset) {
  constexpr std::size_t H = 6, W = 8;
  std::vector<int> data(H * W, 0);
  queue q;
  {
    buffer<int, 2> b(data.data(), range<2>(H, W));
    q.submit([&](handler& cgh) {
      accessor a(b, cgh, range<2>(2, 3), id<2>(1, 4), read_write);
      EXPECT_EQ(a.get_offset(), (id<2>(1, 4)));
      EXPECT_EQ(a.size(), 6u);
      EXPECT_EQ(a.byte_size(), 6 * sizeof(int));
      cgh.parallel_for(range<2>(2, 3), [=](item<2> it) {
        a[it.get_id(0)][it.get_id(1)] = static_cast<int>(10 * it.get_id(0) + it.get_id(1) + 1);
      });
    });
    host_accessor h(b, read_only);
    EXPECT_EQ(h[1][4], 1);
    EXPECT_EQ((h[id<2>(2, 6)]), 13);
    host_accessor window(b, range<2>(2, 3), id<2>(1, 4), read_only);
    EXPECT_EQ(std::vector<int>(window.begin(), window.end()),
              (std::vector<int>{1, 2, 3, 11, 12, 13}));
    EXPECT_EQ(window.get_pointer(), h.get_pointer()) << "get_pointer is the buffer's start";
    EXPECT_THROW((host_accessor(b, range<2>(6, 1), id<2>(1, 0))), sycl::exception);
  }
  EXPECT_EQ(data[1 * W + 4], 1);
  EXPECT_EQ(data[2 * W + 6], 13);
  EXPECT_EQ(data[0], 0);
}

TEST(Accessor, DeducedTypesOfTagsAndLegacyForms) {
  buffer<float, 1> b{range<1>(8)};
  host_accessor h(b);
  static_assert(std::is_same_v<decltype(h), host_accessor<float, 1, access_mode::read_write>>);
  host_accessor hr(b, read_only);
  static_assert(std::is_same_v<decltype(hr)::value_type, const float>);
  accessor placeholder(b, read_only);
  static_assert(
      std::is_same_v<decltype(placeholder), accessor<float, 1, access_mode::read, target::device,
                                                     access::placeholder::true_t>>);
  EXPECT_TRUE(placeholder.is_placeholder());
  auto legacy = b.get_access<access::mode::write>();  // SYCL 1.2.1 host accessor
  legacy[3] = 2.5f;
  EXPECT_EQ(hr[3], 2.5f);
  static_assert(std::is_trivially_copyable_v<accessor<float, 3, access_mode::read>>,
                "device accessors are passed to kernels and ESIMD functions by value");
}

TEST(Handler, PlaceholdersExplicitCopiesFillAndHostTask) {
  std::srand(42);
  queue q;
  const std::vector<int> in = random_ints(100);
  std::vector<int> out(100, 0);
  buffer<int, 1> b(range<1>(100));
  accessor<int, 1, access_mode::read_write, target::device, access::placeholder::true_t> ph(b);
  q.submit([&](handler& cgh) {
    cgh.require(ph);
    cgh.copy(in.data(), ph);
  });
  q.submit([&](handler& cgh) {
    auto a = b.get_access<access::mode::read_write>(cgh);
    cgh.parallel_for<class AddOne>(range<1>(100), [=](id<1> i) { a[i] += 1; });
  });
  q.submit([&](handler& cgh) {
    accessor a(b, cgh, read_only);
    cgh.copy(a, out.data());
  });
  for (int i = 0; i < 100; ++i) ASSERT_EQ(out[i], in[i] + 1);
  buffer<int, 1> c(range<1>(100));
  q.submit([&](handler& cgh) {
    accessor dst(c, cgh, range<1>(50), id<1>(50), write_only);
    cgh.fill(dst, 7);
  });
  int seen = 0;
  q.submit([&](handler& cgh) {
    accessor h(c, cgh, read_only_host_task);
    static_assert(decltype(h)::access_target == target::host_task);
    cgh.host_task([=, &seen] { seen = h[0] + h[99]; });
  });
  EXPECT_EQ(seen, 7);
}

TEST(Handler, HostTaskExceptionsAreAsynchronous) {
  int calls = 0;
  queue q([&](exception_list l) { calls += static_cast<int>(l.size()); });
  q.submit([&](handler& cgh) {
    cgh.host_task([] { throw sycl::exception(make_error_code(errc::runtime), "x"); });
  });
  EXPECT_EQ(calls, 0);
  q.wait_and_throw();
  EXPECT_EQ(calls, 1);
}
