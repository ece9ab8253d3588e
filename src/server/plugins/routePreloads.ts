import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanConfig } from '../../../engine/plan/types.ts';
import { listPlanCodes, readPlanFiles } from '../../plans/nodePlanSource.ts';

/*
 * The first screen in one level of JS (issue 21): the page served for a plan's journey or
 * proposal page names, as modulepreloads, the chunks that page will ask for once the entry runs
 * (its page code and the plan's chunk, with everything they import), so the browser fetches
 * them beside the entry instead of after it. Read off the build: a chunk's static imports are
 * in its code; which chunk holds a plan is in its name (vite.config.ts names them).
 */

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;

/** Each plan's journey shell as HTML (tools/routeShells.tsx): at its landing path, and elsewhere. */
export interface RouteShells {
  [code: string]: { landing: string; elsewhere: string };
}

interface PlanPages {
  code: string;
  journeyBase: string;
  proposalPage: string;
}

function planPages(): PlanPages[] {
  return listPlanCodes().map((code) => {
    const { routes } = readPlanFiles(code)['plan.json'] as PlanConfig;
    return {
      code,
      journeyBase: `${routes.pathBase}${routes.slug}/`,
      proposalPage: routes.proposalPage.replace(/\/+$/, ''),
    };
  });
}

/** What a request path opens: a plan's proposal page, its journey, or neither. */
export function pageOf(
  pages: PlanPages[],
  path: string,
): { kind: 'proposal' | 'journey'; code: string; landing?: boolean } | undefined {
  const bare = path.replace(/\/+$/, '');
  const proposal = pages.find((page) => page.proposalPage === bare);
  if (proposal) return { kind: 'proposal', code: proposal.code };
  const withSlash = path.endsWith('/') ? path : `${path}/`;
  const journey = pages.find((page) => withSlash.startsWith(page.journeyBase));
  return journey
    ? { kind: 'journey', code: journey.code, landing: withSlash === journey.journeyBase }
    : undefined;
}

/**
 * The HTML of each page, with its modulepreloads, made once from the built index.html: answers
 * the HTML for a request path (index.html as built for any other path).
 */
export function routeDocuments(root: string): (path: string) => string | undefined {
  const indexFile = join(root, 'index.html');
  const assets = join(root, 'assets');
  if (!existsSync(indexFile) || !existsSync(assets)) return () => undefined;
  const index = readFileSync(indexFile, 'utf8');
  const names = readdirSync(assets).filter((file) => file.endsWith('.js'));
  // An import is kept as the asset's own name, never as the match: V8 keeps a matched substring
  // as a slice of the chunk's whole code, which would then live as long as the server (~16 MB).
  const own = new Map(names.map((name) => [name, name]));
  const imports = new Map(
    names.map((name) => [
      name,
      [...readFileSync(join(assets, name), 'utf8').matchAll(STATIC_IMPORT)].flatMap(
        (match) => own.get(match[1]!) ?? [],
      ),
    ]),
  );
  const inIndex = new Set([...index.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1]!));
  // A chunk by the name vite.config.ts gives it and the build's 8-character hash.
  const chunk = (prefix: string) =>
    names.find((name) => name.startsWith(prefix) && /^[\w-]{8}\.js$/.test(name.slice(prefix.length)));
  const closure = (seeds: (string | undefined)[]) => {
    const found = new Set<string>();
    const visit = (name: string | undefined) => {
      if (!name || found.has(name) || inIndex.has(name)) return;
      found.add(name);
      for (const next of imports.get(name) ?? []) visit(next);
    };
    seeds.forEach(visit);
    return [...found];
  };
  const withPreloads = (files: string[]) =>
    files.length
      ? index.replace(
          '</head>',
          `${files.map((file) => `    <link rel="modulepreload" crossorigin href="/assets/${file}">\n`).join('')}  </head>`,
        )
      : index;
  // Each journey's first paint (tools/routeShells.tsx writes them at build time), inside #root.
  const shellsFile = join(root, 'route-shells.json');
  const shells: RouteShells = existsSync(shellsFile) ? JSON.parse(readFileSync(shellsFile, 'utf8')) : {};
  const withShell = (document: string, shell: string | undefined) =>
    shell ? document.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`) : document;
  const pages = planPages();
  const documents = new Map<string, string>();
  for (const { code } of pages) {
    const journey = [chunk('JourneyPage-'), chunk(`plan-${code}-`)];
    // Any path but the journey's own opens on a screen only the machine knows: its chunk too.
    // At the journey's own path a new visitor's first step needs none (Journey starts it later).
    documents.set(
      `journey:${code}`,
      withShell(withPreloads(closure([...journey, chunk('machine-')])), shells[code]?.elsewhere),
    );
    documents.set(`landing:${code}`, withShell(withPreloads(closure(journey)), shells[code]?.landing));
    documents.set(
      `proposal:${code}`,
      withPreloads(closure([chunk('ProposalPage-'), chunk(`proposal-${code}-`)])),
    );
  }
  return (path) => {
    const page = pageOf(pages, path);
    return page ? documents.get(`${page.landing ? 'landing' : page.kind}:${page.code}`) : undefined;
  };
}
