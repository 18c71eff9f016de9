package cache

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// MinSecretBytes is the shortest secret NewRedis accepts: 32 bytes, the
// size of the HMAC-SHA256 output, so that the key is no weaker than the MAC.
const MinSecretBytes = 32

// magic starts every sealed value; the version is part of it. "ADJ1" was
// an unkeyed FNV-1a checksum; such values are now rejected as "format".
var magic = [4]byte{'A', 'D', 'J', '2'}

// sealOverhead is what seal adds to a payload: the magic and the MAC.
const sealOverhead = len(magic) + sha256.Size

// Reasons a value read from Redis is rejected, the reason label of
// adjudicator_cache_rejected_total.
const (
	rejectSize   = "size"   // longer than MaxValue plus the seal: not even looked at
	rejectFormat = "format" // too short, or not this version's magic (an older format, plain data)
	rejectMAC    = "mac"    // the MAC does not verify: another secret, key or payload
)

// sealer signs and checks values with HMAC-SHA256 under a secret shared by
// the replicas of one deployment. The MAC covers the magic, the full Redis
// key as written (prefix and key) and the payload, so a value moved to
// another key, or copied from another deployment's prefix, does not open.
type sealer struct{ secret []byte }

func newSealer(secret []byte) (sealer, error) {
	if len(secret) < MinSecretBytes {
		return sealer{}, fmt.Errorf("cache secret is %d bytes; want at least %d", len(secret), MinSecretBytes)
	}
	return sealer{secret: append([]byte(nil), secret...)}, nil
}

// mac is HMAC-SHA256(secret, magic | len(key) as 4 bytes | key | payload):
// the key's length is written, so bytes cannot move between key and payload.
func (s sealer) mac(key string, payload []byte, out []byte) []byte {
	h := hmac.New(sha256.New, s.secret)
	h.Write(magic[:])
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(key)))
	h.Write(n[:])
	h.Write([]byte(key))
	h.Write(payload)
	return h.Sum(out)
}

// seal frames a value for the Redis key key: magic, MAC, payload.
func (s sealer) seal(key string, payload []byte) []byte {
	out := make([]byte, len(magic), sealOverhead+len(payload))
	copy(out, magic[:])
	out = s.mac(key, payload, out)
	return append(out, payload...)
}

// unseal returns the payload of a value sealed for the Redis key key under
// this secret, or the reason it does not open (rejectSize, rejectFormat,
// rejectMAC); the reason is empty when it opens. A value longer than
// maxValue plus the seal is refused before its MAC is computed.
func (s sealer) unseal(key string, data []byte, maxValue int) (payload []byte, reason string) {
	switch {
	case len(data) > maxValue+sealOverhead:
		return nil, rejectSize
	case len(data) < sealOverhead || [4]byte(data[:4]) != magic:
		return nil, rejectFormat
	}
	var buf [sha256.Size]byte
	payload = data[sealOverhead:]
	if !hmac.Equal(data[len(magic):sealOverhead], s.mac(key, payload, buf[:0])) {
		return nil, rejectMAC
	}
	return payload, ""
}
