/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  export interface AutocannonClient extends EventEmitter {
    setRequests(requests: AutocannonRequest[]): void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
    setupClient?: (client: AutocannonClient) => void;
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p97_5: number;
    p99: number;
    max: number;
  }

  export interface AutocannonResult {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    on(
      event: 'response',
      listener: (client: AutocannonClient, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
