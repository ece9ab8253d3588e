import type { Browser, Page } from 'playwright-core';

/*
 * Where a page's main thread spends the time to its first field: a Chromium performance trace
 * (the DevTools timeline categories) of one throttled load, summarised the way Lighthouse's
 * "main-thread work breakdown" does it: each trace event's self time (its duration less its
 * children's) goes to a group by the event's name; script time is also attributed to the script
 * file it ran by V8's sampling profiler (recorded in the same trace); and every task of 30 ms
 * and more is listed, in time order, with what took most of it.
 */

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
}

const GROUPS: Array<[string, RegExp]> = [
  [
    'script evaluation',
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.callFunction|v8\.run|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|V8\.Execute|v8\.newInstance|XHRReadyStateChange|XHRLoad|HandlePostMessage|V8Console::runTask)$/,
  ],
  [
    'script parse & compile',
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|V8\.CompileLazy|v8\.parseOnBackground|v8\.produceCache|v8\.produceModuleCache|v8\.deserializeOnBackground|CacheScript|CacheModule|V8\.ScriptCompiler|v8\.compileEval|V8\.ParseFunction|V8\.ParseProgram|v8\.wasm.*)$/,
  ],
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC.*|BlinkGC\..*|GCEvent|ThreadState::.*|CppGC\..*)$/],
  [
    'style & layout',
    /^(UpdateLayoutTree|RecalculateStyles|Layout|ScheduleStyleRecalculation|InvalidateLayout|LayoutShift|IntersectionObserverController::computeIntersections|UpdateLayerTree)$/,
  ],
  [
    'paint & composite',
    /^(Paint|PaintImage|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintSetup|RasterTask|Decode.*|ImageDecodeTask)$/,
  ],
  ['HTML & CSS parse', /^(ParseHTML|ParseAuthorStyleSheet)$/],
];

function groupOf(name: string): string {
  // The task itself (RunTask's own time, outside any event inside it) is "other".
  if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') return 'other';
  for (const [group, pattern] of GROUPS) if (pattern.test(name)) return group;
  return 'other';
}

export interface TraceSummary {
  /** The window summarised: navigation start to the first field, ms. */
  windowMs: number;
  /** Main-thread time inside tasks in the window, ms. */
  busyMs: number;
  /** When the last JS file asked for before the field had arrived, ms after navigation start. */
  jsArrivedMs: number;
  /** Main-thread time inside tasks from then to the first field, ms (the rest of that span it was idle). */
  busyAfterJsMs: number;
  /** Evaluating scripts and module graphs (EvaluateScript, v8.evaluateModule: the code's top level), ms. */
  topLevelMs: number;
  groups: Array<{ group: string; ms: number }>;
  /** Tasks of 30 ms and more in the window, in time order. */
  tasks: Array<{ startMs: number; durationMs: number; top: string; url?: string }>;
  /**
   * JS self time by script file in the window, from the V8 sampling profiler in the trace
   * (`(program)`, `(garbage collector)` and the page's own probe, which has no file, by name).
   */
  profile: Array<{ url: string; ms: number }>;
  /** Script evaluation self time in the window, all files. */
  scriptMs: number;
  compileMs: number;
}

interface Node {
  event: TraceEvent;
  end: number;
  childTime: number;
}

/**
 * Traces one load (`load` does it, between the start and stop of the trace) and summarises the
 * renderer main thread from navigation start to `untilMs` (the first field, ms after navigation).
 */
export async function traceLoad(
  browser: Browser,
  load: (hooks: {
    before: (page: Page) => Promise<void>;
    after: (page: Page) => Promise<void>;
  }) => Promise<{ untilMs: number; jsArrivedMs: number }>,
): Promise<TraceSummary> {
  let trace: Buffer | undefined;
  const { untilMs, jsArrivedMs } = await load({
    before: (page) => browser.startTracing(page, { categories: TRACE_CATEGORIES.split(',') }),
    after: async () => {
      trace = await browser.stopTracing();
    },
  });
  if (!trace) throw new Error('the trace was not taken');
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  return summarise(events, untilMs, jsArrivedMs);
}

const TOP_LEVEL = new Set(['EvaluateScript', 'v8.evaluateModule']);

