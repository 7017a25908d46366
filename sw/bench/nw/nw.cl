// Needleman-Wunsch global alignment scores, by 16 x 16 blocks on the anti-diagonals of blocks
// (one launch per block diagonal, one work-group of 16 per block). A work-group copies its
// block's top row and left column into __local memory and fills the block by its 31 inner
// anti-diagonals with a barrier after each, then writes the block back.
#define BS 16

__kernel void nw_block(__global int* score, __global const uchar* seq_a,
                       __global const uchar* seq_b, uint n, uint diagonal, uint first_block,
                       int penalty, int match, int mismatch) {
    __local int s[BS + 1][BS + 1];
    uint tx = get_local_id(0);
    uint bx = first_block + get_group_id(0);  // block column
    uint by = diagonal - bx;                  // block row
    uint row0 = by * BS;                      // score row of the block's top boundary
    uint col0 = bx * BS;
    uint stride = n + 1;

    s[0][tx + 1] = score[row0 * stride + col0 + tx + 1];
    s[tx + 1][0] = score[(row0 + tx + 1) * stride + col0];
    if (tx == 0) s[0][0] = score[row0 * stride + col0];
    uchar b = seq_b[col0 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint d = 0; d < 2 * BS - 1; ++d) {
        // Cell (i, j) of the block with i + j == d: work-item tx takes column j = tx.
        int i = (int)d - (int)tx;
        if (i >= 0 && i < BS) {
            uchar a = seq_a[row0 + i];
            int diag = s[i][tx] + (a == b ? match : mismatch);
            int up = s[i][tx + 1] - penalty;
            int left = s[i + 1][tx] - penalty;
            s[i + 1][tx + 1] = max(diag, max(up, left));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint i = 0; i < BS; ++i) score[(row0 + i + 1) * stride + col0 + tx + 1] = s[i + 1][tx + 1];
}
