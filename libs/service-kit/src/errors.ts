import { ErrorCode, type ApiIssue } from '@listready/contracts';

/** An error that maps to an HTTP answer with the shape of DESIGN.md §5. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(statusCode: number, code: string, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.issues = issues;
  }
}

export class ValidationError extends HttpError {
  constructor(issues: ApiIssue[], message = issues[0]?.message ?? 'Invalid input') {
    super(400, ErrorCode.validation, message, issues);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, ErrorCode.unauthorized, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, ErrorCode.forbidden, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not Found', code: string = ErrorCode.notFound) {
    super(404, code, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, code: string = ErrorCode.conflict) {
    super(409, code, message);
  }
}
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number) {
    super(429, ErrorCode.rateLimited, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
