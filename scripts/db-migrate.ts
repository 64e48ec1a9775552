// Applies pending migrations to DATABASE_PATH, then moves the files a migration made private out
// of the public uploads folder (the server also does both at boot, before it listens).
import { openDatabase } from '../db/database';
import { createLogger } from '../src/server/logger';
import { movePendingPrivateFiles } from '../src/server/uploads/private-moves';
import { resolveSecretsKey, useSecretsKey } from '../src/server/auth/secrets-key';
import { upgradeStoredSecrets } from '../src/server/auth/secrets-upgrade';
import { envOrExit } from './cli';

const env = envOrExit();
const db = openDatabase(env.DATABASE_PATH);
const moved = await movePendingPrivateFiles({ db, env, log: createLogger('error') });
useSecretsKey(resolveSecretsKey(env));
const upgraded = await upgradeStoredSecrets(db);
db.$client.close();
console.log(
  `Migrations applied to ${env.DATABASE_PATH}${moved.moved ? `; ${moved.moved} private files moved out of ${env.UPLOADS_DIR}` : ''}` +
    `${upgraded.keys || upgraded.codes ? `; ${upgraded.keys} authenticator keys sealed, ${upgraded.codes} recovery codes slow-hashed` : ''}`,
);
