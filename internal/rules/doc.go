// Package rules is the chess-variant rules engine of Adjudicator: variant
// definitions, the Betza movement language, FEN, legal move generation,
// check, checkmate, stalemate and draws, notation, and perft.
//
// A variant is data (see Definition) compiled once into an immutable
// *Variant that many goroutines may share. A FEN is parsed into an unchecked
// Setup; NewPosition validates it into a Position, from which LegalMoves
// lists what may be played and Play returns the next position, leaving the
// old one unchanged.
//
// The package deliberately knows nothing of HTTP, logging, caches or
// storage: it imports only the standard library.
package rules
