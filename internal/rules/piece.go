package rules

// PieceType identifies a piece type within one variant: 1 is the first
// piece of the definition. The zero value means "none".
type PieceType uint8

// MaxPieceTypes bounds the piece types of one variant.
const MaxPieceTypes = 127

// Piece is a piece type with a colour, as it stands on the board: type<<1 |
// colour. The zero value is an empty square.
type Piece uint8

// makePiece combines a type and a colour.
func makePiece(t PieceType, c Color) Piece { return Piece(t)<<1 | Piece(c) }

// MakePiece returns the piece of type t and colour c.
func MakePiece(t PieceType, c Color) Piece { return makePiece(t, c) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

// pieceSet is a set of Piece values.
type pieceSet [4]uint64

func (s *pieceSet) add(p Piece)      { s[p>>6] |= 1 << (p & 63) }
func (s *pieceSet) has(p Piece) bool { return s[p>>6]>>(p&63)&1 != 0 }

// bitboard is a set of squares.
type bitboard [NumSquares / 64]uint64

func (b *bitboard) set(s Square)      { b[s>>6] |= 1 << (uint(s) & 63) }
func (b *bitboard) clear(s Square)    { b[s>>6] &^= 1 << (uint(s) & 63) }
func (b *bitboard) has(s Square) bool { return b[s>>6]>>(uint(s)&63)&1 != 0 }

// not returns the squares b does not hold.
func (b *bitboard) not() (r bitboard) {
	for i := range b {
		r[i] = ^b[i]
	}
	return r
}
