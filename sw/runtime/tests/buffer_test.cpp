// Buffers: creation flags, transfers with their range checks, copies, fills, rectangles,
// sub-buffers and mapping.

#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using BufferTest = ClTest;

TEST_F(BufferTest, OneMebibyteOfRandomDataRoundTrips) {
    constexpr size_t kBytes = size_t{1} << 20;
    std::vector<uint8_t> data(kBytes);
    std::mt19937 random(2024);
    for (uint8_t& b : data) b = static_cast<uint8_t>(random());
    cl_mem m = buffer(kBytes);
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, m, CL_TRUE, 0, kBytes, data.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<uint8_t> back(kBytes, 0);
    ASSERT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, kBytes, back.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_TRUE(back == data);
}

TEST_F(BufferTest, CreateErrors) {
    cl_int err = CL_SUCCESS;
    int host[4] = {};
    EXPECT_EQ(clCreateBuffer(context_, 0, 0, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
    EXPECT_EQ(clCreateBuffer(context_, 0, size_t{1} << 40, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
    EXPECT_EQ(clCreateBuffer(context_, CL_MEM_COPY_HOST_PTR, sizeof host, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_HOST_PTR);
    EXPECT_EQ(clCreateBuffer(context_, 0, sizeof host, host, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_HOST_PTR);
    EXPECT_EQ(clCreateBuffer(context_, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, nullptr, &err),
              nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateBuffer(context_, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, sizeof host,
                             host, &err),
              nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateBuffer(nullptr, 0, 16, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_CONTEXT);
    // With a NULL errcode_ret the error shows as a NULL buffer only.
    EXPECT_EQ(clCreateBuffer(context_, 0, 0, nullptr, nullptr), nullptr);
}

TEST_F(BufferTest, HostPointerIsCopiedAtCreation) {
    std::vector<int> host(100);
    std::iota(host.begin(), host.end(), 7);
    cl_int err;
    cl_mem copy = clCreateBuffer(context_, CL_MEM_COPY_HOST_PTR, host.size() * sizeof(int),
                                 host.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem use =
        clCreateBuffer(context_, CL_MEM_USE_HOST_PTR, host.size() * sizeof(int), host.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::vector<int> original = host;
    std::fill(host.begin(), host.end(), -1);  // later host writes do not reach the device
    EXPECT_EQ(read<int>(copy, 100), original);
    EXPECT_EQ(read<int>(use, 100), original);
    void* host_ptr = nullptr;
    EXPECT_EQ(clGetMemObjectInfo(use, CL_MEM_HOST_PTR, sizeof host_ptr, &host_ptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(host_ptr, host.data());
    // Mapping a CL_MEM_USE_HOST_PTR buffer gives the application's memory, with the device's
    // contents.
    void* mapped = clEnqueueMapBuffer(queue_, use, CL_TRUE, CL_MAP_READ, 0,
                                      host.size() * sizeof(int), 0, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(mapped, host.data());
    EXPECT_EQ(host, original);
    EXPECT_EQ(clEnqueueUnmapMemObject(queue_, use, mapped, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(copy), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(use), CL_SUCCESS);
}

TEST_F(BufferTest, ReadWriteRangeChecks) {
    std::vector<int> data(64, 5);
    cl_mem m = buffer(64 * sizeof(int));
    auto write = [&](size_t offset, size_t size, const void* ptr) {
        return clEnqueueWriteBuffer(queue_, m, CL_TRUE, offset, size, ptr, 0, nullptr, nullptr);
    };
    auto read_back = [&](size_t offset, size_t size, void* ptr) {
        return clEnqueueReadBuffer(queue_, m, CL_TRUE, offset, size, ptr, 0, nullptr, nullptr);
    };
    EXPECT_EQ(write(0, 256, data.data()), CL_SUCCESS);
    EXPECT_EQ(write(4, 256, data.data()), CL_INVALID_VALUE);
    EXPECT_EQ(write(257, 0, data.data()), CL_INVALID_VALUE);
    EXPECT_EQ(write(0, 0, data.data()), CL_INVALID_VALUE);
    EXPECT_EQ(write(0, 4, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(read_back(255, 2, data.data()), CL_INVALID_VALUE);
    EXPECT_EQ(read_back(SIZE_MAX, 2, data.data()), CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueReadBuffer(queue_, nullptr, CL_TRUE, 0, 4, data.data(), 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(clEnqueueReadBuffer(nullptr, m, CL_TRUE, 0, 4, data.data(), 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE);
    // A write at an offset changes only its range.
    int value = 99;
    EXPECT_EQ(write(10 * sizeof(int), sizeof value, &value), CL_SUCCESS);
    std::vector<int> back = read<int>(m, 64);
    for (int i = 0; i < 64; ++i) EXPECT_EQ(back[i], i == 10 ? 99 : 5) << i;
    int two[2] = {};
    EXPECT_EQ(read_back(9 * sizeof(int), sizeof two, two), CL_SUCCESS);
    EXPECT_EQ(two[0], 5);
    EXPECT_EQ(two[1], 99);
}

TEST_F(BufferTest, HostAccessFlags) {
    cl_int err;
    cl_mem m = clCreateBuffer(context_, CL_MEM_HOST_NO_ACCESS, 16, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    int data[4] = {};
    EXPECT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, 16, data, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
    EXPECT_EQ(clEnqueueWriteBuffer(queue_, m, CL_TRUE, 0, 16, data, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
    EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
}

TEST_F(BufferTest, CopyAndFill) {
    std::vector<uint32_t> data(256);
    std::iota(data.begin(), data.end(), 0u);
    cl_mem src = buffer(1024, data.data());
    cl_mem dst = buffer(1024);
    uint32_t pattern = 0xdeadbeef;
    ASSERT_EQ(
        clEnqueueFillBuffer(queue_, dst, &pattern, sizeof pattern, 0, 1024, 0, nullptr, nullptr),
        CL_SUCCESS);
    ASSERT_EQ(clEnqueueCopyBuffer(queue_, src, dst, 16, 512, 64, 0, nullptr, nullptr), CL_SUCCESS);
    std::vector<uint32_t> back = read<uint32_t>(dst, 256);
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t expected = i >= 128 && i < 144 ? i - 128 + 4 : 0xdeadbeef;
        EXPECT_EQ(back[i], expected) << i;
    }
    EXPECT_EQ(clEnqueueCopyBuffer(queue_, src, src, 0, 32, 64, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP);
    EXPECT_EQ(clEnqueueCopyBuffer(queue_, src, dst, 1000, 0, 64, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueFillBuffer(queue_, dst, &pattern, 3, 0, 12, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueFillBuffer(queue_, dst, &pattern, 4, 2, 12, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
}

TEST_F(BufferTest, Rectangles) {
    // A 16 x 8 matrix of ints; copy a 3 x 2 block at (column 4, row 5) out and back.
    std::vector<int> matrix(16 * 8);
    std::iota(matrix.begin(), matrix.end(), 0);
    cl_mem m = buffer(matrix.size() * sizeof(int), matrix.data());
    const size_t buffer_origin[3] = {4 * sizeof(int), 5, 0};
    const size_t host_origin[3] = {0, 0, 0};
    const size_t region[3] = {3 * sizeof(int), 2, 1};
    int block[6] = {};
    ASSERT_EQ(clEnqueueReadBufferRect(queue_, m, CL_TRUE, buffer_origin, host_origin, region,
                                      16 * sizeof(int), 0, 0, 0, block, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(block[0], 5 * 16 + 4);
    EXPECT_EQ(block[2], 5 * 16 + 6);
    EXPECT_EQ(block[3], 6 * 16 + 4);
    for (int& v : block) v = -v;
    ASSERT_EQ(clEnqueueWriteBufferRect(queue_, m, CL_TRUE, buffer_origin, host_origin, region,
                                       16 * sizeof(int), 0, 0, 0, block, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<int> back = read<int>(m, matrix.size());
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 16; ++col) {
            bool inside = row >= 5 && row < 7 && col >= 4 && col < 7;
            EXPECT_EQ(back[row * 16 + col], inside ? -(row * 16 + col) : row * 16 + col);
        }
    }
    const size_t too_far[3] = {14 * sizeof(int), 7, 0};
    EXPECT_EQ(clEnqueueReadBufferRect(queue_, m, CL_TRUE, too_far, host_origin, region,
                                      16 * sizeof(int), 0, 0, 0, block, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
}

TEST_F(BufferTest, SubBuffers) {
    std::vector<uint8_t> data(1024);
    std::iota(data.begin(), data.end(), 0);
    cl_mem parent = buffer(data.size(), data.data());
    cl_buffer_region region{256, 128};
    cl_int err;
    cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::vector<uint8_t> back = read<uint8_t>(sub, 128);
    for (size_t i = 0; i < 128; ++i) EXPECT_EQ(back[i], static_cast<uint8_t>(256 + i));
    cl_mem associated = nullptr;
    EXPECT_EQ(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated, &associated,
                                 nullptr),
              CL_SUCCESS);
    EXPECT_EQ(associated, parent);
    cl_buffer_region misaligned{100, 16};
    EXPECT_EQ(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &misaligned, &err),
              nullptr);
    EXPECT_EQ(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    cl_buffer_region outside{768, 512};
    EXPECT_EQ(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &outside, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clReleaseMemObject(sub), CL_SUCCESS);
}

TEST_F(BufferTest, MapForWriting) {
    cl_mem m = buffer(64 * sizeof(int));
    cl_int err;
    auto* p = static_cast<int*>(clEnqueueMapBuffer(queue_, m, CL_TRUE, CL_MAP_WRITE, 0,
                                                   64 * sizeof(int), 0, nullptr, nullptr, &err));
    ASSERT_EQ(err, CL_SUCCESS);
    for (int i = 0; i < 64; ++i) p[i] = i * i;
    cl_uint maps = 0;
    EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof maps, &maps, nullptr), CL_SUCCESS);
    EXPECT_EQ(maps, 1u);
    ASSERT_EQ(clEnqueueUnmapMemObject(queue_, m, p, 0, nullptr, nullptr), CL_SUCCESS);
    std::vector<int> back = read<int>(m, 64);
    for (int i = 0; i < 64; ++i) EXPECT_EQ(back[i], i * i);
    int other = 0;
    EXPECT_EQ(clEnqueueUnmapMemObject(queue_, m, &other, 0, nullptr, nullptr), CL_INVALID_VALUE);
}

void CL_CALLBACK count_destruction(cl_mem, void* user_data) { ++*static_cast<int*>(user_data); }

TEST_F(BufferTest, ReferenceCountAndDestructorCallback) {
    cl_int err;
    cl_mem m = clCreateBuffer(context_, 0, 64, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    int destroyed = 0;
    ASSERT_EQ(clSetMemObjectDestructorCallback(m, count_destruction, &destroyed), CL_SUCCESS);
    EXPECT_EQ(clRetainMemObject(m), CL_SUCCESS);
    cl_uint references = 0;
    EXPECT_EQ(
        clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof references, &references, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(references, 2u);
    EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    EXPECT_EQ(destroyed, 0);
    EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    EXPECT_EQ(destroyed, 1);
    EXPECT_EQ(clReleaseMemObject(m), CL_INVALID_MEM_OBJECT);
}

TEST_F(BufferTest, NoImages) {
    cl_int err;
    cl_image_format format{CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc{};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 4;
    desc.image_height = 4;
    EXPECT_EQ(clCreateImage(context_, 0, &format, &desc, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_OPERATION);
    cl_uint formats = 7;
    EXPECT_EQ(clGetSupportedImageFormats(context_, 0, CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &formats),
              CL_SUCCESS);
    EXPECT_EQ(formats, 0u);
}

}  // namespace
}  // namespace mvp::runtime::test
