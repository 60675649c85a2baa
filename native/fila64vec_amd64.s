//go:build amd64.v3

#include "textflag.h"

// CHUNK tests the four entries BX to BX+3 of the table (layouts at SI,
// classes at DX, what to record at DI): an entry fits when its layout
// misses the occupancy (Y0) and its class is available (the class byte
// is 63 minus the class, so that shifting the available classes (Y7)
// left by it leaves the class's bit in the sign). The fits' mask goes to
// AX, the available entries' to R12, both ANDed by MASKOP; the fits'
// records are compressed (a shuffle from compressLUT by the mask) and
// stored at R8+R10*4, all four slots; R10 (fits) and R11 (attempts)
// advance.
#define CHUNK(MASKOP) \
	VPAND (SI)(BX*8), Y0, Y1 \
	VPCMPEQQ Y6, Y1, Y1 \
	VPMOVZXBQ (DX)(BX*1), Y2 \
	VPSLLVQ Y2, Y7, Y2 \
	VPAND Y1, Y2, Y3 \
	VMOVMSKPD Y3, AX \
	VMOVMSKPD Y2, R12 \
	MASKOP \
	POPCNTL R12, R12 \
	ADDQ R12, R11 \
	VPMOVZXWD (DI)(BX*2), X4 \
	MOVQ AX, R13 \
	SHLQ $4, R13 \
	VPSHUFB (R14)(R13*1), X4, X4 \
	VMOVDQU X4, (R8)(R10*4) \
	POPCNTL AX, AX \
	ADDQ AX, R10

#define NOMASK
#define TAILMASK ANDL CX, AX; ANDL CX, R12

// func selectVec(cand uint64, cells *fcell, recs *uint32, recLen int, lay *uint64, cls *uint8, ent *uint16, o, avail uint64, a, b *int32) (n, att, swapped int)
//
// R15 holds the candidates left, R9 the fewest fits so far, R8 the buffer
// counted into; a+72(FP) holds the best buffer, att+96(FP) its attempts.
// Counting a set, BX runs over its entries up to CX, R10 counts the fits
// and R11 the attempts.
TEXT ·selectVec(SB), NOSPLIT, $0-112
	MOVQ lay+32(FP), SI
	MOVQ cls+40(FP), DX
	MOVQ ent+48(FP), DI
	VPBROADCASTQ o+56(FP), Y0
	VPBROADCASTQ avail+64(FP), Y7
	VPXOR Y6, Y6, Y6
	LEAQ compressLUT<>(SB), R14
	MOVQ b+80(FP), R8
	MOVQ cand+0(FP), R15
	MOVQ $0x7fffffffffffffff, R9
	MOVQ $0, att+96(FP)
	MOVQ $0, swapped+104(FP)
	TESTQ R15, R15
	JZ sout

scand:
	// The set of the candidate cell: its base plus the ILSI, bit t the
	// occupancy of neighbour k[t] of the first n: with k ascending, the
	// PEXT of o by the mask pm of those neighbours (fcell is 24 bytes).
	TZCNTQ R15, AX
	LEAQ (AX)(AX*2), AX
	MOVQ cells+8(FP), R13
	LEAQ (R13)(AX*8), R13
	MOVQ o+56(FP), R11
	PEXTQ 16(R13), R11, AX
	MOVLQSX 0(R13), BX
	ADDQ BX, AX
	IMULQ recLen+24(FP), AX
	MOVQ recs+16(FP), R13
	LEAQ (R13)(AX*4), R13
	// Its entries from the first to the last list of an available class.
	MOVL (R13), AX
	MOVL 4(R13), CX
	SHLQ $32, CX
	ORQ AX, CX
	ANDQ avail+64(FP), CX
	JZ szero
	TZCNTQ CX, AX
	LZCNTQ CX, CX
	NEGQ CX
	MOVL 8(R13)(AX*4), BX
	MOVL 264(R13)(CX*4), CX
	XORQ R10, R10
	XORQ R11, R11

sloop:
	// Whole blocks of four, the cut-off (fits reaching the best's) after
	// each.
	LEAQ 4(BX), AX
	CMPQ AX, CX
	JGT stail
	CHUNK(NOMASK)
	ADDQ $4, BX
	CMPQ R10, R9
	JLT sloop
	JMP snext

stail:
	// The last one to three entries, the others masked off.
	SUBQ BX, CX
	JLE scounted
	MOVL $15, R13
	BZHIL CX, R13, CX
	CHUNK(TAILMASK)

scounted:
	CMPQ R10, R9
	JGE snext

sbetter:
	MOVQ R10, R9
	MOVQ R11, att+96(FP)
	MOVQ a+72(FP), AX
	MOVQ R8, a+72(FP)
	MOVQ AX, R8
	XORQ $1, swapped+104(FP)
	TESTQ R10, R10
	JZ sout

snext:
	BLSRQ R15, R15
	JNZ scand

sout:
	VZEROUPPER
	MOVQ R9, n+88(FP)
	RET

szero:
	XORQ R10, R10
	XORQ R11, R11
	JMP sbetter

// compressLUT[m] is the byte shuffle that moves the 32-bit lanes k of a
// vector with bit k set in m to the front, in order.
DATA compressLUT<>+0(SB)/8, $0x8080808080808080
DATA compressLUT<>+8(SB)/8, $0x8080808080808080
DATA compressLUT<>+16(SB)/8, $0x8080808003020100
DATA compressLUT<>+24(SB)/8, $0x8080808080808080
DATA compressLUT<>+32(SB)/8, $0x8080808007060504
DATA compressLUT<>+40(SB)/8, $0x8080808080808080
DATA compressLUT<>+48(SB)/8, $0x0706050403020100
DATA compressLUT<>+56(SB)/8, $0x8080808080808080
DATA compressLUT<>+64(SB)/8, $0x808080800b0a0908
DATA compressLUT<>+72(SB)/8, $0x8080808080808080
DATA compressLUT<>+80(SB)/8, $0x0b0a090803020100
DATA compressLUT<>+88(SB)/8, $0x8080808080808080
DATA compressLUT<>+96(SB)/8, $0x0b0a090807060504
DATA compressLUT<>+104(SB)/8, $0x8080808080808080
DATA compressLUT<>+112(SB)/8, $0x0706050403020100
DATA compressLUT<>+120(SB)/8, $0x808080800b0a0908
DATA compressLUT<>+128(SB)/8, $0x808080800f0e0d0c
DATA compressLUT<>+136(SB)/8, $0x8080808080808080
DATA compressLUT<>+144(SB)/8, $0x0f0e0d0c03020100
DATA compressLUT<>+152(SB)/8, $0x8080808080808080
DATA compressLUT<>+160(SB)/8, $0x0f0e0d0c07060504
DATA compressLUT<>+168(SB)/8, $0x8080808080808080
DATA compressLUT<>+176(SB)/8, $0x0706050403020100
DATA compressLUT<>+184(SB)/8, $0x808080800f0e0d0c
DATA compressLUT<>+192(SB)/8, $0x0f0e0d0c0b0a0908
DATA compressLUT<>+200(SB)/8, $0x8080808080808080
DATA compressLUT<>+208(SB)/8, $0x0b0a090803020100
DATA compressLUT<>+216(SB)/8, $0x808080800f0e0d0c
DATA compressLUT<>+224(SB)/8, $0x0b0a090807060504
DATA compressLUT<>+232(SB)/8, $0x808080800f0e0d0c
DATA compressLUT<>+240(SB)/8, $0x0706050403020100
DATA compressLUT<>+248(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL compressLUT<>(SB), RODATA|NOPTR, $256
