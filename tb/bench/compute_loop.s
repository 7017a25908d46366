# Compute-bound benchmark kernel: every work-item runs `iters` iterations of a dependent
# FP multiply-add chain plus integer work, then stores its result.
#   __kernel void compute_loop(__global float *out, uint iters) {
#       uint gid = get_global_id(0);
#       float x = (float)gid, acc = 1.0f; uint h = 0;
#       for (uint i = 0; i < iters; ++i) { acc = (acc + x * 0.5f) * 0.5f; h ^= i + gid; }
#       out[gid] = acc + (float)h;
#   }
	.text
	.globl	compute_loop
	.type	compute_loop,@function
	.ent	compute_loop
compute_loop:
	.frame	$sp,8,$ra
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	or	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	itof	$9, $2
	or.i	$10, $zero, 0x3f800000
	or.i	$12, $zero, 0x3f000000
	add.si	$11, $zero, 0
	add.si	$13, $zero, 0
	beq	$5, $zero, .LBB0_2
.LBB0_1:
	fmac	$10, $9, $12
	fmul	$10, $10, $12
	add	$3, $11, $2
	xor	$13, $13, $3
	add.si	$11, $11, 1
	bne	$11, $5, .LBB0_1
.LBB0_2:
	itof	$13, $13
	fadd	$10, $10, $13
	sfll.i	$2, $2, 2
	add	$2, $8, $2
	st.w	$10, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.end	compute_loop
$func_end0:
	.size	compute_loop, ($func_end0)-compute_loop
