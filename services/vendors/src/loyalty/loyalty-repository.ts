import type { Db, Row } from '@shop/node-kit/db';

/** Points every new member gets on enrolment. */
export const WELCOME_BONUS = 1000;

export interface Member {
  brand: string;
  customerId: string;
  balance: number;
  held: number;
  joinedAt: string;
}

/** One line of a member's points history: the welcome bonus, points earned by an order, points an order redeemed. */
export interface LedgerLine {
  kind: 'welcome' | 'earn' | 'redeem';
  points: number;
  /** The order the points were earned or redeemed on; none for the welcome bonus. */
  orderNumber?: string;
  at: string;
}

/** The customer has not joined the programme (joining is explicit: PUT /members/:brand/:customerId). */
export const NOT_A_MEMBER = 'not-a-member' as const;

export interface Hold {
  id: string;
  brand: string;
  customerId: string;
  points: number;
  reference: string;
  status: 'held' | 'released' | 'redeemed';
  redeemReference: string | null;
}

const toMember = (row: Row): Member => ({
  brand: row.brand as string,
  customerId: row.customer_id as string,
  balance: Number(row.balance),
  held: Number(row.held),
  joinedAt: new Date(row.created_at as string).toISOString(),
});
const toHold = (row: Row): Hold => ({
  id: row.id as string,
  brand: row.brand as string,
  customerId: row.customer_id as string,
  points: Number(row.points),
  reference: row.reference as string,
  status: row.status as Hold['status'],
  redeemReference: (row.redeem_reference as string | null) ?? null,
});
const HOLD_COLUMNS = 'id, brand, customer_id, points, reference, status, redeem_reference';

