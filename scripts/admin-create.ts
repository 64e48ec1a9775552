// npm run admin:create -- --email E --password P [--first-name F --last-name L]
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { envOrExit } from './cli';
import { translate } from '../src/server/i18n';
import { createOrPromoteSuperadmin } from '../src/server/services/superadmin';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
if (!values.email || !values.password) {
  console.error('Usage: npm run admin:create -- --email you@example.org --password "a strong password" [--first-name F --last-name L]');
  process.exit(1);
}
const env = envOrExit();
const db = openDatabase(env.DATABASE_PATH);
const result = await createOrPromoteSuperadmin(db, {
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
  now: Date.now(),
});
db.$client.close();
if ('error' in result) {
  // The refusal is a catalogue key; the command line reads English.
  console.error(`Not created: ${translate('en', result.error, result.params)}`);
  process.exit(1);
}
console.log(
  result.created
    ? `Created superadmin ${result.email} in ${env.DATABASE_PATH}. Sign in at /admin/login.`
    : `Promoted superadmin ${result.email} in ${env.DATABASE_PATH}: new password, sessions ended, any second factor removed (set one up again in the panel). Sign in at /admin/login.`,
);
