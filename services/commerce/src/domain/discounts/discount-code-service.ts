import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { CommerceError, duplicateField, invalidInput } from '../../errors';
import type { Cart, CartDiscountCodeEntry, DiscountCodeState } from '../carts/cart-types';
import { parseDiscountCodeDraft } from './discount-code-draft';
import { cartMatches, parseCodePredicate } from './discount-code-predicate';
import { DiscountCodeRepository } from './discount-code-repository';
import { evaluate, nonApplicable, validDiscounts } from './discount-rules';
import { CODE_GROUPS, type CartDiscount, type DiscountCode } from './discount-types';

const STATES: readonly string[] = [
  'DoesNotMatchCart',
  'NotActive',
  'NotValid',
  'MaxApplicationReached',
  'ApplicationStoppedByPreviousDiscount',
] satisfies DiscountCodeState[];

export class DiscountCodeService {
  readonly repository: DiscountCodeRepository;

  constructor(
    db: Db,
    /** The clock validity windows are checked against (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new DiscountCodeRepository(db);
  }

  /**
   * Creates a code, as commercetools does: it belongs to no store, and works in the stores of
   * the cart discounts it grants. A code or key the project already has is DuplicateField,
   * decided by the database's unique constraints, so concurrent creators cannot both succeed.
   */
  async create(input: unknown): Promise<DiscountCode> {
    const draft = parseDiscountCodeDraft(input);
    const granted = new Map<string, CartDiscount>();
    for (const ref of draft.cartDiscounts) {
      const found = await this.repository.cartDiscountByRef(ref);
      if (!found) {
        const named = ref.key ? { key: ref.key } : { id: ref.id };
        throw new CommerceError(
          400,
          'ReferencedResourceNotFound',
          `The cart discount ${JSON.stringify(named)} was not found.`,
          {
            typeId: 'cart-discount',
            ...named,
          },
        );
      }
      granted.set(found.id, found);
    }
    const stores = [...new Set([...granted.values()].flatMap((discount) => discount.stores.map((s) => s.key)))];
    const at = new Date(this.now()).toISOString();
    const code: DiscountCode = {
      id: randomUUID(),
      version: 1,
      ...(draft.key ? { key: draft.key } : {}),
      code: draft.code,
      ...(draft.name ? { name: draft.name } : {}),
      ...(draft.description ? { description: draft.description } : {}),
      cartDiscounts: [...granted.keys()].map((id) => ({ typeId: 'cart-discount', id })),
      stores: stores.map((key) => ({ typeId: 'store', key })),
      isActive: draft.isActive ?? true,
      references: [],
      groups: [...new Set(draft.groups ?? [])],
      ...(draft.maxApplications ? { maxApplications: draft.maxApplications } : {}),
      ...(draft.maxApplicationsPerCustomer ? { maxApplicationsPerCustomer: draft.maxApplicationsPerCustomer } : {}),
      ...(draft.cartPredicate ? { cartPredicate: draft.cartPredicate } : {}),
      ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
      createdAt: at,
      lastModifiedAt: at,
    };
    try {
      await this.repository.insert(code);
    } catch (error) {
      if (isUniqueViolation(error, 'discount_codes_key_unique')) throw duplicateField('key', draft.key);
      if (isUniqueViolation(error, 'discount_codes_code_unique')) throw duplicateField('code', draft.code);
      throw error;
    }
    return code;
  }

  /** A code by id or by key (both unique across the project). */
  async find(by: { id?: string | null; key?: string | null }): Promise<DiscountCode | undefined> {
    if (by.key) return (await this.repository.byKey(by.key))?.code;
    if (!by.id) throw invalidInput('discountCode needs an id or a key.');
    return (await this.repository.byId(by.id))?.code;
  }

  cartDiscountsOf(code: DiscountCode): Promise<CartDiscount[]> {
    return this.repository.cartDiscounts(code.cartDiscounts.map((ref) => ref.id));
  }

  /** The cart's entry for a code a shopper typed, or DiscountCodeNonApplicable saying why not. */
  async redeem(tx: Db, cart: Cart, typed: string): Promise<CartDiscountCodeEntry> {
    const found = await this.repository.byCode(typed.trim().toUpperCase(), tx);
    if (!found) throw nonApplicable(typed, 'DoesNotExist');
    return this.entryFor(tx, cart, found.code, found.applicationCount);
  }

  /**
   * A code already on the cart, evaluated again (commercetools does on every recalculation): a
   * code that has expired, been switched off or used up since it was added stays on the cart
   * with that state and takes nothing off; a code deleted since counts as NotActive.
   */
  async refresh(tx: Db, cart: Cart, entry: CartDiscountCodeEntry): Promise<CartDiscountCodeEntry> {
    const found = await this.repository.byId(entry.discountCode.id, tx);
    try {
      if (!found) throw nonApplicable(entry.discountCode.code, 'NotActive');
      return await this.entryFor(tx, cart, found.code, found.applicationCount);
    } catch (error) {
      const reason = error instanceof CommerceError ? error.extras.reason : undefined;
      if (typeof reason !== 'string' || !STATES.includes(reason)) throw error;
      return { ...entry, state: reason as DiscountCodeState, percentOff: 0, cartDiscounts: [] };
    }
  }

  private async entryFor(
    tx: Db,
    cart: Cart,
    code: DiscountCode,
    applicationCount: number,
  ): Promise<CartDiscountCodeEntry> {
    const at = this.now();
    const granted = await this.grantFor(tx, code, cart.store.key, at);
    await this.checkPredicate(tx, cart, code, false);
    const usedUp = code.maxApplications !== undefined && applicationCount >= code.maxApplications;
    // Guest carts have no customer to count against, so only the overall limit applies to them.
    const usedUpByCustomer =
      cart.customerId !== undefined &&
      code.maxApplicationsPerCustomer !== undefined &&
      (await this.repository.customerApplications(code.id, cart.customerId, tx)) >= code.maxApplicationsPerCustomer;
    if (usedUp || usedUpByCustomer) throw nonApplicable(code.code, 'MaxApplicationReached', code);
    await this.checkGroups(tx, cart, code);
    return {
      discountCode: { typeId: 'discount-code', id: code.id, code: code.code },
      state: 'MatchesCart',
      ...granted,
    };
  }

  /**
   * Counts each of the cart's codes once, inside the transaction that places its order, and
   * refuses the order when a code has expired, been switched off or been used up since it
   * was added: the rollback then leaves the counts as they were.
   */
  async recordApplications(tx: Db, cart: Cart): Promise<void> {
    const at = this.now();
    // A code another one stopped took nothing off: it is not counted (as in commercetools).
    for (const entry of cart.discountCodes.filter((e) => e.state !== 'ApplicationStoppedByPreviousDiscount')) {
      const found = await this.repository.byId(entry.discountCode.id, tx);
      if (!found) throw nonApplicable(entry.discountCode.code, 'DoesNotExist');
      const { code } = found;
      await this.grantFor(tx, code, cart.store.key, at);
      await this.checkPredicate(tx, cart, code, true);
      // Checked again with what the cart knows now (an e-mail set after the code was added), and
      // under a lock per store and shopper, so two carts of one shopper cannot both place a first order with it.
      await this.repository.lockShopper(tx, cart.store.key, cart.customerId, cart.customerEmail);
      await this.checkGroups(tx, cart, code);
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

  /**
   * The code's cartPredicate against the cart: its customer, and its e-mail or else its signed-in
   * customer's. A code issued for an e-mail (a welcome code) matches only carts with that e-mail;
   * a guest cart with none yet passes until it has one, and not when the order is placed.
   */
  private async checkPredicate(tx: Db, cart: Cart, code: DiscountCode, placing: boolean) {
    if (!code.cartPredicate) return;
    const email =
      cart.customerEmail ??
      (cart.customerId ? await this.repository.customerEmail(tx, cart.store.key, cart.customerId) : undefined);
    if (cartMatches(code.cartPredicate, { customerId: cart.customerId, email }, { emailRequired: placing })) return;
    const forEmail = parseCodePredicate(code.cartPredicate).kind === 'email';
    throw nonApplicable(code.code, 'DoesNotMatchCart', code, undefined, forEmail ? 'IssuedForAnotherEmail' : undefined);
  }

  /**
   * The rules of the code's groups (CODE_GROUPS): a first-order code on a cart whose customer or
   * e-mail already ordered in the store does not match it; a one-per-customer code is used up
   * once the customer redeemed any code of that kind. A guest cart with no e-mail yet passes
   * for now and is checked again once it has one, and when the order is placed.
   */
  private async checkGroups(tx: Db, cart: Cart, code: DiscountCode) {
    const groups = code.groups ?? [];
    if (
      groups.includes(CODE_GROUPS.firstOrder) &&
      (await this.repository.hasOrdered(tx, cart.store.key, cart.customerId, cart.customerEmail))
    )
      throw nonApplicable(code.code, 'DoesNotMatchCart', code, undefined, 'FirstOrderOnly');
    if (
      groups.includes(CODE_GROUPS.onePerCustomer) &&
      cart.customerId &&
      (await this.repository.groupApplications(tx, CODE_GROUPS.onePerCustomer, cart.customerId, code.id)) > 0
    )
      throw nonApplicable(code.code, 'MaxApplicationReached', code, undefined, 'OnePerCustomer');
  }

  /**
   * What the code takes off a cart of this store: only its cart discounts valid for the store
   * count (CartDiscount.stores; none listed means every store), so a code whose discounts are
   * all another brand's does not match the cart.
   */
  private async grantFor(
    tx: Db,
    code: DiscountCode,
    storeKey: string,
    at: number,
  ): Promise<{
    percentOff: number;
    cartDiscounts: Array<{ id: string; permyriad: number; sortOrder: string; stackingMode: string }>;
  }> {
    const granted = await this.repository.cartDiscounts(
      code.cartDiscounts.map((ref) => ref.id),
      tx,
    );
    const forStore = granted.filter(
      (discount) => discount.stores.length === 0 || discount.stores.some((store) => store.key === storeKey),
    );
    if (forStore.length === 0) throw nonApplicable(code.code, 'DoesNotMatchCart', code);
    const result = evaluate(code, forStore, at);
    if (!result.usable) throw nonApplicable(code.code, result.reason, code, at);
    return {
      percentOff: result.percentOff,
      cartDiscounts: validDiscounts(forStore, at).map((discount) => ({
        id: discount.id,
        permyriad: discount.value.permyriad,
        sortOrder: discount.sortOrder,
        stackingMode: discount.stackingMode,
      })),
    };
  }
}