export function summarise(events: TraceEvent[], untilMs: number, jsArrivedMs: number): TraceSummary {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  // The page's renderer: the main thread that ran its navigation (the last navigationStart of a
  // real document, not about:blank).
  const navigations = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      mains.some((m) => m.pid === e.pid && m.tid === e.tid) &&
      /^https?:/.test(String(e.args?.data?.documentLoaderURL ?? '')),
  );
  const navigation = navigations.at(-1);
  if (!navigation) throw new Error('the trace has no navigationStart of the page');
  const { pid, tid } = navigation;
  const start = navigation.ts;
  const end = start + untilMs * 1000;
  const thread = events
    .filter((e) => e.pid === pid && e.tid === tid && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  // B/E pairs made complete; then a stack walk gives each event's parent.
  const complete: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const e of thread) {
    if (e.ph === 'X') complete.push(e);
    else if (e.ph === 'B') open.push(e);
    else {
      const begin = open.pop();
      if (begin) complete.push({ ...begin, ph: 'X', dur: e.ts - begin.ts });
    }
  }
  complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const samples = profileSamples(events, pid);
  const clip = (from: number, to: number) => Math.max(0, Math.min(to, end) - Math.max(from, start));
  const groupTime = new Map<string, number>();
  const tasks: Array<{ event: TraceEvent; self: Map<string, number> }> = [];
  const stack: Node[] = [];
  let busy = 0;
  let busyAfterJs = 0;
  let topLevel = 0;
  const jsArrived = start + jsArrivedMs * 1000;
  const close = (node: Node) => {
    if (TOP_LEVEL.has(node.event.name) && !stack.some((outer) => TOP_LEVEL.has(outer.event.name))) {
      topLevel += clip(node.event.ts, node.end);
    }
    const self = Math.max(0, clip(node.event.ts, node.end) - node.childTime);
    const group = groupOf(node.event.name);
    groupTime.set(group, (groupTime.get(group) ?? 0) + self);
    const task = tasks.at(-1);
    task?.self.set(group, (task.self.get(group) ?? 0) + self);
    const parent = stack.at(-1);
    if (parent) parent.childTime += clip(node.event.ts, node.end);
  };
  for (const event of complete) {
    const eventEnd = event.ts + (event.dur ?? 0);
    while (stack.length && stack.at(-1)!.end <= event.ts) close(stack.pop()!);
    if (eventEnd <= start || event.ts >= end) continue;
    const isTask = event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
    if (stack.length === 0) {
      if (!isTask) continue; // only what runs inside a task is the main thread's work
      busy += clip(event.ts, eventEnd);
      busyAfterJs += Math.max(0, Math.min(eventEnd, end) - Math.max(event.ts, jsArrived));
      tasks.push({ event, self: new Map() });
    }
    stack.push({ event, end: eventEnd, childTime: 0 });
  }
  while (stack.length) close(stack.pop()!);

  const ms = (us: number) => us / 1000;
  const groups = [...groupTime].map(([group, us]) => ({ group, ms: ms(us) })).sort((a, b) => b.ms - a.ms);
  const pick = (name: string) => groups.find((g) => g.group === name)?.ms ?? 0;
  return {
    windowMs: untilMs,
    busyMs: ms(busy),
    jsArrivedMs,
    busyAfterJsMs: ms(busyAfterJs),
    topLevelMs: ms(topLevel),
    groups,
    tasks: tasks
      .filter((task) => (task.event.dur ?? 0) >= 30_000)
      .map((task) => ({
        startMs: ms(task.event.ts - start),
        durationMs: ms(task.event.dur ?? 0),
        top: [...task.self].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other',
        url: byUrl(samples, task.event.ts, task.event.ts + (task.event.dur ?? 0))[0]?.url,
      }))
      .sort((a, b) => a.startMs - b.startMs),
    profile: byUrl(samples, start, end),
    scriptMs: pick('script evaluation'),
    compileMs: pick('script parse & compile'),
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; scriptId: number | string };
}

interface Sample {
  at: number;
  duration: number;
  key: string;
}

/** The renderer's JS samples (V8's sampling profiler in the trace), each with its script file. */
function profileSamples(events: TraceEvent[], pid: number): Sample[] {
  interface Profile {
    startTime: number;
    nodes: Map<number, ProfileNode>;
    samples: number[];
    deltas: number[];
  }
  const byId = new Map<string, Profile>();
  for (const event of events) {
    if (event.pid !== pid || (event.name !== 'Profile' && event.name !== 'ProfileChunk')) continue;
    const id = String((event as TraceEvent & { id?: string }).id);
    const data = (event.args?.data ?? {}) as {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    const profile: Profile = byId.get(id) ?? { startTime: 0, nodes: new Map(), samples: [], deltas: [] };
    byId.set(id, profile);
    if (event.name === 'Profile') profile.startTime = data.startTime ?? event.ts;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data.timeDeltas ?? []));
  }
  const samples: Sample[] = [];
  for (const profile of byId.values()) {
    let time = profile.startTime;
    const times = profile.deltas.map((delta) => (time += delta));
    for (let index = 0; index < profile.samples.length; index++) {
      const frame = profile.nodes.get(profile.samples[index]!)?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      const at = times[index]!;
      samples.push({
        at,
        duration: (times[index + 1] ?? at) - at,
        key:
          frame.url ||
          (frame.functionName.startsWith('(')
            ? frame.functionName
            : "(no file: the bench's probe doing the field frame's style & layout, or new Function code)"),
      });
    }
  }
  return samples;
}

/** Sampled self time by script file between `start` and `end` (trace µs), most first. */
function byUrl(samples: Sample[], start: number, end: number): Array<{ url: string; ms: number }> {
  const total = new Map<string, number>();
  for (const sample of samples) {
    if (sample.at >= start && sample.at < end)
      total.set(sample.key, (total.get(sample.key) ?? 0) + sample.duration);
  }
  return [...total].map(([url, us]) => ({ url, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
}
