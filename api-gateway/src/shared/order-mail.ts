import type { Logger } from '@shop/node-kit';
import type { CommerceClient, CommerceOrder } from '../clients/commercetools';
import type { Mail, Mailer } from '../data-access/mailer';

/** The order-b2c custom field that lists the order's mails already sent (keys, comma-separated). */
export const MAILED = 'mailed';

const mailedOf = (order: CommerceOrder) =>
  String(order.custom[MAILED] ?? '')
    .split(',')
    .filter(Boolean);

/**
 * Sends a mail about an order once (`key`: `order-shipped`, `refund-issued:{returnId}`, …): the
 * mail goes out, then the order notes it. A mail the SMTP server refuses is logged and goes out
 * when the caller's step is repeated; a note that fails after the mail went means a repeat sends
 * it again, never that it is lost. Answers the order as it now is.
 */
export async function mailOnce(
  deps: { mailer: Mailer; commerce: CommerceClient; logger: Logger },
  storeKey: string,
  order: CommerceOrder,
  key: string,
  mail: Mail,
  correlationId: string,
): Promise<CommerceOrder> {
  const mailed = mailedOf(order);
  if (mailed.includes(key)) return order;
  try {
    await deps.mailer.send(storeKey, mail, { key: `${order.orderNumber}:${key}` });
  } catch (error) {
    deps.logger.error('Order mail not sent', {
      correlationId,
      orderNumber: order.orderNumber,
      mail: key,
      reason: String(error),
    });
    return order;
  }
  try {
    return await deps.commerce.updateOrder(
      storeKey,
      order,
      [{ setCustomField: { name: MAILED, value: [...mailed, key].join(',') } }],
      { correlationId },
    );
  } catch (error) {
    deps.logger.warn('Order mail sent but not noted', {
      correlationId,
      orderNumber: order.orderNumber,
      reason: String(error),
    });
    return order;
  }
}
