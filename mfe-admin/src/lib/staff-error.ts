import { type ApiError, type ApiErrorWording, apiErrorOf } from '@shop/platform';

/** A staff member's words for a failure with no message of its own: nothing was changed, so try again. */
const STAFF_WORDING: ApiErrorWording = {
  refused: 'The request was refused.',
  unreachable: 'The gateway could not be reached. Nothing was changed; try again.',
  answered: (status) => `The gateway answered ${status}. Nothing was changed; try again.`,
};

/** What went wrong with a request, in words a staff member can act on. */
export const staffErrorOf = (error: unknown): ApiError => apiErrorOf(error, STAFF_WORDING);

/** Whether a request lost a race with someone else's change (it read a version that is no longer current). */
export const isConflict = (error: unknown) => staffErrorOf(error).status === 409;
