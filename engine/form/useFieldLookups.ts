import { useEffect, useMemo, useRef, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import { valueAt, type LookupFunction, type LookupRule } from './fieldLookups.ts';

type Fills = (path: string[], values: Record<string, unknown>) => void;

function errorSchemaOf(messages: Record<string, string>): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    let node = schema;
    for (const part of key.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [message];
  }
  return schema as ErrorSchema;
}

/**
 * Runs the step's declarative lookups (see fieldLookups.ts) as the visitor types: each
 * complete value is looked up once, after its delay; a stale answer (the value changed
 * meanwhile) is dropped. Returns the lookup messages as RJSF extra errors.
 */
export function useFieldLookups(
  rules: LookupRule[],
  formData: unknown,
  lookups: Record<string, LookupFunction> | undefined,
  fill: Fills,
): ErrorSchema | undefined {
  const [messages, setMessages] = useState<Record<string, string>>({});
  const looked = useRef<Record<string, string>>({});
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  useEffect(() => {
    for (const rule of rules) {
      const key = rule.path.join('.');
      const raw = valueAt(formData, rule.path);
      const value = raw === undefined || raw === null ? '' : String(raw);
      if (looked.current[key] === value) continue;
      looked.current[key] = value;
      clearTimeout(timers.current[key]);
      setMessages(({ [key]: _dropped, ...rest }) => rest);
      const parent = rule.path.slice(0, -1);
      const filled = rule.fills.some((field) => valueAt(formData, [...parent, field]) !== undefined);
      const empty = Object.fromEntries(rule.fills.map((field) => [field, undefined]));
      if (!rule.when.test(value)) {
        if (filled) fill(rule.path, empty);
        continue;
      }
      const lookup = lookups?.[rule.name];
      if (!lookup) continue;
      const fail = () => {
        if (looked.current[key] !== value) return;
        fill(rule.path, empty);
        setMessages((current) => ({ ...current, [key]: rule.message }));
      };
      timers.current[key] = setTimeout(() => {
        lookup(value).then((result) => {
          if (looked.current[key] !== value) return;
          if (!result) return fail();
          fill(rule.path, Object.fromEntries(rule.fills.map((field) => [field, result[field]])));
        }, fail);
      }, rule.delayMs);
    }
  }, [rules, formData, lookups, fill]);

  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach(clearTimeout);
  }, []);

  return useMemo(() => (Object.keys(messages).length ? errorSchemaOf(messages) : undefined), [messages]);
}
