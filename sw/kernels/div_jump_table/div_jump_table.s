# The switch of div_switch lowered through a jump table (clang's default for dense cases): one
# jr whose lanes go to up to eight targets. The control-flow analysis cannot follow a jr, so
# the cases never reconverge inside the kernel: each target becomes a split of its own that
# runs to the kernel's return (the paths meet in the exit stub).
#
#   __kernel void div_jump_table(__global const uint* in, __global uint* out) {
#       uint i = get_global_id(0);
#       uint x = in[i];
#       uint v;
#       switch (x & 7) {
#       case 0: v = x + 1u; break;
#       case 1: v = x * 3u; break;
#       case 2: v = x ^ 0x55u; break;
#       case 3: v = x << 2; break;
#       case 4: v = x >> 1; break;
#       case 5: v = x - 9u; break;
#       case 6: v = ~x; break;
#       default: v = x * x; break;
#       }
#       out[i] = v + i;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_jump_table"
	.globl	div_jump_table          # -- Begin function div_jump_table
	.type	div_jump_table,@function
	.ent	div_jump_table          # @div_jump_table
div_jump_table:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$3, $2, 2
	add	$9, $8, $3
	ld.w	$9, 0($9)
	and.i	$10, $9, 7
	sfll.i	$10, $10, 2
	ld.w	$10, .LJTI0_0($10)
	jr	$10
.LBB0_1:                                # %sw.bb0
	add.si	$12, $9, 1
	jp	.LBB0_9
.LBB0_2:                                # %sw.bb1
	add.si	$11, $zero, 3
	mul	$12, $9, $11
	jp	.LBB0_9
.LBB0_3:                                # %sw.bb2
	xor.i	$12, $9, 0x55
	jp	.LBB0_9
.LBB0_4:                                # %sw.bb3
	sfll.i	$12, $9, 2
	jp	.LBB0_9
.LBB0_5:                                # %sw.bb4
	sfrl.i	$12, $9, 1
	jp	.LBB0_9
.LBB0_6:                                # %sw.bb5
	add.si	$12, $9, -9
	jp	.LBB0_9
.LBB0_7:                                # %sw.bb6
	or.i	$11, $zero, 0xffffffff
	xor	$12, $9, $11
	jp	.LBB0_9
.LBB0_8:                                # %sw.default
	mul	$12, $9, $9
.LBB0_9:                                # %sw.epilog
	add	$12, $12, $2
	add	$3, $5, $3
	st.w	$12, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_jump_table
$func_end0:
	.size	div_jump_table, ($func_end0)-div_jump_table
                                        # -- End function
	.section	.rodata,"a",@progbits
	.p2align	2
.LJTI0_0:
	.word	.LBB0_1
	.word	.LBB0_2
	.word	.LBB0_3
	.word	.LBB0_4
	.word	.LBB0_5
	.word	.LBB0_6
	.word	.LBB0_7
	.word	.LBB0_8
	.section	".note.GNU-stack","",@progbits
