/** The gateway's one error body (`{ error: { code, message, ... } }`), read from an RTK Query error. */
export interface ApiError {
  /** The HTTP status, when an answer came. */
  status?: number;
  code: string;
  message: string;
  /** Validation failures of a form: one message per field that is wrong. */
  fields?: Record<string, string>;
  /** What is stored now, sent with a version conflict. */
  current?: unknown;
}

/** What a failure says when the answer has no message of its own: each app words it for its readers. */
export interface ApiErrorWording {
  /** The gateway refused in its error shape but sent no message. */
  refused: string;
  /** No answer came, or one the app cannot read. */
  unreachable: string;
  /**
   * An answer with a status but not the gateway's error shape (a proxy's error page, say). Without
   * it such an answer reads as `unreachable`.
   */
  answered?: (status: number) => string;
}

/** Shoppers' words. */
export const SHOPPER_ERROR_WORDING: ApiErrorWording = {
  refused: 'Something went wrong. Please try again.',
  unreachable: 'The shop could not be reached. Please try again in a moment.',
};

/** What went wrong with a request to the gateway, from the error RTK Query (or `sendWithCsrf`) gave back. */
export function apiErrorOf(error: unknown, wording: ApiErrorWording = SHOPPER_ERROR_WORDING): ApiError {
  const failure = error as { status?: unknown; data?: { error?: Partial<ApiError> } } | null | undefined;
  const body = failure?.data?.error;
  const status = typeof failure?.status === 'number' ? failure.status : undefined;
  if (body && typeof body.code === 'string')
    return {
      status,
      code: body.code,
      message: typeof body.message === 'string' && body.message ? body.message : wording.refused,
      ...(body.fields && typeof body.fields === 'object' ? { fields: body.fields } : {}),
      ...(body.current ? { current: body.current } : {}),
    };
  if (status !== undefined && wording.answered)
    return { status, code: 'HTTP_ERROR', message: wording.answered(status) };
  return { status, code: 'UNAVAILABLE', message: wording.unreachable };
}
