# A call on one side of a divergent branch: odd elements go through `mix`, a non-inlined
# helper with its own frame that itself calls get_local_id (so $ra is saved at two levels);
# even elements are doubled in line. The helper comes first, so the kernel entry is not PC 0.
#
#   __attribute__((noinline)) int mix(int v, int salt) {
#       int h = v * 0x45d9f3b;
#       h ^= (int)((uint)h >> 16);
#       return h + salt + (int)get_local_id(0);
#   }
#
#   __kernel void call_branch(__global const int* in, __global int* out, int salt) {
#       int i = get_global_id(0);
#       int x = in[i];
#       int r;
#       if (x & 1)
#           r = mix(x, salt) + i;
#       else
#           r = x << 1;
#       out[i] = r;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"call_branch"
	.type	mix,@function           # -- Begin function mix
	.ent	mix                     # @mix
mix:
	.frame	$sp,16,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -16
	st.w	$ra, 12($sp)
	st.w	$5, 8($sp)
	st.w	$4, 4($sp)
	add.si	$4, $zero, 0
	jplnk	_Z12get_local_idj
	ld.w	$3, 4($sp)
	or.i	$4, $zero, 0x45d9f3b
	mul	$3, $3, $4
	sfrl.i	$4, $3, 16
	xor	$3, $3, $4
	ld.w	$4, 8($sp)
	add	$3, $3, $4
	add	$2, $3, $2
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
	.set	macro
	.set	reorder
	.end	mix
$func_end0:
	.size	mix, ($func_end0)-mix
                                        # -- End function
	.globl	call_branch             # -- Begin function call_branch
	.type	call_branch,@function
	.ent	call_branch             # @call_branch
call_branch:
	.frame	$sp,24,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -24
	st.w	$ra, 20($sp)
	st.w	$6, 16($sp)
	st.w	$5, 12($sp)
	st.w	$4, 8($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	st.w	$2, 4($sp)
	sfll.i	$3, $2, 2
	ld.w	$4, 8($sp)
	add	$3, $4, $3
	ld.w	$4, 0($3)
	and.i	$3, $4, 1
	beq	$3, $zero, .LBB1_2
	jp	.LBB1_1
.LBB1_1:                                # %if.then
	ld.w	$5, 16($sp)
	jplnk	mix
	ld.w	$3, 4($sp)
	add	$3, $2, $3
	jp	.LBB1_3
.LBB1_2:                                # %if.else
	sfll.i	$3, $4, 1
.LBB1_3:                                # %if.end
	ld.w	$2, 4($sp)
	sfll.i	$2, $2, 2
	ld.w	$4, 12($sp)
	add	$2, $4, $2
	st.w	$3, 0($2)
	ld.w	$ra, 20($sp)
	add.si	$sp, $sp, 24
	jr	$ra
	.set	macro
	.set	reorder
	.end	call_branch
$func_end1:
	.size	call_branch, ($func_end1)-call_branch
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
