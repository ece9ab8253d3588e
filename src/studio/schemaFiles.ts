import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import * as prettier from 'prettier';

/*
 * The studio's only door to the disk (issue 22): JSON files under schemas/, read and written by
 * their path relative to it. A path that leaves schemas/ (`..`, an absolute path, a link that
 * points out), a file that is not JSON, or a generated file is refused with the reason; what is
 * written is formatted as `npm run format` formats it, so the repository's checks stay green.
 */

export class StudioRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'StudioRefusal';
  }
}

export class SchemaFiles {
  private readonly realRoot: string;

  constructor(readonly root: string) {
    this.realRoot = realpathSync(root);
  }

  /** The absolute path of `path` (relative to schemas/), or a refusal saying why not. */
  resolve(path: string): string {
    if (typeof path !== 'string' || path === '')
      throw new StudioRefusal('Say which file: a path under schemas/.');
    if (path.includes('\0') || path.includes('\\'))
      throw new StudioRefusal(`'${path}' is not a path under schemas/.`);
    if (isAbsolute(path))
      throw new StudioRefusal(`'${path}' is outside schemas/: give a path relative to it.`);
    const absolute = resolve(this.root, path);
    const inside = relative(this.root, absolute);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
      throw new StudioRefusal(`'${path}' is outside schemas/: the studio writes only there.`);
    if (!absolute.endsWith('.json'))
      throw new StudioRefusal(`'${path}' is not a JSON file: the studio edits plan data only.`);
    // A link anywhere on the way may not lead out of schemas/.
    let existing = absolute;
    while (!existsSync(existing)) existing = dirname(existing);
    const real = realpathSync(existing);
    if (real !== this.realRoot && !real.startsWith(this.realRoot + sep))
      throw new StudioRefusal(
        `'${path}' leads outside schemas/ through a link: the studio writes only there.`,
      );
    return absolute;
  }

  exists(path: string): boolean {
    return existsSync(this.resolve(path));
  }

  /** The file's JSON value; a missing file or one that is not JSON is said, with the parser's words. */
  read(path: string): unknown {
    const file = this.resolve(path);
    if (!existsSync(file)) throw new StudioRefusal(`schemas/${path} does not exist.`, 404);
    const text = readFileSync(file, 'utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new StudioRefusal(`schemas/${path} is not valid JSON: ${(error as Error).message}`, 422);
    }
  }

  /** The JSON value as the repository formats it (prettier, with the configuration the file finds). */
  async format(path: string, value: unknown): Promise<string> {
    const file = this.resolve(path);
    const config = await prettier.resolveConfig(file);
    return prettier.format(JSON.stringify(value), { ...config, parser: 'json', filepath: file });
  }

  /** Writes the value, formatted; answers the text written. */
  async write(path: string, value: unknown): Promise<string> {
    if (value === undefined) throw new StudioRefusal(`Nothing to write to schemas/${path}.`);
    const file = this.resolve(path);
    const text = await this.format(path, value);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return text;
  }
}
