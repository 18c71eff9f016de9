package cache

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// testSecret is the secret of the tests' deployment.
var testSecret = []byte("test secret: 32 bytes or more, as NewRedis requires")

func testSealer(t testing.TB, secret []byte) sealer {
	t.Helper()
	s, err := newSealer(secret)
	if err != nil {
		t.Fatalf("newSealer(%d bytes): %v", len(secret), err)
	}
	return s
}

// sealFNV is the seal this package wrote before values were signed: "ADJ1",
// a 64-bit FNV-1a sum of key, a zero byte and payload, then the payload.
// Anyone can compute it, which is what made values forgeable.
func sealFNV(key string, payload []byte) []byte {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write(payload)
	out := binary.BigEndian.AppendUint64([]byte("ADJ1"), h.Sum64())
	return append(out, payload...)
}

func TestNewSealerRejectsShortSecrets(t *testing.T) {
	for _, n := range []int{0, 1, 16, MinSecretBytes - 1} {
		if _, err := newSealer(bytes.Repeat([]byte{'s'}, n)); err == nil {
			t.Errorf("newSealer(%d bytes) = nil error; want a refusal (at least %d)", n, MinSecretBytes)
		}
	}
	if _, err := newSealer(bytes.Repeat([]byte{'s'}, MinSecretBytes)); err != nil {
		t.Errorf("newSealer(%d bytes) = %v; want nil", MinSecretBytes, err)
	}
}

func TestSealRoundTrip(t *testing.T) {
	tests := []struct {
		key     string
		payload []byte
	}{
		{"k", []byte("v")},
		{"", []byte("no key")},
		{"empty payload", []byte{}},
		{"binary", []byte{0, 1, 2, 0xff, 0}},
		{"adj:r1:legal-moves:0123", bytes.Repeat([]byte(`{"moves":[]}`), 1000)},
		{"ключ", []byte("значение")},
	}
	s := testSealer(t, testSecret)
	for _, tt := range tests {
		sealed := s.seal(tt.key, tt.payload)
		if len(sealed) != len(tt.payload)+sealOverhead {
			t.Errorf("len(seal(%q, %d bytes)) = %d; want %d", tt.key, len(tt.payload), len(sealed), len(tt.payload)+sealOverhead)
		}
		got, reason := s.unseal(tt.key, sealed, len(tt.payload))
		if reason != "" || !bytes.Equal(got, tt.payload) {
			t.Errorf("unseal(%q, seal(%q, %.20q)) = %.20q, %q; want %.20q, \"\"", tt.key, tt.key, tt.payload, got, reason, tt.payload)
		}
	}
}

// TestSealRejects: a value sealed for another key or under another secret,
// truncated, extended, with any bit flipped, in the old FNV format, or not
// sealed at all does not open, and the reason says which check refused it.
func TestSealRejects(t *testing.T) {
	const key = "adj:r1:status:abc"
	payload := []byte(`{"status":"ok"}`)
	s := testSealer(t, testSecret)
	other := testSealer(t, []byte("another deployment's secret, also long enough"))
	good := s.seal(key, payload)
	tests := []struct {
		name string
		key  string
		data []byte
		want string
	}{
		{"nil", key, nil, rejectFormat},
		{"empty", key, []byte{}, rejectFormat},
		{"magic only", key, magic[:], rejectFormat},
		{"one byte short of a header", key, good[:sealOverhead-1], rejectFormat},
		{"header only", key, good[:sealOverhead], rejectMAC},
		{"truncated by one", key, good[:len(good)-1], rejectMAC},
		{"extended by one", key, append(bytes.Clone(good), '}'), rejectSize},
		{"extended within the limit", key, append(bytes.Clone(good[:len(good)-1]), ' '), rejectMAC},
		{"another key", "adj:r1:status:abd", good, rejectMAC},
		{"key prefix", "adj:r1:status:ab", good, rejectMAC},
		{"another deployment's prefix", "blue:r1:status:abc", good, rejectMAC},
		{"another secret", key, other.seal(key, payload), rejectMAC},
		{"plain JSON", key, payload, rejectFormat},
		{"the old FNV seal, valid for this key", key, sealFNV(key, payload), rejectFormat},
		{"the old FNV seal under the new magic", key, append([]byte("ADJ2"), sealFNV(key, payload)[4:]...), rejectFormat},
		{"MAC of another payload", key, append(bytes.Clone(good[:sealOverhead]), `{"status":"no"}`...), rejectMAC},
		{"over the size limit", key, s.seal(key, bytes.Repeat([]byte{'x'}, len(payload)+1)), rejectSize},
	}
	for i := range good {
		for bit := range 8 {
			flipped := bytes.Clone(good)
			flipped[i] ^= 1 << bit
			want := rejectMAC
			if i < len(magic) {
				want = rejectFormat
			}
			tests = append(tests, struct {
				name string
				key  string
				data []byte
				want string
			}{fmt.Sprintf("byte %d bit %d flipped", i, bit), key, flipped, want})
		}
	}
	for _, tt := range tests {
		if got, reason := s.unseal(tt.key, tt.data, len(payload)); reason != tt.want {
			t.Errorf("%s: unseal(%q, %.60q) = %q, %q; want reason %q", tt.name, tt.key, tt.data, got, reason, tt.want)
		}
	}
}

