/**
 * The rewards programme (SPEC §2 /loyalty, flag `loyalty`): GET /api/loyalty and POST
 * /api/loyalty/join, for a signed-in customer on a brand with loyalty on. Joining is explicit and
 * gives the welcome bonus once; points are earned per order and redeemed at checkout.
 *
 * Points an order earns are pending (shown, not redeemable) until the order is captured, when
 * they post; a cancel takes them back and gives back the points the order redeemed; a return
 * takes back the returned units' share. A take-back never makes the balance negative: what was
 * already spent is `owed` and paid from the next points that post.
 */

/** How many history lines GET /api/loyalty answers, newest first. */
export const LOYALTY_HISTORY_LINES = 50;

/** How the brand's programme works, for a shopper deciding whether to join. */
export interface LoyaltyProgramme {
  /** Points each whole dollar of goods earns. */
  pointsPerDollar: number;
  /** What one point is worth at checkout, in cents. */
  centsPerPoint: number;
  /** Points given on joining. */
  welcomeBonus: number;
}

export interface LoyaltyMemberView {
  /** Posted points (set aside ones included). */
  balance: number;
  /** Points set aside by a bag that redeems them, not yet spent. */
  held: number;
  /** balance - held: what the member can redeem now. */
  available: number;
  /** Earned by orders not yet captured (shipped): shown, not redeemable. */
  pending: number;
  /** Points a cancel or return took back after they were spent: the next points to post pay them first. */
  owed: number;
  joinedAt: string;
}

/**
 * welcome: the joining bonus. earned: an order's points from before points waited for the
 * capture. pending: an order's points, waiting for it to ship. posted: those points, now
 * available. reversed: earned points taken back (a cancel, or a return with `returnId`).
 * redeemed: points spent on an order. refunded: redeemed points a cancel gave back.
 */
export type LoyaltyHistoryKind = 'welcome' | 'earned' | 'pending' | 'posted' | 'reversed' | 'redeemed' | 'refunded';

export interface LoyaltyHistoryLine {
  kind: LoyaltyHistoryKind;
  /** Positive for points given (or pending), negative for points taken. */
  points: number;
  /** The order the points were earned, redeemed or reversed on. */
  orderNumber?: string;
  /** The return that took points back. */
  returnId?: string;
  /**
   * On a take-back: how many of its points had been spent and are now owed. On points given:
   * minus how many of them paid what was owed.
   */
  owed?: number;
  at: string;
}

/** GET /api/loyalty (and POST /api/loyalty/join, with `joined`). */
export interface LoyaltyResponse {
  programme: LoyaltyProgramme;
  /** Null until the customer joins. */
  member: LoyaltyMemberView | null;
  history: LoyaltyHistoryLine[];
}

export interface LoyaltyJoinResponse extends LoyaltyResponse {
  /** True when this request joined; false when the customer was already a member. */
  joined: boolean;
}
