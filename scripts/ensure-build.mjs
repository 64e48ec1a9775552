// `npm start` builds the client when there is no build yet or the sources are newer than it, and compiles the server.
import { execFileSync } from 'node:child_process';
import { clientBuildIsFresh } from './client-build.mjs';

if (!clientBuildIsFresh()) {
  console.log('Building the client (first start or sources changed)…');
  // NODE_ENV=production whatever the caller's: Vite keeps a NODE_ENV it finds, and any other value
  // (a test runner's 'test', a shell's 'development') would ship React's development build.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

// The server is compiled on every start: it takes well under a second, and a stale build of it
// could never be noticed.
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
