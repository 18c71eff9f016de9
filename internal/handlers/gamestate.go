package handlers

// The states of games in the cache: a game's state is cached every
// checkpointEvery plies and at the end of each request, each state holding
// only its own segment of the game, so that a game takes space linear in
// its length and a game resubmitted with more moves replays only the new
// ones.

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// checkpointEvery: the state of a game is cached every so many plies, as
// well as at the end of each request's moves, so that a game submitted again
// with more moves (the correspondence pattern) replays only the new ones.
const checkpointEvery = 32

// defaultMaxStateBytes is Config.MaxStateBytes's default, 256 KiB: twice
// what an ordinary game of 5,000 plies (the default --max-moves) leaves,
// 120 to 124 KB for random games of chess, Terachess II and Giant Chess
// played without draw rules (TestDefaultStateBytesFitLongGame keeps one
// whole). A game with a false mark on every move leaves 624 KB: a request
// keeps its first 2,000 plies or so, and each resubmission the next.
const defaultMaxStateBytes = 256 << 10

// segmentStart is the ply where the segment of the state after to plies
// starts: the last multiple of checkpointEvery before to.
func segmentStart(to int) int { return (to - 1) / checkpointEvery * checkpointEvery }

// prefixState is the cached state of a game after its first To moves, a
// checkpoint: the position, and the segment of the game since the
// checkpoint before it (From, segmentStart(To)): the moves From..To-1,
// normalised, their annotations, and the repetition keys of the positions
// after them (and of the start, when From is 0) since the last capture or
// Pawn-class move. No state repeats what another holds, so the states of a
// game take space linear in its length (the repetition keys too: without
// a move-count rule, those since the last irreversible move can be every
// one of the game's). A game resumes after To moves from this state and
// the segments of the states after every multiple of checkpointEvery
// below To, which resume reads in the same lookup.
//
// Key is the key it is stored under, which names the start and every move
// text of the prefix, and From and To the plies it covers: a state read
// back under another key (copied there, or written by another deployment)
// or covering other plies does not belong to those moves and is ignored,
// whatever the transport's own seal says.
type prefixState struct {
	Key   string   `json:"key"`
	From  int      `json:"from"`
	To    int      `json:"to"`
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"` // moves From..To-1, normalised
	// Keys are the repetition keys, oldest first, 8 little-endian bytes
	// each (base64 in JSON): about half their size as decimal numbers.
	Keys []byte `json:"keys"`
	// Annotations are those of the segment's moves, so that a replay
	// resumed after it reports them as a replay from the start does.
	Annotations []moveAnnotation `json:"annotations,omitempty"`
}

// positions is the number of positions whose keys the segment may hold:
// those after its moves, and the start for the first.
func (ps *prefixState) positions() int {
	if ps.From == 0 {
		return ps.To + 1
	}
	return ps.To - ps.From
}

// fits says whether ps is, as far as it says itself, the state stored
// under key after to moves.
func (ps *prefixState) fits(key string, to int) bool {
	from := segmentStart(to)
	if ps.Key != key || ps.From != from || ps.To != to || len(ps.Moves) != to-from ||
		len(ps.Keys) < 8 || len(ps.Keys)%8 != 0 || len(ps.Keys) > 8*ps.positions() {
		return false
	}
	last := from
	for _, a := range ps.Annotations {
		if a.Index < last || a.Index >= to {
			return false
		}
		last = a.Index
	}
	return true
}

// gameKeys names the cached states of a game after the prefixes of its
// moves: at(i) is the key of the state after the first i moves. A key is a
// hash of the rules version, the variant, the start and the texts of those
// moves, each with its length before it, so that a key names the start and
// every move up to it and no two prefixes share a key. The keys a request
// uses (every checkpoint and the last two) are made in one pass over the
// moves; any other costs a pass of its own.
type gameKeys struct {
	head  string   // what is hashed before the moves
	moves []string // the game's moves
	made  []madeKey
}

type madeKey struct {
	i   int
	key string
}

