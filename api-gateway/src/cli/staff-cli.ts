import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadBrandCatalog } from '@shop/brands';
import { createLogger } from '@shop/node-kit';
import { createCommerceClient } from '../clients/commercetools';
import { createUpstreamGuard } from '../clients/upstream-guard';
import { loadConfig } from '../config';
import { staffAccountRepository } from '../modules/admin/staff-account-repository';
import { type StaffRoles, parseRoles } from '../modules/admin/staff-account';
import { type StaffDirectory, staffDirectory } from '../modules/admin/staff-directory';

const usage = (brands: readonly string[]) => `Usage: npm run staff -- <command>
  create --email <e-mail> --password-stdin [--role <brand>=<role>]...
      a staff account; the password is read from standard input, and the authenticator
      secret and its otpauth:// URI are printed once (add them to an authenticator app)
  roles --email <e-mail> [--role <brand>=<role>]...
      replaces the account's roles with these (a brand not named: no access to it)
  disable --email <e-mail>
      refuses its sign-ins; its open sessions end at their next request
Roles: viewer (reads flags and their audit), manager (also changes them and makes preview links)
Brands: ${brands.join(', ')}`;

export interface StaffCliIo {
  directory: StaffDirectory;
  brands: readonly string[];
  /** The first line of standard input (the password, with --password-stdin). */
  readLine: () => Promise<string>;
  print: (line: string) => void;
}

const describeRoles = (roles: StaffRoles) =>
  Object.entries(roles)
    .map(([brand, role]) => `${brand}=${role}`)
    .join(', ') || 'none (no brand)';

/** Runs one staff command; the answer is the exit code (2: the command line is wrong). */
export async function runStaffCli(argv: string[], io: StaffCliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      role: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  const wrong = (message: string) => {
    io.print(`${message}\n${usage(io.brands)}`);
    return 2;
  };
  if (values.help || !command) return (io.print(usage(io.brands)), values.help ? 0 : 2);
  if (!['create', 'roles', 'disable'].includes(command)) return wrong(`Unknown command "${command}"`);
  if (!values.email) return wrong(`${command} needs --email`);
  const roles = parseRoles(values.role ?? [], io.brands);

  switch (command) {
    case 'create': {
      if (!values['password-stdin']) return wrong('create needs --password-stdin (the password is never an argument)');
      const password = await io.readLine();
      const created = await io.directory.create({ email: values.email, password, roles });
      io.print(`Created the staff account ${created.email}; roles: ${describeRoles(created.roles)}`);
      io.print('Add the second factor to an authenticator app now: it is not shown again.');
      io.print(`  secret: ${created.totpSecret}`);
      io.print(`  URI (as a QR code): ${created.totpUri}`);
      return 0;
    }
    case 'roles': {
      const now = await io.directory.setRoles(values.email, roles);
      io.print(`${values.email.trim().toLowerCase()} roles: ${describeRoles(now)}`);
      return 0;
    }
    default: {
      await io.directory.disable(values.email);
      io.print(`${values.email.trim().toLowerCase()} is disabled`);
      return 0;
    }
  }
}

const firstLine = () =>
  new Promise<string>((resolve) => {
    const lines = createInterface({ input: process.stdin });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => !answered && resolve(''));
  });

async function main() {
  const config = loadConfig();
  const logger = createLogger('warn');
  const commerce = createCommerceClient({
    ...config.commerce,
    logger,
    guard: createUpstreamGuard('commerce', logger, config.breaker),
  });
  const brands = [...loadBrandCatalog({ dir: config.brandsDir, environment: config.environment }).keys()];
  return runStaffCli(process.argv.slice(2), {
    directory: staffDirectory(staffAccountRepository(commerce)),
    brands,
    readLine: firstLine,
    print: (line) => console.log(line),
  });
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
