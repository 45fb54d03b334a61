import type { Db, Row } from '@shop/node-kit/db';
import type { CardBrand } from './card-rules';
import type { CardOutcome } from './test-cards';

export interface StoredToken {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
  expiresAt: Date;
  /** HMAC of the card number: the same card gives the same fingerprint, whoever tokenises it. */
  fingerprint: string;
  /** The bag, session and brand of the client secret the token was made with (none on tokens made before binding). */
  binding?: { reference: string; session: string; brand: string };
  /** When an authorisation consumed it (a token pays once). */
  usedAt?: Date;
}

export type AuthorizationStatus = 'authorized' | 'review' | 'declined' | 'captured' | 'voided' | 'refunded';

export interface StoredAuthorization {
  id: string;
  requestHash: string;
  token: string;
  reference: string;
  amount: number;
  currency: string;
  status: AuthorizationStatus;
  declineCode: string | null;
  capturedAmount: number;
  refundedAmount: number;
  /** The first answer, given again to a replay of the same idempotency key. */
  response: Record<string, unknown>;
  createdAt: Date;
}

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

const toToken = (row: Row): StoredToken => ({
  token: row.token as string,
  brand: row.brand as CardBrand,
  last4: row.last4 as string,
  expMonth: Number(row.exp_month),
  expYear: Number(row.exp_year),
  outcome: row.outcome as CardOutcome,
  expiresAt: date(row.expires_at),
  fingerprint: row.fingerprint as string,
  ...(row.bound_reference
    ? {
        binding: {
          reference: row.bound_reference as string,
          session: row.bound_session as string,
          brand: row.bound_brand as string,
        },
      }
    : {}),
  ...(row.used_at ? { usedAt: date(row.used_at) } : {}),
});

const TOKEN_COLUMNS = `token, brand, last4, exp_month, exp_year, fingerprint, outcome, expires_at,
  bound_reference, bound_session, bound_brand, used_at`;

type NewAuthorization = {
  id: string;
  idempotencyKey: string;
  requestHash: string;
  token: string;
  reference: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'review' | 'declined';
  declineCode?: string;
  response: Record<string, unknown>;
};
const INSERT_AUTHORIZATION = `INSERT INTO pay_authorizations (id, idempotency_key, request_hash, token, reference, amount, currency, status, decline_code, response)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)
  ON CONFLICT ON CONSTRAINT pay_authorizations_idempotency_key DO NOTHING RETURNING id`;
const authorizationParams = (input: NewAuthorization) => [
  input.id,
  input.idempotencyKey,
  input.requestHash,
  input.token,
  input.reference,
  input.amount,
  input.currency,
  input.status,
  input.declineCode ?? null,
  JSON.stringify(input.response),
];
/** Thrown inside the transaction to undo a token's claim when the authorisation was not recorded. */
class NotRecorded extends Error {}

const toAuthorization = (row: Row): StoredAuthorization => ({
  id: row.id as string,
  requestHash: row.request_hash as string,
  token: row.token as string,
  reference: row.reference as string,
  amount: Number(row.amount),
  currency: row.currency as string,
  status: row.status as AuthorizationStatus,
  declineCode: (row.decline_code as string | null) ?? null,
  capturedAmount: Number(row.captured_amount),
  refundedAmount: Number(row.refunded_amount),
  response: json(row.response),
  createdAt: date(row.created_at),
});

const AUTHORIZATION_COLUMNS = `id, request_hash, token, reference, amount, currency, status, decline_code,
  captured_amount, refunded_amount, response, created_at`;

