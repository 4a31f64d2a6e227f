# SPDX-License-Identifier: MIT
# Every frame of the library's code in one build (gcc/clang -fstack-usage: the .su files
# under DIR) is smaller than the stack wipe that follows it: detail::stack_wipe_size
# (read from bytes.hpp) for the single-message code, detail::deep_stack_wipe_size (16 KiB)
# for the batch and its lane code; none is dynamic. A frame is only part of a call's
# depth (callees, the red zone): test_hygiene's StackDepth measures the whole.
#   cmake -DDIR=<object dir> -DTARGET=<name> -DINCLUDE=<include dir> -P check_stack_usage.cmake
# The hosts' depth: the last LWC_STACK_WIPE_SIZE defined (the first is Cortex-M's).
file(STRINGS ${INCLUDE}/lwc/detail/bytes.hpp defines REGEX "^#define LWC_STACK_WIPE_SIZE [0-9]+")
list(GET defines -1 wipe)
string(REGEX REPLACE ".* " "" wipe "${wipe}")
set(lane_wipe 16384)
file(GLOB_RECURSE files ${DIR}/*.su)
if(NOT files)
  message(FATAL_ERROR "${TARGET}: no .su file under ${DIR} (built without -fstack-usage?)")
endif()
set(errors "")
set(count 0)
set(deepest 0)
foreach(f ${files})
  # One list element per line: the semicolons and brackets of C++ signatures replaced.
  file(READ ${f} text)
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "<" text "${text}")
  string(REPLACE "]" ">" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  foreach(line ${lines})
    # gcc: path:line:column:signature; clang: the translation unit:line:mangled name.
    if(NOT line MATCHES "^([^:\t]*):([0-9:]*[0-9]):([^\t]*)\t([0-9]+)\t(.*)$")
      continue()
    endif()
    set(where "${CMAKE_MATCH_1}:${CMAKE_MATCH_2}")
    set(path "${CMAKE_MATCH_1}")
    set(function "${CMAKE_MATCH_3}")
    set(bytes ${CMAKE_MATCH_4})
    set(kind "${CMAKE_MATCH_5}")
    if(path MATCHES "/include/lwc/(.*)$")
      set(header ${CMAKE_MATCH_1})  # gcc names the header of the definition
    elseif(function MATCHES "^_ZNK?3lwc[0-9]+isa_")
      set(header "")  # clang: a function of lwc's inline namespace, by its mangled name
    else()
      continue()  # the test's own code, the standard library, GoogleTest
    endif()
    if(function MATCHES "scheme_list.*(for_each|call_one)")
      continue()  # the registry's loop (for_each, a call_one per scheme): its frames are the caller's lambda, inlined
    endif()
    math(EXPR count "${count} + 1")
    if(function MATCHES "wipe_(deep_)?stack_area")
      continue()  # the wipe itself
    endif()
    if(header MATCHES "(^|/)batch|_lanes\\.hpp$" OR function MATCHES "5batch")
      set(limit ${lane_wipe})
    else()
      set(limit ${wipe})
      if(bytes GREATER deepest)
        set(deepest ${bytes})
      endif()
    endif()
    string(SUBSTRING "${function}" 0 160 short)
    if(NOT bytes LESS limit)
      list(APPEND errors "${where}: ${bytes} bytes (limit ${limit}): ${short}")
    elseif(kind MATCHES "^dynamic$")
      list(APPEND errors "${where}: a dynamic frame: ${short}")
    endif()
  endforeach()
endforeach()
if(count LESS 20)
  message(FATAL_ERROR "${TARGET}: only ${count} frames of include/lwc found: vacuous")
endif()
if(errors)
  list(JOIN errors "\n  " text)
  message(FATAL_ERROR "${TARGET}: frames as deep as the stack wipe or deeper:\n  ${text}")
endif()
message(STATUS "${TARGET}: ${count} frames of include/lwc; deepest single-message frame ${deepest} bytes (wipe ${wipe})")
