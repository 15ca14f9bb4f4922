export const THRESHOLD: number;
export const IN_TURN_LIMIT: number;
export function preferredCoding(acceptEncoding: string | null | undefined, codings: string[]): string | undefined;
export function compressAnswer(request: Request, response: Response): Promise<Response>;
