package rules

import (
	"context"
	"testing"
)

const zzBigorra = "h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"

func BenchmarkZZLegal(b *testing.B) {
	p := mustPosition(b, "bigorra", zzBigorra)
	buf := make([]Move, 0, 256)
	for b.Loop() {
		buf = p.legalMoves(buf[:0])
	}
}

func BenchmarkZZDescribe(b *testing.B) {
	p := mustPosition(b, "bigorra", zzBigorra)
	legal := p.LegalMoves()
	var dst []MoveDetail
	for b.Loop() {
		dst, _ = p.DescribeInto(context.Background(), dst, legal)
	}
}

func BenchmarkZZParse(b *testing.B) {
	v := MustBuiltin("bigorra")
	for b.Loop() {
		s, _ := ParseFEN(v, zzBigorra)
		p, _ := NewPosition(s)
		_ = p.FEN()
	}
}
