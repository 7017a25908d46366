#pragma once

namespace mvp::fuzz {

// Aborts with "fuzz check failed: <what>" when `condition` is false: a property a harness
// checks beyond "no crash", reported to libFuzzer as a crash with the input that broke it.
void check(bool condition, const char* what);

}  // namespace mvp::fuzz
