import type { Db } from '@shop/node-kit/db';

/** At most this many attributes are kept per session (all posts together). */
export const MAX_SESSION_ATTRIBUTES = 100;

export type AttributeValue = string | number | boolean | null | Array<string | number | boolean>;

export interface CollectedSession {
  deviceId: string | null;
  attributes: Record<string, AttributeValue>;
  collections: number;
}

/** Collected sessions and decisions in the fraud_ tables. */
export function fraudRepository(db: () => Promise<Db>) {
  return {
    /**
     * Merges attributes into the session's (later values win), unless the session would then
     * hold more than MAX_SESSION_ATTRIBUTES: false, and nothing changes.
     */
    async storeAttributes(
      orgId: string,
      sessionId: string,
      attributes: Record<string, AttributeValue>,
      client: { ip?: string; userAgent?: string },
    ): Promise<boolean> {
      const rows = await (
        await db()
      ).query(
        `INSERT INTO fraud_sessions (org_id, session_id, attributes, collections, ip, user_agent)
         VALUES ($1, $2, $3::jsonb, 1, $4, $5)
         ON CONFLICT (org_id, session_id) DO UPDATE
           SET attributes = fraud_sessions.attributes || EXCLUDED.attributes,
               collections = fraud_sessions.collections + 1,
               ip = EXCLUDED.ip, user_agent = EXCLUDED.user_agent, updated_at = now()
           WHERE (SELECT count(*) FROM jsonb_object_keys(fraud_sessions.attributes || EXCLUDED.attributes)) <= $6
         RETURNING session_id`,
        [
          orgId,
          sessionId,
          JSON.stringify(attributes),
          client.ip ?? null,
          client.userAgent ?? null,
          MAX_SESSION_ATTRIBUTES,
        ],
      );
      return rows.length === 1;
    },

    async storeDevice(orgId: string, sessionId: string, deviceId: string): Promise<void> {
      await (
        await db()
      ).query(
        `INSERT INTO fraud_sessions (org_id, session_id, device_id) VALUES ($1, $2, $3)
         ON CONFLICT (org_id, session_id) DO UPDATE SET device_id = EXCLUDED.device_id, updated_at = now()`,
        [orgId, sessionId, deviceId],
      );
    },

    async session(orgId: string, sessionId: string): Promise<CollectedSession | undefined> {
      const [row] = await (
        await db()
      ).query(`SELECT device_id, attributes, collections FROM fraud_sessions WHERE org_id = $1 AND session_id = $2`, [
        orgId,
        sessionId,
      ]);
      if (!row) return undefined;
      const attributes = typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes;
      return {
        deviceId: (row.device_id as string | null) ?? null,
        attributes: attributes as Record<string, AttributeValue>,
        collections: Number(row.collections),
      };
    },

    /** Decisions for an e-mail (lower case) in the last hour. */
    async emailDecisionsLastHour(emailLower: string): Promise<number> {
      const [{ n }] = await (
        await db()
      ).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM fraud_decisions WHERE email_lower = $1 AND created_at > now() - interval '1 hour'`,
        [emailLower],
      );
      return n;
    },

    /** Other e-mail addresses screened on a device in the last hour. */
    async deviceOtherEmailsLastHour(deviceId: string, emailLower: string): Promise<number> {
      const [{ n }] = await (
        await db()
      ).query<{ n: number }>(
        `SELECT count(DISTINCT email_lower)::int AS n FROM fraud_decisions
         WHERE device_id = $1 AND email_lower <> $2 AND created_at > now() - interval '1 hour'`,
        [deviceId, emailLower],
      );
      return n;
    },

    /** Other e-mail addresses screened with a card (payment fingerprint) in the last 24 hours. */
    async cardOtherEmailsLastDay(cardFingerprint: string, emailLower: string): Promise<number> {
      const [{ n }] = await (
        await db()
      ).query<{ n: number }>(
        `SELECT count(DISTINCT email_lower)::int AS n FROM fraud_decisions
         WHERE card_fingerprint = $1 AND email_lower <> $2 AND created_at > now() - interval '24 hours'`,
        [cardFingerprint, emailLower],
      );
      return n;
    },

    /** Decisions for a card (payment fingerprint) in the last hour. */
    async cardDecisionsLastHour(cardFingerprint: string): Promise<number> {
      const [{ n }] = await (
        await db()
      ).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM fraud_decisions
         WHERE card_fingerprint = $1 AND created_at > now() - interval '1 hour'`,
        [cardFingerprint],
      );
      return n;
    },

    /** Other e-mail addresses screened from a client address in the last hour. */
    async ipOtherEmailsLastHour(ipAddress: string, emailLower: string): Promise<number> {
      const [{ n }] = await (
        await db()
      ).query<{ n: number }>(
        `SELECT count(DISTINCT email_lower)::int AS n FROM fraud_decisions
         WHERE ip_address = $1 AND email_lower <> $2 AND created_at > now() - interval '1 hour'`,
        [ipAddress, emailLower],
      );
      return n;
    },

    async insertDecision(decision: {
      id: string;
      orgId: string;
      sessionId: string;
      emailLower: string;
      customerId?: string;
      deviceId: string | null;
      cardFingerprint: string | null;
      ipAddress: string | null;
      amount: number;
      decision: string;
      score: number;
      reasons: string[];
    }): Promise<void> {
      await (
        await db()
      ).query(
        `INSERT INTO fraud_decisions (id, org_id, session_id, email_lower, customer_id, device_id, amount, decision, score, reasons,
           card_fingerprint, ip_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12)`,
        [
          decision.id,
          decision.orgId,
          decision.sessionId,
          decision.emailLower,
          decision.customerId ?? null,
          decision.deviceId,
          decision.amount,
          decision.decision,
          decision.score,
          JSON.stringify(decision.reasons),
          decision.cardFingerprint,
          decision.ipAddress,
        ],
      );
    },
  };
}
export type FraudRepository = ReturnType<typeof fraudRepository>;
