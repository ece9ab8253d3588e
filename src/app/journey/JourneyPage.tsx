import { useEffect, useState } from 'react';
import type { PlanAdapter } from '../../../engine/plan/adapter.ts';
import type { LoadedPlan, PlanConfig } from '../../../engine/plan/types.ts';
import { adapters } from '../../adapters/registry.ts';
import { loadPlan } from '../planRegistry.ts';
import { BrandBar } from '../BrandBar.tsx';
import { PageLoadFailed } from '../PageLoadFailed.tsx';
import { Loader } from './Loader.tsx';
import { Journey } from './Journey.tsx';

/** Loads the plan's chunk, then runs its journey. */
export function JourneyPage({ config }: { config: PlanConfig }) {
  const [plan, setPlan] = useState<{ plan: LoadedPlan; adapter: PlanAdapter }>();
  const [error, setError] = useState<Error>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const loadAdapter = adapters[config.adapter];
    Promise.all([
      loadPlan(config),
      loadAdapter ? loadAdapter() : Promise.reject(new Error(`No adapter "${config.adapter}"`)),
    ]).then(
      ([loaded, adapter]) => live && setPlan({ plan: loaded, adapter }),
      (reason: unknown) => live && setError(reason instanceof Error ? reason : new Error(String(reason))),
    );
    return () => {
      live = false;
    };
  }, [config, attempt]);

  useEffect(() => {
    document.title = `${config.productName} — Bimaflow Life Insurance`;
  }, [config]);

  if (error) {
    return (
      <PageLoadFailed
        productName={config.productName}
        onRetry={() => {
          setError(undefined);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!plan) {
    return (
      <>
        <BrandBar />
        <Loader label={`Loading ${config.productName}`} />
      </>
    );
  }
  return <Journey plan={plan.plan} adapter={plan.adapter} />;
}
