import {
  LOYALTY_HISTORY_LINES,
  type LoyaltyHistoryLine,
  type LoyaltyJoinResponse,
  type LoyaltyMemberView,
  type LoyaltyResponse,
} from '@shop/contracts';
import type { LoyaltyClient, LoyaltyLedgerLine, LoyaltyMember } from '../../clients/loyalty';

const KINDS = {
  welcome: 'welcome',
  earn: 'earned',
  'earn-pending': 'pending',
  'earn-posted': 'posted',
  'earn-reversed': 'reversed',
  redeem: 'redeemed',
  'redeem-reversed': 'refunded',
} as const satisfies Record<LoyaltyLedgerLine['kind'], LoyaltyHistoryLine['kind']>;

const memberView = (member: LoyaltyMember): LoyaltyMemberView => ({
  balance: member.balance,
  held: member.held,
  available: Math.max(0, member.balance - member.held),
  pending: member.pending,
  owed: member.owed,
  joinedAt: member.joinedAt,
});

const historyLine = (line: LoyaltyLedgerLine): LoyaltyHistoryLine => ({
  kind: KINDS[line.kind],
  points: line.points,
  ...(line.orderNumber ? { orderNumber: line.orderNumber } : {}),
  ...(line.returnId ? { returnId: line.returnId } : {}),
  ...(line.owed ? { owed: line.owed } : {}),
  at: line.at,
});

export interface LoyaltyScope {
  storeKey: string;
  customerId: string;
  correlationId: string;
}

/** The rewards page's reads and the join, over the loyalty vendor (docs/adr/0014). */
export function loyaltyUseCases(loyalty: LoyaltyClient) {
  const standing = async ({ storeKey, customerId, correlationId }: LoyaltyScope): Promise<LoyaltyResponse> => {
    const [programme, member, history] = await Promise.all([
      loyalty.programme(storeKey, correlationId),
      loyalty.member(storeKey, customerId, correlationId),
      loyalty.history(storeKey, customerId, LOYALTY_HISTORY_LINES, correlationId),
    ]);
    return {
      programme,
      member: member && memberView(member),
      history: member && history ? history.map(historyLine) : [],
    };
  };

  return {
    standing,

    /** Joins (the welcome bonus once, however often or concurrently the shopper asks) and answers the standing. */
    async join(scope: LoyaltyScope): Promise<LoyaltyJoinResponse> {
      const { joined } = await loyalty.join(scope.storeKey, scope.customerId, scope.correlationId);
      return { ...(await standing(scope)), joined };
    },
  };
}
