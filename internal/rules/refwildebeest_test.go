package rules

// A slow, plain reference move generator for Wildebeest Chess and Wolf
// Chess, written from their published rules (Wildebeest: R. Wayne
// Schmittberger's rules as chessvariants.com and Wikipedia give them;
// Wolf: Pritchard's Encyclopedia of Chess Variants, as Wikipedia gives it;
// RULES R42) without sharing any code, table or piece definition with the
// engine. It works on a 2D array of FEN letters, lists every piece's
// moves by loops over (file, rank) offsets, tests a square for attack by
// listing all the enemy's captures, and makes a move on a copy. It is
// meant to be obviously right, not fast; it gives the counts of the
// positions of testdata/perft/wildebeest.perft and wolf.perft where those
// rules and Fairy-Stockfish's differ (castling any distance; a Sergeant's
// double step), and TestRefWildebeestWolf compares it with the engine
// through the public API only.

import (
	"strconv"
	"strings"
	"testing"
)

// rwGame is one of the two games.
type rwGame struct {
	files, ranks int
	leaps        map[byte][][2]int // leaps of the pieces other than Pawn and Sergeant, by letter
	rides        map[byte][][2]int // their unlimited rides
	promo        map[byte]string   // what Pawn and Sergeant promote to on the last rank
	steps        func(pc byte, file, rank int) int
	epTakes      string // the letters whose double steps a Pawn takes en passant
	castling     bool   // castling any distance, the King on the f-file
}

var (
	rwOrth   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	rwDiag   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	rwKnight = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	rwCamel  = [][2]int{{1, 3}, {3, 1}, {-1, 3}, {-3, 1}, {1, -3}, {3, -1}, {-1, -3}, {-3, -1}}
)

func rwJoin(sets ...[][2]int) (all [][2]int) {
	for _, s := range sets {
		all = append(all, s...)
	}
	return all
}

// rwWildebeest: Camel (1,3), Wildebeest Knight + Camel; Pawns one, two or
// three squares from the second rank, one or two from the third;
// promotion on the last rank to Queen or Wildebeest.
func rwWildebeest() *rwGame {
	king := rwJoin(rwOrth, rwDiag)
	return &rwGame{files: 11, ranks: 10,
		leaps: map[byte][][2]int{'K': king, 'N': rwKnight, 'C': rwCamel, 'W': rwJoin(rwKnight, rwCamel)},
		rides: map[byte][][2]int{'Q': king, 'R': rwOrth, 'B': rwDiag},
		promo: map[byte]string{'P': "QW"},
		steps: func(pc byte, file, rank int) int {
			switch rank {
			case 1:
				return 3
			case 2:
				return 2
			}
			return 1
		},
		epTakes: "P", castling: true}
}

// rwWolf: Wolf Rook + Knight, Fox Bishop + Knight, Nightrider, Elephant
// Queen + Nightrider; the Sergeant one square forward, straight or
// diagonally, moving or capturing, two straight forward on its first move
// (from the second rank, where all Sergeants start); Pawns two on their
// first move (their start squares: the second rank and b3, c3, f3, g3);
// a Pawn takes a Pawn's or a Sergeant's double step en passant; both
// promote on the last rank to Queen, Wolf, Fox, Rook, Bishop or
// Nightrider, a Pawn also to the Elephant.
func rwWolf() *rwGame {
	king := rwJoin(rwOrth, rwDiag)
	return &rwGame{files: 8, ranks: 10,
		leaps: map[byte][][2]int{'K': king, 'W': rwKnight, 'F': rwKnight},
		rides: map[byte][][2]int{'Q': king, 'R': rwOrth, 'B': rwDiag, 'W': rwOrth, 'F': rwDiag,
			'N': rwKnight, 'E': rwJoin(king, rwKnight)},
		promo: map[byte]string{'P': "QWFRBNE", 'S': "QWFRBN"},
		steps: func(pc byte, file, rank int) int {
			if rank == 1 || pc == 'P' && rank == 2 && strings.IndexByte("bcfg", byte('a'+file)) >= 0 {
				return 2
			}
			return 1
		},
		epTakes: "PS"}
}

