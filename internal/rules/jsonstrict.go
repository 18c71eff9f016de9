package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// strictJSON checks a JSON text against the shape of a Go type before it is
// decoded: every key must be a field's exact JSON name, no key may repeat,
// every value must have the JSON type of its field. Errors name the JSON
// path (pieces[2].betza) and the byte offset of the key or value at fault.
// encoding/json alone matches keys case-insensitively, keeps the last of
// repeated keys and reports offsets after the fault.
type strictJSON struct {
	data []byte
	dec  *json.Decoder
}

func checkStrictJSON(data []byte, t reflect.Type) error {
	s := &strictJSON{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	s.dec.UseNumber()
	if err := s.value(t, ""); err != nil {
		return err
	}
	off := s.next()
	if _, err := s.dec.Token(); err != io.EOF {
		return newError(ErrInvalidVariant, "", off, "trailing data after the definition")
	}
	return nil
}

// next returns the offset of the next token: the decoder's position past
// white space and the separators it has not consumed yet.
func (s *strictJSON) next() int {
	off := int(s.dec.InputOffset())
	for off < len(s.data) && strings.IndexByte(" \t\r\n,:", s.data[off]) >= 0 {
		off++
	}
	return off
}

func (s *strictJSON) token() (json.Token, int, error) {
	off := s.next()
	tok, err := s.dec.Token()
	if err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.As(err, &syn):
			// The decoder's offset is relative to its buffer; a whole-text
			// validity check gives the absolute one, counting the bad byte.
			var whole *json.SyntaxError
			if errors.As(json.Unmarshal(s.data, new(any)), &whole) {
				off = max(0, min(int(whole.Offset)-1, len(s.data)))
			}
			return nil, off, newError(ErrInvalidVariant, "", off, "malformed JSON: %v", syn)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return nil, len(s.data), newError(ErrInvalidVariant, "", len(s.data), "unexpected end of JSON")
		}
		return nil, off, newError(ErrInvalidVariant, "", off, "malformed JSON: %v", err)
	}
	return tok, off, nil
}

func jsonKind(tok json.Token) string {
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '{' {
			return "an object"
		}
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}

func (s *strictJSON) value(t reflect.Type, path string) error {
	tok, off, err := s.token()
	if err != nil {
		return err
	}
	return s.valueFrom(tok, off, t, path)
}

func (s *strictJSON) valueFrom(tok json.Token, off int, t reflect.Type, path string) error {
	wrong := func(want string) error {
		return newError(ErrInvalidVariant, path, off, "expected %s, got %s", want, jsonKind(tok))
	}
	if t.Kind() == reflect.Pointer {
		if tok == nil {
			return nil
		}
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if tok != json.Delim('{') {
			return wrong("an object")
		}
		return s.object(t, path)
	case reflect.Slice:
		if tok == nil {
			return nil
		}
		if tok != json.Delim('[') {
			return wrong("an array")
		}
		for i := 0; s.dec.More(); i++ {
			if err := s.value(t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		_, _, err := s.token()
		return err
	case reflect.String:
		if _, ok := tok.(string); !ok {
			return wrong("a string")
		}
	case reflect.Bool:
		if _, ok := tok.(bool); !ok {
			return wrong("true or false")
		}
	case reflect.Int:
		n, ok := tok.(json.Number)
		if !ok {
			return wrong("a whole number")
		}
		if i, err := n.Int64(); err != nil || i < -1<<31 || i > 1<<31-1 {
			return newError(ErrInvalidVariant, path, off, "expected a whole number, got %s", n)
		}
	case reflect.Float64:
		n, ok := tok.(json.Number)
		if !ok {
			return wrong("a number")
		}
		if _, err := n.Float64(); err != nil {
			return newError(ErrInvalidVariant, path, off, "number %s is out of range", n)
		}
	default:
		return fmt.Errorf("strictJSON: unsupported field type %v", t)
	}
	return nil
}

func (s *strictJSON) object(t reflect.Type, path string) error {
	fields := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "" && name != "-" {
			fields[name] = f.Type
		}
	}
	seen := map[string]bool{}
	for s.dec.More() {
		tok, off, err := s.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		field := key
		if path != "" {
			field = path + "." + key
		}
		ft, ok := fields[key]
		if !ok {
			return newError(ErrInvalidVariant, field, off, "unknown field %q", key)
		}
		if seen[key] {
			return newError(ErrInvalidVariant, field, off, "field %q appears twice", key)
		}
		seen[key] = true
		if err := s.value(ft, field); err != nil {
			return err
		}
	}
	_, _, err := s.token()
	return err
}
