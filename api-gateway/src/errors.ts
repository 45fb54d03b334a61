/** An error the caller caused or should see: mapped to its status and code, never a stack trace. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Form validation: one message per wrong field, sent as `error.fields`. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
