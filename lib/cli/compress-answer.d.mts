export const THRESHOLD: number;
export const IN_TURN_LIMIT: number;
export const KEPT_FROM: number;
export interface KeptAnswers {
  get(key: string): Buffer | undefined;
  set(key: string, body: Buffer): unknown;
}
export function keptAnswers(): KeptAnswers;
export function preferredCoding(acceptEncoding: string | null | undefined, codings: string[]): string | undefined;
export function compressAnswer(request: Request, response: Response, kept?: KeptAnswers | null): Promise<Response>;
