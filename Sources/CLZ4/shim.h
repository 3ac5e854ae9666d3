#ifndef TAPEDECK_CLZ4_SHIM_H
#define TAPEDECK_CLZ4_SHIM_H
#include <lz4frame.h>
#endif
