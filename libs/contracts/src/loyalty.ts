/**
 * The rewards programme (SPEC §2 /loyalty, flag `loyalty`): GET /api/loyalty and POST
 * /api/loyalty/join, for a signed-in customer on a brand with loyalty on. Joining is explicit and
 * gives the welcome bonus once; points are earned per order and redeemed at checkout.
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
  balance: number;
  /** Points set aside by a bag that redeems them, not yet spent. */
  held: number;
  /** balance - held: what the member can redeem now. */
  available: number;
  joinedAt: string;
}

export type LoyaltyHistoryKind = 'welcome' | 'earned' | 'redeemed';

export interface LoyaltyHistoryLine {
  kind: LoyaltyHistoryKind;
  /** Positive for welcome and earned points, negative for redeemed ones. */
  points: number;
  /** The order the points were earned or redeemed on. */
  orderNumber?: string;
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
