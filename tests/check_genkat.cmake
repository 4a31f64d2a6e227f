# SPDX-License-Identifier: MIT
# ctest genkat.<name>: lwc_genkat's file for a scheme equals its official KAT file of
# tests/kat byte for byte (an XOF's output length taken from the file's first MD).
#   cmake -DGENKAT=<lwc_genkat> -DKAT=<tests/kat/name.txt> -DOUT=<scratch file> -P check_genkat.cmake
get_filename_component(name ${KAT} NAME_WE)
file(READ ${KAT} official)
set(md_bytes "")
if(official MATCHES "\nMsg = [^\n]*\nMD = ([0-9A-F]*)\n")
  string(LENGTH "${CMAKE_MATCH_1}" hex)
  math(EXPR md_bytes "${hex} / 2")
endif()
# The Ascon designers' SP 800-232 files start the nonce at 0x10 (and PT, AD at 0x20, 0x30).
set(convention "")
if(official MATCHES "^Count = 1\nKey = [0-9A-F]*\nNonce = 10")
  set(convention --sp800-232)
endif()
execute_process(COMMAND ${GENKAT} ${convention} ${name} ${md_bytes} OUTPUT_FILE ${OUT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lwc_genkat ${name} failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${KAT} RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "lwc_genkat ${name} differs from ${KAT} (kept: ${OUT})")
endif()
file(REMOVE ${OUT})
