import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaFiles, StudioRefusal } from '../../../src/studio/schemaFiles.ts';

/* The studio writes only JSON under schemas/, formatted as `npm run format` formats it (issue 22). */
const repo = mkdtempSync(join(tmpdir(), 'studio-files-'));
const root = join(repo, 'schemas');
mkdirSync(join(root, 'plans', 'T54'), { recursive: true });
writeFileSync(join(repo, 'package.json'), JSON.stringify({ prettier: { printWidth: 40 } }));
writeFileSync(join(repo, 'secret.json'), '{"key":"do not touch"}');
symlinkSync(repo, join(root, 'plans', 'out'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const files = new SchemaFiles(root);

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(StudioRefusal);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe("the studio's files", () => {
  it.each([
    ['../secret.json', /outside schemas/],
    ['plans/../../secret.json', /outside schemas/],
    [join(repo, 'secret.json'), /outside schemas/],
    ['plans/out/secret.json', /through a link/],
    ['plans/T54/validators.generated.js', /not a JSON file/],
    ['', /Say which file/],
    ['plans\\T54\\plan.json', /not a path under schemas/],
  ])('refuses %s', (path, reason) => {
    expect(refusal(() => files.resolve(path))).toMatch(reason);
  });

  it('writes JSON formatted with the repository configuration, and reads it back', async () => {
    const text = await files.write('plans/T54/plan.json', {
      ageLimits: { proposer: { min: 45, max: 80 } },
      uin: 'x',
    });
    expect(text).toBe(readFileSync(join(root, 'plans/T54/plan.json'), 'utf8'));
    // printWidth 40 from the repository's configuration breaks the object over lines.
    expect(text).toBe(
      '{\n  "ageLimits": {\n    "proposer": { "min": 45, "max": 80 }\n  },\n  "uin": "x"\n}\n',
    );
    expect(files.read('plans/T54/plan.json')).toEqual({
      ageLimits: { proposer: { min: 45, max: 80 } },
      uin: 'x',
    });
  });

  it('says a missing file and a file that is not JSON', () => {
    expect(refusal(() => files.read('plans/T54/none.json'))).toBe(
      'schemas/plans/T54/none.json does not exist.',
    );
    writeFileSync(join(root, 'plans/T54/broken.json'), '{ "a": ');
    expect(refusal(() => files.read('plans/T54/broken.json'))).toMatch(
      /^schemas\/plans\/T54\/broken\.json is not valid JSON: /,
    );
  });
});
