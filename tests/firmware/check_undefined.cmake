# SPDX-License-Identifier: MIT
# ctest capi_undefined_symbols: what liblwc.a needs from outside itself (its members'
# undefined symbols that no member defines) is exactly the list docs/firmware.md gives,
# so a firmware developer knows what the C library and the linker must provide (no
# stdio, no getenv, no heap in a one-backend build).
#   cmake -DNM=<arm-none-eabi-nm> -DLIB=<liblwc.a> -DDOC=<docs/firmware.md> -P check_undefined.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${NM} -u ${LIB} OUTPUT_VARIABLE undefined COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${NM} --defined-only ${LIB} OUTPUT_VARIABLE defined COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "[^ \n]+\n" defined_lines "${defined}")
set(defined_names "")
foreach(line ${defined_lines})
  string(STRIP "${line}" name)
  list(APPEND defined_names "${name}")
endforeach()
string(REGEX MATCHALL " U [^\n]+" undefined_lines "${undefined}")
set(needs "")
foreach(line ${undefined_lines})
  string(REGEX REPLACE "^ U " "" name "${line}")
  # libgcc's helpers (__aeabi_*, __gnu_* on Arm, __udivdi3, __ashldi3 ... on RISC-V:
  # division, 64-bit shifts; which ones depends on the core) come with the compiler's own
  # link: not part of the list.
  if(NOT name IN_LIST defined_names AND NOT name MATCHES "^__(aeabi|gnu)_|^__[a-z]+[dst]i[0-9]$")
    list(APPEND needs ${name})
  endif()
endforeach()
list(REMOVE_DUPLICATES needs)
list(SORT needs)

file(READ ${DOC} doc)
if(NOT doc MATCHES "liblwc\\.a's undefined symbols[^:]*:([^.]*)\\.")
  message(FATAL_ERROR "${DOC} has no sentence \"liblwc.a's undefined symbols ...: `a`, `b`.\"")
endif()
string(REGEX MATCHALL "`[^`]+`" listed "${CMAKE_MATCH_1}")
string(REPLACE "`" "" listed "${listed}")
list(APPEND listed ${ALSO})
list(SORT listed)
# Every need listed (a target may need fewer: RISC-V's liblwc.a calls no memcmp), and on
# Arm, the reference, exactly the list.
set(unlisted ${needs})
list(REMOVE_ITEM unlisted ${listed})
if(unlisted OR (EXACT AND NOT needs STREQUAL listed))
  message(FATAL_ERROR "liblwc.a needs: ${needs}\n${DOC} lists: ${listed}")
endif()
message(STATUS "liblwc.a needs only: ${needs}")
