import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from '@shop/node-kit';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { CommerceError, duplicateField, invalidInput, notFound } from '../../errors';
import { toAddress } from '../platform/address';
import { type CustomFieldsDraftInput, customFromDraft, withCustomField } from '../platform/custom-types';
import { equalities, matches, parsePredicate } from '../platform/predicate';
import { type StoreRepository } from '../platform/store-repository';
import { actionOf, checkActions, unknownAction } from '../platform/update';
import { type Customer, CustomerRepository, customerStore } from './customer-repository';

export interface CustomerSignUpDraft {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  key?: string | null;
  authenticationMode?: string | null;
  custom?: CustomFieldsDraftInput | null;
  addresses?: Array<Record<string, unknown>> | null;
  externalId?: string | null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const RESET_TOKEN_TTL_MINUTES = 10;
const invalidSubject = (message: string) => new CommerceError(400, 'InvalidSubject', message);

/** The commercetools key for a customer: the SHA-256 of the lower-cased e-mail (SPEC §3). */
export const customerKeyFor = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export class CustomerService {
  readonly repository: CustomerRepository;

  constructor(
    private readonly db: Db,
    private readonly stores: StoreRepository,
    /** The clock reset tokens are issued and checked against (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new CustomerRepository(db);
  }

  async signUp(draft: CustomerSignUpDraft, storeKey: string | null | undefined): Promise<Customer> {
    const store = await this.stores.require(storeKey);
    const email = draft.email?.trim();
    if (!email || !EMAIL.test(email)) throw invalidInput('email must be a valid e-mail address.');
    if (typeof draft.password !== 'string' || draft.password.length < 1 || draft.password.length > 256) {
      throw invalidInput('password must be between 1 and 256 characters.');
    }
    if (draft.authenticationMode && draft.authenticationMode !== 'Password')
      throw invalidInput('Only the Password authentication mode is supported.');
    if (await this.repository.byEmail(store.key, email)) throw duplicateField('email', email);
    const now = new Date().toISOString();
    const customer: Customer = {
      id: randomUUID(),
      version: 1,
      key: draft.key ?? customerKeyFor(email),
      email,
      lowercaseEmail: email.toLowerCase(),
      ...(draft.firstName ? { firstName: draft.firstName } : {}),
      ...(draft.lastName ? { lastName: draft.lastName } : {}),
      addresses: (draft.addresses ?? []).map((address) => toAddress(address)),
      authenticationMode: 'Password',
      isEmailVerified: false,
      stores: [{ typeId: 'store', key: store.key }],
      ...(draft.custom ? { custom: customFromDraft(draft.custom, 'customer') } : {}),
      ...(draft.externalId ? { externalId: draft.externalId } : {}),
      createdAt: now,
      lastModifiedAt: now,
    };
    const passwordHash = await hashPassword(draft.password);
    try {
      await this.repository.insert(this.db, customer, passwordHash);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateField('email', email);
      throw error;
    }
    return customer;
  }

  async query(where: string | null | undefined, limit = 20, offset = 0, storeKey?: string | null) {
    const predicate = where ? parsePredicate(where) : undefined;
    const hints = predicate ? equalities(predicate) : new Map();
    const candidates = await this.repository.candidates({
      email: typeof hints.get('email') === 'string' ? (hints.get('email') as string) : undefined,
      id: typeof hints.get('id') === 'string' ? (hints.get('id') as string) : undefined,
      storeKey:
        storeKey ?? (typeof hints.get('stores.key') === 'string' ? (hints.get('stores.key') as string) : undefined),
    });
    const all = predicate ? candidates.filter((customer) => matches(customer, predicate)) : candidates;
    return page(all, limit, offset);
  }

  async createPasswordResetToken(
    email: string,
    ttlMinutes: number | null | undefined,
    storeKey: string | null | undefined,
  ) {
    const store = await this.stores.require(storeKey);
    const ttl = ttlMinutes ?? RESET_TOKEN_TTL_MINUTES;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > 43200) throw invalidInput('ttlMinutes must be between 1 and 43200.');
    const customer = await this.repository.byEmail(store.key, email ?? '');
    if (!customer)
      throw invalidSubject(`The Customer with the email '${email}' was not found in store '${store.key}'.`);
    const value = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + ttl * 60_000).toISOString();
    await this.db.query('INSERT INTO password_tokens (value, customer_id, expires_at) VALUES ($1, $2, $3)', [
      value,
      customer.id,
      expiresAt,
    ]);
    return { id: value, value, customerId: customer.id, expiresAt, createdAt: new Date(this.now()).toISOString() };
  }

  /** Resets the password in one transaction: token used once, legacy hash cleared, version bumped. */
  async resetPassword(
    tokenValue: string,
    newPassword: string,
    storeKey: string | null | undefined,
    version?: number | null,
  ) {
    const store = await this.stores.require(storeKey);
    if (typeof newPassword !== 'string' || newPassword.length < 1 || newPassword.length > 256) {
      throw invalidInput('newPassword must be between 1 and 256 characters.');
    }
    const passwordHash = await hashPassword(newPassword);
    return this.db.transaction(async (tx) => {
      const [token] = await tx.query<{ customer_id: string; expires_at: Date | string; used_at: unknown }>(
        'SELECT customer_id, expires_at, used_at FROM password_tokens WHERE value = $1 FOR UPDATE',
        [tokenValue ?? ''],
      );
      if (!token || token.used_at || new Date(token.expires_at).getTime() <= this.now()) {
        throw invalidSubject('The password reset token is unknown, expired or already used.');
      }
      const customer = await this.repository.byId(token.customer_id, tx, true);
      if (!customer || customerStore(customer) !== store.key)
        throw invalidSubject('The password reset token is unknown, expired or already used.');
      if (version !== null && version !== undefined && version !== customer.version) {
        throw new CommerceError(409, 'ConcurrentModification', 'Object has a different version than expected.', {
          currentVersion: customer.version,
        });
      }
      const { passwordHash: _old, ...current } = customer;
      const updated = touch(clearLegacyHash(current));
      await this.repository.update(tx, updated, customer.version, passwordHash);
      await tx.query('UPDATE password_tokens SET used_at = now() WHERE value = $1', [tokenValue]);
      return updated;
    });
  }

  /**
   * commercetools' customerChangePassword: the current password must match (else 400
   * InvalidCurrentPassword), the version must be current (else 409), the legacy hash goes.
   */
  async changePassword(
    id: string,
    version: number,
    currentPassword: string,
    newPassword: string,
    storeKey?: string | null,
  ): Promise<Customer> {
    if (typeof newPassword !== 'string' || newPassword.length < 1 || newPassword.length > 256) {
      throw invalidInput('newPassword must be between 1 and 256 characters.');
    }
    const passwordHash = await hashPassword(newPassword);
    return this.db.transaction(async (tx) => {
      const found = await this.repository.byId(id, tx, true);
      if (!found || (storeKey && customerStore(found) !== storeKey)) throw notFound(`The Customer with ID '${id}'`);
      const { passwordHash: oldHash, ...current } = found;
      if (current.version !== version) {
        throw new CommerceError(409, 'ConcurrentModification', 'Object has a different version than expected.', {
          currentVersion: current.version,
        });
      }
      if (
        typeof currentPassword !== 'string' ||
        currentPassword.length > 256 ||
        !(await verifyPassword(currentPassword, oldHash))
      ) {
        throw new CommerceError(400, 'InvalidCurrentPassword', 'The given current password does not match.');
      }
      const updated = touch(clearLegacyHash(current));
      await this.repository.update(tx, updated, version, passwordHash);
      return updated;
    });
  }

  async update(id: string, version: number, actions: object[], storeKey?: string | null): Promise<Customer> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    return this.db.transaction(async (tx) => {
      const found = await this.repository.byId(id, tx, true);
      if (!found || (storeKey && customerStore(found) !== storeKey)) throw notFound(`The Customer with ID '${id}'`);
      const { passwordHash: _hash, ...current } = found;
      if (current.version !== version) {
        throw new CommerceError(
          409,
          'ConcurrentModification',
          `Object ${id} has a different version than expected. Expected: ${version} - Actual: ${current.version}.`,
          {
            currentVersion: current.version,
          },
        );
      }
      let next: Customer = current;
      for (const { name, payload } of parsed) next = await this.applyAction(tx, next, name, payload);
      const updated = touch(next);
      await this.repository.update(tx, updated, version);
      return updated;
    });
  }

  private async applyAction(
    tx: Db,
    customer: Customer,
    name: string,
    payload: Record<string, unknown>,
  ): Promise<Customer> {
    const text = (field: string) => {
      const value = payload[field];
      if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > 256))
        throw invalidInput(`${field} must be text.`);
      return (value ?? undefined) as string | undefined;
    };
    switch (name) {
      case 'setFirstName':
        return { ...customer, firstName: text('firstName') };
      case 'setLastName':
        return { ...customer, lastName: text('lastName') };
      case 'changeEmail': {
        const email = text('email')?.trim();
        if (!email || !EMAIL.test(email)) throw invalidInput('email must be a valid e-mail address.');
        const other = await this.repository.byEmail(customerStore(customer) ?? '', email, tx);
        if (other && other.id !== customer.id) throw duplicateField('email', email);
        return { ...customer, email, lowercaseEmail: email.toLowerCase(), isEmailVerified: false };
      }
      case 'setCustomType':
        return {
          ...customer,
          custom:
            payload.typeKey || payload.type
              ? customFromDraft(payload as CustomFieldsDraftInput, 'customer')
              : undefined,
        };
      case 'setCustomField':
        return {
          ...customer,
          custom: withCustomField(customer.custom, String(payload.name), payload.value as string | null),
        };
      case 'addAddress':
        return {
          ...customer,
          addresses: [...customer.addresses, toAddress((payload.address ?? {}) as Record<string, unknown>)],
        };
      case 'changeAddress': {
        const index = customer.addresses.findIndex((a) => a.id === payload.addressId);
        if (index < 0) throw invalidInput(`The customer has no address with id '${String(payload.addressId)}'.`);
        const addresses = [...customer.addresses];
        addresses[index] = toAddress((payload.address ?? {}) as Record<string, unknown>, customer.addresses[index].id);
        return { ...customer, addresses };
      }
      case 'removeAddress': {
        if (!customer.addresses.some((a) => a.id === payload.addressId)) {
          throw invalidInput(`The customer has no address with id '${String(payload.addressId)}'.`);
        }
        return { ...customer, addresses: customer.addresses.filter((a) => a.id !== payload.addressId) };
      }
      default:
        throw unknownAction(name);
    }
  }

  /** In-store password check; wrong password, unknown e-mail or another store's customer alike fail. */
  async authenticate(storeKey: string, email: string, password: string): Promise<Customer> {
    const failed = new CommerceError(400, 'InvalidCredentials', 'Account with the given credentials not found.');
    if (typeof email !== 'string' || typeof password !== 'string' || password.length > 256) throw failed;
    const customer = await this.repository.byEmail(storeKey, email);
    if (!customer) {
      // Spend the same time as a real check so response times do not reveal which e-mails exist.
      await hashPassword(password);
      throw failed;
    }
    const { passwordHash, ...rest } = customer;
    if (!(await verifyPassword(password, passwordHash))) throw failed;
    return rest;
  }
}

function touch(customer: Customer): Customer {
  return { ...customer, version: customer.version + 1, lastModifiedAt: new Date().toISOString() };
}

function clearLegacyHash(customer: Customer): Customer {
  if (!customer.custom || !('legacyHash' in customer.custom.fields)) return customer;
  const { legacyHash: _removed, ...fields } = customer.custom.fields;
  return { ...customer, custom: { ...customer.custom, fields } };
}

export function page<T>(all: T[], limit: number, offset: number) {
  if (!Number.isInteger(limit) || limit < 0 || limit > 500) throw invalidInput('limit must be between 0 and 500.');
  if (!Number.isInteger(offset) || offset < 0 || offset > 10000)
    throw invalidInput('offset must be between 0 and 10000.');
  const results = all.slice(offset, offset + limit);
  return { offset, count: results.length, total: all.length, results };
}
