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