// TestSealBindsKeyAndPayload: moving bytes between the key and the payload
// changes the MAC (the key's length is signed).
func TestSealBindsKeyAndPayload(t *testing.T) {
	s := testSealer(t, testSecret)
	a := s.seal("ab", []byte("c"))
	moved := append(bytes.Clone(a[:sealOverhead]), "bc"...)
	if got, reason := s.unseal("a", moved, 10); reason != rejectMAC {
		t.Errorf("unseal(%q, MAC of (%q, %q) with payload %q) = %q, %q; want %q", "a", "ab", "c", "bc", got, reason, rejectMAC)
	}
}

// rejected is adjudicator_cache_rejected_total of the Redis tier for reason.
func rejected(t testing.TB, reg prometheus.Gatherer, reason string) float64 {
	t.Helper()
	return metric(t, reg, "adjudicator_cache_rejected_total", "tier", "redis", "reason", reason)
}

// TestRedisForgedValues: whoever can write to Redis but lacks the secret
// cannot make the tier serve an answer. A forged answer under the old FNV
// seal (valid for the key, prefixed or not), one signed under another
// secret, a genuine value moved to another key or copied from another
// deployment's prefix, and one longer than the limit are all misses,
// counted by reason; the genuine value is served.
func TestRedisForgedValues(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	blue, _ := newTestRedis(t, srv, func(c *RedisConfig) { c.Prefix = "blue:" }) // another deployment, same secret
	ctx := context.Background()
	const key = "r1:legal-moves:start"
	real := []byte(`{"moves":["a3","a4","b3","b4","c3","c4","d3","d4","e3","e4","f3","f4","g3","g4","h3","h4","Na3","Nc3","Nf3","Nh3"]}`)
	forged := []byte(`{"moves":["Kxe8#"],"outcome":"checkmate","result":"1-0"}`)
	r.Set(ctx, key, real)
	r.Set(ctx, "r1:legal-moves:other", forged)
	blue.Set(ctx, key, forged)
	waitHit(t, r, key, real, hang)
	waitHit(t, r, "r1:legal-moves:other", forged, hang)
	waitHit(t, blue, key, forged, hang)
	fromBlue, _ := srv.Get("blue:" + key)
	moved, _ := srv.Get(testPrefix + "r1:legal-moves:other")
	stranger := testSealer(t, []byte("a stranger's secret, 32 bytes or more"))
	tests := []struct {
		name string
		raw  []byte
		want string // reason
	}{
		{"the old FNV seal for the prefixed key", sealFNV(testPrefix+key, forged), rejectFormat},
		{"the old FNV seal for the key", sealFNV(key, forged), rejectFormat},
		{"signed under another secret", stranger.seal(testPrefix+key, forged), rejectMAC},
		{"moved from another key", moved, rejectMAC},
		{"copied from another deployment's prefix", fromBlue, rejectMAC},
		{"over the size limit", bytes.Repeat([]byte{'x'}, 1024+sealOverhead+1), rejectSize},
	}
	for _, tt := range tests {
		before := rejected(t, reg, tt.want)
		srv.Set(testPrefix+key, tt.raw)
		if got, ok := r.Get(ctx, key); ok {
			t.Errorf("%s: Get(%q) = %q, true; want a miss", tt.name, key, got)
		}
		if got := r.GetMany(ctx, []string{key}); got[0] != nil {
			t.Errorf("%s: GetMany(%q) = %q; want a miss", tt.name, key, got[0])
		}
		if got, want := rejected(t, reg, tt.want), before+2; got != want {
			t.Errorf("%s: rejected{reason=%q} = %v; want %v", tt.name, tt.want, got, want)
		}
	}
	if got, want := lookups(t, reg, "redis", "corrupt"), 2*float64(len(tests)); got != want {
		t.Errorf("redis lookups corrupt = %v; want %v (every rejection is also a corrupt lookup)", got, want)
	}
	if got := breakerState(t, reg); got != 0 {
		t.Errorf("breaker state after forged values = %v; want 0 (a forgery is not a failure of Redis)", got)
	}
	r.Set(ctx, key, real)
	waitHit(t, r, key, real, hang)
}

// BenchmarkUnseal: checking the MAC of a typical answer (4 KB), the work a
// Redis hit adds to its round trip.
func BenchmarkUnseal(b *testing.B) {
	s := testSealer(b, testSecret)
	const key = "adj:r1:legal-moves:0123456789abcdef0123456789abcdef01234567"
	sealed := s.seal(key, bytes.Repeat([]byte(`{"uci":"e2e4"}`), 300))
	b.SetBytes(int64(len(sealed)))
	for b.Loop() {
		if _, reason := s.unseal(key, sealed, 1<<20); reason != "" {
			b.Fatal(reason)
		}
	}
}
