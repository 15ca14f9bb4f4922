// One CSV field as every export of Gauge writes it (the grid's, a spreadsheet link's, the activity's).

const PLAIN_NUMBER = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)([eE][-+]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Excel, LibreOffice and Google Sheets run a cell that starts with = + - @ (or a tab or carriage
 * return before one) as a formula. Such text is written with a leading apostrophe, which they
 * show as text; plain numbers such as -2 stay numbers.
 */
export const neutralize = (field: string) => (FORMULA_START.test(field) && !PLAIN_NUMBER.test(field) ? `'${field}` : field);

/** RFC 4180: quoted when it holds a quote, a comma or a line break. */
const quote = (field: string) => (/[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/** A value as a CSV field: empty for null, JSON for an object, neutralised and quoted. */
export const csvField = (value: unknown) =>
  quote(
    neutralize(
      value === null || value === undefined ? "" : typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value),
    ),
  );
