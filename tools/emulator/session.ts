// Session: who runs the script and in which time zone.
//
// Verified: Session.getActiveUser() throws "You do not have permission to call
// Session.getActiveUser. Required permissions: .../userinfo.email" in a time-driven trigger, and a
// custom function runs without a user; getScriptTimeZone() works everywhere.
// Assumed (SE1 of docs/platform-assumptions.md): getEffectiveUser() is refused in a custom function
// as well.

import type { Runtime } from './runtime';

export class FakeUser {
  readonly #email: string;

  constructor(email: string) {
    this.#email = email;
  }

  getEmail(): string {
    return this.#email;
  }
}

export interface SessionPeople {
  /** The person at the keyboard. */
  readonly activeUser: string;
  readonly locale: string;
  readonly scriptTimeZone: string;
}

export class FakeSession {
  readonly #runtime: Runtime;
  readonly #people: SessionPeople;

  constructor(runtime: Runtime, people: SessionPeople) {
    this.#runtime = runtime;
    this.#people = people;
  }

  getActiveUser(): FakeUser {
    this.#runtime.enter('active-identity', 'Session.getActiveUser');
    return new FakeUser(this.#people.activeUser);
  }

  /** Whoever the script runs as: the trigger's creator in a trigger, else the active user. */
  getEffectiveUser(): FakeUser {
    this.#runtime.enter('identity', 'Session.getEffectiveUser');
    return new FakeUser(this.#runtime.identity().user);
  }

  getActiveUserLocale(): string {
    this.#runtime.enter('free', 'Session.getActiveUserLocale');
    return this.#people.locale;
  }

  getScriptTimeZone(): string {
    this.#runtime.enter('free', 'Session.getScriptTimeZone');
    return this.#people.scriptTimeZone;
  }
}
