# Vector normalisation with the SFU: the squared length of each float4's xyz is accumulated
# with fmul and two fmac, frsqrt gives the inverse length, the xyz are scaled by it and w
# becomes the length (s * rsqrt(s)). The inverse length is also stored on its own.
#
#   __kernel void normalize3(__global const float4* v, __global float4* out,
#                            __global float* inv_len) {
#       uint i = get_global_id(0);
#       float4 p = v[i];
#       float s = fma(p.z, p.z, fma(p.y, p.y, p.x * p.x));
#       float r = native_rsqrt(s);
#       out[i] = (float4)(p.x * r, p.y * r, p.z * r, s * r);
#       inv_len[i] = r;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"normalize3"
	.globl	normalize3              # -- Begin function normalize3
	.type	normalize3,@function
	.ent	normalize3              # @normalize3
normalize3:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$3, $2, 4
	add	$9, $8, $3
	ld.w	$10, 0($9)
	ld.w	$11, 4($9)
	ld.w	$12, 8($9)
	fmul	$13, $10, $10
	fmac	$13, $11, $11
	fmac	$13, $12, $12
	frsqrt	$4, $13
	add	$9, $5, $3
	fmul	$10, $10, $4
	st.w	$10, 0($9)
	fmul	$11, $11, $4
	st.w	$11, 4($9)
	fmul	$12, $12, $4
	st.w	$12, 8($9)
	fmul	$13, $13, $4
	st.w	$13, 12($9)
	sfll.i	$2, $2, 2
	add	$2, $6, $2
	st.w	$4, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	normalize3
$func_end0:
	.size	normalize3, ($func_end0)-normalize3
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
