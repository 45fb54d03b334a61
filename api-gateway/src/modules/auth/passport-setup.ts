import type { Request } from 'express';
import { Passport } from 'passport';
import { Strategy as FacebookStrategy } from 'passport-facebook';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import { Strategy } from 'passport-strategy';
import type { SocialProfile } from './social-sign-in';
import { createCookieStateStore } from '../../sessions/oauth-state-store';
import type { SessionUser } from '../../sessions/session-token';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  profileUrl: string;
}

/** Why a sign-in did not happen, in Auth.js's `code` terms: a wrong password, or an upstream outage. */
export interface SignInFailure {
  failure: 'credentials' | 'unavailable';
}

export interface PassportDeps {
  secret: string;
  credentials: (req: Request) => Promise<SessionUser | SignInFailure>;
  guest: (req: Request) => Promise<SessionUser>;
  social: (req: Request, profile: SocialProfile) => Promise<SessionUser | undefined>;
  google?: OAuthProviderConfig;
  facebook?: OAuthProviderConfig;
}

/** A session-less Passport strategy around an async sign-in function. */
class FunctionStrategy extends Strategy {
  constructor(
    readonly name: string,
    private readonly signIn: (req: Request) => Promise<SessionUser | SignInFailure | undefined>,
  ) {
    super();
  }

  override authenticate(req: Request) {
    this.signIn(req).then(
      (result) => {
        if (result && !('failure' in result)) return this.success(result);
        // The challenge reaches the route as `info`, which tells a wrong password from an outage.
        return this.fail({ message: 'CredentialsSignin', code: result?.failure ?? 'credentials' }, 401);
      },
      (error: Error) => this.error(error),
    );
  }
}

const first = (values?: Array<{ value: string }>) => values?.find((v) => v.value)?.value;

/**
 * Passport with our strategies: credentials and guest, and Google and Facebook (state and PKCE,
 * endpoints configurable) when their client credentials are configured. Sessions are ours.
 */
export function createPassport(deps: PassportDeps) {
  const passport = new Passport();
  passport.use(new FunctionStrategy('credentials', deps.credentials));
  passport.use(new FunctionStrategy('guest', deps.guest));
  const store = createCookieStateStore(deps.secret);
  const common = (config: OAuthProviderConfig, provider: 'google' | 'facebook') => ({
    clientID: config.clientId,
    clientSecret: config.clientSecret,
    authorizationURL: config.authorizationUrl,
    tokenURL: config.tokenUrl,
    callbackURL: `/api/auth/callback/${provider}`,
    state: true,
    pkce: true,
    store,
    passReqToCallback: true as const,
  });
  const enabled: Array<'google' | 'facebook'> = [];
  if (deps.google) {
    enabled.push('google');
    passport.use(
      'google',
      new GoogleStrategy(
        {
          ...common(deps.google, 'google'),
          userProfileURL: deps.google.profileUrl,
          scope: ['openid', 'email', 'profile'],
        } as never,
        ((
          req: Request,
          _access: string,
          _refresh: string,
          profile: {
            id: string;
            displayName?: string;
            name?: { givenName?: string; familyName?: string };
            emails?: Array<{ value: string }>;
          },
          done: (e: unknown, u?: unknown) => void,
        ) => {
          deps
            .social(req, {
              provider: 'google',
              providerId: profile.id,
              email: first(profile.emails),
              givenName: profile.name?.givenName,
              familyName: profile.name?.familyName,
              displayName: profile.displayName,
            })
            .then((user) => done(null, user ?? false), done);
        }) as never,
      ),
    );
  }
  if (deps.facebook) {
    enabled.push('facebook');
    passport.use(
      'facebook',
      new FacebookStrategy(
        {
          ...common(deps.facebook, 'facebook'),
          profileURL: deps.facebook.profileUrl,
          profileFields: ['id', 'displayName', 'name', 'emails'],
          scope: ['email'],
        } as never,
        ((
          req: Request,
          _access: string,
          _refresh: string,
          profile: {
            id: string;
            displayName?: string;
            name?: { givenName?: string; familyName?: string };
            emails?: Array<{ value: string }>;
          },
          done: (e: unknown, u?: unknown) => void,
        ) => {
          deps
            .social(req, {
              provider: 'facebook',
              providerId: profile.id,
              email: first(profile.emails),
              givenName: profile.name?.givenName,
              familyName: profile.name?.familyName,
              displayName: profile.displayName,
            })
            .then((user) => done(null, user ?? false), done);
        }) as never,
      ),
    );
  }
  return { passport, oauthProviders: enabled };
}
export type PassportSetup = ReturnType<typeof createPassport>;
