package rules

// EngineVersion names the engine's behaviour for caches: it is part of
// every cache key, together with a hash of the embedded variant files, so
// a deploy whose rules answer differently never serves an old answer. Bump
// it with any change that alters a legal move, a status or a notation.
const EngineVersion = "2026-12-02.1"
