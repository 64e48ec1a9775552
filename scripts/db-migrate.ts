// Applies pending migrations to DATABASE_PATH (the server also does this at boot).
import { openDatabase } from '../db/database';
import { envOrExit } from './cli';

const env = envOrExit();
openDatabase(env.DATABASE_PATH).$client.close();
console.log(`Migrations applied to ${env.DATABASE_PATH}`);
