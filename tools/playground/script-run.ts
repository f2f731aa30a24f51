// google.script.run for the add-on's HTML outside Apps Script: each call becomes a POST to /rpc,
// which runs the top-level function in the emulator. Injected into the sidebar before its own script.

const MESSAGE_SOURCE = 'enrich-playground';

/**
 * Runs in the sidebar's frame, serialized with toString(): it may use only browser globals and its
 * own parameter. Written as a function, not a string, so the compiler checks it.
 */
function installScriptRun(source: string): void {
  type Handler = ((value: unknown, userObject?: unknown) => void) | null;
  interface Chain {
    readonly success: Handler;
    readonly failure: Handler;
    readonly userObject: unknown;
  }
  // Tells the playground page that the add-on may have changed the sheet, or asked to close.
  const tell = (type: string) => {
    if (window.parent !== window) window.parent.postMessage({ source, type }, window.location.origin);
  };
  const fail = (chain: Chain, error: Error) => {
    if (chain.failure) chain.failure(error, chain.userObject);
    else console.error(error);
  };
  const call = (chain: Chain, name: string, args: unknown[]) => {
    fetch('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, args }),
    })
      .then(async (response) => {
        const body = (await response.json()) as { value?: unknown; message?: string };
        if (response.ok) chain.success?.(body.value, chain.userObject);
        else fail(chain, new Error(body.message ?? `The call failed (HTTP ${response.status}).`));
      })
      .catch((error: unknown) => fail(chain, error instanceof Error ? error : new Error(String(error))))
      .finally(() => tell('rpc-done'));
  };
  // Each with...() answers a new runner, as in Apps Script, so a configured runner can be reused.
  const runner = (chain: Chain): unknown =>
    new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'withSuccessHandler') return (h: Handler) => runner({ ...chain, success: h });
          if (property === 'withFailureHandler') return (h: Handler) => runner({ ...chain, failure: h });
          if (property === 'withUserObject') return (o: unknown) => runner({ ...chain, userObject: o });
          // Not a thenable: `await google.script.run` must not look like a promise.
          if (typeof property !== 'string' || property === 'then') return undefined;
          return (...args: unknown[]) => {
            call(chain, property, args);
          };
        },
      },
    );
  const noop = () => undefined;
  (window as unknown as { google: unknown }).google = {
    script: {
      run: runner({ success: null, failure: null, userObject: undefined }),
      host: { close: () => tell('close'), setHeight: noop, setWidth: noop, editor: { focus: noop } },
    },
  };
}

const SCRIPT_TAG = `<script>(${installScriptRun.toString()})(${JSON.stringify(MESSAGE_SOURCE)});</script>`;

/** The HTML with the bridge as the first script of its head, so it exists before the add-on's code runs. */
export function withScriptRun(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return SCRIPT_TAG + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + SCRIPT_TAG + html.slice(at);
}

export { MESSAGE_SOURCE };
