# cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -DTEST_SRC=<this folder> -P run.cmake
# Installs BUILD_DIR into WORK_DIR/prefix, then checks `xesim c++` and find_package(xesim).
function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_in text pattern)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "expected '${pattern}' in:\n${text}")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

run_checked("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f bin/xesim include/sycl/sycl.hpp include/sycl/ext/intel/esimd.hpp include/xesim/runtime/device_model.hpp lib/cmake/xesim/xesimConfig.cmake)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${prefix}/${f}")
  endif()
endforeach()
file(GLOB_RECURSE libs ${prefix}/lib*/libxesim.a)
if(NOT libs)
  message(FATAL_ERROR "libxesim.a not installed under ${prefix}")
endif()

# 1. P/bin/xesim c++ uses P's headers and library, not the build tree's.
run_checked("xesim c++" ${prefix}/bin/xesim c++ -v ${TEST_SRC}/tiny.cpp -o ${WORK_DIR}/tiny)
expect_in("${last_output}" "-I${prefix}/include")
expect_in("${last_output}" "${prefix}/lib[^ ]*/libxesim.a")
run_checked("tiny" ${CMAKE_COMMAND} -E env XESIM_DEVICE=max-1550 ${WORK_DIR}/tiny)
expect_in("${last_output}" "device: Intel\\(R\\) Data Center GPU Max 1550 \\(1024 EUs\\), 0 wrong")

# 2. find_package(xesim) in a separate project.
run_checked("consumer configure" ${CMAKE_COMMAND} -S ${TEST_SRC}/consumer -B ${WORK_DIR}/consumer
            -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run_checked("consumer build" ${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run_checked("consumer" ${CMAKE_COMMAND} -E env XESIM_DEVICE=lunar-lake ${WORK_DIR}/consumer/consumer)
expect_in("${last_output}" "consumer: Intel\\(R\\) Arc\\(TM\\) 140V GPU, 0 wrong")
message(STATUS "install test passed")
