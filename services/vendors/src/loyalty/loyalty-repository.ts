import type { Db, Row } from '@shop/node-kit/db';

/** Points every new member gets on enrolment. */
export const WELCOME_BONUS = 1000;

export interface Member {
  brand: string;
  customerId: string;
  /** Posted points: what the member may redeem (less `held`). */
  balance: number;
  held: number;
  /** Points earned by orders not captured yet: not redeemable. */
  pending: number;
  /** Points a cancel or return took back after they were spent: paid from the next points that post. */
  owed: number;
  joinedAt: string;
}

/**
 * The kinds of ledger movement. `earn` is an order's points from before points waited for the
 * capture (they posted at once); since then an order earns `earn-pending`, which turns into
 * `earn-posted` when the order is captured. A cancel or a return writes `earn-reversed` (the
 * earned points taken back) and a cancel `redeem-reversed` (the redeemed points given back).
 */
export const LEDGER_KINDS = [
  'welcome',
  'earn',
  'earn-pending',
  'earn-posted',
  'earn-reversed',
  'redeem',
  'redeem-reversed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One line of a member's points history, with the order it belongs to. */
export interface LedgerLine {
  kind: LedgerKind;
  /** Positive for points given (or pending), negative for points taken. */
  points: number;
  /** The order the points were earned, redeemed or reversed on; none for the welcome bonus. */
  orderNumber?: string;
  /** The return that took the points back. */
  returnId?: string;
  /**
   * A reversal: how many of its points were spent already and are now owed. A posting: minus
   * how many of its points paid what was owed.
   */
  owed?: number;
  at: string;
}

/** Where an order stands with the programme. */
export interface OrderPoints {
  orderNumber: string;
  /** Points the order earned (before any reversal); 0 when it earned none (yet). */
  earned: number;
  captured: boolean;
  cancelled: boolean;
  /** Earned points taken back by the cancel or returns. */
  reversed: number;
  /** Redeemed points the cancel gave back. */
  redeemReturned: number;
}

/** The customer has not joined the programme (joining is explicit: PUT /members/:brand/:customerId). */
export const NOT_A_MEMBER = 'not-a-member' as const;

/** The hold's order was cancelled: it redeems nothing. */
export const ORDER_CANCELLED = 'order-cancelled' as const;

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
  pending: Number(row.pending),
  owed: Number(row.owed),
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

type Who = { brand: string; customerId: string };

/** Writes a ledger line once per (member, kind, reference); false when it was written before. */
async function writeLine(
  tx: Db,
  who: Who,
  line: { kind: LedgerKind; points: number; reference: string; orderNumber: string; amount?: number; owed?: number },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO loyalty_ledger (brand, customer_id, kind, points, reference, order_number, amount, owed_change)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ON CONSTRAINT loyalty_ledger_once DO NOTHING RETURNING id`,
    [
      who.brand,
      who.customerId,
      line.kind,
      line.points,
      line.reference,
      line.orderNumber,
      line.amount ?? null,
      line.owed ?? 0,
    ],
  );
  return rows.length > 0;
}

/** The member's row, read inside a transaction that holds its lock. */
async function countsOf(tx: Db, who: Who) {
  const [row] = await tx.query(
    'SELECT balance, held, pending, owed FROM loyalty_members WHERE brand = $1 AND customer_id = $2',
    [who.brand, who.customerId],
  );
  return { balance: Number(row.balance), held: Number(row.held), pending: Number(row.pending), owed: Number(row.owed) };
}

/** The order's row, made when missing (the member's lock is held). */
async function orderOf(tx: Db, who: Who, orderNumber: string) {
  await tx.query(
    `INSERT INTO loyalty_orders (brand, customer_id, order_number) VALUES ($1, $2, $3)
     ON CONFLICT (brand, customer_id, order_number) DO NOTHING`,
    [who.brand, who.customerId, orderNumber],
  );
  const [row] = await tx.query(
    'SELECT earned, amount, captured, cancelled FROM loyalty_orders WHERE brand = $1 AND customer_id = $2 AND order_number = $3',
    [who.brand, who.customerId, orderNumber],
  );
  return {
    earned: row.earned === null ? null : Number(row.earned),
    amount: row.amount === null ? null : Number(row.amount),
    captured: Boolean(row.captured),
    cancelled: Boolean(row.cancelled),
  };
}

/** Sum of the points of the order's lines of one kind (with their amounts). */
async function sumOf(tx: Db, who: Who, orderNumber: string, kind: LedgerKind) {
  const [row] = await tx.query(
    `SELECT COALESCE(SUM(points), 0) AS points, COALESCE(SUM(amount), 0) AS amount, COUNT(*) AS lines
     FROM loyalty_ledger WHERE brand = $1 AND customer_id = $2 AND order_number = $3 AND kind = $4`,
    [who.brand, who.customerId, orderNumber, kind],
  );
  return { points: Number(row.points), amount: Number(row.amount), lines: Number(row.lines) };
}

/** Posted points (an order captured, a redemption given back) pay what is owed first. */
async function credit(tx: Db, who: Who, points: number) {
  const { owed } = await countsOf(tx, who);
  const settled = Math.min(owed, points);
  await tx.query(
    `UPDATE loyalty_members SET balance = balance + $3, owed = owed - $4, updated_at = now()
     WHERE brand = $1 AND customer_id = $2`,
    [who.brand, who.customerId, points - settled, settled],
  );
  return settled;
}

/**
 * Takes earned points back: from `pending` while the order is not captured, else from what the
 * member can spend (balance - held, never below 0); what was already spent is added to `owed`.
 * `posted` is the order's `captured`: a captured order's points have posted (at the capture, or
 * at the earn when that came later), and an order earned before points waited for the capture
 * (an `earn` line, no `earn-posted`) was marked captured by the migration. Its points are in the
 * balance, never in `pending`, which holds other orders' points.
 */
async function takeBack(tx: Db, who: Who, points: number, posted: boolean) {
  const counts = await countsOf(tx, who);
  if (!posted) {
    await tx.query(
      'UPDATE loyalty_members SET pending = pending - $3, updated_at = now() WHERE brand = $1 AND customer_id = $2',
      [who.brand, who.customerId, Math.min(points, counts.pending)],
    );
    return 0;
  }
  const taken = Math.min(points, Math.max(0, counts.balance - counts.held));
  const owed = points - taken;
  await tx.query(
    `UPDATE loyalty_members SET balance = balance - $3, owed = owed + $4, updated_at = now()
     WHERE brand = $1 AND customer_id = $2`,
    [who.brand, who.customerId, taken, owed],
  );
  return owed;
}

/** Moves an order's pending points to the balance, once (the `earn-posted` line is the mark). */
async function post(tx: Db, who: Who, orderNumber: string, earned: number) {
  if (earned <= 0) return;
  const { owed } = await countsOf(tx, who);
  const settled = Math.min(owed, earned);
  const written = await writeLine(tx, who, {
    kind: 'earn-posted',
    points: earned,
    reference: orderNumber,
    orderNumber,
    owed: -settled,
  });
  if (!written) return;
  await tx.query(
    `UPDATE loyalty_members SET pending = pending - $3, balance = balance + $3 - $4, owed = owed - $4, updated_at = now()
     WHERE brand = $1 AND customer_id = $2`,
    [who.brand, who.customerId, earned, settled],
  );
}

/** Where the order stands, from its row and its ledger lines. */
async function standingOf(tx: Db, who: Who, orderNumber: string): Promise<OrderPoints> {
  const order = await orderOf(tx, who, orderNumber);
  const reversed = await sumOf(tx, who, orderNumber, 'earn-reversed');
  const given = await sumOf(tx, who, orderNumber, 'redeem-reversed');
  return {
    orderNumber,
    earned: order.earned ?? 0,
    captured: order.captured,
    cancelled: order.cancelled,
    reversed: -reversed.points,
    redeemReturned: given.points,
  };
}

/**
 * Members, holds and the points ledger in the loyalty_ tables. Every change to a balance is one
 * transaction whose UPDATE carries its own condition, so concurrent holds can never set aside
 * more points than a member has (`held <= balance` is also a CHECK).
 */
export function loyaltyRepository(db: () => Promise<Db>) {
  const memberIn = async (tx: Db, brand: string, customerId: string) => {
    const [row] = await tx.query(
      'SELECT brand, customer_id, balance, held, pending, owed, created_at FROM loyalty_members WHERE brand = $1 AND customer_id = $2',
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
        `SELECT kind, points, reference, order_number, owed_change, created_at FROM loyalty_ledger
         WHERE brand = $1 AND customer_id = $2 ORDER BY id DESC LIMIT $3`,
        [brand, customerId, limit],
      );
      return rows.map((row) => {
        const orderNumber = (row.order_number as string | null) ?? undefined;
        const owed = Number(row.owed_change);
        return {
          kind: row.kind as LedgerKind,
          points: Number(row.points),
          ...(orderNumber ? { orderNumber } : {}),
          ...(row.kind === 'earn-reversed' && row.reference !== orderNumber
            ? { returnId: row.reference as string }
            : {}),
          ...(owed ? { owed } : {}),
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
    ): Promise<{ hold: Hold; balance: number; changed: boolean } | typeof ORDER_CANCELLED | undefined> {
      return (await db()).transaction(async (tx) => {
        // A cancelled order redeems nothing: its hold stays as it is (the caller releases it).
        const [cancelled] = await tx.query(
          `SELECT 1 FROM loyalty_holds h JOIN loyalty_orders o
             ON o.brand = h.brand AND o.customer_id = h.customer_id AND o.order_number = $2 AND o.cancelled
           WHERE h.id = $1 AND h.status = 'held'`,
          [id, reference],
        );
        if (cancelled) return ORDER_CANCELLED;
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
          await writeLine(tx, hold, {
            kind: 'redeem',
            points: -hold.points,
            reference: hold.id,
            orderNumber: reference,
          });
        }
        const member = (await memberIn(tx, hold.brand, hold.customerId))!;
        return { hold, balance: member.balance, changed: Boolean(row) };
      });
    },

    /**
     * Records the points an order earns, once per order: pending until the order is captured
     * (at once when the capture came first); none for a cancelled order. A repeat answers what
     * was earned then (`changed: false`), with the amount it was earned for.
     */
    async earn(input: { brand: string; customerId: string; reference: string; points: number; amount: number }) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, input.brand, input.customerId))) return NOT_A_MEMBER;
        const who = { brand: input.brand, customerId: input.customerId };
        const order = await orderOf(tx, who, input.reference);
        const changed = order.earned === null && !order.cancelled;
        if (changed) {
          await tx.query(
            `UPDATE loyalty_orders SET earned = $4, amount = $5, updated_at = now()
             WHERE brand = $1 AND customer_id = $2 AND order_number = $3`,
            [input.brand, input.customerId, input.reference, input.points, input.amount],
          );
          if (input.points > 0) {
            await writeLine(tx, who, {
              kind: 'earn-pending',
              points: input.points,
              reference: input.reference,
              orderNumber: input.reference,
              amount: input.amount,
            });
            await tx.query(
              'UPDATE loyalty_members SET pending = pending + $3, updated_at = now() WHERE brand = $1 AND customer_id = $2',
              [input.brand, input.customerId, input.points],
            );
            if (order.captured) await post(tx, who, input.reference, input.points);
          }
        }
        const member = (await memberIn(tx, input.brand, input.customerId))!;
        return {
          earned: changed ? input.points : (order.earned ?? 0),
          amount: changed || order.amount === null ? input.amount : order.amount,
          posted: order.captured,
          cancelled: order.cancelled,
          member,
          changed,
        };
      });
    },

    /** The order was captured: its pending points post (once; at the earn when that comes later). */
    async capture(who: Who, orderNumber: string) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, who.brand, who.customerId))) return NOT_A_MEMBER;
        const order = await orderOf(tx, who, orderNumber);
        if (!order.captured && !order.cancelled) {
          await tx.query(
            `UPDATE loyalty_orders SET captured = true, updated_at = now()
             WHERE brand = $1 AND customer_id = $2 AND order_number = $3`,
            [who.brand, who.customerId, orderNumber],
          );
          if (order.earned) await post(tx, who, orderNumber, order.earned);
        }
        return {
          order: await standingOf(tx, who, orderNumber),
          member: (await memberIn(tx, who.brand, who.customerId))!,
        };
      });
    },

    /**
     * The order was cancelled, once: its earned points are taken back (from pending, or from
     * the balance when they had posted) and the points it redeemed are given back. Later earns
     * and redemptions of the order take nothing.
     */
    async cancel(who: Who, orderNumber: string) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, who.brand, who.customerId))) return NOT_A_MEMBER;
        const order = await orderOf(tx, who, orderNumber);
        if (!order.cancelled) {
          await tx.query(
            `UPDATE loyalty_orders SET cancelled = true, updated_at = now()
             WHERE brand = $1 AND customer_id = $2 AND order_number = $3`,
            [who.brand, who.customerId, orderNumber],
          );
          const taken = -(await sumOf(tx, who, orderNumber, 'earn-reversed')).points;
          const remaining = (order.earned ?? 0) - taken;
          if (remaining > 0) {
            const owed = await takeBack(tx, who, remaining, order.captured);
            await writeLine(tx, who, {
              kind: 'earn-reversed',
              points: -remaining,
              reference: orderNumber,
              orderNumber,
              owed,
            });
          }
          const redeemed = -(await sumOf(tx, who, orderNumber, 'redeem')).points;
          if (redeemed > 0) {
            const settled = await credit(tx, who, redeemed);
            await writeLine(tx, who, {
              kind: 'redeem-reversed',
              points: redeemed,
              reference: orderNumber,
              orderNumber,
              owed: -settled,
            });
          }
        }
        return {
          order: await standingOf(tx, who, orderNumber),
          member: (await memberIn(tx, who.brand, who.customerId))!,
          changed: !order.cancelled,
        };
      });
    },

    /**
     * A return of some of the order's units takes back their share of the points the order
     * earned, once per return id: all the order's returns so far (this one included) are worth
     * `returned` of its `goods` cents, so together they take back that share of the points
     * (rounded), and a return of everything takes back all of them.
     */
    async returned(
      who: Who,
      input: { orderNumber: string; returnId: string; returnedCents: number; goodsCents: number },
    ) {
      return (await db()).transaction(async (tx) => {
        if (!(await lockMember(tx, who.brand, who.customerId))) return NOT_A_MEMBER;
        const order = await orderOf(tx, who, input.orderNumber);
        const [earlier] = await tx.query(
          `SELECT points FROM loyalty_ledger WHERE brand = $1 AND customer_id = $2 AND kind = 'earn-reversed' AND reference = $3`,
          [who.brand, who.customerId, input.returnId],
        );
        let reversed = earlier ? -Number(earlier.points) : 0;
        if (!earlier && order.earned && !order.cancelled) {
          const before = await sumOf(tx, who, input.orderNumber, 'earn-reversed');
          const share = Math.min(input.goodsCents, before.amount + input.returnedCents);
          const target = input.goodsCents > 0 ? Math.round((order.earned * share) / input.goodsCents) : order.earned;
          reversed = Math.max(0, Math.min(order.earned, target) + before.points);
          const owed = reversed ? await takeBack(tx, who, reversed, order.captured) : 0;
          // Written even at 0 points: the returned cents count towards the order's later returns.
          await writeLine(tx, who, {
            kind: 'earn-reversed',
            points: -reversed,
            reference: input.returnId,
            orderNumber: input.orderNumber,
            amount: input.returnedCents,
            owed,
          });
        }
        return {
          reversed,
          order: await standingOf(tx, who, input.orderNumber),
          member: (await memberIn(tx, who.brand, who.customerId))!,
          changed: !earlier,
        };
      });
    },
  };
}
export type LoyaltyRepository = ReturnType<typeof loyaltyRepository>;