/** Enrols the member (with the welcome bonus) unless enrolled; idempotent under concurrency. True when this call enrolled. */
async function enrol(tx: Db, brand: string, customerId: string): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO loyalty_members (brand, customer_id, balance) VALUES ($1, $2, $3)
     ON CONFLICT (brand, customer_id) DO NOTHING RETURNING brand`,
    [brand, customerId, WELCOME_BONUS],
  );
  if (inserted.length) {
    await tx.query(
      `INSERT INTO loyalty_ledger (brand, customer_id, kind, points, reference) VALUES ($1, $2, 'welcome', $3, 'welcome')`,
      [brand, customerId, WELCOME_BONUS],
    );
  }
  return inserted.length > 0;
}

/** Locks the member's row for the transaction; false when the customer is not a member. */
async function lockMember(tx: Db, brand: string, customerId: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM loyalty_members WHERE brand = $1 AND customer_id = $2 FOR UPDATE', [
    brand,
    customerId,
  ]);
  return rows.length > 0;
}

/**
 * Members, holds and the points ledger in the loyalty_ tables. Every change to a balance is one
 * transaction whose UPDATE carries its own condition, so concurrent holds can never set aside
 * more points than a member has (`held <= balance` is also a CHECK).
 */
export function loyaltyRepository(db: () => Promise<Db>) {
  const memberIn = async (tx: Db, brand: string, customerId: string) => {
    const [row] = await tx.query(
      'SELECT brand, customer_id, balance, held, created_at FROM loyalty_members WHERE brand = $1 AND customer_id = $2',
      [brand, customerId],
    );
    return row ? toMember(row) : undefined;
  };
  const holdIn = async (tx: Db, id: string) => {
    const [row] = await tx.query(`SELECT ${HOLD_COLUMNS} FROM loyalty_holds WHERE id = $1`, [id]);
    return row ? toHold(row) : undefined;
  };

  return {
    /** The member; undefined when the customer has not joined. */
    async member(brand: string, customerId: string): Promise<Member | undefined> {
      return memberIn(await db(), brand, customerId);
    },

    /** Joins the programme with the welcome bonus; a second join answers the member as it is (`joined: false`). */
    async join(brand: string, customerId: string): Promise<{ member: Member; joined: boolean }> {
      return (await db()).transaction(async (tx) => {
        const joined = await enrol(tx, brand, customerId);
        return { member: (await memberIn(tx, brand, customerId))!, joined };
      });
    },

    /** The member's points history, newest first; undefined when the customer has not joined. */
    async history(brand: string, customerId: string, limit: number): Promise<LedgerLine[] | undefined> {
      const conn = await db();
      if (!(await memberIn(conn, brand, customerId))) return undefined;
      const rows = await conn.query(
        `SELECT l.kind, l.points, l.reference, h.redeem_reference, l.created_at
         FROM loyalty_ledger l LEFT JOIN loyalty_holds h ON l.kind = 'redeem' AND h.id = l.reference
         WHERE l.brand = $1 AND l.customer_id = $2 ORDER BY l.id DESC LIMIT $3`,
        [brand, customerId, limit],
      );
      return rows.map((row) => {
        const kind = row.kind as LedgerLine['kind'];
        const orderNumber =
          kind === 'earn'
            ? (row.reference as string)
            : kind === 'redeem'
              ? (row.redeem_reference as string)
              : undefined;
        return {
          kind,
          points: Number(row.points),
          ...(orderNumber ? { orderNumber } : {}),
          at: new Date(row.created_at as string).toISOString(),
        };
      });
    },

    /** Sets points aside; undefined when fewer than `points` are free (balance - held). */
    async hold(input: { id: string; brand: string; customerId: string; points: number; reference: string }) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, input.brand, input.customerId))) return NOT_A_MEMBER;
        const [taken] = await tx.query(
          `UPDATE loyalty_members SET held = held + $3, updated_at = now()
           WHERE brand = $1 AND customer_id = $2 AND balance - held >= $3 RETURNING brand`,
          [input.brand, input.customerId, input.points],
        );
        if (!taken) return undefined;
        const [row] = await tx.query(
          `INSERT INTO loyalty_holds (id, brand, customer_id, points, reference, status)
           VALUES ($1, $2, $3, $4, $5, 'held') RETURNING ${HOLD_COLUMNS}`,
          [input.id, input.brand, input.customerId, input.points, input.reference],
        );
        return toHold(row);
      });
    },

    /** Releases a held hold; otherwise answers the hold as it is (undefined when there is none). */
    async release(id: string): Promise<{ hold: Hold; changed: boolean } | undefined> {
      return (await db()).transaction(async (tx) => {
        const [row] = await tx.query(
          `UPDATE loyalty_holds SET status = 'released', updated_at = now()
           WHERE id = $1 AND status = 'held' RETURNING ${HOLD_COLUMNS}`,
          [id],
        );
        if (!row) {
          const hold = await holdIn(tx, id);
          return hold && { hold, changed: false };
        }
        const hold = toHold(row);
        await tx.query(
          'UPDATE loyalty_members SET held = held - $3, updated_at = now() WHERE brand = $1 AND customer_id = $2',
          [hold.brand, hold.customerId, hold.points],
        );
        return { hold, changed: true };
      });
    },

    /** Turns a held hold into a redemption (the points leave the balance); otherwise answers the hold as it is. */
    async redeem(
      id: string,
      reference: string,
    ): Promise<{ hold: Hold; balance: number; changed: boolean } | undefined> {
      return (await db()).transaction(async (tx) => {
        const [row] = await tx.query(
          `UPDATE loyalty_holds SET status = 'redeemed', redeem_reference = $2, updated_at = now()
           WHERE id = $1 AND status = 'held' RETURNING ${HOLD_COLUMNS}`,
          [id, reference],
        );
        const hold = row ? toHold(row) : await holdIn(tx, id);
        if (!hold) return undefined;
        if (row) {
          await tx.query(
            `UPDATE loyalty_members SET balance = balance - $3, held = held - $3, updated_at = now()
             WHERE brand = $1 AND customer_id = $2`,
            [hold.brand, hold.customerId, hold.points],
          );
          // The ledger line is keyed by the hold: one order may redeem more than one hold.
          await tx.query(
            `INSERT INTO loyalty_ledger (brand, customer_id, kind, points, reference) VALUES ($1, $2, 'redeem', $3, $4)`,
            [hold.brand, hold.customerId, -hold.points, hold.id],
          );
        }
        const member = (await memberIn(tx, hold.brand, hold.customerId))!;
        return { hold, balance: member.balance, changed: Boolean(row) };
      });
    },

    /**
     * Adds the points an order earns, once per reference: a repeat answers what was earned then
     * (`changed: false`), with the amount it was earned for.
     */
    async earn(input: { brand: string; customerId: string; reference: string; points: number; amount: number }) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, input.brand, input.customerId))) return NOT_A_MEMBER;
        const inserted = await tx.query(
          `INSERT INTO loyalty_ledger (brand, customer_id, kind, points, reference, amount)
           VALUES ($1, $2, 'earn', $3, $4, $5)
           ON CONFLICT ON CONSTRAINT loyalty_ledger_once DO NOTHING RETURNING points`,
          [input.brand, input.customerId, input.points, input.reference, input.amount],
        );
        if (inserted.length) {
          await tx.query(
            `UPDATE loyalty_members SET balance = balance + $3, updated_at = now() WHERE brand = $1 AND customer_id = $2`,
            [input.brand, input.customerId, input.points],
          );
        }
        const [earlier] = await tx.query(
          `SELECT points, amount FROM loyalty_ledger WHERE brand = $1 AND customer_id = $2 AND kind = 'earn' AND reference = $3`,
          [input.brand, input.customerId, input.reference],
        );
        const member = (await memberIn(tx, input.brand, input.customerId))!;
        return {
          earned: Number(earlier.points),
          amount: Number(earlier.amount),
          balance: member.balance,
          changed: inserted.length > 0,
        };
      });
    },
  };
}
export type LoyaltyRepository = ReturnType<typeof loyaltyRepository>;
