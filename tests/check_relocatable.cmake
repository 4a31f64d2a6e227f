# SPDX-License-Identifier: MIT
# No compile command of this build holds the checkout's absolute path outside the paths
# ccache's base dir makes relative (-I, the sources): a -D string holding it made every
# other clone (CI's) miss the cache and compile the suites again. Ninja builds only:
#   cmake -DNINJA=<build.ninja> -DROOT=<source dir> -P check_relocatable.cmake
file(STRINGS ${NINJA} lines REGEX "^  (DEFINES|FLAGS) = ")
set(found)
foreach(line ${lines})
  string(FIND "${line}" "${ROOT}" at)
  if(NOT at EQUAL -1)
    list(APPEND found "${line}")
  endif()
endforeach()
list(REMOVE_DUPLICATES found)
if(found)
  list(JOIN found "\n" text)
  message(FATAL_ERROR "compile options hold ${ROOT} (pass a relative path):\n${text}")
endif()
list(LENGTH lines count)
message(STATUS "${count} compile options of ${NINJA}, none holds ${ROOT}")
