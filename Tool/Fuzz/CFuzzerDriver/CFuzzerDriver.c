// Header only: LLVMFuzzerRunDriver is linked from libFuzzer by -sanitize=fuzzer.
#include "CFuzzerDriver.h"
