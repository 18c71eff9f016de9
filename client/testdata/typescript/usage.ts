// A TypeScript client's use of the types that openapi-typescript generates
// from api/openapi.yaml (into schema.ts, next to this file, by
// client/typescript_test.go, which compiles both in strict mode). It builds
// a legal-moves request and reads the fields of a LegalMovesResult and of a
// Problem, so a renamed or retyped schema or field fails to compile. The
// lines marked as expected errors must not compile either, so the check
// fails if the types accept anything.
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
type LegalMoves = paths["/v1/legal-moves"]["post"];

export type LegalMovesRequest = LegalMoves["requestBody"]["content"]["application/json"];
export type LegalMovesResult = LegalMoves["responses"][200]["content"]["application/json"];
export type Problem = LegalMoves["responses"]["default"]["content"]["application/problem+json"];

// The operation's request, answer and problem are the named schemas.
export const asPositionRequest = (r: LegalMovesRequest): Schemas["PositionRequest"] => r;
export const asLegalMovesResult = (r: LegalMovesResult): Schemas["LegalMovesResult"] => r;
export const asProblem = (p: Problem): Schemas["Problem"] => p;

export const request: LegalMovesRequest = {
  variant: "chess",
  fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
};

// @ts-expect-error: a request has no field "position".
export const misspelt: LegalMovesRequest = { variant: "chess", position: "startpos" };

export function describe(result: LegalMovesResult): string {
  const turn: "white" | "black" = result.status.turn;
  const outcome: string = result.status.outcome;
  const inCheck: boolean = result.status.inCheck;
  const moves = result.moves.map(
    (m) => `${m.uci} ${m.san} ${m.from}-${m.to} ${m.piece}${m.promotion ?? ""} x${m.captures.length} ${m.flags.join(",")}`,
  );
  // @ts-expect-error: a result has no field "movez".
  void result.movez;
  return `${result.variant} ${result.fen}: ${turn} to move, ${outcome}${inCheck ? ", in check" : ""}, ` +
    `${result.status.legalMoveCount} moves: ${moves.join("; ")}`;
}

export function explain(problem: Problem): string {
  const code: string = problem.code;
  const status: number = problem.status;
  const where = problem.field === undefined
    ? ""
    : ` at ${problem.field}${problem.offset === undefined ? "" : `, byte ${problem.offset}`}`;
  return `${code} (${status})${where}: ${problem.detail ?? problem.title} [${problem.type}]`;
}
