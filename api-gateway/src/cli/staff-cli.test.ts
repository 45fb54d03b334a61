import { generate } from 'otplib';
import { verifyPassword } from '@shop/node-kit';
import { CommerceRequestError } from '../clients/commercetools/commerce-request-error';
import {
  STAFF_ACCOUNTS_CONTAINER,
  staffAccountKey,
  staffAccountRepository,
} from '../modules/admin/staff-account-repository';
import { type StaffAccount, sessionHolds } from '../modules/admin/staff-account';
import { staffDirectory } from '../modules/admin/staff-directory';
import { acceptedStep } from '../modules/admin/totp';
import { SEALED_TOTP_SECRET, totpSecretSeal } from '../modules/admin/totp-secret-seal';
import { runStaffCli } from './staff-cli';

const SERVER_SECRET = 'test-auth-secret-0123456789abcdef0123456789';

/** Commerce's custom objects as the service keeps them: versioned, a stale write refused. */
function memoryObjects() {
  const objects = new Map<string, { version: number; value: unknown }>();
  let meanwhile: (() => void) | undefined;
  return {
    getObject: async (container: string, key: string) => objects.get(`${container}/${key}`),
    putObject: async (container: string, key: string, value: unknown, version: number) => {
      meanwhile?.();
      meanwhile = undefined;
      const current = objects.get(`${container}/${key}`);
      if ((current?.version ?? 0) !== version)
        throw new CommerceRequestError(409, 'ConcurrentModification', 'stale', {}, undefined);
      const saved = { version: version + 1, value: JSON.parse(JSON.stringify(value)) as unknown };
      objects.set(`${container}/${key}`, saved);
      return saved;
    },
    /** Another write (a sign-in on a gateway) lands between the next write's read and its save. */
    changeBeforeNextWrite(email: string) {
      meanwhile = () => {
        const id = `${STAFF_ACCOUNTS_CONTAINER}/${staffAccountKey(email)}`;
        const current = objects.get(id);
        if (current) objects.set(id, { ...current, version: current.version + 1 });
      };
    },
    /** An account as one written before sealing left it, its secret in clear. */
    putRaw: (value: StaffAccount) =>
      void objects.set(`${STAFF_ACCOUNTS_CONTAINER}/${staffAccountKey(value.email)}`, { version: 1, value }),
    raw: (email: string) => objects.get(`${STAFF_ACCOUNTS_CONTAINER}/${staffAccountKey(email)}`)?.value,
  };
}

function cli(password = 'correct horse battery') {
  const commerce = memoryObjects();
  const accounts = staffAccountRepository(commerce, totpSecretSeal(SERVER_SECRET));
  const printed: string[] = [];
  let input = password;
  const run = (...argv: string[]) =>
    runStaffCli(argv, {
      directory: staffDirectory(accounts),
      brands: ['hoopcraft', 'vanityfair'],
      readLine: async () => input,
      print: (line) => void printed.push(line),
    });
  const read = async (email: string) => (await accounts.read(email, 'test'))?.account as StaffAccount;
  return {
    run,
    printed,
    commerce,
    read,
    /** The base32 secret the gateway checks the account's codes against. */
    secretOf: async (email: string) => accounts.totpSecret(await read(email)),
    typeNext: (line: string) => void (input = line),
  };
}

const printedSecret = (printed: string[]) => /secret: ([A-Z2-7]+)/.exec(printed.join('\n'))?.[1] ?? '';