// prefixKeys returns the keys of the game of the variant vkey from startFEN
// through moves.
func prefixKeys(vkey, startFEN string, moves []string) *gameKeys {
	k := &gameKeys{head: rulesVersion() + "\x00" + vkey + "\x00" + startFEN + "\x00", moves: moves}
	n := len(moves)
	k.made = make([]madeKey, 0, n/checkpointEvery+2)
	h := sha256.New()
	buf := make([]byte, 0, len(k.head)+8*n)
	buf = append(buf, k.head...)
	var sum [sha256.Size]byte
	for i := 0; ; i++ {
		if i > 0 && (i%checkpointEvery == 0 || i >= n-1) {
			h.Write(buf)
			buf = buf[:0]
			k.made = append(k.made, madeKey{i, gameKey(h.Sum(sum[:0]))})
		}
		if i == n {
			return k
		}
		buf = append(binary.AppendUvarint(buf, uint64(len(moves[i]))), moves[i]...)
	}
}

// gameKey is the key of a prefix's hash. The namespace game2 holds states
// of the segmented format (prefixState); the whole-prefix states of the
// format before it were under game, where nothing reads any more.
func gameKey(sum []byte) string {
	return rulesVersion() + ":game2:" + hex.EncodeToString(sum[:20])
}

// at returns the key of the state after the first i moves.
func (k *gameKeys) at(i int) string {
	for _, m := range k.made {
		if m.i == i {
			return m.key
		}
	}
	buf := []byte(k.head)
	for _, m := range k.moves[:i] {
		buf = append(binary.AppendUvarint(buf, uint64(len(m))), m...)
	}
	sum := sha256.Sum256(buf)
	return gameKey(sum[:])
}

// last returns the key of the whole game.
func (k *gameKeys) last() string { return k.at(len(k.moves)) }

// manyGetter is a Cache that can look several keys up in one round trip.
type manyGetter interface {
	GetMany(ctx context.Context, keys []string) [][]byte
}

// resume resumes the game at the longest prefix whose state, and the
// segments of every checkpoint before it, are cached and verify: the
// states of every checkpoint, of the game less its last move and of the
// whole game are looked up at once where the cache allows it, so that a
// slow Redis costs one timeout. It returns the game, every move before it
// (normalised) and their annotations; nil when nothing can be resumed.
func (s *Server) resume(ctx context.Context, v *rules.Variant, keys *gameKeys) (*rules.Game, []string, []moveAnnotation) {
	if s.cache == nil || len(keys.made) == 0 {
		return nil, nil, nil
	}
	want := make([]string, len(keys.made))
	for j, m := range keys.made {
		want[j] = m.key
	}
	var got [][]byte
	if mg, ok := s.cache.(manyGetter); ok {
		got = mg.GetMany(ctx, want)
	} else {
		got = make([][]byte, len(want))
		for j, k := range want {
			got[j], _ = s.cache.Get(ctx, k)
		}
	}
	// chain holds the segments that cover the game from the start without
	// a gap; a state can be resumed when it continues them.
	states := make([]prefixState, len(got))
	chain := make([]*prefixState, 0, len(got))
	var resumable []*prefixState
	rkeys := make([]byte, 0, 8*(checkpointEvery+1)*len(got)) // the states' repetition keys
	for j, b := range got {
		i, ps := keys.made[j].i, &states[j]
		if b == nil || segmentStart(i) != len(chain)*checkpointEvery ||
			readPrefixState(b, want[j], &rkeys, ps) != nil || !ps.fits(want[j], i) {
			continue
		}
		resumable = append(resumable, ps)
		if i%checkpointEvery == 0 {
			chain = append(chain, ps)
		}
	}
	for j := len(resumable) - 1; j >= 0; j-- {
		ps := resumable[j]
		before := chain[:ps.From/checkpointEvery]
		if g := resumeAt(v, before, ps); g != nil {
			played := make([]string, 0, len(keys.moves))
			var notes []moveAnnotation
			for _, seg := range before {
				played = append(played, seg.Moves...)
				notes = append(notes, seg.Annotations...)
			}
			return g, append(played, ps.Moves...), append(notes, ps.Annotations...)
		}
	}
	return nil, nil, nil
}

