# snc_add_harness(NAME HARNESS.c [LIBRARY-SOURCES...])
#
# Builds a harness program: the harness (written against <snc.h>) and the library
# sources it exercises, linked with the snc runtime, which supplies main(). Run the
# program directly (./NAME --db snc.db) or through `snc run ./NAME`; then `snc show`.
# The library sources are compiled with the scheduler's instrumentation (-fsanitize=thread,
# linked against snc's own hooks, never libtsan), so the program can also run its pairs
# under controlled schedules (--schedules) and replay them; the harness is not.
# A second program, NAME.measure beside NAME (target NAME.measure), is the same harness
# without that instrumentation, built with -g: `--measure` runs it under the snc Valgrind
# tool, so the costs are the library's own, not the hooks'. Building NAME builds it too.
# Inside the snc source tree snc::runtime is an alias of the runtime library; elsewhere
# find_package(snc) provides it.
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/SncTsanInstrument.cmake)      # installed beside it
  include(${CMAKE_CURRENT_LIST_DIR}/SncTsanInstrument.cmake)
else()                                                            # the source tree
  include(${CMAKE_CURRENT_LIST_DIR}/../runtime/scheduler/SncTsanInstrument.cmake)
endif()

function(snc_add_harness name)
  if(ARGC LESS 2)
    message(FATAL_ERROR "snc_add_harness(${name}): give the harness source, then the library sources")
  endif()
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE snc::runtime)
  set(library_sources ${ARGN})
  list(REMOVE_AT library_sources 0)
  if(library_sources)
    snc_tsan_instrument_sources(${name} ${library_sources})
  endif()
  # Exported symbols let traces and reports name the functions of the library under test.
  set_target_properties(${name} PROPERTIES ENABLE_EXPORTS ON)
  add_executable(${name}.measure ${ARGN})
  target_link_libraries(${name}.measure PRIVATE snc::runtime)
  target_compile_options(${name}.measure PRIVATE -g)
  set_target_properties(${name}.measure PROPERTIES ENABLE_EXPORTS ON
    OUTPUT_NAME "$<TARGET_FILE_NAME:${name}>.measure"
    RUNTIME_OUTPUT_DIRECTORY "$<TARGET_FILE_DIR:${name}>")
  add_dependencies(${name} ${name}.measure)
endfunction()
