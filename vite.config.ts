import { basename, dirname, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/precompress.ts';
import { readFileSync } from 'node:fs';
import { browserPlanModule, type BrowserPlanModule } from './src/plans/browserPlanModules.ts';
import { withoutNotes } from './src/plans/withoutNotes.ts';

/**
 * Brotli and gzip copies of the build beside each file, served by the server as they are.
 * `dir` is the build's output (the desk's and the chat's builds pass their own sub-folder).
 */
export function precompressBuild(dir = 'dist/app'): Plugin {
  return {
    name: 'bimaflow-precompress',
    apply: 'build',
    closeBundle() {
      const written = precompress(resolve(import.meta.dirname, dir));
      const total = (key: 'bytes' | 'brotli') => written.reduce((sum, file) => sum + file[key], 0);
      this.info(
        `precompressed ${written.length} files: ${total('bytes')} bytes -> ${total('brotli')} (brotli)`,
      );
    },
  };
}

/**
 * RJSF's markdown parser replaced by plain text (engine/form/plainMarkdown.tsx): no plan asks
 * for markdown (plans:validate refuses it), and the parser is the largest part of the form
 * runtime a phone downloads first. Tests use the same alias (vitest.config.ts).
 */
export const PLAIN_MARKDOWN = [
  {
    find: /^markdown-to-jsx\/react$/,
    replacement: resolve(import.meta.dirname, 'engine/form/plainMarkdown.tsx'),
  },
];

/**
 * RJSF's default fields and widgets, as our forms use them (engine/form/rjsfDefaults/): its
 * registry imports every field and widget it has, most of which no plan draws (our widgets
 * replace them), and a phone would download them all with the form runtime. Tests use the same
 * plugin (vitest.config.ts), so what they render is what a phone gets.
 */
export function rjsfDefaults(): Plugin {
  const ours = resolve(import.meta.dirname, 'engine/form/rjsfDefaults');
  return {
    name: 'bimaflow-rjsf-defaults',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/@rjsf/core/lib/getDefaultRegistry')) return null;
      const match = /^\.\/components\/(fields|widgets)\/index\.js$/.exec(source);
      return match ? resolve(ours, `${match[1]}.ts`) : null;
    },
  };
}

/**
 * RJSF's URI library answered by the platform's URL (engine/schema/uriResolver.ts): only the
 * import made by @rjsf/utils, so ajv keeps fast-uri wherever it compiles (server, tools, tests).
 */
export function platformUriForRjsf(): Plugin {
  const shim = resolve(import.meta.dirname, 'engine/schema/uriResolver.ts');
  return {
    name: 'bimaflow-rjsf-uri',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'fast-uri' && importer?.includes('/@rjsf/utils/') ? shim : null;
    },
  };
}

/**
 * schemas/common/application.schema.json as the browser reads it: the journey reads the stages,
 * their sections, the sections' names and the kept names of renamed sections of it
 * (engine/state/stageOrder.ts, engine/state/applicationState.ts, src/journey/submit/stages.ts,
 * src/journey/submit/planFit.ts), never its documentation (`description`, `$comment`), which is
 * most of the file and would come with the first screen's code.
 */
export function applicationSchemaData(): Plugin {
  const file = resolve(import.meta.dirname, 'schemas/common/application.schema.json');
  return {
    name: 'bimaflow-application-schema-data',
    enforce: 'pre',
    load(id) {
      if (id !== file) return null;
      const schema: unknown = JSON.parse(readFileSync(file, 'utf8'));
      return JSON.stringify(withoutNotes(schema, new Set(['description', '$comment'])));
    },
  };
}

/**
 * A plan folder's modules for the browser (src/plans/browserPlanModules.ts):
 * `plan.json?summary` (in the entry), `plan.json?card` (the catalogue's), `plan.json?files` (the plan's chunk),
 * `plan.json?proposal` (the proposal page's copy and forms).
 */
