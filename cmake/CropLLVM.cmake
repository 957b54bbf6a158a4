# Finds Debian's LLVM 19 and gives Crop's targets the flags that work with it (see docs/building.md).
#
# find_package(LLVM 19) fails on Debian (the version file wants major.minor) and an unversioned
# find_package silently picks LLVM 14, so ask for 19.1 at its own prefix.
find_package(LLVM 19.1 REQUIRED CONFIG HINTS /usr/lib/llvm-19/lib/cmake/llvm)
message(STATUS "Crop: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}")

set(CROP_LLVM_TOOLS_DIR ${LLVM_TOOLS_BINARY_DIR} CACHE PATH "Where FileCheck, clang and opt live")
find_program(CROP_CLANG NAMES clang-19 clang HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(CROP_FILECHECK NAMES FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR})
find_program(CROP_OPT NAMES opt-19 opt HINTS ${LLVM_TOOLS_BINARY_DIR})

# LLVM-facing code: LLVM's headers and definitions, linked against libLLVM.so (fast links, small
# binaries). Exceptions stay on for the whole project (yaml-cpp and Catch2 need them); no exception may
# cross LLVM code.
function(crop_use_llvm target)
  target_include_directories(${target} SYSTEM PUBLIC ${LLVM_INCLUDE_DIRS})
  separate_arguments(_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${target} PUBLIC ${_defs})
  target_link_libraries(${target} PUBLIC LLVM)
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
endfunction()

# Uniform warnings for Crop's own code.
function(crop_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()

# One Crop library: sources under src/, public headers under include/.
function(crop_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(STATUS "Crop: ${name} has no sources yet; not built")
    return()
  endif()
  add_library(${name} ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${name} PUBLIC ${ARG_DEPENDS})
  crop_use_llvm(${name})
  crop_warnings(${name})
endfunction()
