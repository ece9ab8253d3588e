import { relative } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { writeGeneratedValidators } from '../../tools/lib/generatedValidators.ts';
import { problemLine } from '../../tools/lib/problem.ts';
import { machineGraph } from './machineGraph.ts';
import { PlanStudio } from './planStudio.ts';
import { commitForReview } from './reviewBranch.ts';
import { StudioRefusal } from './schemaFiles.ts';

/*
 * The plan studio's server (issue 22): `npm run studio` (tools/studio.ts) runs it on its own
 * port, bound to 127.0.0.1 unless told otherwise, on the working tree's schemas/. It is never
 * part of the visitor's server or bundle. Its API, under /studio/api:
 *
 *   GET  /plans                    the plans under schemas/plans
 *   GET  /plans/:code              a plan's own files and the plan as composed
 *   PUT  /files                    { path, value }: writes one JSON file under schemas/, formatted
 *   GET  /plans/:code/checks       plans:validate's problems of the plan and each fixture case's result
 *   GET  /plans/:code/changes      the plan's changes since the last commit, in words
 *   GET  /plans/:code/machine      the plan's machine as a graph, unreachable states flagged
 *   POST /plans/:code/review       { branch? }: 'Save for review', refused while a check fails
 *
 * A refusal is a 4xx with `{ message }` in words; nothing it was asked to write is half written.
 */

export interface StudioOptions {
  /** The schemas/ folder to edit. */
  root: string;
  /** The git repository schemas/ lies in; default: its parent folder. */
  repo?: string;
  logger?: boolean;
}

/** The commit message of a review: the plan and what changes, in words, with the fixtures' results. */
export function reviewMessage(
  code: string,
  changes: { text: string }[],
  fixtures: { passed: boolean }[],
): string {
  const first = changes[0]?.text ?? 'plan data changed';
  const more = changes.length > 1 ? ` (and ${changes.length - 1} more)` : '';
  const passed = fixtures.filter((fixture) => fixture.passed).length;
  return [
    `${code}: ${first}${more}`,
    '',
    ...changes.map((change) => `- ${change.text}`),
    '',
    `Fixtures: ${passed} of ${fixtures.length} pass. Saved for review from the plan studio.`,
  ].join('\n');
}

export function buildStudio(options: StudioOptions): FastifyInstance {
  const studio = new PlanStudio(options.root, options.repo);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 4 * 1024 * 1024 });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof StudioRefusal) return reply.status(error.status).send({ message: error.message });
    const { statusCode: status, message } = error as { statusCode?: number; message?: string };
    if (status && status >= 400 && status < 500) return reply.status(status).send({ message });
    request.log.error(error);
    return reply.status(500).send({ message: 'The studio could not do that: see its log for why.' });
  });

  app.get('/studio/api/plans', async () => ({ plans: studio.plans() }));

  app.get<{ Params: { code: string } }>('/studio/api/plans/:code', async (request) => {
    const { code } = request.params;
    const own = studio.ownFiles(code);
    let composed: Record<string, unknown> | undefined;
    let composeProblem: string | undefined;
    try {
      composed = studio.composed(code);
    } catch (error) {
      composeProblem = (error as Error).message;
    }
    return { code, own, composed, composeProblem };
  });

  app.put<{ Body: { path?: unknown; value?: unknown } }>(
    '/studio/api/files',
    {
      schema: {
        body: {
          type: 'object',
          required: ['path', 'value'],
          properties: { path: { type: 'string', minLength: 1, maxLength: 300 }, value: {} },
        },
      },
    },
    async (request) => {
      const path = request.body.path as string;
      const text = await studio.files.write(path, request.body.value);
      return { path, text };
    },
  );

  app.get<{ Params: { code: string } }>('/studio/api/plans/:code/checks', async (request) =>
    studio.check(request.params.code),
  );

  app.get<{ Params: { code: string } }>('/studio/api/plans/:code/changes', async (request) => ({
    changes: studio.changes(request.params.code),
    files: studio.changedFiles(),
  }));

  app.get<{ Params: { code: string } }>('/studio/api/plans/:code/machine', async (request) =>
    machineGraph(studio.composed(request.params.code)['machine.json']),
  );

  app.post<{ Params: { code: string }; Body: { branch?: string } | undefined }>(
    '/studio/api/plans/:code/review',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { branch: { type: 'string', minLength: 1, maxLength: 100 } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      const check = studio.check(code);
      const failing = check.fixtures.filter((fixture) => !fixture.passed);
      if (check.problems.length > 0) {
        throw new StudioRefusal(
          `Not saved: the plan does not validate (${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}). ` +
            check.problems
              .slice(0, 5)
              .map((problem) => problemLine(problem, 'schemas/'))
              .join('; ') +
            (failing.length ? `; ${failing.length} fixture case(s) fail` : ''),
          422,
        );
      }
      const changes = studio.changes(code);
      if (studio.changedFiles().length === 0)
        throw new StudioRefusal('Nothing to save: the plans are as the last commit has them.', 409);
      // The browser's precompiled validators follow the plan data, as `npm run validators` writes them.
      writeGeneratedValidators(studio.root);
      const branch = request.body?.branch ?? `studio/${code.toLowerCase()}-${Date.now().toString(36)}`;
      const message = reviewMessage(code, changes, check.fixtures);
      const saved = commitForReview(studio.repo, branch, message, relative(studio.repo, studio.root));
      return { ...saved, changes, message };
    },
  );

  return app;
}
