// libFuzzer's driver entry point (compiler-rt's FuzzerDriver.cpp), for the fuzz target's main:
// SwiftPM names an executable's entry point itself, so the target calls the driver from there.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
