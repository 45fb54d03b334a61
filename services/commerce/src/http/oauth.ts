import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { TokenService } from '../auth/token-service';
import type { CommerceConfig } from '../config';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const failure = (status: number, error: string, message: string) => ({
  status,
  body: { statusCode: status, message, errors: [{ code: error, message }], error, error_description: message },
});

/** POST {base}/oauth/token: the client credentials flow with HTTP Basic client authentication. */
export function issueToken(req: Request, config: CommerceConfig, tokens: TokenService) {
  const grant = (req.query.grant_type ?? (req.body as Record<string, unknown> | undefined)?.grant_type) as unknown;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(req.get('authorization') ?? '')?.[1];
  const [clientId = '', clientSecret = ''] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(/:(.*)/s) : [];
  if (!basic || !same(clientId, config.clientId) || !same(clientSecret, config.clientSecret)) {
    return failure(401, 'invalid_client', 'Please provide valid client credentials using HTTP Basic Authentication.');
  }
  if (grant !== 'client_credentials')
    return failure(400, 'unsupported_grant_type', 'Only the client_credentials grant type is supported.');
  const scope = `manage_project:${config.projectKey}`;
  const requested = (req.query.scope ?? (req.body as Record<string, unknown> | undefined)?.scope) as unknown;
  if (requested !== undefined && (typeof requested !== 'string' || !requested.split(' ').every((s) => s === scope))) {
    return failure(400, 'invalid_scope', `The only scope is ${scope}.`);
  }
  const { token, expiresIn } = tokens.issue(clientId, scope);
  return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope } };
}
