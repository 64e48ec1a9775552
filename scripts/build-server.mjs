// Compiles the server to plain JavaScript (dist/server/index.js, with a source map), so
// `npm start` runs Node on it directly instead of through tsx's on-the-fly transform. Packages
// stay imports (node_modules is read at run time; native modules cannot be bundled).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.js',
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
