import { z } from 'zod';
import { tracedFetch } from '@shop/node-kit/tracing';

export interface IdmeClientOptions {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Each call's deadline. */
  timeoutMs?: number;
}

/** The provider refused (a bad or used code: `invalid_grant`) or could not be reached or read. */
export class IdmeFailure extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'IdmeFailure';
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().optional(),
});
/** ID.me's attributes answer: the verified communities are `status[]`. */
const attributesAnswer = z.object({
  attributes: z.array(z.object({ handle: z.string(), value: z.unknown() })).optional(),
  status: z.array(z.object({ group: z.string().max(64), verified: z.boolean() })).max(50),
});

/**
 * An ID.me-like provider over OAuth 2.0 (authorization code with PKCE, client_secret_basic):
 * the authorize URL for the browser, the code exchange and the verified groups.
 */
export function createIdmeClient(options: IdmeClientOptions) {
  const timeoutMs = options.timeoutMs ?? 5000;
  const call = async (url: string, init: RequestInit): Promise<{ status: number; body: unknown }> => {
    let response: Response;
    try {
      response = await tracedFetch(
        url,
        { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) },
        { upstream: 'idme' },
      );
    } catch (error) {
      throw new IdmeFailure('unavailable', `The identity provider did not answer: ${(error as Error).message}`);
    }
    if (response.status >= 500)
      throw new IdmeFailure('unavailable', `The identity provider answered ${response.status}`);
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body };
  };
  return {
    authorizeUrl(params: { redirectUri: string; state: string; codeChallenge: string; scope: string }): string {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: params.redirectUri,
        response_type: 'code',
        scope: params.scope,
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode(code: string, verifier: string, redirectUri: string): Promise<string> {
      const basic = Buffer.from(
        `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
      ).toString('base64');
      const { status, body } = await call(options.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      if (status === 400) throw new IdmeFailure('refused', 'The identity provider refused the code');
      const parsed = tokenAnswer.safeParse(body);
      if (status !== 200 || !parsed.success)
        throw new IdmeFailure('unavailable', `The identity provider's token answer was not usable (${status})`);
      return parsed.data.access_token;
    },

    /** The groups the provider says are verified. */
    async verifiedGroups(accessToken: string): Promise<string[]> {
      const { status, body } = await call(options.userinfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      const parsed = attributesAnswer.safeParse(body);
      if (status !== 200 || !parsed.success)
        throw new IdmeFailure('unavailable', `The identity provider's attributes answer was not usable (${status})`);
      return parsed.data.status.filter((entry) => entry.verified).map((entry) => entry.group);
    },
  };
}
export type IdmeClient = ReturnType<typeof createIdmeClient>;
