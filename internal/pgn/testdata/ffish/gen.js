// Writes random games of a Fairy-Stockfish variant as PGN, the moves in
// Fairy-Stockfish's own SAN, each game preceded by % lines giving its
// moves in UCI and its final FEN as Fairy-Stockfish has them: records made
// by another program than ours, for TestOtherProgramsRecords.
//
//   npm install ffish@0.7.10     # Fairy-Stockfish 230826 LB in WebAssembly
//   node gen.js shako 120 1 2 3 >../shako-ffish.pgn
//
// A game is seeded plies of uniformly random legal moves, a capture chosen
// one time in three when there is one; it stops early when Fairy-Stockfish
// says the game is over.
globalThis.fetch = undefined; // node's fetch cannot load the wasm file
const ffish = require('ffish');
const [variant, plies, ...seeds] = process.argv.slice(2);
ffish['onRuntimeInitialized'] = () => {
  const out = [];
  for (const seed of seeds) {
    let s = Number(seed) >>> 0;
    const rnd = (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
    const b = new ffish.Board(variant);
    const start = b.fen();
    const ucis = [];
    for (let i = 0; i < Number(plies) && !b.isGameOver(); i++) {
      const legal = b.legalMoves().split(' ');
      const caps = legal.filter((m) => b.isCapture(m));
      const m = caps.length && rnd(3) === 0 ? caps[rnd(caps.length)] : legal[rnd(legal.length)];
      ucis.push(m);
      b.push(m);
    }
    const result = b.isGameOver() ? b.result() : '*';
    const sanBoard = new ffish.Board(variant, start);
    const san = sanBoard.variationSan(ucis.join(' '), ffish.Notation.SAN, true);
    const lines = [];
    let line = '';
    for (const token of (san + ' ' + result).split(' ')) {
      if (line.length + token.length + 1 > 79) { lines.push(line); line = token; } else { line = line ? line + ' ' + token : token; }
    }
    lines.push(line);
    out.push(`% uci ${ucis.join(' ')}`, `% fen ${b.fen()}`,
      `[Event "Random game, seed ${seed}"]`, `[Site "${ffish.info()}, npm ffish 0.7.10"]`,
      `[Date "????.??.??"]`, `[Round "-"]`, `[White "?"]`, `[Black "?"]`, `[Result "${result}"]`,
      `[Variant "${variant}"]`, `[FEN "${start}"]`, `[SetUp "1"]`, '', ...lines, '');
    b.delete(); sanBoard.delete();
  }
  process.stdout.write(out.join('\n'));
};
