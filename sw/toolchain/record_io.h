#pragma once

#include <vector>

#include "binary_reader.h"
#include "binary_writer.h"
#include "program.h"

namespace mvp::toolchain {

// Encodings of the records that .mvpo and .mvpx files share (doc/toolchain.md). The readers
// check enumerations and that PCs and offsets lie inside code_bytes / data_bytes.
void write_lines(BinaryWriter& w, const std::vector<SourceLine>& lines);
// Origin files index the same table as files in a program, their own list in an object.
std::vector<SourceLine> read_lines(BinaryReader& r, size_t num_files, size_t num_origin_files);

void write_symbols(BinaryWriter& w, const std::vector<Symbol>& symbols);
std::vector<Symbol> read_symbols(BinaryReader& r, uint32_t code_bytes, size_t data_bytes,
                                 uint32_t local_bytes);

void write_strings(BinaryWriter& w, const std::vector<std::string>& strings);
std::vector<std::string> read_strings(BinaryReader& r, const char* what);

void write_functions(BinaryWriter& w, const std::vector<Function>& functions);
// Functions must be non-empty, 8-byte aligned, inside the code and sorted without overlap.
std::vector<Function> read_functions(BinaryReader& r, uint32_t code_bytes);

void write_code(BinaryWriter& w, const std::vector<uint64_t>& code);
std::vector<uint64_t> read_code(BinaryReader& r);

void write_data(BinaryWriter& w, const std::vector<uint8_t>& data);
std::vector<uint8_t> read_data(BinaryReader& r);

// The kernels compiled from OpenCL C; read_kernels checks that each argument lies inside its
// kernel's argument words and expects the end of the section.
void write_kernels(BinaryWriter& w, const std::vector<KernelInfo>& kernels);
std::vector<KernelInfo> read_kernels(BinaryReader& r);

}  // namespace mvp::toolchain
