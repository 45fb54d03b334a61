import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { CommerceError, concurrentModification, invalidInput, notFound } from '../../errors';
import { type CustomFieldsDraftInput, customFromDraft } from '../platform/custom-types';
import { actionOf, checkActions } from '../platform/update';
import { applyPaymentAction, transactionFrom } from './payment-actions';
import { parsePaymentDraft } from './payment-draft';
import { PaymentRepository } from './payment-repository';
import type { Payment } from './payment-types';

type Ref = { id?: string | null; key?: string | null };

/** commercetools Payments: created by the caller, changed only through update actions at a version. */
export class PaymentService {
  readonly repository: PaymentRepository;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new PaymentRepository(db);
  }

  async create(input: unknown): Promise<Payment> {
    const draft = parsePaymentDraft(input);
    const customer = draft.customer ? await this.customerId(draft.customer) : undefined;
    const at = new Date(this.now()).toISOString();
    const name = draft.paymentMethodInfo?.name;
    const payment: Payment = {
      id: randomUUID(),
      version: 1,
      ...(draft.key ? { key: draft.key } : {}),
      ...(customer ? { customer: { typeId: 'customer', id: customer } } : {}),
      ...(draft.anonymousId ? { anonymousId: draft.anonymousId } : {}),
      amountPlanned: draft.amountPlanned,
      paymentMethodInfo: {
        ...(draft.paymentMethodInfo?.paymentInterface
          ? { paymentInterface: draft.paymentMethodInfo.paymentInterface }
          : {}),
        ...(draft.paymentMethodInfo?.method ? { method: draft.paymentMethodInfo.method } : {}),
        ...(name ? { name } : {}),
      },
      ...(draft.interfaceId ? { interfaceId: draft.interfaceId } : {}),
      paymentStatus: {
        ...(draft.paymentStatus?.interfaceCode ? { interfaceCode: draft.paymentStatus.interfaceCode } : {}),
        ...(draft.paymentStatus?.interfaceText ? { interfaceText: draft.paymentStatus.interfaceText } : {}),
      },
      transactions: (draft.transactions ?? []).map(transactionFrom),
      ...(draft.custom ? { custom: customFromDraft(draft.custom as CustomFieldsDraftInput, 'payment') } : {}),
      createdAt: at,
      lastModifiedAt: at,
    };
    await this.repository.insert(this.db, payment);
    return payment;
  }

  get(ref: Ref): Promise<Payment | undefined> {
    if (!ref.id && !ref.key) throw invalidInput('payment needs an id or a key.');
    return this.repository.byRef(ref);
  }

  /** Applies update actions atomically against the given version. */
  async update(ref: Ref, version: number, actions: object[]): Promise<Payment> {
    if (!ref.id && !ref.key) throw invalidInput('updatePayment needs an id or a key.');
    checkActions(actions);
    const parsed = actions.map(actionOf);
    return this.db.transaction(async (tx) => {
      const current = await this.repository.byRef(ref, tx, true);
      if (!current) throw notFound(`The Payment with ${ref.id ? `ID '${ref.id}'` : `key '${ref.key}'`}`);
      if (current.version !== version) throw concurrentModification(version, current.version);
      let next = current;
      for (const { name, payload } of parsed) next = applyPaymentAction(next, name, payload);
      const updated = { ...next, version: current.version + 1, lastModifiedAt: new Date(this.now()).toISOString() };
      await this.repository.update(tx, updated, version);
      return updated;
    });
  }

  /** The payment a cart or order update names, read in its transaction; a missing one is ReferencedResourceNotFound. */
  async require(tx: Db, ref: Ref | null | undefined): Promise<Payment> {
    const found = ref && (ref.id || ref.key) ? await this.repository.byRef(ref, tx) : undefined;
    if (!found) {
      throw new CommerceError(400, 'ReferencedResourceNotFound', 'The referenced payment was not found.', {
        typeId: 'payment',
        ...(ref?.id ? { id: ref.id } : {}),
        ...(ref?.key ? { key: ref.key } : {}),
      });
    }
    return found;
  }

  private async customerId(ref: Ref): Promise<string> {
    const [row] = ref.id
      ? await this.db.query<{ id: string }>('SELECT id::text AS id FROM customers WHERE id::text = $1', [ref.id])
      : await this.db.query<{ id: string }>("SELECT id::text AS id FROM customers WHERE data->>'key' = $1", [ref.key]);
    if (!row)
      throw new CommerceError(400, 'ReferencedResourceNotFound', 'The referenced customer was not found.', {
        typeId: 'customer',
      });
    return row.id;
  }
}
