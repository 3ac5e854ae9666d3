#ifndef TAPEDECK_CLZ4_SHIM_H
#define TAPEDECK_CLZ4_SHIM_H
#include <lz4.h>
#include <lz4hc.h>
#include <lz4frame.h>
#endif
