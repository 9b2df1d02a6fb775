/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** node-postgres error with a SQLSTATE code. */
export function pgErrorCode(err: unknown): { code?: string; constraint?: string } {
  if (typeof err === 'object' && err !== null) {
    const e = err as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string') {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    if (e.cause) return pgErrorCode(e.cause);
  }
  return {};
}
