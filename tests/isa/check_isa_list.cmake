# SPDX-License-Identifier: MIT
cmake_minimum_required(VERSION 3.25)
# Checks that every feature test in the headers goes through the list of config.hpp:
# a vector path's #if names features with LWC_HAS(<macro>) only, each macro of the list
# (else the inline namespace would not follow that feature). Run by ctest:
#   cmake -DINCLUDE_DIR=<include/lwc> -P check_isa_list.cmake
file(READ ${INCLUDE_DIR}/detail/config.hpp config)
string(REGEX MATCHALL "X\\((__[A-Za-z0-9_]+)[,)]" entries "${config}")
set(listed "")
foreach(e ${entries})
  string(REGEX REPLACE "X\\((__[A-Za-z0-9_]+)[,)]" "\\1" m "${e}")
  list(APPEND listed ${m})
endforeach()
list(LENGTH listed count)
if(count LESS 30)
  message(FATAL_ERROR "read only ${count} features from config.hpp")
endif()
# Macros that name the architecture, its byte order or the compiler, not a feature (units
# of two byte orders cannot be linked together); and the optimization
# for size, which changes how code is laid out (loops rolled), not what it computes nor
# which instructions it may use: units built -Os and -O2 may share an inline function
# as they share any other the compiler optimized differently.
set(allowed __GNUC__ __clang__ __x86_64__ __i386__ __aarch64__ __arm__ __OPTIMIZE_SIZE__
  __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__)

file(GLOB_RECURSE headers ${INCLUDE_DIR}/*.hpp)
set(errors "")
foreach(h ${headers})
  if(h MATCHES "/detail/config\\.hpp$")
    continue()
  endif()
  file(STRINGS ${h} lines REGEX "^[ \t]*#[ \t]*(if|elif|ifdef|ifndef)|LWC_HAS\\(")
  foreach(line ${lines})
    string(REGEX MATCHALL "LWC_HAS\\([^)]*\\)" tests "${line}")
    foreach(t ${tests})
      string(REGEX REPLACE "LWC_HAS\\(([^)]*)\\)" "\\1" m "${t}")
      if(NOT m IN_LIST listed)
        list(APPEND errors "${h}: LWC_HAS(${m}) is not in the list of config.hpp")
      endif()
    endforeach()
    string(REGEX REPLACE "LWC_HAS\\([^)]*\\)" "" rest "${line}")
    if(rest MATCHES "^[ \t]*#")
      string(REGEX MATCHALL "__[A-Za-z0-9_]+__" macros "${rest}")
      foreach(m ${macros})
        if(NOT m IN_LIST allowed)
          list(APPEND errors "${h}: tests ${m} directly (use LWC_HAS with a listed feature)")
        endif()
      endforeach()
    endif()
  endforeach()
endforeach()
if(errors)
  list(JOIN errors "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "${count} listed features; every feature test in the headers uses them")
