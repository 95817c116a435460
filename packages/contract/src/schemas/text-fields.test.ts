import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Messages } from '../messages.js';
import { Routes } from '../routes/index.js';
import { controlCharCheck, noControlChars, textField } from './common.js';

/** Passwords: hashed, never stored as text (common.ts). */
const EXEMPT = new Set(['password', 'password_confirmation', 'old_password', 'current_password']);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema that reads raw request input, with its path, and the checks it carries. */
function textLeaves(schema: z.ZodType, path: string, out: { path: string; checks: unknown[] }[]) {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push({ path, checks: def.checks ?? [] });
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape!))
        if (!EXEMPT.has(key)) textLeaves(value, `${path}.${key}`, out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      textLeaves(def.innerType!, path, out);
      return;
    case 'array':
      textLeaves(def.element!, `${path}[]`, out);
      return;
    case 'union':
      def.options!.forEach((o, i) => textLeaves(o, `${path}|${i}`, out));
      return;
    case 'intersection':
      textLeaves(def.left!, path, out);
      textLeaves(def.right!, path, out);
      return;
    case 'pipe':
      // The side that sees the raw input: a preprocess's target, else the pipe's input.
      textLeaves(defOf(def.in!).type === 'transform' ? def.out! : def.in!, path, out);
      return;
    default:
      return; // numbers, booleans, literals, enums: no text
  }
}

describe('the control-character rule (issue 20)', () => {
  it('is on every text field of every route: body, form, query and params', () => {
    const leaves: { path: string; checks: unknown[] }[] = [];
    for (const [name, route] of Object.entries(Routes))
      for (const part of ['params', 'query', 'body', 'form'] as const) {
        const schema = (route as Partial<Record<typeof part, z.ZodType>>)[part];
        if (schema) textLeaves(schema, `${name}.${part}`, leaves);
      }
    const missing = leaves
      .filter((l) => !l.checks.includes(controlCharCheck.line) && !l.checks.includes(controlCharCheck.lines))
      .map((l) => l.path);
    expect(missing).toEqual([]);
    expect(leaves.length).toBeGreaterThan(20);
  });

  it('single-line text refuses every C0 character and DEL; multi-line text allows tab and line breaks', () => {
    const line = textField('line');
    const lines = textField('lines');
    for (const c of ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\t', '\n', '\r'])
      expect(line.safeParse(`a${c}b`).error?.issues[0]?.message, JSON.stringify(c)).toBe(Messages.controlCharacters);
    for (const c of ['\u0000', '\u0001', '\u000b', '\u000c', '\u001b', '\u007f'])
      expect(lines.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    expect(lines.parse('first line\r\nsecond\tline')).toBe('first line\r\nsecond\tline');
    expect(line.parse('  Ada Lovelace  ')).toBe('Ada Lovelace');
    expect(noControlChars('naïve café — ok 🎉', 'line')).toBe(true);
  });
});
