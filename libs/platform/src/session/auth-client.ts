/**
 * The browser side of the gateway's Auth.js-compatible routes: the same requests
 * next-auth/react makes (csrf, form POST with X-Auth-Return-Redirect, session).
 */
export type ProviderId = 'credentials' | 'guest' | 'google' | 'facebook';

export interface SignInResult {
  url: string;
  /** Set when sign-in failed (SPEC §8 error type, e.g. CredentialsSignin). */
  error?: string;
  /** Auth.js's detail for CredentialsSignin: `credentials` (wrong e-mail or password) or `unavailable` (try again later). */
  code?: string;
}

/** The double-submit CSRF token every state-changing POST to the gateway carries. */
export async function csrfToken(): Promise<string> {
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}

async function post(path: string, fields: Record<string, string>): Promise<SignInResult> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken() }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: { code?: string } };
  if (!response.ok || !body.url) return { url: '', error: body.error?.code ?? 'Configuration' };
  const params = new URL(body.url, location.href).searchParams;
  return { url: body.url, error: params.get('error') ?? undefined, code: params.get('code') ?? undefined };
}

/** Credentials and guest post to their callback; OAuth providers start at signin and redirect on. */
export function signIn(
  provider: ProviderId,
  fields: Record<string, string> = {},
  options: { callbackUrl?: string } = {},
): Promise<SignInResult> {
  const path =
    provider === 'credentials' || provider === 'guest'
      ? `/api/auth/callback/${provider}`
      : `/api/auth/signin/${provider}`;
  return post(path, { ...fields, ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}) });
}

export function signOut(options: { callbackUrl?: string } = {}): Promise<SignInResult> {
  return post('/api/auth/signout', options.callbackUrl ? { callbackUrl: options.callbackUrl } : {});
}

export async function getProviders(): Promise<Record<string, { id: string; name: string; type: string }>> {
  const response = await fetch('/api/auth/providers', { credentials: 'same-origin' });
  return response.ok ? ((await response.json()) as Record<string, { id: string; name: string; type: string }>) : {};
}
