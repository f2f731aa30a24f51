// The page's requests to the playground server. Every answer carries the workbook's state for the
// rows the page shows, so each request names them (`?top=&rows=`).
import type { RowWindow, WorkbookState } from '../state';
import { toast } from './dom';

let rowWindow: RowWindow = { top: 1, rows: 60 };
/** Requests that change the sheet; polling waits while any is in flight so it cannot undo them. */
let changing = 0;

/** The rows the next answers should carry. */
export function askForRows(next: RowWindow): void {
  rowWindow = next;
}

export function changesInFlight(): number {
  return changing;
}

async function request<T>(path: string, body?: unknown): Promise<T> {
  const url = `${path}?top=${rowWindow.top}&rows=${rowWindow.rows}`;
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `HTTP ${response.status}`);
  return answer;
}

export function fetchState(): Promise<WorkbookState> {
  return request<WorkbookState>('/api/state');
}

/**
 * A request that changes the workbook; answers the server's reply (the new state and any extra
 * fields), or null after showing its error. `data-busy` on the body says one is running (tests
 * wait on it).
 */
export async function change<T = object>(
  path: string,
  body: unknown = {},
): Promise<(T & { state: WorkbookState }) | null> {
  changing++;
  document.body.dataset.busy = 'true';
  try {
    return await request<T & { state: WorkbookState }>(path, body);
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error));
    return null;
  } finally {
    changing--;
    if (changing === 0) delete document.body.dataset.busy;
  }
}

/**
 * Tells the server the selection (what the add-on will see as its active range), one request at a
 * time and only the latest: a burst of arrow keys costs two requests, in order.
 */
let selectionInFlight = false;
let selectionWaiting: string | null = null;
export function sendSelection(a1: string): void {
  selectionWaiting = a1;
  if (selectionInFlight) return;
  selectionInFlight = true;
  const next = selectionWaiting;
  selectionWaiting = null;
  request('/api/select', { a1: next })
    .catch(() => undefined)
    .finally(() => {
      selectionInFlight = false;
      if (selectionWaiting !== null) sendSelection(selectionWaiting);
    });
}
