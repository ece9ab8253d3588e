import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { PlanConfig } from '../../engine/plan/types.ts';
import { readPlanFile } from '../../src/plans/nodePlanSource.ts';
import { mergePatch } from '../../src/plans/compose/mergePatch.ts';

/**
 * npm run plans:new -- --from T64 --code T98: a new plan folder made from an existing plan.
 * It copies only the source's own files (what the source takes from schemas/common or from
 * a plan it extends stays shared), writes the new code wherever the source's code is written
 * (most files name it as {{planCode}} already), gives the plan its own name, UIN and page,
 * and formats the JSON as the repository does. The caller regenerates its validators.
 */
export interface ScaffoldOptions {
  root: string;
  from: string;
  code: string;
  /** The product name visitors see; default: the source's name with the new code. */
  name?: string;
  /** The UIN IRDAI gave the product; default: a provisional one made from the code (reported). */
  uin?: string;
  /** The page's slug below the source's path base; default: the source's slug and the new code. */
  slug?: string;
}

export interface ScaffoldResult {
  folder: string;
  files: string[];
  /** What the analyst must still look at before the plan is sold. */
  notes: string[];
}

const CODE = /^[A-Z][0-9A-Z]{2}$/;

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** A UIN shaped as IRDAI's (3 digits, N, 3 digits, V, 2 digits) made from the code: clearly not a filed one. */
function provisionalUin(sourceUin: string, code: string): string {
  const digits = code.replace(/\D/g, '').padStart(3, '9').slice(-3);
  return `${sourceUin.slice(0, 4)}${digits}V99`;
}

export async function scaffoldPlan(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const { root, from, code } = options;
  if (!CODE.test(code))
    throw new Error(`--code ${code}: a plan code is a capital letter and two digits or capitals, e.g. T98`);
  const source = join(root, 'plans', from);
  const folder = join(root, 'plans', code);
  if (!existsSync(join(source, 'plan.json')))
    throw new Error(`--from ${from}: there is no plan folder schemas/plans/${from}`);
  if (existsSync(folder)) throw new Error(`--code ${code}: schemas/plans/${code} exists already`);

  const sourcePlan = readPlanFile<PlanConfig>(from, 'plan.json', root);
  const notes: string[] = [];
  const name = options.name ?? `${sourcePlan.productName} ${code}`;
  const slug = options.slug ?? `${sourcePlan.routes.slug}-${code.toLowerCase()}`;
  const uin = options.uin ?? provisionalUin(sourcePlan.uin, code);
  if (!options.uin)
    notes.push(
      `UIN ${uin} is provisional: write the UIN IRDAI filed for the product in plan.json (uin) before it is sold.`,
    );
  if (!options.name) notes.push(`The product name is "${name}": give it its own in plan.json (productName).`);

  cpSync(source, folder, {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || path.endsWith('.json'),
  });
  try {
    // The source's code where a file writes it out (an option code, an example number).
    const codeWord = new RegExp(`\\b${from}(?=[0-9A-Z-]|\\b)`, 'g');
    const config = await prettier.resolveConfig(
      fileURLToPath(new URL('../../package.json', import.meta.url)),
    );
    const files: string[] = [];
    for (const path of jsonFiles(folder)) {
      let value: unknown = JSON.parse(readFileSync(path, 'utf8').replace(codeWord, code));
      if (relative(folder, path) === 'plan.json')
        value = ownIdentity(value as Record<string, unknown>, sourcePlan, { code, name, uin, slug });
      const text = await prettier.format(JSON.stringify(value), {
        ...config,
        parser: 'json',
        filepath: path,
      });
      writeFileSync(path, text);
      files.push(relative(root, path));
    }
    return { folder, files, notes };
  } catch (error) {
    // Nothing half-written stays behind: the analyst can run it again.
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The new plan's plan.json: its code, name, UIN and slug written over the source's. What the
 * source derives from them (`"productId": "{{planCode}}"`, a proposal page built from the path
 * and slug) stays derived; only where the source wrote one out is the new value written.
 */
function ownIdentity(
  own: Record<string, unknown>,
  sourcePlan: PlanConfig,
  { code, name, uin, slug }: { code: string; name: string; uin: string; slug: string },
): Record<string, unknown> {
  const routes = (own.routes ?? {}) as Record<string, unknown>;
  const written = (value: unknown) => typeof value === 'string' && !value.includes('{{');
  const changes: Record<string, unknown> = { planCode: code, productName: name, uin };
  if (written(own.productId)) changes.productId = code;
  const routeChanges: Record<string, unknown> = { slug };
  if (written(routes.proposalPage)) {
    routeChanges.proposalPage = sourcePlan.routes.proposalPage.replace(sourcePlan.routes.slug, slug);
  }
  return mergePatch(own, { ...changes, routes: routeChanges }) as Record<string, unknown>;
}
