import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/** Module ids inside one of these packages (names are regular-expression alternatives). */
const inPackages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
/** React and the small CommonJS helpers that come with it. */
const framework = inPackages('react|react-dom|scheduler|use-sync-external-store|react-is|hoist-non-react-statics');
const data = inPackages('@tanstack|@trpc');
const uiKit = inPackages('@chakra-ui|@emotion|@pandacss|stylis|@ark-ui|@zag-js|@floating-ui');
const chakra = inPackages('@chakra-ui|@emotion|@pandacss');
const icons = inPackages('lucide-react');
/** A Chakra component's own path (@chakra-ui/react/card): its folder's index. */
const chakraComponent = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/][^\\/]+[\\/]index\.js$/;
/**
 * The dialog and form-control machines with their Ark and Chakra parts: only dialogs and forms use
 * them. A checkbox is not among them: some lists show one (an answer for the whole series). The
 * focus trap, scroll lock and outside-click handling that dialogs build on are in 'ui-overlay'.
 */
const uiForms =
  /[\\/]node_modules[\\/](?:@zag-js[\\/](?:dialog|switch|radio-group|select|number-input|pin-input|file-upload|combobox)|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/](?:dialog|switch|radio-group|select|number-input|pin-input|file-upload|combobox)|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](?:dialog|drawer|switch|fieldset|radio-group|select|number-input|pin-input|file-upload|combobox))[\\/]/;
/**
 * Our own parts drawn on those machines: a dialog's frame (components/dialog-frame.tsx) and the
 * on/off switch (setting-switch.tsx). They go with 'ui-forms', which every page that renders them
 * loads anyway; in 'common' they made every page that loads it load 'ui-forms' too.
 */
const uiFormParts = /[\\/]src[\\/]client[\\/]components[\\/](?:dialog-frame|setting-switch)\.tsx$/;
/**
 * What dialogs and popovers build on: the focus trap, outside clicks, scroll lock, hiding the rest
 * from screen readers. A page's first render opens none of them, so it loads none of this.
 */
const uiOverlay = /[\\/]node_modules[\\/]@zag-js[\\/](?:focus-trap|dismissable|interact-outside|aria-hidden|remove-scroll)[\\/]/;
/** Popovers, menus and tooltips, and the positioning they need (Floating UI): only the ones open load it. */
const uiPopper =
  /[\\/]node_modules[\\/](?:@floating-ui|@zag-js[\\/](?:popper|popover|menu|tooltip|hover-card|rect-utils|dom-query[\\/]dist[\\/](?:proxy-tab-focus|typeahead)\\.)|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/](?:popover|menu|tooltip|hover-card)|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](?:popover|menu|tooltip|hover-card))[\\/]/;
