# Sourced before running a sanitizer build's tests (tools/bootstrap.sh does; docs/fuzzing.md): every
# report fails the test that caused it. Child processes (the command-line and GUI tests run the real
# prefixlab) inherit these.
#
#   abort_on_error=1      a report ends the process with SIGABRT, never with an exit code that a test
#                         expecting 1 or 2 (bad input) would take for the program's own
#   halt_on_error=1       stop at the first report (UBSan: together with -fno-sanitize-recover=all)
#   detect_leaks=1        LeakSanitizer at exit (its exit code is 23); third-party leaks suppressed in
#                         lsan.supp, each with its reason
#   print_stacktrace=1    UBSan prints where, not only what
#   check_initialization_order=1, strict_init_order=1
#                         a global initialised from another file's global not yet initialised is a report
#
#   LP_NUM_THREADS=0      Mesa's llvmpipe rasterises on the GUI's own thread instead of worker threads.
#                         LeakSanitizer's exit-time tracer once crashed ("Tracer caught signal 11 …
#                         LeakSanitizer has encountered a fatal error") in a GUI test while Mesa's
#                         threads were being torn down: an intermittent tool failure with threads ending
#                         during the leak check (google/sanitizers#1353), not a leak. Fewer threads at
#                         exit leave it less to race with; the checks themselves are unchanged.
sanitizers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS=abort_on_error=1:halt_on_error=1:detect_leaks=1:strict_init_order=1:check_initialization_order=1
export UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1:report_error_type=1
export LSAN_OPTIONS=suppressions=$sanitizers_dir/lsan.supp:print_suppressions=0
export LP_NUM_THREADS=0
unset sanitizers_dir
