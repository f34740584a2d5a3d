// DPC++ header <sycl/accessor_image.hpp>: image accessors are not emulated (see <sycl/image.hpp>).
#pragma once

#include <sycl/image.hpp>
