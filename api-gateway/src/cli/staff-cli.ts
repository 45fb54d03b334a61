import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadBrandCatalog } from '@shop/brands';
import { createLogger } from '@shop/node-kit';
import { createCommerceClient } from '../clients/commercetools';
import { createUpstreamGuard } from '../clients/upstream-guard';
import { loadConfig } from '../config';
import { staffAccountRepository } from '../modules/admin/staff-account-repository';
import { type StaffRoles, normaliseEmail, parseRoles } from '../modules/admin/staff-account';
import { type StaffDirectory, staffDirectory } from '../modules/admin/staff-directory';
import { totpSecretSeal } from '../modules/admin/totp-secret-seal';

const usage = (brands: readonly string[]) => `Usage: npm run staff -- <command>
  create --email <e-mail> --password-stdin [--role <brand>=<role>]...
      a staff account; the password is read from standard input, and the authenticator
      secret and its otpauth:// URI are printed once (add them to an authenticator app)
  show --email <e-mail>
      its roles, whether it is disabled, and when it changed (never its password or secret)
  roles --email <e-mail> [--role <brand>=<role>]...
      replaces the account's roles with these (a brand not named: no access to it)
  set-password --email <e-mail> --password-stdin
      a new password, read from standard input; the account's sessions end
  reset-totp --email <e-mail>
      a new authenticator secret, printed once with its URI; the old codes stop working and
      the account's sessions end
  disable --email <e-mail>
      refuses its sign-ins; its sessions end at their next request
  enable --email <e-mail>
      lets a disabled account sign in again (its sessions from before stay ended)
Roles: viewer (reads flags and their audit), manager (also changes them and makes preview links)
Brands: ${brands.join(', ')}`;

type Option = 'password-stdin' | 'role';
/** The options each command takes besides --email (which every one needs). */
const COMMANDS: Record<string, { options: readonly Option[]; needs?: Option }> = {
  create: { options: ['password-stdin', 'role'], needs: 'password-stdin' },
  show: { options: [] },
  roles: { options: ['role'] },
  'set-password': { options: ['password-stdin'], needs: 'password-stdin' },
  'reset-totp': { options: [] },
  disable: { options: [] },
  enable: { options: [] },
};

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

const printSecondFactor = (io: StaffCliIo, made: { totpSecret: string; totpUri: string }) => {
  io.print('Add the second factor to an authenticator app now: it is not shown again.');
  io.print(`  secret: ${made.totpSecret}`);
  io.print(`  URI (as a QR code): ${made.totpUri}`);
};

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        role: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // An unknown option, or --email without a value: node:util says which.
    return { error: (error as Error).message };
  }
}

/** Runs one staff command; the answer is the exit code (2: the command line is wrong). */
export async function runStaffCli(argv: string[], io: StaffCliIo): Promise<number> {
  const wrong = (message: string) => {
    io.print(`${message}\n${usage(io.brands)}`);
    return 2;
  };
  const parsed = parse(argv);
  if ('error' in parsed) return wrong(parsed.error);
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || !command) return (io.print(usage(io.brands)), values.help ? 0 : 2);
  const spec = COMMANDS[command];
  if (!spec) return wrong(`Unknown command "${command}"`);
  if (extra.length > 0) return wrong(`${command} takes no "${extra.join(' ')}"`);
  const email = values.email?.trim();
  if (!email) return wrong(`${command} needs --email`);
  const given = (['password-stdin', 'role'] as const).filter((option) => values[option] !== undefined);
  const unwanted = given.find((option) => !spec.options.includes(option));
  if (unwanted) return wrong(`${command} takes no --${unwanted}`);
  if (spec.needs && !values[spec.needs])
    return wrong(`${command} needs --${spec.needs} (the password is never an argument)`);
  let roles: StaffRoles = {};
  try {
    roles = parseRoles(values.role ?? [], io.brands);
  } catch (error) {
    return wrong((error as Error).message);
  }
  const who = normaliseEmail(email);

  switch (command) {
    case 'create': {
      const created = await io.directory.create({ email, password: await io.readLine(), roles });
      io.print(`Created the staff account ${created.email}; roles: ${describeRoles(created.roles)}`);
      printSecondFactor(io, created);
      return 0;
    }
    case 'show': {
      const account = await io.directory.show(email);
      io.print(account.email);
      io.print(`  roles: ${describeRoles(account.roles)}`);
      io.print(`  ${account.disabled ? 'disabled' : 'enabled'}`);
      io.print(`  second factor: ${account.totpSealed ? 'sealed' : 'in clear until its next sign-in or change'}`);
      io.print(`  created ${account.createdAt}, changed ${account.updatedAt}`);
      if (account.sessionsEndedAt) io.print(`  sessions started before ${account.sessionsEndedAt} ended`);
      return 0;
    }
    case 'roles': {
      const now = await io.directory.setRoles(email, roles);
      io.print(`${who} roles: ${describeRoles(now)}`);
      return 0;
    }
    case 'set-password': {
      await io.directory.setPassword(email, await io.readLine());
      io.print(`${who} has a new password; the account's sessions have ended`);
      return 0;
    }
    case 'reset-totp': {
      const reset = await io.directory.resetTotp(email);
      io.print(`${reset.email} has a new authenticator secret; the old codes and the account's sessions have ended`);
      printSecondFactor(io, reset);
      return 0;
    }
    case 'disable': {
      await io.directory.disable(email);
      io.print(`${who} is disabled`);
      return 0;
    }
    default: {
      await io.directory.enable(email);
      io.print(`${who} is enabled`);
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
  // The gateways open the authenticator secrets this seals: it needs their AUTH_SECRET.
  const accounts = staffAccountRepository(commerce, totpSecretSeal(config.authSecret));
  return runStaffCli(process.argv.slice(2), {
    directory: staffDirectory(accounts),
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
