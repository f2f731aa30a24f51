// Rules for the API key that need no service: where it may be shown, and how it is shaped.

import { KEY_ANSWERS } from '../text/catalogue/sidebar/key-answers';
import type { CallOutcome } from './outcome';
import { keyRedactor, type Redact } from './redaction';

/** Characters a mask shows at each end: a sixth of the key, at most 4, so never over a third. */
const MASK_END_SHARE = 6;
const MASK_END_MAX = 4;

/**
 * Shows enough to recognise a key and never enough to guess it: "ab…kl" for 12 characters,
 * "sk_l…9f3a" from 24 on. A key under 6 characters shows none of them.
 */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  const shown = Math.min(MASK_END_MAX, Math.floor(trimmed.length / MASK_END_SHARE));
  if (shown === 0) return '•'.repeat(trimmed.length);
  return `${trimmed.slice(0, shown)}…${trimmed.slice(-shown)}`;
}

let lastRedactor: { key: string; redact: Redact } | null = null;

/**
 * Hides the key in a text that may reach a cell, a log, a note or the sidebar, in any form a
 * server can echo it (see redaction.ts): any letter case, base64, URI or JSON escapes, zero-width
 * characters, or any 8 consecutive characters of it.
 */
export function redactKey(text: string, key: string | null | undefined): string {
  const secret = key?.trim() ?? '';
  if (lastRedactor?.key !== secret) lastRedactor = { key: secret, redact: keyRedactor(secret) };
  return lastRedactor.redact(text);
}

/** A pasted key often carries spaces or a "Bearer " prefix copied from a docs page. */
export function cleanPastedKey(raw: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim().replace(/^bearer\s+/i, '');
  if (!key) return { ok: false, message: KEY_ANSWERS.pasteFirst.text };
  if (/\s/.test(key)) return { ok: false, message: KEY_ANSWERS.noSpaces.text };
  if (key.length < 8 || key.length > 512) return { ok: false, message: KEY_ANSWERS.notAKey.text };
  return { ok: true, key };
}

/**
 * What a test lookup says of a new key: the API knew it (an answer, or "no credits left", which it
 * says only of an account it knows), refused it (401), or said nothing either way (the call failed
 * before the API could tell: network, 429, 5xx, Google's refusal to send).
 */
export function newKeyVerdict(outcome: CallOutcome): 'works' | 'refused' | 'untested' {
  if (outcome.kind !== 'failed' || outcome.error.code === 'insufficient_credits') return 'works';
  return outcome.error.code === 'unauthorized' ? 'refused' : 'untested';
}
