package fsf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Limits of one configuration text, checked while it is read.
const (
	// MaxTextBytes bounds the text of one import.
	MaxTextBytes = 1 << 20
	// MaxSections bounds the sections of one text: Fairy-Stockfish's own
	// variants.ini has 143.
	MaxSections = 512
	// MaxKeys bounds the keys of one section.
	MaxKeys = 256
	// maxLine bounds one line.
	maxLine = 4096
)

// section is one [name] or [name:parent] of a configuration text, with its
// keys in the order given.
type section struct {
	name, parent string
	line         int // 1-based line of the header
	keys         []entry
}

// entry is one key = value line.
type entry struct {
	key, value string
	line       int    // 1-based line in the text; 0 for a built-in
	from       string // the section that set it
	builtin    bool   // set by a built-in variant of Fairy-Stockfish
}

// SyntaxError is a text that cannot be read as a configuration at all.
type SyntaxError struct {
	Line, Column int
	Detail       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Detail)
}

// readINI reads a configuration as Fairy-Stockfish does: text before the
// first section is ignored, a line starting with # or ; is a comment, every
// other non-blank line is key = value (the key trimmed of spaces on its
// right, the value of spaces on its left). Unlike Fairy-Stockfish it does
// not skip what it cannot read: a line without =, an empty key or a bad
// header is a SyntaxError with its line and column. A key given twice in a
// section keeps its last value, as in Fairy-Stockfish.
func readINI(text []byte) ([]*section, error) {
	if len(text) > MaxTextBytes {
		return nil, &SyntaxError{Line: 1, Column: 1, Detail: fmt.Sprintf("the text is larger than %d bytes", MaxTextBytes)}
	}
	if !utf8.Valid(text) {
		i := 0
		for i < len(text) {
			r, n := utf8.DecodeRune(text[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		line := bytes.Count(text[:i], []byte("\n")) + 1
		col := i - bytes.LastIndexByte(text[:i], '\n')
		return nil, &SyntaxError{Line: line, Column: col, Detail: "the text is not UTF-8"}
	}
	var out []*section
	var cur *section
	seen := map[string]int{}
	for n, raw := range strings.Split(string(text), "\n") {
		line := n + 1
		raw = strings.TrimSuffix(raw, "\r")
		if len(raw) > maxLine {
			return nil, &SyntaxError{Line: line, Column: maxLine + 1, Detail: fmt.Sprintf("the line is longer than %d bytes", maxLine)}
		}
		if strings.HasPrefix(raw, "[") {
			s, err := readHeader(raw, line)
			if err != nil {
				return nil, err
			}
			if prev, ok := seen[s.name]; ok {
				return nil, &SyntaxError{Line: line, Column: 2, Detail: fmt.Sprintf("section %q is already defined on line %d", s.name, prev)}
			}
			if len(out) == MaxSections {
				return nil, &SyntaxError{Line: line, Column: 1, Detail: fmt.Sprintf("more than %d sections", MaxSections)}
			}
			seen[s.name] = line
			out = append(out, s)
			cur = s
			continue
		}
		if cur == nil || strings.HasPrefix(raw, "#") || strings.HasPrefix(raw, ";") || strings.TrimSpace(raw) == "" {
			continue
		}
		eq := strings.IndexByte(raw, '=')
		if eq < 0 {
			return nil, &SyntaxError{Line: line, Column: 1, Detail: fmt.Sprintf("%q is neither a comment nor key = value", clip(raw))}
		}
		key := strings.TrimRight(raw[:eq], " \t")
		if key == "" || strings.ContainsAny(key, " \t") {
			return nil, &SyntaxError{Line: line, Column: 1, Detail: fmt.Sprintf("%q is not a key", clip(raw[:eq]))}
		}
		value := strings.TrimSpace(raw[eq+1:])
		// A key given twice keeps its last value, as in Fairy-Stockfish.
		if i := slices.IndexFunc(cur.keys, func(e entry) bool { return e.key == key }); i >= 0 {
			cur.keys = slices.Delete(cur.keys, i, i+1)
		}
		if len(cur.keys) == MaxKeys {
			return nil, &SyntaxError{Line: line, Column: 1, Detail: fmt.Sprintf("more than %d keys in section %s", MaxKeys, cur.name)}
		}
		cur.keys = append(cur.keys, entry{key: key, value: value, line: line, from: cur.name})
	}
	if len(out) == 0 {
		return nil, &SyntaxError{Line: 1, Column: 1, Detail: "no section: a variant starts with [name] or [name:parent]"}
	}
	return out, nil
}

// readHeader reads [name] or [name:parent] (anything after the ] is
// ignored, as Fairy-Stockfish does).
func readHeader(raw string, line int) (*section, error) {
	end := strings.IndexByte(raw, ']')
	if end < 0 {
		return nil, &SyntaxError{Line: line, Column: len(raw) + 1, Detail: "the section header has no ]"}
	}
	name, parent, hasParent := strings.Cut(raw[1:end], ":")
	if !validName(name) {
		return nil, &SyntaxError{Line: line, Column: 2, Detail: fmt.Sprintf("%q is not a variant name (letters, digits, - and _, at most 64)", name)}
	}
	if hasParent && !validName(parent) {
		return nil, &SyntaxError{Line: line, Column: len(name) + 3, Detail: fmt.Sprintf("%q is not a variant name", parent)}
	}
	return &section{name: name, parent: parent, line: line}, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// clip shortens a text quoted in a message to its first 40 bytes (whole
// runes), so that no message grows with what it quotes.
func clip(s string) string { return clipTo(s, 40) }

// clipTo shortens s to at most n bytes, cut at a rune boundary, and marks
// the cut with "...".
func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
