import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type CartResponse, type CreateCartResponse, MAX_LINE_QUANTITY } from '@shop/contracts';
import {
  type BagVariant,
  type CartAction,
  type CommerceCartDetail,
  type CommerceClient,
  CommerceRequestError,
  type NewCart,
} from '../../clients/commercetools';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import type { CartWriteStats } from '../../shared/cart-write-stats';
import type { CategoryTree } from '../../shared/category-tree';
import { DomainError } from '../../shared/domain-error';
import { type ViewContext, cartView, emptyCart, previousBagView, priceChangesOf, priceIsCurrent } from './cart-view';
import type { BagTurn, CartWriter } from './cart-writer';
import { discountCodeRefusal, notCombinable } from './discount-code-refusal';

/** Whose bag, in which brand: the cart belongs to the session's user and the request's store. */
export interface CartScope {
  storeKey: string;
  brandName: string;
  productBasePath: string;
  correlationId: string;
  owner: { customerId: string } | { anonymousId: string };
  /** The session's id, for what happens once per session (a cart made from a template). */
  sessionId: string;
  /** The customer's earlier bag the session offers back, if any. */
  previousCartId?: string;
  /** The brand's codes that may share a bag (brand config promotions.combinableCodes). */
  combinableCodes?: readonly string[];
}

export interface CartDeps {
  commerce: CommerceClient;
  write: CartWriter;
  stats: CartWriteStats;
  treeOf: (storeKey: string, correlationId: string) => Promise<CategoryTree>;
  /** The store's inventories (supply channel keys), the first being where its lines draw from. */
  channelsOf: (storeKey: string, correlationId: string) => Promise<string[]>;
}

/**
 * The key of a shopper's bag in the cart write queue: brand and session user, so every write to
 * it (the bag's, checkout's, an order's placement) takes its turn, even the first one that
 * creates the cart.
 */
export const cartQueueKey = (scope: Pick<CartScope, 'storeKey' | 'owner'>) =>
  `${scope.storeKey}:${'customerId' in scope.owner ? scope.owner.customerId : scope.owner.anonymousId}`;

/** The codes a cart write expects from the platform, answered here rather than logged as failures. */
const EXPECTED = ['ConcurrentModification', 'DiscountCodeNonApplicable', 'DuplicateField'];

const onlyLeft = (available: number) => (available > 0 ? `Only ${available} left.` : 'Sold out: none left.');

/** Bags whose skus this instance remembers (a hint, see loadForWrite): the bags written in the last minutes. */
const HINTS_KEPT = 20_000;

/** What a write decided: the actions to apply, or a refusal because a line's price changed. */
type Decision = { actions: CartAction[] } | { priceChanged: string };

/**
 * The bag's use cases (SPEC §3, §5, §7, §8): read it, add, change and remove lines, codes,
 * templates and the earlier bag a sign-in set aside. Every write runs through the writer (the
 * per-bag queue, the version, retries); every answer is a CartResponse.
 */
