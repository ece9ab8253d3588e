import { useCallback } from 'react';
import type { StepPanelProps } from '../../engine/plan/adapter.ts';
import type { PanelRef } from '../../engine/plan/types.ts';
import { holds } from '../../engine/plan/conditions.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { shallowEqual, useStoreSelector } from '../../engine/state/useStoreSelector.ts';
import { panels } from './panels/registry.tsx';

const NO_PARAMS: Record<string, unknown> = {};

/**
 * The shared panels a step declares, in order, each while its condition holds. It re-renders
 * only when a condition changes its answer; each panel reads its own slice of the application.
 */
export function StepPanels({ refs, ...props }: StepPanelProps & { refs: PanelRef[] }) {
  const shown = useStoreSelector(
    props.store,
    useCallback((state: ApplicationState) => refs.map((ref) => holds(ref.when, state)), [refs]),
    shallowEqual,
  );
  return (
    <>
      {refs
        .filter((_, index) => shown[index])
        .map((ref, index) => {
          const Panel = panels[ref.type];
          if (!Panel)
            throw new Error(`No shared panel '${ref.type}' (known: ${Object.keys(panels).join(', ')})`);
          return <Panel key={`${ref.type}-${index}`} {...props} params={ref.params ?? NO_PARAMS} />;
        })}
    </>
  );
}
