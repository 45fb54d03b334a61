import { MAX_LINE_QUANTITY, type CartLine, type CartResponse } from '@shop/contracts/browser';

/** A cart write the shopper asked for, held while it waits in the queue or runs. */
export type CartOp =
  | { kind: 'add'; id: string; sku: string; quantity: number; inventoryListKey: string; name?: string }
  | { kind: 'change'; id: string; lineItemId: string; quantity: number }
  | { kind: 'remove'; id: string; lineItemId: string }
  | { kind: 'addCode'; id: string; code: string }
  | { kind: 'removeCode'; id: string; discountCodeId: string }
  | { kind: 'restorePreviousBag'; id: string }
  | { kind: 'dismissPreviousBag'; id: string }
  | { kind: 'create'; id: string; cartTemplate: string };

/** One line at another quantity: what it costs is known (price x quantity); a code's share is not yet. */
function withQuantity(line: CartLine, quantity: number): CartLine {
  const each = line.salePrice ?? line.unitPrice;
  const subtotal = { ...each, centAmount: each.centAmount * quantity };
  return { ...line, quantity, subtotal, total: subtotal, discount: undefined };
}

function applyOp(cart: CartResponse, op: CartOp): CartResponse {
  switch (op.kind) {
    case 'add': {
      const line = cart.lines.find((l) => l.sku === op.sku && l.inventoryListKey === op.inventoryListKey);
      const quantity = line ? Math.min(MAX_LINE_QUANTITY, line.quantity + op.quantity) : op.quantity;
      const added = line ? quantity - line.quantity : quantity;
      return {
        ...cart,
        itemCount: cart.itemCount + added,
        lines: cart.lines.map((l) => (l === line ? withQuantity(l, quantity) : l)),
      };
    }
    case 'change': {
      const line = cart.lines.find((l) => l.lineItemId === op.lineItemId);
      if (!line) return cart;
      return {
        ...cart,
        itemCount: cart.itemCount - line.quantity + op.quantity,
        lines: cart.lines.map((l) => (l === line ? withQuantity(l, op.quantity) : l)),
      };
    }
    case 'remove': {
      const line = cart.lines.find((l) => l.lineItemId === op.lineItemId);
      if (!line) return cart;
      return { ...cart, itemCount: cart.itemCount - line.quantity, lines: cart.lines.filter((l) => l !== line) };
    }
    case 'removeCode':
      return { ...cart, discountCodes: cart.discountCodes.filter((c) => c.id !== op.discountCodeId) };
    case 'dismissPreviousBag':
      return { ...cart, previousBag: undefined };
    default:
      // Adding a code, restoring the earlier bag and creating from a template wait for the server's answer.
      return cart;
  }
}

/**
 * The bag as the shopper sees it: the server's last answer with the writes still pending laid
 * over it. A write that fails simply leaves the list, so the view rolls back by itself.
 */
export function applyOps(server: CartResponse | null, ops: readonly CartOp[]): CartResponse | null {
  return server ? ops.reduce(applyOp, server) : null;
}

/** Lines a pending write is about to change. */
export function linesInFlight(ops: readonly CartOp[]): string[] {
  return ops.flatMap((op) => (op.kind === 'change' || op.kind === 'remove' ? [op.lineItemId] : []));
}