const schemas = /[\\/]src[\\/]shared[\\/]schemas[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
/** What only forms need: zod, the input schemas, and our form pieces (a form's dialog, its form, a field, a new password's two fields, the reason dialog, the form hook, image pickers, the confirm dialog, the terms). */
const formKit = /[\\/]src[\\/]client[\\/](?:components[\\/](?:form-dialog|dialog-form|form-field|new-password-fields|reason-dialog|image-picker|confirm-dialog-view|terms-modal)|lib[\\/]use-zod-form)\.tsx?$/;
const isFormKit = (id: string) => schemas.test(id) || formKit.test(id);
const feature = /[\\/]src[\\/]client[\\/]features[\\/]([^\\/]+)[\\/]/;
// Each feature's navigation entry (features/<x>/nav.ts) goes with the shell's navigation that lists them, never with the feature.
const common = /[\\/]src[\\/]client[\\/](?:components|lib)[\\/]|[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]nav\.ts$|[\\/]node_modules[\\/]@tanstack[\\/]/;
/** The rules and helpers server and client share (src/shared), but the input schemas and the catalogues (each language its own chunk). */
const shared = /[\\/]src[\\/]shared[\\/](?!schemas[\\/]|i18n[\\/])/;
const landing = /[\\/]src[\\/]client[\\/]features[\\/]landing[\\/]/;
const textsPart = /[\\/]src[\\/]shared[\\/]i18n[\\/](en|fr)[\\/](public|app)\.ts$/;
/** Each language's texts come in two chunks (src/shared/i18n/parts.ts), named for what they are: texts-en-public, texts-fr-app… */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const m = chunk.facadeModuleId ? textsPart.exec(chunk.facadeModuleId) : null;
  return m ? `assets/texts-${m[1]}-${m[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

/** The HTML entry and main.tsx stay the entry chunk: a group that took them would leave Vite no entry to write into index.html. */
const entryModule = /(?:\.html|[\\/]src[\\/]client[\\/]main\.tsx)$/;

/**
 * Zag, Ark and Chakra describe each component's parts ("anatomy") in module-level constants built by
 * function calls (createAnatomy(...).parts(...), x.extendWith(...), x.build()), which the bundler
 * cannot prove free of side effects: every anatomy of the library stayed in the first load, used or
 * not. They are plain data, so their initialisers are marked pure and the unused ones drop out.
 */
function pureAnatomies(): Plugin {
  const anatomyModule = /[\\/]node_modules[\\/](?:@zag-js|@ark-ui|@chakra-ui)[\\/].*anatomy\.m?js$/;
  const initialiser = /\b((?:const|let|var)\s+[\w$]+\s*=\s*)(?=createAnatomy\(|[\w$]+\.(?:extendWith|build)\()/g;
  return {
    name: 'harambee:pure-anatomies',
    apply: 'build',
    transform: {
      filter: { id: anatomyModule },
      handler(code) {
        return { code: code.replace(initialiser, '$1/* @__PURE__ */ '), map: null };
      },
    },
  };
}

/** Text formats (the server's list in src/server/http/static-client.ts is the same); other images, woff2 and the like are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/i;

function* compressibleFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the build, not for browsers
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(path);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * A Brotli (.br) and a gzip (.gz) copy beside each text file of the build, which
 * src/server/http/static-client.ts sends as they are. Brotli at its best quality and gzip at 9:
 * spent once per build instead of on every request. A copy is written only when it is smaller
 * (files under 256 bytes are left alone). A plugin rather than a step of `npm run build`, so
 * that every build has them: `npm start` and the browser tests build with `vite build` alone.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let log = (message: string) => console.log(message);
  return {
    name: 'harambee:precompress',
    apply: 'build',
    configResolved(config) {
      log = (message) => config.logger.info(message);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler({ dir }) {
        if (!dir) return;
        const total = { files: 0, bytes: 0, br: 0, gzip: 0 };
        await Promise.all(
          [...compressibleFiles(dir)].map(async (path) => {
            const data = readFileSync(path);
            if (data.length < 256) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            total.files += 1;
            total.bytes += data.length;
            if (br.length < data.length) writeFileSync(`${path}.br`, br);
            if (gzipped.length < data.length) writeFileSync(`${path}.gz`, gzipped);
            total.br += Math.min(br.length, data.length);
            total.gzip += Math.min(gzipped.length, data.length);
          }),
        );
        const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
        log(`precompressed ${total.files} files: ${kb(total.bytes)} → brotli ${kb(total.br)}, gzip ${kb(total.gzip)}`);
      },
    },
  };
}

/**
 * dist/client/sw.js from src/client/sw/service-worker.js, with the build's version (a hash of every
 * emitted file name, which carry content hashes, and of index.html) and what it keeps ahead of need:
 * index.html, the offline page, the manifest and icon, and the scripts and styles the first
 * render loads (the entry and its static imports). A new build is a new version, so returning
 * members' browsers install it and drop the old caches. Runs before precompress, which then
 * writes sw.js's compressed copies with the rest.
 */
function serviceWorker(): Plugin {
  return {
    name: 'harambee:service-worker',
    apply: 'build',
    writeBundle: {
      sequential: true,
      handler({ dir }, bundle) {
        if (!dir) return;
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const initial = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || initial.has(fileName)) return;
          initial.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) initial.add(css);
          for (const dep of chunk.imports) visit(dep);
        };
        if (entry) visit(entry.fileName);
        const html = readFileSync(join(dir, 'index.html'));
        const version = createHash('sha256')
          .update(Object.keys(bundle).sort().join('\n'))
          .update(html)
          .digest('base64url')
          .slice(0, 16);
        const precache = ['/index.html', '/offline.html', '/manifest.webmanifest', '/favicon.svg', ...[...initial].sort().map((f) => `/${f}`)];
        const source = readFileSync('src/client/sw/service-worker.js', 'utf8').replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(precache));
        writeFileSync(join(dir, 'sw.js'), source);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before react(): it generates the route tree and splits each route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
    pureAnatomies(),
    serviceWorker(),
    precompress(),
  ],
  // '@shared/…' is src/shared, the rules and texts server and client share (tsconfig.json's paths).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Chakra's config helpers return their argument: without this, the recipes of every Chakra
        // component (not only those src/client/theme.ts registers) left code in the first load.
        manualPureFunctions: ['defineConfig', 'defineSlotRecipe', 'defineRecipe'],
        // @trpc/client declares no "sideEffects" in its package.json, so its index kept the WebSocket
        // link's class though nothing uses it. Its modules only define things; other packages keep
        // what their package.json says (undefined).
        moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined),
      },
      output: {
        chunkFileNames: chunkFileName,
        /*
         * Few, well-cached chunks for HTTP/1.1 and slow links (docs/decisions/009-compression-and-chunks.md).
         * What the first render needs (tag '$initial': statically imported from the entry, all
         * the way down) goes into four chunks that Vite modulepreloads from index.html, from the
         * least to the most often changed: framework (React), data (router, query, tRPC), ui
         * (Chakra, Emotion, Ark, Zag), app (the app shell: our code, i18next). Each takes its
         * modules' dependencies too (Rolldown's default), the higher priorities first, so these
         * chunks only import the ones above them. Later code stays with its route (the router
         * plugin splits each route's component), except what two or more routes share: icons and
         * plain Chakra components (the landing page's apart, in 'landing-kit' with its list of
         * features, so that its budget does not pay for every page's), Ark-based ones used by four
         * or more routes, our small shared modules ('common'), the shared rules ('shared'), and one
         * chunk per feature folder, instead of one file per icon, component or module. Forms are
         * kept apart from all of these: 'forms' (zod, the input schemas, our form pieces) and
         * 'ui-forms' (the dialog and form-control machines, with the dialog frame and the switch we
         * draw on them) load with a page's first dialog (decision 019), and a feature's form modules
         * stay out of its chunk; so do 'ui-overlay' and 'ui-popper' (what opens over a page).
         * 'common' holds nothing that imports them or the form kit: a chunk that imports another
         * must not be imported back. scripts/check-bundle.mjs fails the build if chunks ever import
         * each other in a cycle, or if a page that only shows loads 'forms', 'ui-forms',
         * 'ui-overlay' or 'ui-popper'.
         */
        codeSplitting: {
          groups: [
            // What the first render needs ('$initial': the entry's static imports, all the way down).
            { name: 'framework', test: framework, priority: 50 },
            { name: 'data', test: data, priority: 40, tags: ['$initial'] },
            { name: 'ui', test: uiKit, priority: 30, tags: ['$initial'] },
            { name: 'app', test: (id) => !entryModule.test(id), priority: 20, tags: ['$initial'] },
            // Later code, shared by two or more routes (the rest stays with its route).
            {
              // What the landing page takes from outside its folder: its icons and Chakra components,
              // apart from 'icons' and 'ui-shared', which grow with every page, and the list of features
              // (src/shared/features.ts), apart from 'shared' and its rules. The landing files import
              // each icon and each component by its own path, so that their files show among its
              // importers (through a package's index, the index would be the only one); a component's
              // path is its folder's index, which re-exports the component's module.
              name: (id, ctx) => {
                const byLanding = (m: string) => ctx.getModuleInfo(m)?.importers.some((i) => landing.test(i)) ?? false;
                if (icons.test(id) || shared.test(id)) return byLanding(id) ? 'landing-kit' : null;
                if (!chakra.test(id)) return null;
                return byLanding(id) || ctx.getModuleInfo(id)?.importers.some((i) => chakraComponent.test(i) && byLanding(i)) ? 'landing-kit' : null;
              },
              debugName: 'landing-kit',
              priority: 11,
            },
            { name: 'icons', test: icons, minShareCount: 2, priority: 10 },
            {
              // Chakra's plain styled components; those built on Ark (dialogs, menus) go with 'ui-lazy'.
              name: (id, ctx) => (chakra.test(id) && ctx.getModuleInfo(id)?.importedIds.every((dep) => chakra.test(dep) || framework.test(dep)) ? 'ui-shared' : null),
              debugName: 'ui-shared',
              minShareCount: 2,
              priority: 10,
            },
            {
              // Our small shared pieces (components/, lib/: an empty state, the list states, the
              // formatter, a list's paging) and the query hooks loaded later, in one chunk: each is
              // well under a kilobyte, and a signed-in page fetched some twenty of them one by one,
              // over HTTP/1.1's six connections, at a round trip each. Without their dependencies,
              // which stay with their own groups.
              name: 'common',
              test: (id) => common.test(id) && !uiFormParts.test(id),
              minShareCount: 2,
              priority: 6,
              includeDependenciesRecursively: false,
            },
            {
              // The rules server and client share (money, dates, limits), in one chunk of plain
              // functions: no chunk that needs one rule (a catalogue quoting a limit, a form's
              // schema) pulls React components with it. Those that use zod stay with the forms.
              name: (id, ctx) => (shared.test(id) && !ctx.getModuleInfo(id)?.importedIds.some(isFormKit) ? 'shared' : null),
              debugName: 'shared',
              minShareCount: 2,
              priority: 8,
              includeDependenciesRecursively: false,
            },
            // Without their dependencies, which views share: the focus trap, presence, the machines' core.
            { name: 'forms', test: isFormKit, minShareCount: 2, priority: 7, includeDependenciesRecursively: false },
            { name: 'ui-forms', test: (id) => uiForms.test(id) || uiFormParts.test(id), minShareCount: 2, priority: 6, includeDependenciesRecursively: false },
            { name: 'ui-overlay', test: uiOverlay, minShareCount: 2, priority: 6, includeDependenciesRecursively: false },
            {
              // With the helpers only they use (named above, or imported by them alone), which would
              // otherwise be chunks of half a kilobyte each.
              name: (id, ctx) => {
                const importers = ctx.getModuleInfo(id)?.importers ?? [];
                return uiPopper.test(id) || (uiKit.test(id) && importers.length > 0 && importers.every((i) => uiPopper.test(i))) ? 'ui-popper' : null;
              },
              debugName: 'ui-popper',
              minShareCount: 2,
              priority: 6,
              includeDependenciesRecursively: false,
            },
            { name: 'ui-lazy', test: uiKit, minShareCount: 4, priority: 5 },
            {
              // One chunk per src/client/features/<name>, without its dependencies (shared components
              // stay shared), and without the modules that import the form kit: those go with the
              // dialogs that load them (Rolldown's own splitting), so a page that only shows loads none.
              name: (id, ctx) => (ctx.getModuleInfo(id)?.importedIds.some(isFormKit) || common.test(id) ? null : (feature.exec(id)?.[1] ?? null)),
              debugName: 'features',
              minShareCount: 2,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/trpc': apiTarget, '/api': apiTarget, '/uploads': apiTarget, '/ws': { target: apiTarget, ws: true } },
  },
});
