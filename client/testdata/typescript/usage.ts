// A TypeScript client's use of the types that openapi-typescript generates
// from api/openapi.yaml (into schema.ts, next to this file, by
// client/typescript_test.go, which compiles both in strict mode). It builds
// a legal-moves request and reads the fields of a LegalMovesResult and of a
// Problem, so a renamed or retyped schema or field fails to compile; and
// it calls adjudicate and the bulk operation with openapi-fetch's client
// as createClient<paths>() makes it, with no media-type option. The lines
// marked as expected errors must not compile either, so the check fails if
// the types accept anything.
import createClient from "openapi-fetch";
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

// openapi-fetch's client with its defaults: every operation's 200 answer
// is read as the one media type the contract gives it.
const client = createClient<paths>({ baseUrl: "http://localhost:8080" });

type AdjudicateRequest = Schemas["AdjudicateRequest"];
type BulkAnswer = Schemas["BulkAnswer"];

// adjudicate answers JSON only, so data is an AdjudicationResult.
export async function adjudicate(game: AdjudicateRequest): Promise<string> {
  const { data, error } = await client.POST("/v1/games/adjudicate", { body: game });
  if (error !== undefined) {
    return explain(error);
  }
  const result: Schemas["AdjudicationResult"] = data;
  // @ts-expect-error: an adjudication has no field "winner" (it is status.winner).
  void data.winner;
  return `${result.result} ${result.reason} after ${result.plies} plies${data.legal ? "" : `, illegal: ${data.illegalMove?.move}`}`;
}

export const foolsMate: AdjudicateRequest = { variant: "chess", moves: ["f3", "e5", "g4", "Qh4#"] };

// Bulk adjudication sends its body as it is (one AdjudicateRequest a line)
// and reads its answer as text, one BulkAnswer a line.
export async function adjudicateBulk(games: AdjudicateRequest[]): Promise<BulkAnswer[]> {
  const { data, error } = await client.POST("/v1/games/adjudicate/bulk", {
    body: games.map((g) => JSON.stringify(g)).join("\n") + "\n",
    bodySerializer: (body) => body,
    headers: { "Content-Type": "application/x-ndjson" },
    parseAs: "text",
  });
  if (error !== undefined) {
    throw new Error(explain(error));
  }
  const lines = data.split("\n").filter((line) => line !== "");
  return lines.map((line) => JSON.parse(line) as BulkAnswer);
}

// A PGN file is a bulk body too.
export async function adjudicatePGN(file: string): Promise<string> {
  const { data, error } = await client.POST("/v1/games/adjudicate/bulk", {
    body: file,
    bodySerializer: (body) => body,
    headers: { "Content-Type": "application/x-chess-pgn" },
    parseAs: "text",
  });
  return error === undefined ? data : explain(error);
}

export async function bulkMisuse(games: AdjudicateRequest[]): Promise<void> {
  // @ts-expect-error: the bulk body is NDJSON text, not an array of requests.
  await client.POST("/v1/games/adjudicate/bulk", { body: games, parseAs: "text" });
}

export function summarize(answers: BulkAnswer[]): string {
  return answers
    .map((a) => (a.stopped === true ? `stopped at ${a.index}` : `${a.index}: ${a.problem === undefined ? "ok" : a.problem.code}`))
    .join(", ");
}
