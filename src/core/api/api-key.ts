// Rules for the API key that need no service: where it may be shown, and how it is shaped.

/** Shows enough to recognise a key and never enough to use it: "sk_live…9f3a". */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length <= 8) return '•'.repeat(trimmed.length);
  return `${trimmed.slice(0, 4)}…${trimmed.slice(-4)}`;
}

/** Removes every occurrence of the key from a text that may reach a cell, a log or the sidebar. */
export function redactKey(text: string, key: string | null | undefined): string {
  const secret = key?.trim();
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[API key]');
}

/** A pasted key often carries spaces or a "Bearer " prefix copied from a docs page. */
export function cleanPastedKey(raw: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim().replace(/^bearer\s+/i, '');
  if (!key)
    return { ok: false, message: 'Paste your API key first (account dashboard > Settings > API Key).' };
  if (/\s/.test(key))
    return { ok: false, message: 'An API key has no spaces: copy it again from the dashboard.' };
  if (key.length < 8 || key.length > 512)
    return { ok: false, message: 'This does not look like an API key.' };
  return { ok: true, key };
}
