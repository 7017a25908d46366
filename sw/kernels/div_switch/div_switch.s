# A many-way switch: eight cases on x % 8, lowered as a binary decision tree (clang's lowering
# without jump tables). Every branch of the tree reconverges at the one join after the switch,
# so a warp of 8 or more lanes can hold eight splits at once; with a small split table the
# extra splits wait parked.
#
#   __kernel void div_switch(__global const uint* in, __global uint* out) {
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
	.file	"div_switch"
	.globl	div_switch              # -- Begin function div_switch
	.type	div_switch,@function
	.ent	div_switch              # @div_switch
div_switch:
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
	add.si	$11, $zero, 3
	blt	$11, $10, .LBB0_8
# %bb.1:                                # %entry.lo
	add.si	$11, $zero, 1
	blt	$11, $10, .LBB0_5
# %bb.2:                                # %entry.lo.lo
	bne	$10, $zero, .LBB0_4
# %bb.3:                                # %sw.bb0
	add.si	$12, $9, 1
	jp	.LBB0_15
.LBB0_4:                                # %sw.bb1
	add.si	$11, $zero, 3
	mul	$12, $9, $11
	jp	.LBB0_15
.LBB0_5:                                # %entry.lo.hi
	add.si	$11, $zero, 2
	bne	$10, $11, .LBB0_7
# %bb.6:                                # %sw.bb2
	xor.i	$12, $9, 0x55
	jp	.LBB0_15
.LBB0_7:                                # %sw.bb3
	sfll.i	$12, $9, 2
	jp	.LBB0_15
.LBB0_8:                                # %entry.hi
	add.si	$11, $zero, 5
	blt	$11, $10, .LBB0_12
# %bb.9:                                # %entry.hi.lo
	add.si	$11, $zero, 4
	bne	$10, $11, .LBB0_11
# %bb.10:                               # %sw.bb4
	sfrl.i	$12, $9, 1
	jp	.LBB0_15
.LBB0_11:                               # %sw.bb5
	add.si	$12, $9, -9
	jp	.LBB0_15
.LBB0_12:                               # %entry.hi.hi
	add.si	$11, $zero, 6
	bne	$10, $11, .LBB0_14
# %bb.13:                               # %sw.bb6
	or.i	$11, $zero, 0xffffffff
	xor	$12, $9, $11
	jp	.LBB0_15
.LBB0_14:                               # %sw.default
	mul	$12, $9, $9
.LBB0_15:                               # %sw.epilog
	add	$12, $12, $2
	add	$3, $5, $3
	st.w	$12, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_switch
$func_end0:
	.size	div_switch, ($func_end0)-div_switch
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
