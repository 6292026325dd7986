# snc_add_harness(NAME HARNESS.c [LIBRARY-SOURCES...])
#
# Builds a harness program: the harness (written against <snc.h>) and the library
# sources it exercises, linked with the snc runtime, which supplies main(). Run the
# program directly (./NAME --db snc.db) or through `snc run ./NAME`; then `snc show`.
# Inside the snc source tree snc::runtime is an alias of the runtime library; elsewhere
# find_package(snc) provides it.
function(snc_add_harness name)
  if(ARGC LESS 2)
    message(FATAL_ERROR "snc_add_harness(${name}): give the harness source, then the library sources")
  endif()
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE snc::runtime)
  # Exported symbols let traces and reports name the functions of the library under test.
  set_target_properties(${name} PROPERTIES ENABLE_EXPORTS ON)
endfunction()
