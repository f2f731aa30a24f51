// The naive baseline the benchmark compares against: one call per cell, no cache, no batching,
// a pause per row, results written at the end, the way the vendor's published add-on works.
var NAIVE_API = 'https://api.enrichment.example/';
var NAIVE_PAUSE_MS = 100;

function naiveLookup(type, input) {
  var key = PropertiesService.getUserProperties().getProperty('enrich.apiKey');
  var response = UrlFetchApp.fetch(NAIVE_API, {
    method: 'post',
    contentType: 'application/json',
    headers: { Authorization: 'Bearer ' + key },
    payload: JSON.stringify({ type: type, input_data: String(input) }),
    muteHttpExceptions: true,
  });
  var body = JSON.parse(response.getContentText());
  return body.result === null || body.result === undefined ? 'Not found' : String(body.result);
}

function NAIVE_WEBSITE(name) {
  return naiveLookup('company_name_to_website', name);
}

/** Every row of column A, filled or not, repeated or not; writes column B when it has finished. */
function naiveBulk(firstRow, lastRow) {
  var sheet = SpreadsheetApp.getActiveSheet();
  var values = sheet.getRange(firstRow, 1, lastRow - firstRow + 1, 1).getValues();
  var out = [];
  for (var i = 0; i < values.length; i++) {
    out.push([naiveLookup('company_name_to_website', values[i][0])]);
    Utilities.sleep(NAIVE_PAUSE_MS);
  }
  sheet.getRange(firstRow, 2, out.length, 1).setValues(out);
}

/** The vendor's rewrite: the same, but a row whose column B is already filled is skipped. */
function naiveBulkSkippingFilled(firstRow, lastRow) {
  var sheet = SpreadsheetApp.getActiveSheet();
  var rows = sheet.getRange(firstRow, 1, lastRow - firstRow + 1, 2).getValues();
  var out = [];
  for (var i = 0; i < rows.length; i++) {
    if (rows[i][1] !== '') {
      out.push([rows[i][1]]);
      continue;
    }
    out.push([naiveLookup('company_name_to_website', rows[i][0])]);
    Utilities.sleep(NAIVE_PAUSE_MS);
  }
  sheet.getRange(firstRow, 2, out.length, 1).setValues(out);
}
