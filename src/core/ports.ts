// The only ways core code reaches the outside world. Apps Script adapters (src/server), the
// emulator and unit-test fakes implement these; core code never touches a global service.

export interface HttpRequest {
  method: 'get' | 'post';
  url: string;
  headers: Record<string, string>;
  /** JSON text for a POST. */
  payload?: string;
}

export interface HttpResponse {
  /** HTTP status, or 0 when the request never got an answer (DNS, timeout, connection reset). */
  status: number;
  body: string;
}

export interface HttpPort {
  /**
   * Sends the requests concurrently, as `UrlFetchApp.fetchAll` does, and answers in the same
   * order. Never throws for an HTTP status or a network failure: those come back as responses.
   */
  fetchAll(requests: readonly HttpRequest[]): HttpResponse[];
}

export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks, as `Utilities.sleep` does. On the virtual clock it only advances time. */
  sleep(ms: number): void;
}

/** A durable string store (PropertiesService, a hidden sheet, or a Map in tests). */
export interface KeyValuePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
