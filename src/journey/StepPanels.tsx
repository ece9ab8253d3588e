import { useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../engine/plan/adapter.ts';
import type { PanelRef } from '../../engine/plan/types.ts';
import { holds } from '../../engine/plan/conditions.ts';
import { panels } from './panels/registry.ts';

const NO_PARAMS: Record<string, unknown> = {};

/** The shared panels a step declares, in order, each while its condition holds. */
export function StepPanels({ refs, ...props }: StepPanelProps & { refs: PanelRef[] }) {
  const state = useSyncExternalStore(props.store.subscribe, props.store.getState);
  return (
    <>
      {refs
        .filter((ref) => holds(ref.when, state))
        .map((ref, index) => {
          const Panel = panels[ref.type];
          if (!Panel)
            throw new Error(`No shared panel '${ref.type}' (known: ${Object.keys(panels).join(', ')})`);
          return <Panel key={`${ref.type}-${index}`} {...props} params={ref.params ?? NO_PARAMS} />;
        })}
    </>
  );
}
