# Sourced by scripts/bench, scripts/pgo_train and scripts/tsan: the mvpsim arguments of the
# kernels they run, written once. Each function prints the arguments (word-split them).

# square_args N: the seed square kernel (sw/kernels/cl_hello/_cl_hello.s) over N work-items.
square_args() {
    echo --kernel sw/kernels/cl_hello/_cl_hello.s --global "$1" --local 64 \
        --buffer in=zeros:$((4 * $1)) --buffer out=zeros:$((4 * $1)) --arg buf:in --arg buf:out \
        --arg u32:"$1"
}

# vec_add_args N: vector add over N elements (memory-bound).
vec_add_args() {
    echo --kernel sw/kernels/vec_add/vec_add.s --global "$1" --local 64 \
        --buffer a=zeros:$((4 * $1)) --buffer b=zeros:$((4 * $1)) --buffer c=zeros:$((4 * $1)) \
        --arg buf:a --arg buf:b --arg buf:c
}

# compute_loop_args STEPS: tb/bench/compute_loop.s over 4096 work-items, each a chain of STEPS
# dependent FP steps (compute-bound).
compute_loop_args() {
    echo --kernel tb/bench/compute_loop.s --global 4096 --local 64 --buffer out=zeros:16384 \
        --arg buf:out --arg u32:"$1"
}
