// The OpenCL C source of find_first.s, as the comment at the top of the assembly gives it.
__kernel void find_first(__global const int* rows, __global int* pos, int width, int key) {
    int r = get_global_id(0);
    __global const int* row = rows + r * width;
    int found = -1;
    for (int c = 0; c < width; c++) {
        if (row[c] == key) {
            found = c;
            break;
        }
    }
    pos[r] = found;
}
