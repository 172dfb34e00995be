import { parseArgs } from 'node:util';
import { emailSchema } from '#shared/schemas/user.ts';
import { promoteToAdmin } from '../features/users/users.service.ts';
import { AppError } from '../lib/app-error.ts';
import { openDatabase } from './open-db.ts';

const usage = 'Usage: npm run admin -- promote <email>   (the person must have signed up first)';

/** The mistake in an admin command line, as a line of its own ('' for none given at all). */
function mistakeOf(command: string | undefined, given: string | undefined, isEmail: boolean, rest: string[]): string {
  if (command === undefined) return '';
  if (command !== 'promote') return `Unknown command '${command}'.\n`;
  if (given === undefined) return 'promote needs the email of the member to promote.\n';
  if (!isEmail) return `'${given}' is not an email address.\n`;
  return `promote takes one email; '${rest.join(' ')}' is left over.\n`;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    return;
  }
  const [command, given, ...rest] = parsed.positionals;
  const email = emailSchema.safeParse(given);
  if (command !== 'promote' || !email.success || rest.length > 0) {
    // What is wrong, then how it is used: a bare usage line left a mistyped address to be guessed.
    console.error(`${mistakeOf(command, given, email.success, rest)}${usage}`);
    process.exit(2);
  }
  const database = await openDatabase();
  try {
    const { modifiedCount } = await promoteToAdmin(database.writes, email.data);
    console.log(modifiedCount === 1 ? `${email.data} is now an administrator.` : `${email.data} was already an administrator.`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      console.error(`No member with the email ${email.data}. Sign up first, then run this again.`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await database.close();
  }
}

void main();