export function cartUseCases({ commerce, write, stats, treeOf, channelsOf }: CartDeps) {
  const call = (scope: CartScope) => ({ correlationId: scope.correlationId, expected: EXPECTED });
  const queueKey = cartQueueKey;

  const load = (scope: CartScope): Promise<CommerceCartDetail | undefined> =>
    'customerId' in scope.owner
      ? commerce.activeCustomerCart(scope.storeKey, scope.owner.customerId, call(scope))
      : commerce.findCart(scope.storeKey, { anonymousId: scope.owner.anonymousId }, call(scope));

  const variantsOf = (scope: CartScope, skus: string[]) =>
    skus.length ? commerce.getBagVariants(scope.storeKey, skus, call(scope)) : Promise.resolve(new Map());

  // The skus each bag held when this instance last saw it, by the bag's queue key: only a hint of
  // what to read with the cart (another instance may have written it since), never a fact.
  const skusHeld = new LRUCache<string, string[]>({ max: HINTS_KEPT });
  const seen = (scope: CartScope, cart: CommerceCartDetail | undefined) => {
    if (cart) skusHeld.set(queueKey(scope), [...new Set(cart.lines.map((l) => l.sku))]);
    return cart;
  };

  /**
   * A write's read (and the bag's), in one request in the usual case: the cart together with the
   * current price and stock of the skus it held when last seen here and of `skus` (what the write
   * adds). Lines whose sku was not in that guess (the bag was written elsewhere, or this instance
   * never saw it) are read with a second request.
   */
  const loadForWrite = async (scope: CartScope, skus: string[]) => {
    const guess = [...new Set([...skus, ...(skusHeld.get(queueKey(scope)) ?? [])])];
    if (guess.length === 0) {
      const cart = seen(scope, await load(scope));
      return { cart, variants: await variantsOf(scope, cart?.lines.map((l) => l.sku) ?? []) };
    }
    const { cart, variants, searched } = await commerce.bagWithVariants(
      scope.storeKey,
      scope.owner,
      guess,
      call(scope),
    );
    seen(scope, cart);
    const missed = [...skus, ...(cart?.lines.map((l) => l.sku) ?? [])].filter((sku) => !searched.includes(sku));
    if (missed.length) for (const [sku, variant] of await variantsOf(scope, missed)) variants.set(sku, variant);
    return { cart, variants };
  };

  const contextOf = async (scope: CartScope): Promise<ViewContext> => {
    const [tree, channels] = await Promise.all([
      treeOf(scope.storeKey, scope.correlationId),
      channelsOf(scope.storeKey, scope.correlationId),
    ]);
    return { tree, productBasePath: scope.productBasePath, inventoryListKey: channels[0] ?? '' };
  };

  /**
   * Applies the actions (with a recalculation first when a price changed), creating the cart on
   * the first add; a write with an Idempotency-Key is noted on the cart in the same update.
   */
  const apply = async (
    scope: CartScope,
    turn: BagTurn,
    cart: CommerceCartDetail | undefined,
    actions: CartAction[],
    writeKey?: string,
  ) => {
    turn.stillHeld();
    stats.writes += 1;
    const noted = writeKey ? [...(cart?.appliedWrites ?? []), writeKey] : undefined;
    if (cart)
      return seen(
        scope,
        await commerce.updateCart(
          scope.storeKey,
          cart,
          noted ? [...actions, { noteWrites: { writes: noted, typed: cart.hasCustomType === true } }] : actions,
          call(scope),
        ),
      );
    const lines = actions.flatMap((action) => ('addLine' in action ? [action.addLine] : []));
    const created = await commerce.createCart(
      scope.storeKey,
      { ...scope.owner, lines, ...(noted ? { appliedWrites: noted } : {}) },
      call(scope),
    );
    if ('duplicate' in created) throw new Error('A cart without a key cannot be a duplicate');
    return seen(scope, created);
  };

  /**
   * One write, in the bag's turn: read the bag with the current price and stock of its skus (and
   * `skus`), decide, apply (two requests to commerce in the usual case). Lines whose price changed
   * are recalculated with the write and reported; a write on such a line is refused
   * (INVALID_PRICE) with the recalculated cart, so the shopper sees the new price before agreeing
   * to it. A write whose Idempotency-Key (`writeKey`, hashed) the cart has noted was done before,
   * its answer lost: it answers the bag as it is, writing nothing.
   */
  const mutate = (
    scope: CartScope,
    skus: string[],
    decide: (cart: CommerceCartDetail | undefined, variants: Map<string, BagVariant>) => Decision,
    writeKey?: string,
  ): Promise<CartResponse> =>
    write(queueKey(scope), async (turn) => {
      const { cart, variants } = await loadForWrite(scope, skus);
      if (writeKey && cart?.appliedWrites?.includes(writeKey)) {
        stats.repeats += 1;
        return cartView(cart, variants, await contextOf(scope), { priceChanges: [] });
      }
      const priceChanges = cart ? priceChangesOf(cart, variants) : [];
      const recalculate: CartAction[] = priceChanges.length ? [{ recalculate: true }] : [];
      const decision = decide(cart, variants);
      if ('priceChanged' in decision) {
        const updated = cart && recalculate.length ? await apply(scope, turn, cart, recalculate) : cart;
        const view = cartView(updated, variants, await contextOf(scope), { priceChanges });
        throw new DomainError('INVALID_PRICE', decision.priceChanged, undefined, { cart: view });
      }
      const actions = [...recalculate, ...decision.actions];
      const updated = actions.length ? await apply(scope, turn, cart, actions, writeKey) : cart;
      return cartView(updated, variants, await contextOf(scope), { priceChanges });
    });

  /** The price check of one line a write touches. */
  const changedPrice = (line: CommerceCartDetail['lines'][number], variant: BagVariant | undefined) =>
    priceIsCurrent(line, variant)
      ? undefined
      : `The price of ${line.name} has changed since it went into your bag. Check the new price and try again.`;

  const findLine = (cart: CommerceCartDetail | undefined, lineId: string) => {
    const line = cart?.lines.find((l) => l.id === lineId);
    if (!line) throw new DomainError('LINE_ITEM_NOT_FOUND', 'Your bag has no such item.');
    return line;
  };

  const previousBagOf = async (scope: CartScope, current: CommerceCartDetail | undefined) => {
    if (!scope.previousCartId || !('customerId' in scope.owner)) return undefined;
    const earlier = await commerce.cartById(scope.storeKey, scope.previousCartId, call(scope));
    if (
      !earlier ||
      earlier.customerId !== scope.owner.customerId ||
      earlier.state !== 'Active' ||
      earlier.id === current?.id ||
      earlier.lines.length === 0
    )
      return undefined;
    return earlier;
  };

  return {
    /** The bag (no cart is made on a read); prices changed since lines were added are brought up to date and reported. */
    async read(scope: CartScope): Promise<CartResponse> {
      const { cart, variants } = await loadForWrite(scope, []);
      const earlier = await previousBagOf(scope, cart);
      const unread = (earlier?.lines ?? []).map((l) => l.sku).filter((sku) => !variants.has(sku));
      if (unread.length) for (const [sku, variant] of await variantsOf(scope, unread)) variants.set(sku, variant);
      const context = await contextOf(scope);
      const previousBag = earlier ? previousBagView(earlier, variants, context) : undefined;
      if (!cart) return previousBag ? { ...emptyCart(), previousBag } : emptyCart();
      if (priceChangesOf(cart, variants).length === 0) return cartView(cart, variants, context, { previousBag });
      const refreshed = await mutate(scope, [], () => ({ actions: [] }));
      return { ...refreshed, ...(previousBag ? { previousBag } : {}) };
    },

    /**
     * Adds a sku, or raises its line's quantity: the line may not pass 99, nor the stock. With a
     * write key (the request's Idempotency-Key, see writeKeyOf) a repeat adds nothing twice.
     */
    addLine(scope: CartScope, input: { sku: string; quantity: number; inventoryListKey: string }, writeKey?: string) {
      return mutate(
        scope,
        [input.sku],
        (cart, variants) => {
          const variant = variants.get(input.sku);
          if (!variant) throw new DomainError('PRODUCT_NOT_FOUND', `There is no product with sku ${input.sku} here.`);
          if (!variant.price) return { priceChanged: 'This item has no price here, so it cannot go into your bag.' };
          const line = cart?.lines.find(
            (l) => l.sku === input.sku && (l.inventoryListKey ?? input.inventoryListKey) === input.inventoryListKey,
          );
          const already = line?.quantity ?? 0;
          const total = already + input.quantity;
          if (total > MAX_LINE_QUANTITY)
            throw new DomainError(
              'INVALID_QUANTITY',
              `You can have 1 to ${MAX_LINE_QUANTITY} of an item in your bag; it already holds ${already}.`,
            );
          if (total > variant.available)
            throw new DomainError(
              'INVALID_QUANTITY',
              `${onlyLeft(variant.available)}${already ? ` Your bag already holds ${already}.` : ''}`,
            );
          const stale = line && changedPrice(line, variant);
          if (stale) return { priceChanged: stale };
          return { actions: [{ addLine: input }] };
        },
        writeKey,
      );
    },

    changeLine(scope: CartScope, lineId: string, quantity: number, writeKey?: string) {
      return mutate(
        scope,
        [],
        (cart, variants) => {
          const line = findLine(cart, lineId);
          const variant = variants.get(line.sku);
          if (quantity > (variant?.available ?? 0))
            throw new DomainError('INVALID_QUANTITY', onlyLeft(variant?.available ?? 0));
          const stale = changedPrice(line, variant);
          if (stale) return { priceChanged: stale };
          return { actions: line.quantity === quantity ? [] : [{ changeQuantity: { lineId, quantity } }] };
        },
        writeKey,
      );
    },

    /** With a write key, a repeat of a removal that was done answers the bag (not LINE_ITEM_NOT_FOUND). */
    removeLine(scope: CartScope, lineId: string, writeKey?: string) {
      return mutate(
        scope,
        [],
        (cart) => {
          findLine(cart, lineId);
          return { actions: [{ removeLine: { lineId } }] };
        },
        writeKey,
      );
    },

    /**
     * Puts a code on the bag; a code the platform refuses is DISCOUNT_CODE_INVALID with the reason,
     * and a second code DISCOUNT_CODE_NOT_COMBINABLE unless the brand combines both. Decided on the
     * bag as read inside the bag's write queue (a retry after a concurrent write reads it again);
     * commerce's stacking keeps a bag that got two codes anyway to the best one.
     */
    async addCode(scope: CartScope, code: string, writeKey?: string) {
      try {
        return await mutate(
          scope,
          [],
          (cart) => {
            if (!cart?.lines.length)
              throw new DomainError('CART_EMPTY', 'Add something to your bag before you use a promo code.');
            const refused = notCombinable(
              cart.codes.map((c) => c.code),
              code,
              scope.combinableCodes,
            );
            if (refused) throw refused;
            return { actions: [{ addDiscountCode: { code } }] };
          },
          writeKey,
        );
      } catch (error) {
        throw discountCodeRefusal(error, code, scope.brandName) ?? error;
      }
    },

    removeCode(scope: CartScope, id: string, writeKey?: string) {
      return mutate(
        scope,
        [],
        (cart) => {
          if (!cart?.codes.some((c) => c.id === id))
            throw new DomainError('DISCOUNT_CODE_NOT_FOUND', 'Your bag has no such promo code.');
          return { actions: [{ removeDiscountCode: { id } }] };
        },
        writeKey,
      );
    },

    /**
     * A signed-in customer's cart made from the brand's template, once per session and template:
     * the cart's key is derived from both, so a reload or a second tab (even on another gateway
     * instance: the key is unique on the platform) answers the same cart. Lines the store cannot
     * sell now (not sold, no price, out of stock) are left out and quantities kept within stock.
     * `displaced` is the customer's earlier bag with items, which the session then offers back.
     */
    async fromTemplate(
      scope: CartScope & { owner: { customerId: string } },
      template: string,
    ): Promise<CreateCartResponse & { displaced?: string }> {
      const found = await commerce.getCartTemplate(scope.storeKey, template, call(scope));
      if (!found) throw new DomainError('CART_TEMPLATE_NOT_FOUND', `There is no bag "${template}" to start from.`);
      const key = `template-${createHash('sha256').update(`${scope.sessionId}\n${scope.storeKey}\n${template}`).digest('hex').slice(0, 40)}`;
      const { customerId } = scope.owner;
      const made = await write(queueKey(scope), async (turn) => {
        const existing = await commerce.findCart(scope.storeKey, { key }, call(scope));
        if (existing) return { cart: existing };
        const [active, variants, channels] = await Promise.all([
          load(scope),
          variantsOf(
            scope,
            found.lines.map((l) => l.sku),
          ),
          channelsOf(scope.storeKey, scope.correlationId),
        ]);
        const quantities = new Map<string, number>();
        for (const { sku, quantity } of found.lines) {
          const variant = variants.get(sku);
          if (!variant?.price || variant.available < 1) continue;
          quantities.set(sku, Math.min(MAX_LINE_QUANTITY, variant.available, (quantities.get(sku) ?? 0) + quantity));
        }
        const draft: NewCart = {
          key,
          customerId,
          lines: [...quantities].map(([sku, quantity]) => ({ sku, quantity, inventoryListKey: channels[0] ?? '' })),
        };
        turn.stillHeld();
        stats.writes += 1;
        const created = await commerce.createCart(scope.storeKey, draft, call(scope));
        if ('duplicate' in created) {
          const again = await commerce.findCart(scope.storeKey, { key }, call(scope));
          if (!again) throw new DomainError('CART_CONFLICT', 'Your bag changed at the same moment. Please try again.');
          return { cart: again };
        }
        return { cart: created, displaced: active?.lines.length ? active.id : undefined };
      });
      const variants = await variantsOf(
        scope,
        made.cart.lines.map((l) => l.sku),
      );
      const cart = cartView(made.cart, variants, await contextOf(scope));
      return {
        cart,
        next: cart.lines.length ? '/checkout' : '/cart',
        ...(made.displaced ? { displaced: made.displaced } : {}),
      };
    },

    /**
     * Adds the earlier bag's items back into the active cart, with the quantity rule (a line
     * holds at most 99 and what is in stock; what cannot be sold now is left out), then deletes
     * the earlier cart; both in the bag's turn in the queue, so a second click (another tab)
     * finds nothing left to add.
     */
    async addBackPreviousBag(scope: CartScope): Promise<CartResponse> {
      await write(queueKey(scope), async (turn) => {
        const cart = await load(scope);
        const earlier = await previousBagOf(scope, cart);
        if (!earlier) return;
        const [variants, channels] = await Promise.all([
          variantsOf(
            scope,
            [...earlier.lines, ...(cart?.lines ?? [])].map((l) => l.sku),
          ),
          channelsOf(scope.storeKey, scope.correlationId),
        ]);
        const actions: CartAction[] = cart && priceChangesOf(cart, variants).length ? [{ recalculate: true }] : [];
        const quantities = new Map(cart?.lines.map((l) => [l.sku, l.quantity]) ?? []);
        const added = new Map<string, number>();
        for (const line of earlier.lines) {
          const variant = variants.get(line.sku);
          if (!variant?.price || variant.available < 1) continue;
          const now = quantities.get(line.sku) ?? 0;
          const target = Math.min(MAX_LINE_QUANTITY, variant.available, now + line.quantity);
          if (target > now) {
            quantities.set(line.sku, target);
            added.set(line.sku, target);
          }
        }
        for (const [sku, quantity] of added) {
          const line = cart?.lines.find((l) => l.sku === sku);
          actions.push(
            line
              ? { changeQuantity: { lineId: line.id, quantity } }
              : { addLine: { sku, quantity, inventoryListKey: channels[0] ?? '' } },
          );
        }
        if (actions.length) await apply(scope, turn, cart, actions);
        turn.stillHeld();
        try {
          await commerce.deleteCart(scope.storeKey, earlier, { ...call(scope), expected: ['ResourceNotFound'] });
        } catch (error) {
          // The items are in the bag either way; an earlier cart left behind is offered no more (the session forgets it).
          if (!(error instanceof CommerceRequestError || error instanceof UpstreamUnavailableError)) throw error;
        }
      });
      return this.read({ ...scope, previousCartId: undefined });
    },
  };
}
export type CartUseCases = ReturnType<typeof cartUseCases>;
