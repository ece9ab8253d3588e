/**
 * Refreshes src/server/api/ifsc/ifsc-registry.json.gz, the IFSC registry the server answers
 * `GET /buyonlineoauth/ifsc/:code` from, offline.
 *
 * The data is Razorpay's IFSC registry (scraped from the RBI's published lists, MIT licence)
 * as its npm package `ifsc` ships it: the valid branch codes of every bank, the banks' names
 * and the sub-member ("sublet") IFSCs that a sponsor bank issues for another bank. The
 * package is fetched with `npm pack` and only its data files are kept: the package itself is
 * not a dependency (its code pulls in the deprecated `request` and ~47 packages we would
 * never load). The version read is written into the file, so the server logs it.
 *
 * Razorpay publishes a new release about monthly; refresh, run the IFSC tests, commit:
 *
 *   npx tsx tools/refreshIfscRegistry.ts            # the latest release
 *   npx tsx tools/refreshIfscRegistry.ts 2.0.50     # an exact release
 *   npx vitest run --project integration tests/integration/api/ifsc.test.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { IFSC_PACKAGE, type IfscRegistryFile } from '../src/server/api/ifsc/ifscRegistry.ts';

const OUTPUT = fileURLToPath(new URL('../src/server/api/ifsc/ifsc-registry.json.gz', import.meta.url));

/** The package's data files, as the registry file names them. */
const FILES = {
  banks: 'IFSC.json',
  bankNames: 'banknames.json',
  sublets: 'sublet.json',
  customSublets: 'custom-sublets.json',
} as const;

function refresh(version: string): void {
  const work = mkdtempSync(join(tmpdir(), 'ifsc-registry-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `${IFSC_PACKAGE}@${version}`, '--json', '--pack-destination', work], {
        encoding: 'utf8',
      }),
    ) as { filename: string; version: string; integrity: string }[];
    const { filename, version: exact, integrity } = packed[0]!;
    const members = Object.values(FILES).map((file) => `package/src/${file}`);
    execFileSync('tar', ['-xzf', join(work, filename), '-C', work, ...members]);
    const read = (file: string) => JSON.parse(readFileSync(join(work, 'package/src', file), 'utf8')) as never;
    const registry: IfscRegistryFile = {
      source: { package: IFSC_PACKAGE, version: exact, integrity, licence: 'MIT' },
      banks: read(FILES.banks),
      bankNames: read(FILES.bankNames),
      sublets: read(FILES.sublets),
      customSublets: read(FILES.customSublets),
    };
    const codes = Object.values(registry.banks).reduce((sum, branches) => sum + branches.length, 0);
    const gz = gzipSync(JSON.stringify(registry), { level: 9 });
    writeFileSync(OUTPUT, gz);
    console.log(
      `${OUTPUT}: ${IFSC_PACKAGE}@${exact}, ${Object.keys(registry.banks).length} banks, ${codes} IFSCs, ${gz.length} bytes`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

refresh(process.argv[2] ?? 'latest');
