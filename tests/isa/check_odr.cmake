# SPDX-License-Identifier: MIT
cmake_minimum_required(VERSION 3.25)
# The one-definition check on object files compiled with different target flags: no
# function or variable of namespace lwc defined in more than one of them (a weak, inline
# definition the linker would merge) may differ in size between them.
#   cmake -DNM=<nm> -DOBJECTS=<a.o;b.o;...> [-DEXPECT_DIFFERENCES=1] -P check_odr.cmake
# EXPECT_DIFFERENCES (the control run) turns the verdict around: it passes only when
# differences are found.
set(errors "")
set(shared 0)
foreach(obj ${OBJECTS})
  execute_process(COMMAND ${NM} -S --defined-only ${obj} OUTPUT_VARIABLE out
                  COMMAND_ERROR_IS_FATAL ANY)
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line ${lines})
    # address size type mangled name; weak (W, V) and unique (u) definitions that
    # involve namespace lwc (3lwc in the mangled name) only
    if(line MATCHES "^[0-9a-f]+ ([0-9a-f]+) [WVu] (_Z.*3lwc.*)$")
      set(size ${CMAKE_MATCH_1})
      string(MD5 key "${CMAKE_MATCH_2}")
      if(DEFINED seen_${key})
        math(EXPR shared "${shared} + 1")
        if(NOT seen_${key} STREQUAL size)
          list(APPEND errors "${CMAKE_MATCH_2}: ${seen_${key}} bytes in ${where_${key}}, ${size} in ${obj}")
        endif()
      else()
        set(seen_${key} ${size})
        set(where_${key} ${obj})
      endif()
    endif()
  endforeach()
endforeach()
list(LENGTH errors n)
if(EXPECT_DIFFERENCES)
  if(n EQUAL 0)
    message(FATAL_ERROR "control: no difference found in units meant to differ")
  endif()
  message(STATUS "control: ${n} lwc:: definitions differ, as they must")
elseif(n GREATER 0)
  list(JOIN errors "\n" text)
  message(FATAL_ERROR "${n} lwc:: definitions differ between units:\n${text}")
endif()
message(STATUS "${shared} lwc:: definitions found again in another unit, all of the same size")
