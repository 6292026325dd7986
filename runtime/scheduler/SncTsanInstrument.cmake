# snc_tsan_instrument(<target>): compile <target> the way a library under test is compiled
# for controlled interleavings: -fsanitize=thread instrumentation and no other sanitizer
# (the project-wide ASan/UBSan flags of -DSNC_SANITIZE=ON cannot be combined with it; the
# objects are linked without libtsan, against snc_sched's hooks).
#   gcc:   -Wno-tsan silences "atomic_thread_fence is not supported with -fsanitize=thread"
#          (the hooks do support it).
#   clang: -tsan-instrument-read-before-write keeps the read of `x = x + 1` a scheduling
#          point; without it clang only instruments the write.
function(snc_tsan_instrument target)
  get_target_property(opts ${target} COMPILE_OPTIONS)
  if(NOT opts)
    set(opts "")
  endif()
  list(FILTER opts EXCLUDE REGEX "sanitize")
  list(APPEND opts -fsanitize=thread)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    list(APPEND opts -Wno-tsan)
  elseif(CMAKE_C_COMPILER_ID MATCHES "Clang")
    list(APPEND opts "SHELL:-mllvm -tsan-instrument-read-before-write")
  endif()
  set_property(TARGET ${target} PROPERTY COMPILE_OPTIONS ${opts})
endfunction()

# snc_tsan_instrument_sources(<target> <source>...): the same for some sources of <target>
# only: a harness program's library sources, while the harness itself stays uninstrumented.
# The flags apply wherever these files are compiled for a target marked SNC_TSAN_INSTRUMENT
# (this one is marked), so the same files compiled into an ordinary library of the project
# stay as they are. They come after the target's own options: -fno-sanitize=all first
# cancels a sanitizer the target is built with (ASan does not mix with the instrumentation
# in one object). Call it in the directory that creates <target>.
function(snc_tsan_instrument_sources target)
  set_property(TARGET ${target} PROPERTY SNC_TSAN_INSTRUMENT ON)
  set(flags -fno-sanitize=all -fsanitize=thread)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    list(APPEND flags -Wno-tsan)
  elseif(CMAKE_C_COMPILER_ID MATCHES "Clang")   # (source options take no SHELL: prefix)
    list(APPEND flags -mllvm -tsan-instrument-read-before-write)
  endif()
  foreach(source ${ARGN})
    get_property(have SOURCE ${source} PROPERTY COMPILE_OPTIONS)
    foreach(flag ${flags})
      set(option "$<$<BOOL:$<TARGET_PROPERTY:SNC_TSAN_INSTRUMENT>>:${flag}>")
      if(NOT option IN_LIST have)   # a source shared by several harnesses: flags once
        set_property(SOURCE ${source} APPEND PROPERTY COMPILE_OPTIONS "${option}")
      endif()
    endforeach()
  endforeach()
endfunction()
