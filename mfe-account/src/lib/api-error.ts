/** The gateway's one error body, read from an RTK Query error. */
export interface ApiError {
  status?: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  current?: unknown;
}

export function apiErrorOf(error: unknown): ApiError {
  const failure = error as { status?: unknown; data?: { error?: Partial<ApiError> } } | undefined;
  const body = failure?.data?.error;
  const status = typeof failure?.status === 'number' ? failure.status : undefined;
  if (body && typeof body.code === 'string')
    return {
      status,
      code: body.code,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.',
      ...(body.fields && typeof body.fields === 'object' ? { fields: body.fields } : {}),
      ...(body.current ? { current: body.current } : {}),
    };
  return { status, code: 'UNAVAILABLE', message: 'The shop could not be reached. Please try again in a moment.' };
}

/** A same-site path to continue to after signing in, or the fallback (the gateway applies the full rule). */
export function localCallback(value: string | null, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : fallback;
}
