import type { ProfileResponse } from '@shop/contracts/browser';
import { type ApiError, apiErrorOf } from '@shop/platform';
import { useState } from 'react';

export interface WriteOutcome {
  tone: 'success' | 'error';
  message: string;
  fields?: Record<string, string>;
}

/**
 * Runs one profile write and keeps the page's copy of the profile current: the answer of a
 * success, or on VERSION_CONFLICT the profile as another tab left it (shown, never overwritten).
 */
export function useProfileWrite(onProfile: (profile: ProfileResponse) => void) {
  const [outcome, setOutcome] = useState<WriteOutcome>();
  const run = async (
    write: () => Promise<{ data: ProfileResponse } | { error: unknown }>,
    success: string,
  ): Promise<boolean> => {
    const result = await write();
    if ('data' in result) {
      onProfile(result.data);
      setOutcome({ tone: 'success', message: success });
      return true;
    }
    const error: ApiError = apiErrorOf(result.error);
    if (error.code === 'VERSION_CONFLICT' && error.current) {
      onProfile(error.current as ProfileResponse);
      setOutcome({
        tone: 'error',
        message:
          'Your profile was changed in another tab or window. The form now shows what it holds; make your change again if you still want it.',
      });
      return false;
    }
    setOutcome({ tone: 'error', message: error.message, fields: error.fields });
    return false;
  };
  return { outcome, run };
}