// resumeAt resumes the game from ps, the state after the segments before:
// with the repetition keys of the positions since the last capture or
// Pawn-class move, gathered from ps and the segments before it. Nil when
// they do not hold all of those, or do not belong to ps's position.
func resumeAt(v *rules.Variant, before []*prefixState, ps *prefixState) *rules.Game {
	h, ok := halfmoves(ps.FEN)
	if !ok {
		return nil
	}
	rk := make([]uint64, min(h, ps.To)+1)
	k := len(rk)
	for j := len(before); k > 0 && j >= 0; j-- {
		seg := ps
		if j < len(before) {
			seg = before[j]
		}
		for b := seg.Keys; k > 0 && len(b) >= 8; b = b[:len(b)-8] {
			k--
			rk[k] = binary.LittleEndian.Uint64(b[len(b)-8:])
		}
		if k > 0 && len(seg.Keys) != 8*seg.positions() {
			// A segment holds fewer keys than positions only after an
			// irreversible move, before which no later position looks.
			return nil
		}
	}
	if k > 0 {
		return nil
	}
	g, err := rules.ResumeGame(v, rules.GameState{FEN: ps.FEN, Keys: rk})
	if err != nil || g.Position().Halfmoves() != h {
		return nil
	}
	return g
}

// halfmoves reads the halfmove clock of a FEN as Position.FEN writes it:
// its fifth field.
func halfmoves(fen string) (int, bool) {
	for range 4 {
		i := strings.IndexByte(fen, ' ')
		if i < 0 {
			return 0, false
		}
		fen = fen[i+1:]
	}
	if i := strings.IndexByte(fen, ' '); i >= 0 {
		fen = fen[:i]
	}
	h, err := strconv.Atoi(fen)
	return h, err == nil && h >= 0
}

// stateWriter writes the states of one request's replay, within its budget
// of bytes (Config.MaxStateBytes).
type stateWriter struct {
	left int64  // bytes the request may still write; below 0, nothing more
	keys []byte // scratch: the repetition keys of a segment
}

// store caches the state of g, which stands after played (a prefix of the
// game's moves, whose annotations are notes), under key, and returns its
// FEN. Each state costs its key and its value against the request's
// budget; one that does not fit is skipped, and so is every later one: a
// state is of use only with every segment before it, so the states kept
// are always those of the first plies.
func (s *Server) store(ctx context.Context, w *stateWriter, key string, g *rules.Game, played []string, notes []moveAnnotation) string {
	if w.left < 0 {
		return g.Position().FEN()
	}
	st := g.State()
	to := len(played)
	from := segmentStart(to)
	keep := to - from
	if from == 0 {
		keep++ // the start's key
	}
	w.keys = w.keys[:0]
	for _, k := range st.Keys[max(0, len(st.Keys)-keep):] {
		w.keys = binary.LittleEndian.AppendUint64(w.keys, k)
	}
	first := len(notes)
	for first > 0 && notes[first-1].Index >= from {
		first--
	}
	ps := prefixState{Key: key, From: from, To: to, FEN: st.FEN, Moves: played[from:to], Keys: w.keys, Annotations: notes[first:]}
	size := 96 + 2*len(key) + len(st.FEN) + base64.StdEncoding.EncodedLen(len(w.keys))
	for _, m := range ps.Moves {
		size += len(m) + 3
	}
	b, err := appendPrefixState(make([]byte, 0, size), &ps)
	cost := int64(len(key) + len(b))
	if err != nil || cost > w.left {
		w.left = -1 // and no later state is written
		return st.FEN
	}
	w.left -= cost
	s.cache.Set(context.WithoutCancel(ctx), key, b)
	return st.FEN
}

