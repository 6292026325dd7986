# snc_without_sanitizers(TARGET): drop the project's global -fsanitize options from TARGET.
# Valgrind cannot run AddressSanitizer programs (both want to own the address space), so the
# programs run under the snc tool (its benchmark and test fixtures) stay plain even in a
# -DSNC_SANITIZE=ON build.  Other global options (warnings, -Werror) are kept.
include_guard(GLOBAL)

function(snc_without_sanitizers target)
  foreach(property COMPILE_OPTIONS LINK_OPTIONS)
    get_target_property(options ${target} ${property})
    if(options)
      list(FILTER options EXCLUDE REGEX "^-f(no-)?sanitize")
      set_target_properties(${target} PROPERTIES ${property} "${options}")
    endif()
  endforeach()
endfunction()
