# cmake -DPROGRAM=... -DMODE=... -DREPORT=... -P expect_report.cmake: runs the canary and fails
# unless it exits non-zero with the sanitizer's report on stderr.
execute_process(COMMAND ${PROGRAM} ${MODE} RESULT_VARIABLE status ERROR_VARIABLE err
                OUTPUT_VARIABLE out)
if(status EQUAL 0)
    message(FATAL_ERROR "sanitizer_canary ${MODE} exited 0: the sanitizer did not stop it\n${err}")
endif()
string(FIND "${err}" "${REPORT}" at)
if(at EQUAL -1)
    message(FATAL_ERROR
        "sanitizer_canary ${MODE} exited with '${status}' without '${REPORT}':\n${err}")
endif()
message(STATUS "sanitizer_canary ${MODE}: reported '${REPORT}', exit '${status}'")
