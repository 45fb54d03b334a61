/** The gateway's one error body, read from an RTK Query error. */
export interface ApiError {
  status?: number;
  code: string;
  message: string;
}

/** What went wrong with a request, in words a staff member can act on. */
export function apiErrorOf(error: unknown): ApiError {
  const failure = error as { status?: unknown; data?: { error?: Partial<ApiError> } } | undefined;
  const body = failure?.data?.error;
  const status = typeof failure?.status === 'number' ? failure.status : undefined;
  if (body && typeof body.code === 'string')
    return {
      status,
      code: body.code,
      message: typeof body.message === 'string' && body.message ? body.message : 'The request was refused.',
    };
  if (status !== undefined)
    return { status, code: 'HTTP_ERROR', message: `The gateway answered ${status}. Nothing was changed; try again.` };
  return { code: 'UNAVAILABLE', message: 'The gateway could not be reached. Nothing was changed; try again.' };
}

/** Whether a request lost a race with someone else's change (it read a version that is no longer current). */
export const isConflict = (error: unknown) => apiErrorOf(error).status === 409;
