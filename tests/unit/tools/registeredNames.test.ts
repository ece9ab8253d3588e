import { proposalLookups } from '../../../src/app/proposal/proposalLookups.ts';
import type { ApiClient } from '../../../src/api/apiClient.ts';
import { getDefaultRegistry } from '@rjsf/core';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { adapters } from '../../../src/adapters/registry.ts';
import { createLookups } from '../../../src/journey/lookups.ts';
import type { JourneyServices } from '../../../src/journey/JourneyServices.ts';
import lookupNames from '../../../src/journey/lookupNames.json' with { type: 'json' };
import panelNames from '../../../src/journey/panels/panelNames.json' with { type: 'json' };
import { panelComponents } from '../../../src/journey/panels/panelComponents.ts';
import { landingPanels, panels } from '../../../src/journey/panels/registry.tsx';
import registeredNames from '../../../tools/lib/registeredNames.json' with { type: 'json' };
import { widgets } from '../../../widgets/registry.ts';
import { proposalFields as fields } from '../../../widgets/proposal/registry.ts';

/*
 * plans:validate runs in Node without React, so it reads the names of the React registries
 * from JSON lists. These tests prove each list equal to its registry: a widget, panel, lookup
 * or adapter guard registered without its name in the list (or the reverse) fails here.
 */
const sorted = (names: Iterable<string>) => [...names].sort();
const TYPES = ['string', 'number', 'integer', 'boolean', 'array'] as const;

describe('the name lists plans:validate reads equal their registries', () => {
  it('widgets: every registered widget is listed, and every listed name resolves to a widget', () => {
    const registered = { ...getDefaultRegistry().widgets, ...widgets };
    expect(registeredNames.widgets).toEqual(expect.arrayContaining(Object.keys(registered)));
    for (const name of registeredNames.widgets) {
      const resolves = TYPES.some((type) => {
        try {
          return Boolean(getWidget({ type } as RJSFSchema, name, registered));
        } catch {
          return false;
        }
      });
      expect(resolves, `${name} resolves to no widget`).toBe(true);
    }
  });

  it('fields: widgets/proposal/registry.ts’s and RJSF’s own', () => {
    expect(sorted(registeredNames.fields)).toEqual(
      sorted(Object.keys({ ...getDefaultRegistry().fields, ...fields })),
    );
  });

  it('panels: src/journey/panels/panelNames.json lists src/journey/panels/panelComponents.ts', () => {
    expect(sorted(panelNames)).toEqual(sorted(Object.keys({ ...panelComponents, ...landingPanels })));
    // The registry the journey renders from offers each of them (loaded on first use).
    expect(sorted(Object.keys(panels))).toEqual(sorted(panelNames));
  });

  it('lookups: src/journey/lookupNames.json lists the lookups the journey and the proposal page create', () => {
    const lookups = { ...createLookups({} as JourneyServices), ...proposalLookups({} as ApiClient) };
    expect(sorted(lookupNames)).toEqual(sorted(Object.keys(lookups)));
  });

  it('adapters: every adapter with the guards and actions its machine adds', async () => {
    expect(sorted(Object.keys(registeredNames.adapters))).toEqual(sorted(Object.keys(adapters)));
    for (const [name, load] of Object.entries(adapters)) {
      const adapter = await load();
      const listed = (registeredNames.adapters as Record<string, { guards: string[]; actions: string[] }>)[
        name
      ]!;
      expect(sorted(listed.guards)).toEqual(sorted(Object.keys(adapter.machine?.guards ?? {})));
      expect(sorted(listed.actions)).toEqual(sorted(Object.keys(adapter.machine?.actions ?? {})));
    }
  });
});