/** Tokens, authorisations and refunds in the pay_ tables. No card number or CVC goes in. */
export function paymentRepository(db: () => Promise<Db>) {
  return {
    async insertToken(token: StoredToken): Promise<void> {
      await (
        await db()
      ).query(
        `INSERT INTO pay_tokens (token, brand, last4, exp_month, exp_year, fingerprint, outcome, expires_at,
           bound_reference, bound_session, bound_brand)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          token.token,
          token.brand,
          token.last4,
          token.expMonth,
          token.expYear,
          token.fingerprint,
          token.outcome,
          token.expiresAt.toISOString(),
          token.binding?.reference ?? null,
          token.binding?.session ?? null,
          token.binding?.brand ?? null,
        ],
      );
    },

    async token(token: string): Promise<StoredToken | undefined> {
      const [row] = await (await db()).query(`SELECT ${TOKEN_COLUMNS} FROM pay_tokens WHERE token = $1`, [token]);
      return row ? toToken(row) : undefined;
    },

    async authorizationByKey(idempotencyKey: string): Promise<StoredAuthorization | undefined> {
      const [row] = await (
        await db()
      ).query(`SELECT ${AUTHORIZATION_COLUMNS} FROM pay_authorizations WHERE idempotency_key = $1`, [idempotencyKey]);
      return row ? toAuthorization(row) : undefined;
    },

    async authorization(id: string): Promise<StoredAuthorization | undefined> {
      const [row] = await (
        await db()
      ).query(`SELECT ${AUTHORIZATION_COLUMNS} FROM pay_authorizations WHERE id = $1`, [id]);
      return row ? toAuthorization(row) : undefined;
    },

    async authorizationsFor(reference: string): Promise<StoredAuthorization[]> {
      const rows = await (
        await db()
      ).query(`SELECT ${AUTHORIZATION_COLUMNS} FROM pay_authorizations WHERE reference = $1 ORDER BY created_at, id`, [
        reference,
      ]);
      return rows.map(toAuthorization);
    },

    /**
     * Records an authorisation under its idempotency key, unless one exists: the unique
     * constraint decides, so of concurrent requests with one key exactly one inserts (the others
     * wait for its commit, insert nothing and get false).
     */
    async insertAuthorization(input: NewAuthorization): Promise<boolean> {
      const inserted = await (await db()).query(INSERT_AUTHORIZATION, authorizationParams(input));
      return inserted.length === 1;
    },

    /**
     * Consumes the token and records the authorisation in one transaction: of concurrent requests
     * for one token, the first to claim it records (the others wait for its commit and find it
     * used: 'used'); a request whose key another request recorded meanwhile claims nothing
     * ('replay'). A token pays once.
     */
    async authorizeWithToken(input: NewAuthorization): Promise<'recorded' | 'used' | 'replay'> {
      try {
        return await (
          await db()
        ).transaction(async (tx) => {
          const claimed = await tx.query(
            'UPDATE pay_tokens SET used_at = now() WHERE token = $1 AND used_at IS NULL RETURNING token',
            [input.token],
          );
          if (claimed.length !== 1) return 'used' as const;
          const inserted = await tx.query(INSERT_AUTHORIZATION, authorizationParams(input));
          if (inserted.length !== 1) throw new NotRecorded();
          return 'recorded' as const;
        });
      } catch (error) {
        if (error instanceof NotRecorded) return 'replay';
        throw error;
      }
    },

    /** Moves an authorisation on only from the states given (so two captures cannot both succeed). */
    async transition(
      id: string,
      from: readonly AuthorizationStatus[],
      to: AuthorizationStatus,
      capturedAmount?: number,
    ): Promise<StoredAuthorization | undefined> {
      const [row] = await (
        await db()
      ).query(
        `UPDATE pay_authorizations
         SET status = $3, captured_amount = COALESCE($4, captured_amount), updated_at = now()
         WHERE id = $1 AND status = ANY($2::text[]) RETURNING ${AUTHORIZATION_COLUMNS}`,
        [id, from, to, capturedAmount ?? null],
      );
      return row ? toAuthorization(row) : undefined;
    },

    /**
     * Refunds part or all of what was captured, in one transaction with its record; nothing when
     * the authorisation is not captured or the amount exceeds what is left to refund.
     */
    async refund(
      id: string,
      refundId: string,
      amount: number,
      idempotencyKey?: string,
    ): Promise<{ authorization: StoredAuthorization; refundId: string; amount: number } | undefined> {
      return (await db()).transaction(async (tx) => {
        if (idempotencyKey) {
          // The authorisation's row first, so two requests with one key wait for each other here.
          await tx.query('SELECT id FROM pay_authorizations WHERE id = $1 FOR UPDATE', [id]);
          const [earlier] = await tx.query(
            'SELECT id, amount FROM pay_refunds WHERE authorization_id = $1 AND idempotency_key = $2',
            [id, idempotencyKey],
          );
          if (earlier) {
            const [current] = await tx.query(`SELECT ${AUTHORIZATION_COLUMNS} FROM pay_authorizations WHERE id = $1`, [
              id,
            ]);
            return {
              authorization: toAuthorization(current),
              refundId: String(earlier.id),
              amount: Number(earlier.amount),
            };
          }
        }
        const [row] = await tx.query(
          `UPDATE pay_authorizations
           SET refunded_amount = refunded_amount + $2,
               status = CASE WHEN refunded_amount + $2 = captured_amount THEN 'refunded' ELSE status END,
               updated_at = now()
           WHERE id = $1 AND status = 'captured' AND refunded_amount + $2 <= captured_amount
           RETURNING ${AUTHORIZATION_COLUMNS}`,
          [id, amount],
        );
        if (!row) return undefined;
        await tx.query(
          'INSERT INTO pay_refunds (id, authorization_id, amount, idempotency_key) VALUES ($1, $2, $3, $4)',
          [refundId, id, amount, idempotencyKey ?? null],
        );
        return { authorization: toAuthorization(row), refundId, amount };
      });
    },
  };
}
export type PaymentRepository = ReturnType<typeof paymentRepository>;
