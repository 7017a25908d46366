# Compute-bound: each work-item runs `iters` iterations of an integer LCG / xorshift step
# and a float recurrence (itof, fmul, fmac), 11 instructions per iteration and no memory
# access inside the loop. With 1024 work-items, iters = 1000 executes about 1.1e7 thread
# instructions.
#
#   __kernel void compute_loop(__global const uint* seed, __global uint* out_i,
#                              __global float* out_f, uint iters) {
#       uint gid = get_global_id(0);
#       uint x = seed[gid];
#       float f = (float)(int)(x & 0xffff) * 0x1p-16f;
#       for (uint k = 0; k < iters; k++) {
#           x = x * 1664525u + 1013904223u;
#           x ^= x >> 9;
#           float g = (float)(int)(x & 0xff) * 0x1p-8f;
#           f = fma(f, 0.75f, g);
#       }
#       out_i[gid] = x;
#       out_f[gid] = f;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"compute_loop"
	.globl	compute_loop            # -- Begin function compute_loop
	.type	compute_loop,@function
	.ent	compute_loop            # @compute_loop
compute_loop:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	add	$3, $8, $2
	ld.w	$8, 0($3)
	and.i	$3, $8, 0xffff
	itof	$3, $3
	or.i	$9, $zero, 0x37800000   # 0x1p-16f
	fmul	$9, $3, $9
	beq	$7, $zero, .LBB0_3
# %bb.1:                                # %for.preheader
	add	$10, $7, $zero
	or.i	$11, $zero, 1664525
	or.i	$12, $zero, 0x3b800000  # 0x1p-8f
	or.i	$13, $zero, 0x3f400000  # 0.75f
.LBB0_2:                                # %for.body
	mul	$8, $8, $11
	add.si	$8, $8, 1013904223
	sfrl.i	$3, $8, 9
	xor	$8, $8, $3
	and.i	$3, $8, 255
	itof	$3, $3
	fmul	$3, $3, $12
	fmac	$3, $9, $13
	add	$9, $3, $zero
	add.si	$10, $10, -1
	bne	$10, $zero, .LBB0_2
.LBB0_3:                                # %for.end
	add	$3, $5, $2
	st.w	$8, 0($3)
	add	$3, $6, $2
	st.w	$9, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	compute_loop
$func_end0:
	.size	compute_loop, ($func_end0)-compute_loop
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