// appendPrefixState appends ps as JSON, as json.Marshal writes it (the
// test says so), without reflection: a replay stores one at every
// checkpoint.
func appendPrefixState(b []byte, ps *prefixState) ([]byte, error) {
	b = append(b, `{"key":`...)
	b = appendJSONString(b, ps.Key)
	b = append(b, `,"from":`...)
	b = strconv.AppendInt(b, int64(ps.From), 10)
	b = append(b, `,"to":`...)
	b = strconv.AppendInt(b, int64(ps.To), 10)
	b = append(b, `,"fen":`...)
	b = appendJSONString(b, ps.FEN)
	b = append(b, `,"moves":`...)
	if ps.Moves == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, m := range ps.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, m)
		}
		b = append(b, ']')
	}
	b = append(b, `,"keys":`...)
	if ps.Keys == nil {
		b = append(b, "null"...)
	} else {
		b = append(base64.StdEncoding.AppendEncode(append(b, '"'), ps.Keys), '"')
	}
	if len(ps.Annotations) > 0 {
		notes, err := json.Marshal(ps.Annotations)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"annotations":`...), notes...)
	}
	return append(b, '}'), nil
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it:
// printable ASCII but for the characters it escapes as is, anything else
// through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// readPrefixState reads into ps a state as appendPrefixState writes it,
// without reflection: the key it names is key's string when it is key, the
// repetition keys are decoded onto *keys. Anything else (fields in another
// order, strings with escapes) is read by json.Unmarshal; either way, fits
// judges what was read.
func readPrefixState(b []byte, key string, keys *[]byte, ps *prefixState) error {
	r := stateReader{b: b, ok: true}
	r.lit(`{"key":`)
	if k := r.str(); string(k) == key {
		ps.Key = key
	} else {
		ps.Key = string(k)
	}
	r.lit(`,"from":`)
	ps.From = r.num()
	r.lit(`,"to":`)
	ps.To = r.num()
	r.lit(`,"fen":`)
	ps.FEN = string(r.str())
	r.lit(`,"moves":[`)
	ps.Moves = make([]string, 0, min(max(0, ps.To-ps.From), checkpointEvery))
	for r.ok && !r.next(']') {
		if len(ps.Moves) > 0 {
			r.lit(",")
		}
		ps.Moves = append(ps.Moves, string(r.str()))
	}
	r.lit(`,"keys":`)
	text := r.str()
	at := len(*keys)
	*keys = slices.Grow(*keys, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode((*keys)[at:cap(*keys)], text)
	ps.Keys, *keys = (*keys)[at:at+n:at+n], (*keys)[:at+n]
	if ps.Keys == nil {
		ps.Keys = []byte{} // as json.Unmarshal reads ""
	}
	if r.next(',') {
		r.lit(`"annotations":`)
		if r.ok && len(r.b) > 1 && json.Unmarshal(r.b[:len(r.b)-1], &ps.Annotations) == nil {
			r.b = r.b[len(r.b)-1:]
		} else {
			r.ok = false
		}
	}
	if r.lit("}"); !r.ok || err != nil || len(r.b) > 0 {
		*ps = prefixState{}
		return json.Unmarshal(b, ps)
	}
	return nil
}

// stateReader reads the JSON appendPrefixState writes; ok turns false at
// the first byte it does not expect.
type stateReader struct {
	b  []byte
	ok bool
}

// lit reads the text s.
func (r *stateReader) lit(s string) {
	if r.ok = r.ok && len(r.b) >= len(s) && string(r.b[:len(s)]) == s; r.ok {
		r.b = r.b[len(s):]
	}
}

// next reads c if it comes next.
func (r *stateReader) next(c byte) bool {
	if r.ok && len(r.b) > 0 && r.b[0] == c {
		r.b = r.b[1:]
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes (as
// appendJSONString writes every key, FEN and move) and returns its bytes.
func (r *stateReader) str() []byte {
	if !r.next('"') {
		r.ok = false
		return nil
	}
	for i, c := range r.b {
		switch {
		case c == '"':
			s := r.b[:i]
			r.b = r.b[i+1:]
			return s
		case c < 0x20 || c >= 0x7f || c == '\\':
			r.ok = false
			return nil
		}
	}
	r.ok = false
	return nil
}

// num reads a number of 1 to 9 digits, as JSON writes it.
func (r *stateReader) num() int {
	n, i := 0, 0
	for ; r.ok && i < len(r.b) && i < 10 && r.b[i] >= '0' && r.b[i] <= '9'; i++ {
		n = 10*n + int(r.b[i]-'0')
	}
	if r.ok = r.ok && i > 0 && i < 10 && (i == 1 || r.b[0] != '0'); r.ok {
		r.b = r.b[i:]
	}
	return n
}
