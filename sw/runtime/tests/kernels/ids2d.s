# ids2d: every work-item of a 2-D NDRange records what the work-item builtins tell it, as the
# MVP clang backend compiles
#
#   __kernel void ids2d(__global uint *out, uint width) {
#       uint x = get_global_id(0), y = get_global_id(1);
#       uint off0 = get_global_offset(0), off1 = get_global_offset(1);
#       uint lid0 = get_local_id(0), lid1 = get_local_id(1);
#       uint lsz0 = get_local_size(0), lsz1 = get_local_size(1);
#       uint grp0 = get_group_id(0), grp1 = get_group_id(1);
#       uint ng0 = get_num_groups(0), ng1 = get_num_groups(1);
#       __global uint *p = out + 4 * ((y - off1) * width + (x - off0));
#       p[0] = y << 16 | x;
#       p[1] = lsz1 << 24 | lsz0 << 16 | lid1 << 8 | lid0;
#       p[2] = grp1 << 16 | grp0;
#       p[3] = ng1 << 16 | ng0;
#   }
	.text
	.section .mdebug.abi32
	.previous
	.file	"ids2d"
	.globl	ids2d                   # -- Begin function ids2d
	.type	ids2d,@function
	.ent	ids2d                   # @ids2d
ids2d:
	.frame	$sp,64,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -64
	st.w	$ra, 60($sp)
	st.w	$4, 56($sp)
	st.w	$5, 52($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	st.w	$2, 48($sp)
	add.si	$4, $zero, 1
	jplnk	_Z13get_global_idj
	st.w	$2, 44($sp)
	add.si	$4, $zero, 0
	jplnk	_Z17get_global_offsetj
	st.w	$2, 40($sp)
	add.si	$4, $zero, 1
	jplnk	_Z17get_global_offsetj
	st.w	$2, 36($sp)
	add.si	$4, $zero, 0
	jplnk	_Z12get_local_idj
	st.w	$2, 32($sp)
	add.si	$4, $zero, 1
	jplnk	_Z12get_local_idj
	st.w	$2, 28($sp)
	add.si	$4, $zero, 0
	jplnk	_Z14get_local_sizej
	st.w	$2, 24($sp)
	add.si	$4, $zero, 1
	jplnk	_Z14get_local_sizej
	st.w	$2, 20($sp)
	add.si	$4, $zero, 0
	jplnk	_Z12get_group_idj
	st.w	$2, 16($sp)
	add.si	$4, $zero, 1
	jplnk	_Z12get_group_idj
	st.w	$2, 12($sp)
	add.si	$4, $zero, 0
	jplnk	_Z14get_num_groupsj
	st.w	$2, 8($sp)
	add.si	$4, $zero, 1
	jplnk	_Z14get_num_groupsj
	st.w	$2, 4($sp)
	ld.w	$2, 44($sp)
	ld.w	$3, 36($sp)
	sub	$2, $2, $3
	ld.w	$3, 52($sp)
	mul	$2, $2, $3
	ld.w	$3, 48($sp)
	add	$2, $2, $3
	ld.w	$3, 40($sp)
	sub	$2, $2, $3
	sfll.i	$2, $2, 4
	ld.w	$3, 56($sp)
	add	$5, $3, $2
	ld.w	$2, 44($sp)
	sfll.i	$2, $2, 16
	ld.w	$3, 48($sp)
	or	$2, $2, $3
	st.w	$2, 0($5)
	ld.w	$2, 20($sp)
	sfll.i	$2, $2, 24
	ld.w	$3, 24($sp)
	sfll.i	$3, $3, 16
	or	$2, $2, $3
	ld.w	$3, 28($sp)
	sfll.i	$3, $3, 8
	or	$2, $2, $3
	ld.w	$3, 32($sp)
	or	$2, $2, $3
	st.w	$2, 4($5)
	ld.w	$2, 12($sp)
	sfll.i	$2, $2, 16
	ld.w	$3, 16($sp)
	or	$2, $2, $3
	st.w	$2, 8($5)
	ld.w	$2, 4($sp)
	sfll.i	$2, $2, 16
	ld.w	$3, 8($sp)
	or	$2, $2, $3
	st.w	$2, 12($5)
	ld.w	$ra, 60($sp)
	add.si	$sp, $sp, 64
	jr	$ra
	.set	macro
	.set	reorder
	.end	ids2d
$func_end0:
	.size	ids2d, ($func_end0)-ids2d
                                        # -- End function

	.section	".note.GNU-stack","",@progbits
