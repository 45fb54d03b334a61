import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { CommerceError, duplicateField, invalidInput } from '../../errors';
import type { Cart } from '../carts/cart-types';
import type { StoreRepository } from '../platform/store-repository';
import { parseDiscountCodeDraft } from './discount-code-draft';
import { DiscountCodeRepository } from './discount-code-repository';
import { evaluate, nonApplicable } from './discount-rules';
import type { CartDiscount, DiscountCode } from './discount-types';

type CartDiscountCode = Cart['discountCodes'][number];

export class DiscountCodeService {
  readonly repository: DiscountCodeRepository;

  constructor(
    db: Db,
    private readonly stores: StoreRepository,
    /** The clock validity windows are checked against (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new DiscountCodeRepository(db);
  }

  /**
   * Creates a code in a store. A code or key the store already has is DuplicateField, decided
   * by the database's unique constraints, so concurrent creators cannot both succeed.
   */
  async create(input: unknown, storeKey: string | null | undefined): Promise<DiscountCode> {
    const store = await this.stores.require(storeKey);
    const draft = parseDiscountCodeDraft(input);
    const granted = new Map<string, CartDiscount>();
    for (const ref of draft.cartDiscounts) {
      const found = await this.repository.cartDiscountByRef(store.key, ref);
      if (!found) {
        const named = ref.key ? { key: ref.key } : { id: ref.id };
        throw new CommerceError(
          400,
          'ReferencedResourceNotFound',
          `The cart discount ${JSON.stringify(named)} was not found in this store.`,
          {
            typeId: 'cart-discount',
            ...named,
          },
        );
      }
      granted.set(found.id, found);
    }
    const at = new Date(this.now()).toISOString();
    const code: DiscountCode = {
      id: randomUUID(),
      version: 1,
      ...(draft.key ? { key: draft.key } : {}),
      code: draft.code,
      ...(draft.name ? { name: draft.name } : {}),
      ...(draft.description ? { description: draft.description } : {}),
      cartDiscounts: [...granted.keys()].map((id) => ({ typeId: 'cart-discount', id })),
      stores: [{ typeId: 'store', key: store.key }],
      isActive: draft.isActive ?? true,
      references: [],
      groups: [],
      ...(draft.maxApplications ? { maxApplications: draft.maxApplications } : {}),
      ...(draft.maxApplicationsPerCustomer ? { maxApplicationsPerCustomer: draft.maxApplicationsPerCustomer } : {}),
      ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
      createdAt: at,
      lastModifiedAt: at,
    };
    try {
      await this.repository.insert(store.key, code);
    } catch (error) {
      if (isUniqueViolation(error, 'discount_codes_key_per_store')) throw duplicateField('key', draft.key);
      if (isUniqueViolation(error, 'discount_codes_store_key_code_key')) throw duplicateField('code', draft.code);
      throw error;
    }
    return code;
  }

  /** A code by id, or by key within a store (keys are unique per store, so a key needs one). */
  async find(
    by: { id?: string | null; key?: string | null },
    storeKey: string | null | undefined,
  ): Promise<DiscountCode | undefined> {
    if (by.key) {
      if (!storeKey) throw invalidInput('Finding a discount code by key needs a storeKey: keys are unique per store.');
      const store = await this.stores.require(storeKey);
      return (await this.repository.byKey(store.key, by.key))?.code;
    }
    if (!by.id) throw invalidInput('discountCode needs an id or a key.');
    const found = (await this.repository.byId(by.id))?.code;
    return found && (!storeKey || found.stores[0]?.key === storeKey) ? found : undefined;
  }

  cartDiscountsOf(code: DiscountCode): Promise<CartDiscount[]> {
    return this.repository.cartDiscounts(code.cartDiscounts.map((ref) => ref.id));
  }

  /** The cart's entry for a code a shopper typed, or DiscountCodeNonApplicable saying why not. */
  async redeem(tx: Db, cart: Cart, typed: string): Promise<CartDiscountCode> {
    const at = this.now();
    const found = await this.repository.byCode(cart.store.key, typed.trim().toUpperCase(), tx);
    if (!found) throw nonApplicable(typed, 'DoesNotExist');
    const { code, applicationCount } = found;
    const percentOff = await this.percentOff(tx, code, at);
    const usedUp = code.maxApplications !== undefined && applicationCount >= code.maxApplications;
    // Guest carts have no customer to count against, so only the overall limit applies to them.
    const usedUpByCustomer =
      cart.customerId !== undefined &&
      code.maxApplicationsPerCustomer !== undefined &&
      (await this.repository.customerApplications(code.id, cart.customerId, tx)) >= code.maxApplicationsPerCustomer;
    if (usedUp || usedUpByCustomer) throw nonApplicable(code.code, 'MaxApplicationReached', code);
    return {
      discountCode: { typeId: 'discount-code', id: code.id, code: code.code },
      state: 'MatchesCart',
      percentOff,
    };
  }

  /**
   * Counts each of the cart's codes once, inside the transaction that places its order, and
   * refuses the order when a code has expired, been switched off or been used up since it
   * was added: the rollback then leaves the counts as they were.
   */
  async recordApplications(tx: Db, cart: Cart): Promise<void> {
    const at = this.now();
    for (const entry of cart.discountCodes) {
      const found = await this.repository.byId(entry.discountCode.id, tx);
      if (!found) throw nonApplicable(entry.discountCode.code, 'DoesNotExist');
      const { code } = found;
      await this.percentOff(tx, code, at);
      const counted =
        (await this.repository.countApplication(tx, code.id)) &&
        (!cart.customerId ||
          (await this.repository.countCustomerApplication(
            tx,
            code.id,
            cart.customerId,
            code.maxApplicationsPerCustomer ?? null,
          )));
      if (!counted) throw nonApplicable(code.code, 'MaxApplicationReached', code);
    }
  }

  private async percentOff(tx: Db, code: DiscountCode, at: number): Promise<number> {
    const result = evaluate(
      code,
      await this.repository.cartDiscounts(
        code.cartDiscounts.map((ref) => ref.id),
        tx,
      ),
      at,
    );
    if (!result.usable) throw nonApplicable(code.code, result.reason, code, at);
    return result.percentOff;
  }
}
