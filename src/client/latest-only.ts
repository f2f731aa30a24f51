// Server answers may arrive out of order; a panel shows only the newest one it asked for. A
// question asked on a timer waits for its answer before it is asked again.

export interface Latest<T> {
  /** Asks the server; the answer is shown unless a newer one was asked for meanwhile. */
  (): Promise<void>;
  /** Shows an answer got otherwise (a change's), dropping the reloads still on their way. */
  show(value: T): void;
}

/** Reloads whose answers never take the view back in time, whatever order they arrive in. */
export function latestOnly<T>(load: () => Promise<T>, show: (value: T) => void): Latest<T> {
  let asked = 0;
  const reload = async () => {
    const ticket = ++asked;
    const value = await load();
    if (ticket === asked) show(value);
  };
  return Object.assign(reload, {
    show: (value: T) => {
      asked++;
      show(value);
    },
  });
}

/** `ask`, never twice at once: asked while its last call is on its way, it does nothing. */
export function oneAtATime<A extends unknown[]>(ask: (...args: A) => Promise<void>) {
  let asking = false;
  return async (...args: A) => {
    if (asking) return;
    asking = true;
    try {
      await ask(...args);
    } finally {
      asking = false;
    }
  };
}