// rwPos is a position: board[file][rank] holds a FEN letter or 0.
type rwPos struct {
	g      *rwGame
	board  [16][16]byte
	white  bool
	rights [2][]int // files of the Rooks that may still castle, White [0], Black [1]
	ep     [][2]int // squares the last double or triple step passed
	victim [2]int
}

type rwMove struct {
	from, to      [2]int
	promo         byte
	ep            bool
	castle        bool
	kingTo, rookT [2]int
}

func rwUpper(c byte) byte { return c &^ 0x20 }
func rwIsWhite(c byte) bool {
	return c >= 'A' && c <= 'Z'
}

func (p *rwPos) on(f, r int) bool { return f >= 0 && f < p.g.files && r >= 0 && r < p.g.ranks }

// parseRW reads a FEN (board, side, rights as KQkq, en passant).
func parseRW(g *rwGame, fen string) *rwPos {
	p := &rwPos{g: g}
	fields := strings.Fields(fen)
	for i, row := range strings.Split(fields[0], "/") {
		r, f := g.ranks-1-i, 0
		for j := 0; j < len(row); j++ {
			if row[j] >= '0' && row[j] <= '9' {
				n := int(row[j] - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				f += n
				continue
			}
			p.board[f][r] = row[j]
			f++
		}
	}
	p.white = fields[1] == "w"
	for _, c := range fields[2] {
		switch c {
		case 'K':
			p.rights[0] = append(p.rights[0], g.files-1)
		case 'Q':
			p.rights[0] = append(p.rights[0], 0)
		case 'k':
			p.rights[1] = append(p.rights[1], g.files-1)
		case 'q':
			p.rights[1] = append(p.rights[1], 0)
		}
	}
	if fields[3] != "-" {
		s := fields[3]
		for len(s) > 0 {
			n := 2
			if len(s) > 2 && s[2] >= '0' && s[2] <= '9' {
				n = 3
			}
			r, _ := strconv.Atoi(s[1:n])
			p.ep = append(p.ep, [2]int{int(s[0] - 'a'), r - 1})
			s = s[n:]
		}
		dir := -1
		if p.white {
			dir = 1 // Black stepped down: the Pawn is below the squares
		}
		low := p.ep[0]
		for _, q := range p.ep {
			if q[1]*dir > low[1]*dir {
				low = q
			}
		}
		p.victim = [2]int{low[0], low[1] - dir}
	}
	return p
}

// own says whether c belongs to the side to move (white when w).
func rwOwn(c byte, w bool) bool { return c != 0 && rwIsWhite(c) == w }

// captures appends the squares the pieces of side w attack, ignoring
// whose turn it is and what stands on those squares but for blocking.
func (p *rwPos) attacked(f0, r0 int, byWhite bool) bool {
	for f := 0; f < p.g.files; f++ {
		for r := 0; r < p.g.ranks; r++ {
			c := p.board[f][r]
			if !rwOwn(c, byWhite) {
				continue
			}
			for _, t := range p.targets(f, r, true) {
				if t == [2]int{f0, r0} {
					return true
				}
			}
		}
	}
	return false
}

// targets lists where the piece on (f, r) may go; with capturesOnly, only
// the squares it attacks.
func (p *rwPos) targets(f, r int, capturesOnly bool) (out [][2]int) {
	c := p.board[f][r]
	w, u := rwIsWhite(c), rwUpper(c)
	fwd := 1
	if !w {
		fwd = -1
	}
	free := func(f, r int) bool { return p.on(f, r) && p.board[f][r] == 0 }
	enemy := func(f, r int) bool { return p.on(f, r) && p.board[f][r] != 0 && rwIsWhite(p.board[f][r]) != w }
	switch u {
	case 'P':
		for _, df := range []int{-1, 1} {
			if enemy(f+df, r+fwd) || capturesOnly && p.on(f+df, r+fwd) {
				out = append(out, [2]int{f + df, r + fwd})
			}
		}
		if capturesOnly {
			return out
		}
		rel := r
		if !w {
			rel = p.g.ranks - 1 - r
		}
		for n := 1; n <= p.g.steps('P', f, rel) && free(f, r+n*fwd); n++ {
			out = append(out, [2]int{f, r + n*fwd})
		}
		return out
	case 'S':
		for _, df := range []int{-1, 0, 1} {
			if free(f+df, r+fwd) && !capturesOnly || enemy(f+df, r+fwd) || capturesOnly && p.on(f+df, r+fwd) {
				out = append(out, [2]int{f + df, r + fwd})
			}
		}
		rel := r
		if !w {
			rel = p.g.ranks - 1 - r
		}
		if !capturesOnly && p.g.steps('S', f, rel) == 2 && free(f, r+fwd) && free(f, r+2*fwd) {
			out = append(out, [2]int{f, r + 2*fwd})
		}
		return out
	}
	for _, d := range p.g.leaps[u] {
		if free(f+d[0], r+d[1]) || enemy(f+d[0], r+d[1]) || capturesOnly && p.on(f+d[0], r+d[1]) {
			out = append(out, [2]int{f + d[0], r + d[1]})
		}
	}
	for _, d := range p.g.rides[u] {
		for n := 1; p.on(f+n*d[0], r+n*d[1]); n++ {
			x, y := f+n*d[0], r+n*d[1]
			if p.board[x][y] == 0 {
				out = append(out, [2]int{x, y})
				continue
			}
			if rwIsWhite(p.board[x][y]) != w || capturesOnly {
				out = append(out, [2]int{x, y})
			}
			break
		}
	}
	return out
}

// pseudo lists the moves of the side to move, its King possibly left in
// check.
func (p *rwPos) pseudo() (moves []rwMove) {
	w := p.white
	last := p.g.ranks - 1
	if !w {
		last = 0
	}
	for f := 0; f < p.g.files; f++ {
		for r := 0; r < p.g.ranks; r++ {
			c := p.board[f][r]
			if !rwOwn(c, w) {
				continue
			}
			u := rwUpper(c)
			for _, t := range p.targets(f, r, false) {
				m := rwMove{from: [2]int{f, r}, to: t}
				if promo := p.g.promo[u]; promo != "" && t[1] == last {
					for i := 0; i < len(promo); i++ {
						m.promo = promo[i]
						moves = append(moves, m)
					}
					continue
				}
				moves = append(moves, m)
			}
			if u != 'P' {
				continue
			}
			// En passant: a diagonal step forward onto a passed square.
			fwd := 1
			if !w {
				fwd = -1
			}
			vic := p.board[p.victim[0]][p.victim[1]]
			for _, q := range p.ep {
				if q[1] == r+fwd && (q[0] == f-1 || q[0] == f+1) && vic != 0 && strings.IndexByte(p.g.epTakes, rwUpper(vic)) >= 0 {
					moves = append(moves, rwMove{from: [2]int{f, r}, to: q, ep: true})
				}
			}
		}
	}
	if p.g.castling {
		moves = append(moves, p.castlings()...)
	}
	return moves
}

// castlings lists the castling moves of RULES R42: the King on the f-file
// of its first rank, every square to the Rook empty, not in check, one
// square or more toward the Rook, crossing no attacked square; the Rook to
// the square next to the King's landing square on the other side.
func (p *rwPos) castlings() (moves []rwMove) {
	side, r := 0, 0
	if !p.white {
		side, r = 1, p.g.ranks-1
	}
	k := 5
	if rwUpper(p.board[k][r]) != 'K' || p.attacked(k, r, !p.white) {
		return nil
	}
	for _, rf := range p.rights[side] {
		dir := 1
		if rf < k {
			dir = -1
		}
		clear := true
		for f := k + dir; f != rf; f += dir {
			clear = clear && p.board[f][r] == 0
		}
		if !clear {
			continue
		}
		for land := k + dir; land != rf; land += dir {
			crossed := true
			for f := k + dir; f != land; f += dir {
				crossed = crossed && !p.attacked(f, r, !p.white)
			}
			if !crossed {
				break
			}
			moves = append(moves, rwMove{from: [2]int{k, r}, to: [2]int{rf, r}, castle: true,
				kingTo: [2]int{land, r}, rookT: [2]int{land - dir, r}})
		}
	}
	return moves
}

// play returns the position after m.
func (p *rwPos) play(m rwMove) *rwPos {
	q := *p
	q.rights = [2][]int{append([]int(nil), p.rights[0]...), append([]int(nil), p.rights[1]...)}
	q.ep = nil
	side := 0
	if !p.white {
		side = 1
	}
	c := p.board[m.from[0]][m.from[1]]
	drop := func(s, f int) {
		for i, x := range q.rights[s] {
			if x == f {
				q.rights[s] = append(q.rights[s][:i:i], q.rights[s][i+1:]...)
				return
			}
		}
	}
	home := [2]int{0, p.g.ranks - 1}
	switch {
	case m.castle:
		rook := p.board[m.to[0]][m.to[1]]
		q.board[m.from[0]][m.from[1]] = 0
		q.board[m.to[0]][m.to[1]] = 0
		q.board[m.kingTo[0]][m.kingTo[1]] = c
		q.board[m.rookT[0]][m.rookT[1]] = rook
	default:
		if m.ep {
			q.board[p.victim[0]][p.victim[1]] = 0
		}
		if t := p.board[m.to[0]][m.to[1]]; rwUpper(t) == 'R' && m.to[1] == home[1-side] {
			drop(1-side, m.to[0])
		}
		q.board[m.from[0]][m.from[1]] = 0
		if m.promo != 0 {
			c = m.promo
			if !p.white {
				c |= 0x20
			}
		}
		q.board[m.to[0]][m.to[1]] = c
		if u := rwUpper(c); (u == 'P' || u == 'S') && m.promo == 0 && m.from[0] == m.to[0] {
			dir := 1
			if m.to[1] < m.from[1] {
				dir = -1
			}
			for r := m.from[1] + dir; r != m.to[1]; r += dir {
				q.ep = append(q.ep, [2]int{m.to[0], r})
			}
			q.victim = m.to
		}
	}
	if rwUpper(c) == 'K' {
		q.rights[side] = nil
	}
	if rwUpper(c) == 'R' && m.from[1] == home[side] {
		drop(side, m.from[0])
	}
	q.white = !p.white
	return &q
}

// legal lists the moves that do not leave the mover's King attacked.
func (p *rwPos) legal() (out []rwMove) {
	for _, m := range p.pseudo() {
		q := p.play(m)
		for f := 0; f < p.g.files; f++ {
			for r := 0; r < p.g.ranks; r++ {
				if c := q.board[f][r]; rwUpper(c) == 'K' && rwOwn(c, p.white) && !q.attacked(f, r, q.white) {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

func (p *rwPos) perft(depth int) uint64 {
	moves := p.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += p.play(m).perft(depth - 1)
	}
	return n
}

// The reference agrees with the engine on positions that exercise what
// the two games add, castling any distance above all; its counts are those
// of the suites' positions that Fairy-Stockfish cannot give.
func TestRefWildebeestWolf(t *testing.T) {
	tests := []struct {
		variant string
		g       *rwGame
		fen     string
		depth   int
	}{
		{"wildebeest", rwWildebeest(), "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1", 3},
		{"wildebeest", rwWildebeest(), "r4k4r/1pp5p2/2n8/11/11/3C7/11/11/5PPP3/R4K1N2R b KQkq - 0 1", 3},
		{"wildebeest", rwWildebeest(), "rnc1wk3nr/ppp2p1ppbp/3pb4q1/4p6/11/2P1P2CPp1/5PPP3/11/PP1P4PPP/RNBBQK4R w KQkq - 0 7", 2},
		{"wildebeest", rwWildebeest(), "5k5/11/11/11/11/3p1p5/3p7/11/4P6/5K5 w - - 0 1", 3},
		{"wolf", rwWolf(), "k7/1s2p3/8/P2S4/8/8/8/8/8/7K b - - 0 1", 4},
		{"wolf", rwWolf(), "8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1", 3},
		{"wolf", rwWolf(), "qwfrbbnk/pss2ssp/1pp1ppp1/3p4/8/8/3P4/1PP1PPP1/PSS2SSP/KNBBRFWQ w - - 0 3", 2},
	}
	for _, tt := range tests {
		t.Run(tt.variant+" "+tt.fen, func(t *testing.T) {
			ref := parseRW(tt.g, tt.fen)
			p := mustPosition(t, tt.variant, tt.fen)
			for d := 1; d <= tt.depth; d++ {
				if testing.Short() && d > 2 {
					break
				}
				if got, want := Perft(p, d), ref.perft(d); got != want {
					t.Errorf("Perft(%q, %d) = %d; the reference gives %d", tt.fen, d, got, want)
				}
			}
		})
	}
}
