# Early exit and byte access: work-items past the end of the string return at once (a
# second `jr $ra` before the body); the rest upper-case ASCII letters with ld.bu / st.b and
# store the signed difference to the previous byte (ld.b sign-extends) as a short (st.h).
#
#   __kernel void char_upper(__global const char* in, __global char* out,
#                            __global short* delta, uint n) {
#       uint i = get_global_id(0);
#       if (i >= n)
#           return;
#       uchar c = ((__global const uchar*)in)[i];
#       if (c >= 'a' && c <= 'z')
#           c -= 'a' - 'A';
#       out[i] = c;
#       char prev = i > 0 ? in[i - 1] : 0;
#       delta[i] = (short)(in[i] - prev);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"char_upper"
	.globl	char_upper              # -- Begin function char_upper
	.type	char_upper,@function
	.ent	char_upper              # @char_upper
char_upper:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	setlt.u	$3, $2, $7
	bne	$3, $zero, .LBB0_2
# %bb.1:                                # %return
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
.LBB0_2:                                # %if.end
	add	$9, $8, $2
	ld.bu	$3, 0($9)
	add.si	$10, $3, -97
	add.si	$11, $zero, 26
	setlt.u	$10, $10, $11
	beq	$10, $zero, .LBB0_4
# %bb.3:                                # %if.then3
	add.si	$3, $3, -32
.LBB0_4:                                # %if.end4
	add	$10, $5, $2
	st.b	$3, 0($10)
	add.si	$11, $zero, 0
	beq	$2, $zero, .LBB0_6
# %bb.5:                                # %cond.true
	ld.b	$11, -1($9)
.LBB0_6:                                # %cond.end
	ld.b	$3, 0($9)
	sub	$3, $3, $11
	sfll.i	$2, $2, 1
	add	$2, $6, $2
	st.h	$3, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	char_upper
$func_end0:
	.size	char_upper, ($func_end0)-char_upper
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
