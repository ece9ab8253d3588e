import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/** The npm package whose data the registry file holds (see tools/refreshIfscRegistry.ts). */
export const IFSC_PACKAGE = 'ifsc';

/**
 * src/server/api/ifsc/ifsc-registry.json.gz: Razorpay's IFSC registry as its package ships it.
 * `banks` lists each bank's valid branch codes (digits as numbers without leading zeros,
 * others as text); a sublet is an IFSC a sponsor bank issues for a sub-member bank, named
 * by code (exact) or by prefix (`customSublets`, whose value is a bank code or a name).
 */
export interface IfscRegistryFile {
  source: { package: string; version: string; integrity: string; licence: string };
  banks: Record<string, (number | string)[]>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: Record<string, string>;
}

/** One IFSC as the lookup answers it: the registry knows banks, not branches, so branch facts are null. */
export interface IfscRecord {
  ifsc: string;
  /** The bank the account is held at (a sub-member bank for a sublet IFSC). */
  bank: string;
  /** The four letters of the IFSC. */
  bankCode: string;
  branch: string | null;
  address: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
}

export interface IfscRegistry {
  /** '2.0.50' */
  version: string;
  /** An upper-case IFSC → its record; undefined when the registry does not list it. */
  lookup(ifsc: string): IfscRecord | undefined;
}

const DEFAULT_PATH = new URL('./ifsc-registry.json.gz', import.meta.url);

/** Branch codes as six characters: numbers are zero-padded (1234 → '001234'). */
const branchCode = (branch: number | string) =>
  typeof branch === 'number' ? String(branch).padStart(6, '0') : branch;

/**
 * Indexes the registry in memory: one set of branch codes per bank (about 1,77,000 codes).
 * The bank of a sublet IFSC is resolved as Razorpay's own libraries do: an exact sublet
 * first, then the longest sublet prefix, then the bank of the first four letters.
 */
export function indexIfscRegistry(file: IfscRegistryFile): IfscRegistry {
  const branches = new Map<string, Set<string>>();
  for (const [bank, codes] of Object.entries(file.banks)) branches.set(bank, new Set(codes.map(branchCode)));
  const prefixes = Object.keys(file.customSublets).sort((a, b) => b.length - a.length);
  const nameOf = (codeOrName: string | undefined) =>
    codeOrName === undefined ? undefined : codeOrName.length === 4 ? file.bankNames[codeOrName] : codeOrName;

  const bankOf = (ifsc: string): string => {
    const bankCode = ifsc.slice(0, 4);
    const sublet = file.sublets[ifsc];
    const custom = prefixes.find((prefix) => ifsc.startsWith(prefix));
    return (
      nameOf(sublet) ?? nameOf(custom && file.customSublets[custom]) ?? file.bankNames[bankCode] ?? bankCode
    );
  };

  return {
    version: file.source.version,
    lookup(ifsc) {
      if (ifsc.length !== 11 || ifsc[4] !== '0') return undefined;
      const bankCode = ifsc.slice(0, 4);
      if (!branches.get(bankCode)?.has(ifsc.slice(5))) return undefined;
      return {
        ifsc,
        bank: bankOf(ifsc),
        bankCode,
        branch: null,
        address: null,
        city: null,
        district: null,
        state: null,
      };
    },
  };
}

export async function readIfscRegistry(path: string | URL = DEFAULT_PATH): Promise<IfscRegistry> {
  const gz = await readFile(path);
  const file = JSON.parse((await promisify(gunzip)(gz)).toString('utf8')) as IfscRegistryFile;
  return indexIfscRegistry(file);
}

let shared: Promise<IfscRegistry> | undefined;

/**
 * The registry of this process, read and indexed on the first lookup (about 0.4 MB on disk,
 * a few tens of milliseconds) and kept; a failed read is tried again on the next lookup.
 */
export function ifscRegistry(): Promise<IfscRegistry> {
  shared ??= readIfscRegistry().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
