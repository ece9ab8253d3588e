import { createInterface } from 'node:readline/promises';
import { configFromEnv } from '../src/server/config.ts';
import { createDb } from '../src/server/db/createDb.ts';
import { addStaff, MINIMUM_PASSWORD_LENGTH } from '../src/server/desk/staffStore.ts';

/*
 * npm run desk:staff -- --email asha@insurer.example --name "Asha Rao"
 * Makes an operations-desk account in the configured database (DATABASE_URL, or the embedded
 * PGlite under DATA_DIR). The password is read from DESK_PASSWORD or asked for on the terminal;
 * it is never an argument, so it stays out of the shell's history and the process list.
 */
function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const email = argument('email');
  const name = argument('name');
  if (!email || !name) {
    console.error(
      'Usage: npm run desk:staff -- --email <e-mail> --name "<name>" (password from DESK_PASSWORD or asked)',
    );
    process.exit(2);
  }
  let password = process.env.DESK_PASSWORD;
  if (!password) {
    const terminal = createInterface({ input: process.stdin, output: process.stdout });
    password = await terminal.question(`Password (at least ${MINIMUM_PASSWORD_LENGTH} characters): `);
    terminal.close();
  }
  const config = configFromEnv();
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  try {
    const staff = await addStaff(db, { email, name, password });
    console.log(`Desk account ${staff.id} made for ${staff.name}.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  const duplicate = (error as { code?: unknown }).code === '23505';
  console.error(
    duplicate
      ? 'A desk account with this e-mail already exists.'
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
