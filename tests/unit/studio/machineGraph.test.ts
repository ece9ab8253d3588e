import { describe, expect, it } from 'vitest';
import { listPlanCodes, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { machineGraph } from '../../../src/studio/machineGraph.ts';

/* The plan's machine as the studio draws it (issue 22): unreachable states and unknown targets flagged. */
describe("a plan's machine as a graph", () => {
  it.each(listPlanCodes())(
    '%s: every state of its steps is reached from the first, every target known',
    (code) => {
      const graph = machineGraph(readPlanFiles(code)['machine.json']);
      expect(graph.unknownTargets).toEqual([]);
      expect(graph.nodes.filter((node) => node.step && !node.reachable)).toEqual([]);
      expect(graph.nodes.find((node) => node.id === graph.initial)?.step).toBe('basic-details');
      const [, second] = Object.keys((readPlanFiles(code)['plan.json'] as { steps: object }).steps);
      const next = graph.edges.find((edge) => edge.from === graph.initial && edge.event === 'NEXT');
      expect(graph.nodes.find((node) => node.id === next?.to)?.step).toBe(second);
    },
  );

  it('flags a state no transition leads to, and a target that names no state', () => {
    const graph = machineGraph({
      id: 'x',
      initial: 'first',
      on: { NAVIGATE: [{ guard: 'routeIs', target: '.second' }] },
      states: {
        first: { meta: { step: 'first' }, on: { NEXT: 'second' } },
        second: { meta: { step: 'second' }, on: { NEXT: { target: 'nowhere' }, BACK: '#x.first' } },
        orphan: { meta: { step: 'orphan', route: 'orphan' } },
      },
    });
    expect(graph.nodes).toEqual([
      { id: 'first', step: 'first', reachable: true },
      { id: 'second', step: 'second', reachable: true },
      { id: 'orphan', step: 'orphan', route: 'orphan', reachable: false },
    ]);
    expect(graph.unknownTargets).toEqual([{ from: 'second', event: 'NEXT', target: 'nowhere' }]);
    expect(graph.edges).toContainEqual({ from: '*', to: 'second', event: 'NAVIGATE', guarded: true });
    expect(graph.edges).toContainEqual({ from: 'second', to: 'first', event: 'BACK', guarded: false });
  });
});
