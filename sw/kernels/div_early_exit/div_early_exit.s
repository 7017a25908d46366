# Early exits: work-items past n return at once, elements with x % 8 == 0 store 0 and return,
# and the others leave a loop by returning as soon as their accumulator has bit 16 set. Every
# branch has one side that returns, so none has a post-dominator in the function
# (kReconvergeAtExit): the paths meet again only where the threads return, in the runtime's
# exit stub.
#
#   __kernel void div_early_exit(__global const uint* in, __global uint* out, uint n) {
#       uint i = get_global_id(0);
#       if (i >= n)
#           return;
#       uint x = in[i];
#       if ((x & 7) == 0) {
#           out[i] = 0;
#           return;
#       }
#       uint acc = x;
#       for (uint k = 0; k < 8; ++k) {
#           acc = acc * x + k;
#           if (acc & 0x10000) {
#               out[i] = acc;
#               return;
#           }
#       }
#       out[i] = acc ^ 0xffffu;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_early_exit"
	.globl	div_early_exit          # -- Begin function div_early_exit
	.type	div_early_exit,@function
	.ent	div_early_exit          # @div_early_exit
div_early_exit:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	setlt.u	$3, $2, $6
	bne	$3, $zero, .LBB0_2
# %bb.1:                                # %return
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
.LBB0_2:                                # %if.end
	sfll.i	$3, $2, 2
	add	$9, $8, $3
	ld.w	$9, 0($9)
	add	$5, $5, $3
	and.i	$10, $9, 7
	bne	$10, $zero, .LBB0_4
# %bb.3:                                # %if.then2
	st.w	$zero, 0($5)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
.LBB0_4:                                # %for.body.preheader
	add	$11, $9, $zero
	add.si	$12, $zero, 0
	add.si	$13, $zero, 8
.LBB0_5:                                # %for.body
	mul	$11, $11, $9
	add	$11, $11, $12
	and.i	$10, $11, 0x10000
	beq	$10, $zero, .LBB0_7
# %bb.6:                                # %if.then5
	st.w	$11, 0($5)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
.LBB0_7:                                # %for.inc
	add.si	$12, $12, 1
	bne	$12, $13, .LBB0_5
# %bb.8:                                # %for.end
	xor.i	$11, $11, 0xffff
	st.w	$11, 0($5)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_early_exit
$func_end0:
	.size	div_early_exit, ($func_end0)-div_early_exit
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
