// Durations on the ClockPort's scale (milliseconds), named once.

export const DAY_MS = 86_400_000;