describe('npm run staff', () => {
  it('creates the first account with its roles, hashing the password and printing the second factor once', async () => {
    const { run, printed, read, secretOf, commerce } = cli();
    const code = await run(
      'create',
      '--email',
      'Ana@Example.com',
      '--password-stdin',
      '--role',
      'hoopcraft=manager',
      '--role',
      'vanityfair=viewer',
    );
    expect(code).toBe(0);
    const stored = await read('ana@example.com');
    expect(stored).toMatchObject({ email: 'ana@example.com', roles: { hoopcraft: 'manager', vanityfair: 'viewer' } });
    expect(stored.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await verifyPassword('correct horse battery', stored.passwordHash)).toBe(true);
    const secret = printedSecret(printed);
    // Stored sealed: commerce's data never holds the secret itself.
    expect(stored.totp.secret).toMatch(SEALED_TOTP_SECRET);
    expect(JSON.stringify(commerce.raw('ana@example.com'))).not.toContain(secret);
    expect(await secretOf('ana@example.com')).toBe(secret);
    expect(printed.join('\n')).toContain(`otpauth://totp/Shop%20staff:ana%40example.com?secret=${secret}`);
    // The printed secret is the one sign-in checks codes against.
    expect(await acceptedStep(secret, await generate({ secret }), 0)).toBeGreaterThan(0);
    expect(printed.join('\n')).not.toContain('correct horse battery');
  });

  it('replaces the roles, disables an account and enables it again', async () => {
    const { run, read } = cli();
    await run('create', '--email', 'ben@example.com', '--password-stdin', '--role', 'hoopcraft=manager');
    expect(await run('roles', '--email', 'ben@example.com', '--role', 'vanityfair=viewer')).toBe(0);
    expect((await read('ben@example.com')).roles).toEqual({ vanityfair: 'viewer' });
    const before = Date.now() - 1;
    expect(await run('disable', '--email', 'BEN@example.com')).toBe(0);
    expect((await read('ben@example.com')).disabled).toBe(true);
    expect(await run('enable', '--email', 'ben@example.com')).toBe(0);
    const enabled = await read('ben@example.com');
    expect(enabled.disabled).toBe(false);
    // A session from before the disable stays ended; one started now holds.
    expect(sessionHolds(enabled, before)).toBe(false);
    expect(sessionHolds(enabled, Date.now())).toBe(true);
  });

  it('resets the authenticator: a new secret printed once, the old codes refused, every session ended', async () => {
    const { run, printed, read, secretOf } = cli();
    await run('create', '--email', 'cy@example.com', '--password-stdin');
    const old = printedSecret(printed);
    printed.length = 0;
    const before = Date.now() - 1;
    expect(await run('reset-totp', '--email', 'Cy@example.com')).toBe(0);
    const secret = printedSecret(printed);
    expect(secret).not.toBe('');
    expect(secret).not.toBe(old);
    expect(printed.join('\n')).toContain(`otpauth://totp/Shop%20staff:cy%40example.com?secret=${secret}`);
    const stored = await read('cy@example.com');
    expect(stored.totp).toEqual({ secret: expect.stringMatching(SEALED_TOTP_SECRET), lastStep: 0 });
    expect(await secretOf('cy@example.com')).toBe(secret);
    expect(await acceptedStep(secret, await generate({ secret: old }), 0)).toBeUndefined();
    expect(sessionHolds(stored, before)).toBe(false);
  });

  it('sets a new password from standard input and ends the sessions, never printing it', async () => {
    const { run, printed, read, typeNext } = cli();
    await run('create', '--email', 'dee@example.com', '--password-stdin');
    const before = Date.now() - 1;
    typeNext('another long passphrase');
    expect(await run('set-password', '--email', 'dee@example.com', '--password-stdin')).toBe(0);
    const stored = await read('dee@example.com');
    expect(await verifyPassword('another long passphrase', stored.passwordHash)).toBe(true);
    expect(await verifyPassword('correct horse battery', stored.passwordHash)).toBe(false);
    expect(sessionHolds(stored, before)).toBe(false);
    expect(printed.join('\n')).not.toContain('another long passphrase');
    typeNext('too short');
    await expect(run('set-password', '--email', 'dee@example.com', '--password-stdin')).rejects.toThrow(
      'at least 12 characters',
    );
  });

  it('shows an account without its password hash or secret, and whether the secret is sealed yet', async () => {
    const { run, printed, read, commerce } = cli();
    await run('create', '--email', 'eve@example.com', '--password-stdin', '--role', 'hoopcraft=viewer');
    const stored = await read('eve@example.com');
    printed.length = 0;
    expect(await run('show', '--email', 'eve@example.com')).toBe(0);
    const shown = printed.join('\n');
    expect(shown).toContain('roles: hoopcraft=viewer');
    expect(shown).toContain('enabled');
    expect(shown).toContain('second factor: sealed');
    for (const hidden of [stored.passwordHash, stored.totp.secret, 'scrypt']) expect(shown).not.toContain(hidden);

    // An account written before sealing: shown in clear, sealed by the next change.
    commerce.putRaw({ ...stored, email: 'old@example.com', totp: { secret: 'JBSWY3DPEHPK3PXP', lastStep: 0 } });
    printed.length = 0;
    await run('show', '--email', 'old@example.com');
    expect(printed.join('\n')).toContain('second factor: in clear');
    expect(printed.join('\n')).not.toContain('JBSWY3DPEHPK3PXP');
    await run('roles', '--email', 'old@example.com', '--role', 'hoopcraft=manager');
    expect((await read('old@example.com')).totp.secret).toMatch(SEALED_TOTP_SECRET);
  });

  it('refuses a change that lost to another write, and keeps that one', async () => {
    const { run, read, commerce } = cli();
    await run('create', '--email', 'fay@example.com', '--password-stdin', '--role', 'hoopcraft=manager');
    commerce.changeBeforeNextWrite('fay@example.com');
    await expect(run('disable', '--email', 'fay@example.com')).rejects.toThrow(
      'fay@example.com changed meanwhile (a sign-in or another command); nothing was saved, run it again',
    );
    expect((await read('fay@example.com')).disabled).toBe(false);
    commerce.changeBeforeNextWrite('fay@example.com');
    await expect(run('reset-totp', '--email', 'fay@example.com')).rejects.toThrow('changed meanwhile');
  });

  it('refuses a second account for one address, a short password and a missing account', async () => {
    const { run } = cli();
    await run('create', '--email', 'ana@example.com', '--password-stdin');
    await expect(run('create', '--email', 'ana@example.com', '--password-stdin')).rejects.toThrow(
      'already has a staff account',
    );
    await expect(cli('short').run('create', '--email', 'x@example.com', '--password-stdin')).rejects.toThrow(
      'at least 12 characters',
    );
    for (const command of ['disable', 'enable', 'reset-totp', 'show'])
      await expect(run(command, '--email', 'nobody@example.com')).rejects.toThrow('no staff account');
  });

  it('never takes the password as an argument, and answers 2 with the reason to a wrong command line', async () => {
    const { run, printed, read } = cli();
    await run('create', '--email', 'ana@example.com', '--password-stdin', '--role', 'hoopcraft=viewer');
    const misuses: Array<[string[], string]> = [
      [['create', '--email', 'new@example.com'], 'create needs --password-stdin'],
      [['set-password', '--email', 'ana@example.com'], 'set-password needs --password-stdin'],
      [['set-password', '--email', 'ana@example.com', '--password', 'x'], "Unknown option '--password'"],
      [['promote', '--email', 'ana@example.com'], 'Unknown command "promote"'],
      [['roles'], 'roles needs --email'],
      [['reset-totp', '--email', ' '], 'reset-totp needs --email'],
      [['enable', '--email'], "'--email <value>' argument missing"],
      [['disable', '--email', 'ana@example.com', '--role', 'hoopcraft=viewer'], 'disable takes no --role'],
      [['reset-totp', '--email', 'ana@example.com', '--password-stdin'], 'reset-totp takes no --password-stdin'],
      [['show', 'ana@example.com'], 'show takes no "ana@example.com"'],
      [['roles', '--email', 'ana@example.com', '--role', 'hoopcraft=owner'], '"owner" is not a role'],
      [['roles', '--email', 'ana@example.com', '--role', 'nobrand=viewer'], 'There is no brand "nobrand"'],
      [['roles', '--email', 'ana@example.com', '--role', 'hoopcraft'], 'is not brand=role'],
      [['roles', '--email', 'ana@example.com', '--role', 'hoopcraft=viewer', '--role', 'hoopcraft=manager'], 'twice'],
    ];
    for (const [argv, reason] of misuses) {
      printed.length = 0;
      expect([argv, await run(...argv)]).toEqual([argv, 2]);
      expect(printed.join('\n')).toContain(reason);
      expect(printed.join('\n')).toContain('Usage: npm run staff');
    }
    // Nothing of those changed the account.
    expect((await read('ana@example.com')).roles).toEqual({ hoopcraft: 'viewer' });
    expect(await read('new@example.com')).toBeUndefined();
  });
});