function planModules(): Plugin {
  const PREFIX = '\0bimaflow-plan:';
  const schemasRoot = resolve(import.meta.dirname, 'schemas');
  return {
    name: 'bimaflow-plan-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = /^(.*\/plan\.json)\?(summary|card|files|proposal|later)$/.exec(source);
      if (!match || !importer) return null;
      const folder = dirname(resolve(dirname(importer), match[1]!));
      return `${PREFIX}${match[2]}:${basename(folder)}:${dirname(dirname(folder))}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [kind, code, root] = id.slice(PREFIX.length).split(':') as [BrowserPlanModule, string, string];
      return browserPlanModule(code, kind, root);
    },
    // A plan is composed from its folder, schemas/common and the plan it extends: in the dev
    // server, any change under schemas/ composes every plan module again and reloads the page.
    configureServer(server) {
      server.watcher.add(schemasRoot);
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(schemasRoot) || !file.endsWith('.json')) return;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(PREFIX)) server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}

// The SPA is one bundle for the shell plus one lazily loaded chunk per plan
// (the plan registry uses import.meta.glob, so each plan's JSON is split out).
export default defineConfig({
  plugins: [
    react(),
    platformUriForRjsf(),
    rjsfDefaults(),
    applicationSchemaData(),
    planModules(),
    precompressBuild(),
  ],
  root: 'src/app',
  publicDir: false,
  resolve: { alias: PLAIN_MARKDOWN },
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    // No public source maps in production bundles.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // A plan's files and its first step's validators (the later forms' validators
              // have a chunk of their own, loaded after the first step is usable).
              debugName: 'plan-data',
              // Only the plan's own modules: a helper they use (Vite's preload helper, for the
              // later validators' import) stays shared, not pulled into one plan's chunk.
              includeDependenciesRecursively: false,
              name: (id: string) =>
                (/\0bimaflow-plan:files:([^:]+):/.exec(id) ??
                  /schemas\/plans\/([^/]+)\/validators\.generated\.js$/.exec(id))?.[1]?.replace(
                  /^/,
                  'plan-',
                ) ?? null,
            },
            {
              // The journey's state machine (XState and the engine's machine): the journey's
              // page loads it beside the form runtime; the proposal page, which has no
              // machine, does not.
              debugName: 'journey-machine',
              includeDependenciesRecursively: false,
              name: (id: string) =>
                /node_modules\/(xstate|@xstate)\/|\/engine\/machine\//.test(id) ? 'machine' : null,
            },
            {
              // The form runtime (RJSF, the engine, the widgets and the shared schemas
              // they import) as one chunk, not cut into pieces shared with the lazily loaded
              // panels and dialogs (each piece compresses worse). Its own dependencies (React)
              // stay where they are.
              debugName: 'journey-runtime',
              includeDependenciesRecursively: false,
              name: (id: string) =>
                /node_modules\/(@rjsf|date-fns|fast-equals|jsonpointer|@x0k|react-is|use-sync-external-store|use-isomorphic-layout-effect)\/|\/(engine\/(form|validation|state|schema\/pointer)|widgets|schemas\/common)\//.test(
                  id,
                ) &&
                /\.([cm]?[jt]sx?|json)$/.test(id) &&
                // What only the proposal's forms draw comes with the proposal page; RJSF's
                // list field, which only later forms draw, with them
                // (engine/form/rjsfDefaults/arrayField.tsx) and so do our later widgets
                // (widgets/laterWidgets.ts); the calendar when it is about to be used
                // (widgets/DateWithAgeWidget.tsx).
                !/\/widgets\/(proposal\/|CalendarPopover\.tsx$|calendarGrid\.ts$|AmountWidget\.tsx$|CheckboxCardsWidget\.tsx$)|\/@rjsf\/core\/lib\/components\/fields\/ArrayField\.js$/.test(
                  id,
                )
                  ? 'journey'
                  : // What the journey's and the proposal page's first screens both use besides
                    // (the API client, the pincode lookup, the error popup, the kept quotes): with
                    // the runtime they both load, not in small chunks of their own.
                    /\/src\/(api\/(apiClient|createApiClient|browserApi)\.ts|journey\/(pincodeLookup\.ts|previousQuotes\.ts|messages\.ts|ErrorPopup\.tsx|JourneyServices\.ts|boundData\.ts)|app\/PageLoadFailed\.tsx)$|\/engine\/plan\/adapter\.ts$/.test(
                        id,
                      )
                    ? 'journey'
                    : null,
            },
            {
              // The proposal page's copy and forms of a plan, with its first step's validators.
              debugName: 'plan-proposal',
              includeDependenciesRecursively: false,
              name: (id: string) =>
                (/\0bimaflow-plan:proposal:([^:]+):/.exec(id) ??
                  /schemas\/plans\/([^/]+)\/validators\.proposal\.generated\.js$/.exec(id))?.[1]?.replace(
                  /^/,
                  'proposal-',
                ) ?? null,
            },
            {
              debugName: 'plan-forms',
              // The later forms' validators and the later screens' copy (plan.json?later).
              name: (id: string) =>
                (/schemas\/plans\/([^/]+)\/validators\.later\.generated\.js$/.exec(id) ??
                  /\0bimaflow-plan:later:([^:]+):/.exec(id))?.[1]?.replace(/^/, 'forms-') ?? null,
            },
            {
              // The other proposal steps' validators, loaded once the proposal page's first screen is up.
              debugName: 'plan-proposal-forms',
              name: (id: string) =>
                /schemas\/plans\/([^/]+)\/validators\.proposal-later\.generated\.js$/
                  .exec(id)?.[1]
                  ?.replace(/^/, 'proposal-forms-') ?? null,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/healthz': 'http://localhost:8080',
      '/buyonlineoauth': 'http://localhost:8080',
      '/proposal_service': 'http://localhost:8080',
      '/payu-sandbox': 'http://localhost:8080',
    },
  },
});
