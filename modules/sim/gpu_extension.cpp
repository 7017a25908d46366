#include "gpu_extension.h"

namespace mvp::sim {

const char* client_name(GpuExtension::Client c) {
    switch (c) {
        case GpuExtension::Client::kIcc:
            return "icc";
        case GpuExtension::Client::kDcc:
            return "dcc";
        case GpuExtension::Client::kDma:
            return "dma";
        case GpuExtension::Client::kLdst:
            return "ldst";
        case GpuExtension::Client::kCp:
            return "cp";
        case GpuExtension::Client::kHost:
            return "host";
        default:
            return "none";
    }
}

}  // namespace mvp::sim
