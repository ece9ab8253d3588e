import { GENERIC_ACTION_NAMES } from '../../engine/machine/createJourneyMachine.ts';
import { GENERIC_GUARD_NAMES } from '../../engine/machine/guards.ts';
import lookupNames from '../../src/journey/lookupNames.json' with { type: 'json' };
import panelNames from '../../src/journey/panels/panelNames.json' with { type: 'json' };
import { calculators } from '../../src/pricing/calculators.ts';
import registeredNames from './registeredNames.json' with { type: 'json' };

/**
 * The names plan JSON may use, by registry. Guards, actions and calculators are read from
 * their code (plain modules); the React registries from JSON lists a unit test proves equal
 * to them: widgets, fields and adapters from ./registeredNames.json, panels and lookups from
 * the lists beside their registries in src/journey/.
 */
export interface Registries {
  guards: readonly string[];
  actions: readonly string[];
  /** Calculator name -> what plans:validate needs of it. */
  calculators: Record<string, RegisteredCalculator>;
  widgets: readonly string[];
  fields: readonly string[];
  lookups: readonly string[];
  panels: readonly string[];
  /** Adapter name -> the guards and actions it adds to its plan's machine. */
  adapters: Record<string, { guards: readonly string[]; actions: readonly string[] }>;
}

export interface RegisteredCalculator {
  /** The basis file it reads from the plan folder. */
  basisFile: string;
  /** JSON Schema of that file, when the calculator declares one. */
  basisSchema?: Record<string, unknown>;
}

/** Where each registry lives, for messages that send an analyst (or a developer) to it. */
export const REGISTRY_FILES = {
  guards: 'engine/machine/guards.ts (or the plan adapter’s machine guards)',
  actions: 'engine/machine/createJourneyMachine.ts (or the plan adapter’s machine actions)',
  calculators: 'src/pricing/calculators.ts',
  widgets: 'widgets/registry.ts',
  fields: 'widgets/proposal/registry.ts (proposalFields), or RJSF’s own',
  lookups: 'src/journey/lookups.ts and src/app/proposal/proposalLookups.ts',
  panels: 'src/journey/panels/registry.tsx',
  adapters: 'src/adapters/registry.ts',
} as const;

export function defaultRegistries(): Registries {
  return {
    guards: GENERIC_GUARD_NAMES,
    actions: GENERIC_ACTION_NAMES,
    calculators: Object.fromEntries(
      Object.entries(calculators as Record<string, RegisteredCalculator>).map(([name, calculator]) => [
        name,
        { basisFile: calculator.basisFile, basisSchema: calculator.basisSchema },
      ]),
    ),
    widgets: registeredNames.widgets,
    fields: registeredNames.fields,
    lookups: lookupNames,
    panels: panelNames,
    adapters: registeredNames.adapters,
  };
}
