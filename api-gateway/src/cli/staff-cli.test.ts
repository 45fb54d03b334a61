import { generate } from 'otplib';
import { verifyPassword } from '@shop/node-kit';
import { CommerceRequestError } from '../clients/commercetools/commerce-request-error';
import { staffAccountRepository } from '../modules/admin/staff-account-repository';
import { staffDirectory } from '../modules/admin/staff-directory';
import { acceptedStep } from '../modules/admin/totp';
import { runStaffCli } from './staff-cli';

/** Commerce's custom objects as the service keeps them: versioned, a stale write refused. */
function memoryObjects() {
  const objects = new Map<string, { version: number; value: unknown }>();
  return {
    getObject: async (container: string, key: string) => objects.get(`${container}/${key}`),
    putObject: async (container: string, key: string, value: unknown, version: number) => {
      const current = objects.get(`${container}/${key}`);
      if ((current?.version ?? 0) !== version)
        throw new CommerceRequestError(409, 'ConcurrentModification', 'stale', {}, undefined);
      const saved = { version: version + 1, value: JSON.parse(JSON.stringify(value)) as unknown };
      objects.set(`${container}/${key}`, saved);
      return saved;
    },
  };
}

function cli(password = 'correct horse battery') {
  const accounts = staffAccountRepository(memoryObjects());
  const printed: string[] = [];
  const run = (...argv: string[]) =>
    runStaffCli(argv, {
      directory: staffDirectory(accounts),
      brands: ['hoopcraft', 'vanityfair'],
      readLine: async () => password,
      print: (line) => void printed.push(line),
    });
  return { run, printed, read: (email: string) => accounts.read(email, 'test') };
}

describe('npm run staff', () => {
  it('creates the first account with its roles, hashing the password and printing the second factor once', async () => {
    const { run, printed, read } = cli();
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
    const stored = (await read('ana@example.com'))?.account;
    expect(stored).toMatchObject({ email: 'ana@example.com', roles: { hoopcraft: 'manager', vanityfair: 'viewer' } });
    expect(stored?.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await verifyPassword('correct horse battery', String(stored?.passwordHash))).toBe(true);
    const secret = /secret: ([A-Z2-7]+)/.exec(printed.join('\n'))?.[1] ?? '';
    expect(secret).toBe(stored?.totp.secret);
    expect(printed.join('\n')).toContain(`otpauth://totp/Shop%20staff:ana%40example.com?secret=${secret}`);
    // The printed secret is the one sign-in checks codes against.
    expect(await acceptedStep(secret, await generate({ secret }), 0)).toBeGreaterThan(0);
    expect(printed.join('\n')).not.toContain('correct horse battery');
  });

  it('replaces the roles, and disables an account', async () => {
    const { run, read } = cli();
    await run('create', '--email', 'ben@example.com', '--password-stdin', '--role', 'hoopcraft=manager');
    expect(await run('roles', '--email', 'ben@example.com', '--role', 'vanityfair=viewer')).toBe(0);
    expect((await read('ben@example.com'))?.account.roles).toEqual({ vanityfair: 'viewer' });
    expect(await run('disable', '--email', 'BEN@example.com')).toBe(0);
    expect((await read('ben@example.com'))?.account.disabled).toBe(true);
  });

  it('refuses a second account for one address, a short password, a wrong role and a missing account', async () => {
    const { run } = cli();
    await run('create', '--email', 'ana@example.com', '--password-stdin');
    await expect(run('create', '--email', 'ana@example.com', '--password-stdin')).rejects.toThrow(
      'already has a staff account',
    );
    await expect(cli('short').run('create', '--email', 'x@example.com', '--password-stdin')).rejects.toThrow(
      'at least 12 characters',
    );
    for (const role of ['hoopcraft=owner', 'nobrand=viewer', 'hoopcraft', 'hoopcraft=viewer,vanityfair=viewer'])
      await expect(run('roles', '--email', 'ana@example.com', '--role', role)).rejects.toThrow();
    await expect(run('disable', '--email', 'nobody@example.com')).rejects.toThrow('no staff account');
  });

  it('never takes the password as an argument, and answers 2 to a wrong command line', async () => {
    const { run, printed } = cli();
    expect(await run('create', '--email', 'ana@example.com')).toBe(2);
    expect(await run('promote', '--email', 'ana@example.com')).toBe(2);
    expect(await run('roles')).toBe(2);
    expect(printed.join('\n')).toContain('Usage: npm run staff');
  });
});
