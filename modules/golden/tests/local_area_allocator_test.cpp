#include "modules/golden/local_area_allocator.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace mvp {
namespace {

TEST(LocalAreaAllocator, FirstFitPacksAreasAndReusesTheLowestGap) {
    LocalAreaAllocator a;
    EXPECT_EQ(a.allocate(100, 400), 0u);  // 112 bytes after alignment
    EXPECT_EQ(a.allocate(100, 400), 112u);
    EXPECT_EQ(a.allocate(100, 400), 224u);
    EXPECT_EQ(a.find(100, 400), LocalAreaAllocator::kNoRoom);  // 336 + 112 > 400
    EXPECT_EQ(a.allocate(100, 400), LocalAreaAllocator::kNoRoom);
    EXPECT_EQ(a.areas(), 3u);
    EXPECT_EQ(a.bytes_in_use(), 336u);
    a.free(112);
    EXPECT_EQ(a.find(100, 400), 112u);
    EXPECT_EQ(a.find(120, 400), LocalAreaAllocator::kNoRoom);  // the gap is 112 bytes
    a.free(0);
    EXPECT_EQ(a.allocate(200, 400), 0u);  // the two freed areas are one gap
    EXPECT_EQ(a.bytes_in_use(), 320u);
    EXPECT_THROW(a.free(16), std::logic_error);
}

TEST(LocalAreaAllocator, AnAreaMayEndExactlyAtTheLimit) {
    LocalAreaAllocator a;
    EXPECT_EQ(a.allocate(0x3000, 0x3000), 0u);
    EXPECT_EQ(a.find(16, 0x3000), LocalAreaAllocator::kNoRoom);
    a.free(0);
    EXPECT_EQ(a.areas(), 0u);
    EXPECT_EQ(a.find(0x3001, 0x3000), LocalAreaAllocator::kNoRoom);
}

}  // namespace
}  // namespace mvp
