import { describe, expect, it } from 'vitest';
import {
  indexIfscRegistry,
  readIfscRegistry,
  type IfscRegistryFile,
} from '../../../../../src/server/api/ifsc/ifscRegistry.ts';

const FILE: IfscRegistryFile = {
  source: { package: 'ifsc', version: '0.0.0', integrity: 'sha512-test', licence: 'MIT' },
  banks: { SBIN: [1, 1234, '000BGL'], HDFC: ['CAACOB', 'CBANK1', 'CNAMED', 1] },
  bankNames: {
    SBIN: 'State Bank of India',
    HDFC: 'HDFC Bank',
    AACX: 'Akhand Anand Co.op Bank',
    XYZX: 'Xyz Bank',
  },
  sublets: { HDFC0CAACOB: 'AACX' },
  customSublets: { HDFC0C: 'XYZX', HDFC0CN: 'Named Co-operative Bank' },
};

describe('IFSC registry index', () => {
  const registry = indexIfscRegistry(FILE);
  const bank = (ifsc: string) => registry.lookup(ifsc)?.bank;

  it('knows numeric branch codes zero-padded to six digits, and lettered ones as they are', () => {
    expect(bank('SBIN0000001')).toBe('State Bank of India');
    expect(bank('SBIN0001234')).toBe('State Bank of India');
    expect(bank('SBIN0000BGL')).toBe('State Bank of India');
    expect(registry.lookup('SBIN0001234')).toEqual({
      ifsc: 'SBIN0001234',
      bank: 'State Bank of India',
      bankCode: 'SBIN',
      branch: null,
      address: null,
      city: null,
      district: null,
      state: null,
    });
  });

  it('lists nothing else: another branch, another bank, or a code of the wrong shape', () => {
    for (const code of [
      'SBIN0000002',
      'SBIN0012340',
      'ICIC0000001',
      'sbin0000001',
      'SBIN1000001',
      'SBIN000001',
    ]) {
      expect(registry.lookup(code), code).toBeUndefined();
    }
  });

  it('names a sublet’s bank: the exact sublet, then the longest prefix (a code or a name), then the IFSC’s bank', () => {
    expect(bank('HDFC0CAACOB')).toBe('Akhand Anand Co.op Bank');
    expect(bank('HDFC0CNAMED')).toBe('Named Co-operative Bank');
    expect(bank('HDFC0CBANK1')).toBe('Xyz Bank');
    expect(bank('HDFC0000001')).toBe('HDFC Bank');
  });

  it('reads the registry kept in the repository', async () => {
    const kept = await readIfscRegistry();
    expect(kept.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(kept.lookup('SBIN0001234')?.bank).toBe('State Bank of India');
  });
});
