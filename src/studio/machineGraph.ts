/*
 * A plan's journey machine as the studio draws it (issue 22): each state with the step it
 * shows, each transition with its event and whether a guard decides it, and the states no path
 * from the first one reaches (flagged: a step nobody can get to). Read off the composed
 * machine.json (XState's configuration: targets as '.child' from the machine's own `on`, a
 * sibling's name, or '#id.state').
 */

export interface MachineNode {
  id: string;
  /** The step or popup the state shows, if any (its meta.step). */
  step?: string;
  route?: string;
  reachable: boolean;
}

export interface MachineEdge {
  from: string;
  to: string;
  event: string;
  guarded: boolean;
}

export interface MachineGraph {
  initial: string;
  nodes: MachineNode[];
  edges: MachineEdge[];
  /** Targets naming no state (plans:validate refuses these too). */
  unknownTargets: { from: string; event: string; target: string }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The transitions of one `on` map (or `always`), as [event, target, guarded]. */
function transitions(on: unknown, event?: string): [string, string, boolean][] {
  const found: [string, string, boolean][] = [];
  const one = (name: string, transition: unknown) => {
    if (typeof transition === 'string') found.push([name, transition, false]);
    else if (Array.isArray(transition)) transition.forEach((item) => one(name, item));
    else if (isObject(transition) && typeof transition.target === 'string')
      found.push([name, transition.target, transition.guard !== undefined]);
  };
  if (event !== undefined) one(event, on);
  else if (isObject(on)) for (const [name, transition] of Object.entries(on)) one(name, transition);
  return found;
}

export function machineGraph(machine: unknown): MachineGraph {
  const config = isObject(machine) ? machine : {};
  const states = isObject(config.states) ? config.states : {};
  const names = Object.keys(states);
  const id = typeof config.id === 'string' ? config.id : '';
  const initial = typeof config.initial === 'string' ? config.initial : (names[0] ?? '');
  const resolve = (target: string): string | undefined => {
    const name = target.startsWith('.')
      ? target.slice(1)
      : target.startsWith(`#${id}.`)
        ? target.slice(id.length + 2)
        : target;
    return names.includes(name) ? name : undefined;
  };
  const edges: MachineEdge[] = [];
  const unknownTargets: MachineGraph['unknownTargets'] = [];
  const add = (from: string, [event, target, guarded]: [string, string, boolean]) => {
    const to = resolve(target);
    if (to) edges.push({ from, to, event, guarded });
    else unknownTargets.push({ from, event, target });
  };
  // The machine's own transitions can be taken from any state.
  for (const transition of transitions(config.on)) add('*', transition);
  for (const transition of transitions(config.always, 'always')) add('*', transition);
  for (const [name, state] of Object.entries(states)) {
    if (!isObject(state)) continue;
    for (const transition of transitions(state.on)) add(name, transition);
    for (const transition of transitions(state.always, 'always')) add(name, transition);
  }
  const reached = new Set<string>([initial]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of edges) {
      if ((edge.from === '*' || reached.has(edge.from)) && !reached.has(edge.to)) {
        reached.add(edge.to);
        grew = true;
      }
    }
  }
  const nodes = names.map((name) => {
    const state = states[name];
    const meta = isObject(state) && isObject(state.meta) ? state.meta : {};
    return {
      id: name,
      ...(typeof meta.step === 'string' ? { step: meta.step } : {}),
      ...(typeof meta.route === 'string' ? { route: meta.route } : {}),
      reachable: reached.has(name),
    };
  });
  return { initial, nodes, edges, unknownTargets };
}
