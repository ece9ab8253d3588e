import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/harness.ts';

/**
 * The import graph of the code (static, dynamic and type-only imports of relative paths),
 * read from the source text: no module imports itself through others, and a layer imports
 * only what lies below it.
 */
const ROOTS = ['src', 'engine', 'widgets', 'tools', 'bench'];
const CODE = /\.(ts|tsx|mts|js|mjs)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : codeFiles(path);
    return CODE.test(name) && !name.endsWith('.d.ts') && !name.includes('.generated.') ? [path] : [];
  });
}

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1]!.split('?')[0]!;
      if (!specifier.startsWith('.')) continue;
      const base = resolve(dirname(file), specifier);
      const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
        (candidate) => CODE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (target) found.add(target);
    }
  }
  return [...found];
}

function importGraph(): Map<string, string[]> {
  const files = ROOTS.flatMap((root) => codeFiles(join(REPO_ROOT, root)));
  return new Map(files.map((file) => [file, importsOf(file)]));
}

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((component) => component.map((file) => relative(REPO_ROOT, file)).sort());
}

describe('the import graph', () => {
  const graph = importGraph();

  it('is read (the reader finds the imports it should)', () => {
    expect(graph.size).toBeGreaterThan(300);
    const server = graph.get(join(REPO_ROOT, 'src/server/app.ts'))!;
    expect(server.length).toBeGreaterThan(3);
    // a dynamic import is an edge too
    expect(graph.get(join(REPO_ROOT, 'src/journey/laterParts.ts'))).toContain(
      join(REPO_ROOT, 'src/journey/submit/submitStep.ts'),
    );
  });

  it('has no cycles', () => {
    expect(cycles(graph)).toEqual([]);
  });

  /** [importer folder, folder it must not import, why] */
  const FORBIDDEN: [string, string, string][] = [
    ['src/journey/', 'src/app/', 'the standard journey is below the SPA shell'],
    ['tools/', 'bench/', 'the CLI and CI checks must not depend on the benchmarks'],
    ['engine/', 'src/', 'the runtime knows no application'],
    ['widgets/', 'src/', 'the widgets know no application'],
  ];

  it.each(FORBIDDEN)('%s does not import %s (%s)', (from, to) => {
    const crossing = [...graph].flatMap(([file, imports]) => {
      const importer = relative(REPO_ROOT, file);
      if (!importer.startsWith(from)) return [];
      return imports
        .map((target) => relative(REPO_ROOT, target))
        .filter((target) => target.startsWith(to))
        .map((target) => `${importer} imports ${target}`);
    });
    expect(crossing).toEqual([]);
  });
});
