// The host API umbrella: everything a DPC++ program's <sycl/sycl.hpp> provides that xesim
// implements (queue, handler, ranges and ids, events, devices, USM, buffers and accessors,
// exceptions).
#pragma once

#include "xesim/sycl/access.hpp"
#include "xesim/sycl/accessor.hpp"
#include "xesim/sycl/backend.hpp"
#include "xesim/sycl/bit_cast.hpp"
#include "xesim/sycl/buffer.hpp"
#include "xesim/sycl/builtins.hpp"
#include "xesim/sycl/device.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/handler.hpp"
#include "xesim/sycl/host_accessor.hpp"
#include "xesim/sycl/info.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/local_accessor.hpp"
#include "xesim/sycl/multi_ptr.hpp"
#include "xesim/sycl/printf.hpp"
#include "xesim/sycl/property.hpp"
#include "xesim/sycl/queue.hpp"
#include "xesim/sycl/range.hpp"
#include "xesim/sycl/this_work_item.hpp"
#include "xesim/sycl/usm.hpp"
