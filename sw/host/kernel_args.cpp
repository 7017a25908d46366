#include "kernel_args.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace mvp::host {

std::vector<KernelArg> pack_kernel_args(const toolchain::KernelInfo& kernel,
                                        const std::vector<ArgValue>& values) {
    using Kind = toolchain::KernelArgInfo::Kind;
    if (values.size() != kernel.args.size())
        throw std::invalid_argument("kernel '" + kernel.name + "' takes " +
                                    std::to_string(kernel.args.size()) + " arguments, got " +
                                    std::to_string(values.size()));
    std::vector<KernelArg> words(kernel.words, KernelArg::of_value(0));
    for (size_t i = 0; i < values.size(); ++i) {
        const toolchain::KernelArgInfo& a = kernel.args[i];
        const ArgValue& v = values[i];
        auto where = [&] {
            return "argument " + std::to_string(i) + (a.name.empty() ? "" : " '" + a.name + "'") +
                   " (" + a.type_name + ")";
        };
        const bool pointer = a.kind == Kind::kGlobal || a.kind == Kind::kConstant;
        if (a.kind == Kind::kLocal) {
            if (v.kind != ArgValue::Kind::kLocal)
                throw std::invalid_argument(where() + " is a __local pointer: give its size");
            if (v.value == 0 || v.value > KernelArg::kLocalSizeMask)
                throw std::invalid_argument(where() + " is a __local area of " +
                                            std::to_string(v.value) + " bytes");
            words[a.first_word] =
                KernelArg::of_local(v.value, std::max(a.align, KernelArg::kLocalAlign));
        } else if (pointer) {
            if (v.kind != ArgValue::Kind::kAddress)
                throw std::invalid_argument(where() + " is a buffer");
            words[a.first_word] = KernelArg::of_value(v.value);
        } else {
            if (v.kind != ArgValue::Kind::kBytes || v.bytes.size() != a.size)
                throw std::invalid_argument(where() + " is a value of " + std::to_string(a.size) +
                                            " bytes");
            std::vector<uint8_t> bytes = v.bytes;
            bool negative = !bytes.empty() && (bytes.back() & 0x80);
            uint8_t fill =
                a.extend == toolchain::KernelArgInfo::Extend::kSign && negative ? 0xff : 0;
            bytes.resize(4 * a.words, fill);
            for (uint32_t w = 0; w < a.words; ++w) {
                uint32_t x;
                std::memcpy(&x, &bytes[4 * w], 4);
                words[a.first_word + w] = KernelArg::of_value(x);
            }
        }
    }
    return words;
}

}  // namespace mvp::host
