// Compiles the server to plain JavaScript (dist/server/main.js, with a source map), so
// `npm start` runs Node on it directly instead of through tsx's on-the-fly transform. Packages
// stay imports (node_modules is read at run time; native modules cannot be bundled).
//
// Split into chunks: what the server imports only when it needs it (the client's components for
// the pre-rendered pages, src/server/http/prerendered.ts) becomes a chunk of its own, and with it
// the packages only it uses. In one file, esbuild hoists every package import to the top, so
// Chakra and React were loaded at every start (about 1.2 s of CPU here) for pages rendered later.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server/chunks', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/index.ts' },
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // No keepNames: it wraps functions in a naming helper (what tsx's transform does on every
  // creation of a named function expression); stack traces get their names from the source map.
  logLevel: 'warning',
});

// The entry `npm start` runs. React and Emotion (the pre-rendered public pages) choose their
// production or development build from NODE_ENV when they are first imported; unset, or `test`
// as test runners set it, they load the development builds, several times slower (a server
// started in about 1 s of CPU took 3). So the server is production unless NODE_ENV says
// development, decided here before the bundle is imported: in an ES module, imports run before any
// line of the importing file, so the bundle itself cannot decide it in time.
rmSync('dist/server/index.js.map', { force: true }); // the entry's map before the bundle had its own file
writeFileSync(
  'dist/server/index.js',
  [
    '// Written by scripts/build-server.mjs: see there.',
    "if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';",
    "await import('./main.js');",
    '',
  ].join('\n'),
);
