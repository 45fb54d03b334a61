// The gateway's /api/admin/* answers as the admin reads them. Errors are the gateway's one shape,
// { error: { code, message, correlationId } }; unsafe methods carry the session's CSRF token.

export type StaffRole = 'viewer' | 'manager';

/** POST and GET /api/admin/session. */
export interface StaffSession {
  staff: { email: string; roles: Record<string, StaffRole> };
  csrfToken: string;
}

export interface SignInRequest {
  email: string;
  password: string;
  /** The 6-digit code of the staff member's authenticator app. */
  totp: string;
}

/** GET /api/admin/brands: the brands the staff member has a role for. */
export interface BrandsResponse {
  brands: Array<{ id: string; name?: string; role: StaffRole }>;
}

export type FlagState = 'ENABLED' | 'DISABLED';
export type Targeting = Record<string, unknown>;

/** What a change sets on a flag over its flags.json definition. */
export interface FlagOverride {
  state?: FlagState;
  defaultVariant?: string;
  targeting?: Targeting;
}

export interface AdminFlag {
  key: string;
  state: string;
  defaultVariant: string;
  variants: Record<string, unknown>;
  targeting?: Targeting;
  /** flags.json's definition. */
  file: { state: string; defaultVariant: string };
  lastChange?: { version: number; at: string; actor: string; reason: string };
}

/** GET /api/admin/brands/:brand/flags. */
export interface FlagListing {
  /** The overrides' version: a change names the one it was made from. */
  version: number;
  flags: AdminFlag[];
}

export interface FlagChangeRequest extends FlagOverride {
  version: number;
  reason: string;
}

/** One line of a brand's flag audit. */
export interface FlagChange {
  version: number;
  at: string;
  actor: string;
  flag: string;
  old: FlagOverride;
  new: FlagOverride;
  reason: string;
  /** The change this one undid. */
  rollbackOf?: number;
}

/** PUT /api/admin/brands/:brand/flags/:key. */
export interface FlagChangeAnswer extends FlagListing {
  change: FlagChange;
}

/** POST /api/admin/brands/:brand/preview-link. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

export interface PublishedVersion {
  version: string;
  compatible: boolean;
  /** Why an incompatible version cannot go live (a shared module it needs that the shell lacks, ...). */
  problems: string[];
}

/** A past live version, as the registry keeps it. */
export type RemoteHistoryEntry =
  string | { version?: string; at?: string; actor?: string; reason?: string; action?: string };

export interface AdminRemote {
  name: string;
  live?: string | null;
  /** The live version is the release for all brands, not one of this brand's own. */
  liveInherited?: boolean;
  /** The release for all brands: what the brand gets when it follows that release again. */
  allBrandsLive?: string | null;
  canary?: { version: string; percent: number } | null;
  history: RemoteHistoryEntry[];
  published: PublishedVersion[];
}

/** GET /api/admin/brands/:brand/remotes. */
export interface RemotesListing {
  /** The registry's version: an action names the one it was decided on. */
  registryVersion: number | string;
  remotes: AdminRemote[];
}

export type RemoteAction = 'release' | 'canary' | 'promote' | 'abort-canary' | 'rollback' | 'follow-global';

export interface RemoteActionRequest {
  reason: string;
  registryVersion: number | string;
  version?: string;
  percent?: number;
}

/** What a registry entry served, before or after a change. */
export interface ServedVersions {
  live?: string;
  canary?: { version: string; percent: number };
}

/** One line of GET /api/admin/brands/:brand/remotes/audit; the admin shows what a line has. */
export interface RemoteChange {
  at?: string;
  actor?: string;
  /** A brand, or `*` for a change of every brand's release. */
  scope?: string;
  remote?: string;
  action?: string;
  version?: string;
  percent?: number;
  old?: ServedVersions;
  new?: ServedVersions;
  reason?: string;
}
