# Calls inside both sides of a divergent branch: odd elements call hash_steps (a leaf with a
# per-thread trip count loop), even ones call mix_sel, whose own divergent branch ends in two
# returns (it reconverges when its threads return to the caller: kReconvergeAtExit). The
# splits run with their own call depths; the outer branch reconverges after both calls.
#
#   __attribute__((noinline)) uint hash_steps(uint v, uint n) {
#       for (uint k = 0; k < n; ++k)
#           v = (v ^ (v >> 11)) * 0x9e3779b1u;
#       return v;
#   }
#
#   __attribute__((noinline)) uint mix_sel(uint v) {
#       if (v & 4)
#           return v * 3u + 1u;
#       return v >> 2;
#   }
#
#   __kernel void div_call(__global const uint* in, __global uint* out) {
#       uint i = get_global_id(0);
#       uint x = in[i];
#       uint r;
#       if (x & 1)
#           r = hash_steps(x, (x >> 1) & 7) + 1u;
#       else
#           r = mix_sel(x) ^ i;
#       out[i] = r;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_call"
	.globl	div_call                # -- Begin function div_call
	.type	div_call,@function
	.ent	div_call                # @div_call
div_call:
	.frame	$sp,16,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -16
	st.w	$ra, 12($sp)
	st.w	$5, 8($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	st.w	$2, 4($sp)
	sfll.i	$3, $2, 2
	add	$3, $8, $3
	ld.w	$4, 0($3)
	and.i	$3, $4, 1
	beq	$3, $zero, .LBB0_2
# %bb.1:                                # %if.then
	sfrl.i	$5, $4, 1
	and.i	$5, $5, 7
	jplnk	hash_steps
	add.si	$3, $2, 1
	jp	.LBB0_3
.LBB0_2:                                # %if.else
	jplnk	mix_sel
	ld.w	$3, 4($sp)
	xor	$3, $2, $3
.LBB0_3:                                # %if.end
	ld.w	$2, 4($sp)
	sfll.i	$2, $2, 2
	ld.w	$4, 8($sp)
	add	$2, $4, $2
	st.w	$3, 0($2)
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_call
$func_end0:
	.size	div_call, ($func_end0)-div_call
                                        # -- End function
	.type	hash_steps,@function    # -- Begin function hash_steps
	.ent	hash_steps              # @hash_steps
hash_steps:
	.frame	$sp,0,$ra
	.mask 	0x00000000,0
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add	$2, $4, $zero
	beq	$5, $zero, .LBB1_3
# %bb.1:                                # %for.body.preheader
	add.si	$3, $zero, 0
	or.i	$4, $zero, 0x9e3779b1
.LBB1_2:                                # %for.body
	sfrl.i	$6, $2, 11
	xor	$2, $2, $6
	mul	$2, $2, $4
	add.si	$3, $3, 1
	bne	$3, $5, .LBB1_2
.LBB1_3:                                # %for.end
	jr	$ra
	.set	macro
	.set	reorder
	.end	hash_steps
$func_end1:
	.size	hash_steps, ($func_end1)-hash_steps
                                        # -- End function
	.type	mix_sel,@function       # -- Begin function mix_sel
	.ent	mix_sel                 # @mix_sel
mix_sel:
	.frame	$sp,0,$ra
	.mask 	0x00000000,0
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	and.i	$2, $4, 4
	beq	$2, $zero, .LBB2_2
# %bb.1:                                # %if.then
	add.si	$2, $zero, 3
	mul	$2, $4, $2
	add.si	$2, $2, 1
	jr	$ra
.LBB2_2:                                # %if.end
	sfrl.i	$2, $4, 2
	jr	$ra
	.set	macro
	.set	reorder
	.end	mix_sel
$func_end2:
	.size	mix_sel, ($func_end2)-mix_sel
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
