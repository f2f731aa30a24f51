// Every time the add-on shows is in the spreadsheet's time zone (one clock); a panel that shows
// times names the zone once, with these words.

export const timesNote = (zone: string) => `Times are in the spreadsheet's time zone, ${zone}.`;
