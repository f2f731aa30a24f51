// How long an input or filter may be, before anything is sent.

/** Longest `input_data` sent. The API states no maximum; nothing a lookup needs is this long. */
export const MAX_INPUT_LENGTH = 2000;
/** Longest department or seniority filter sent. */
export const MAX_FILTER_LENGTH = 200;
/** Photonet handles are at most 30 letters, digits, periods and underscores. */
export const MAX_HANDLE_LENGTH = 30;
