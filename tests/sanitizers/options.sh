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
sanitizers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS=abort_on_error=1:halt_on_error=1:detect_leaks=1:strict_init_order=1:check_initialization_order=1
export UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1:report_error_type=1
export LSAN_OPTIONS=suppressions=$sanitizers_dir/lsan.supp:print_suppressions=0
unset sanitizers_dir
