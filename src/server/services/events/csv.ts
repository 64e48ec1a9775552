/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =,+,-,@ is defused for spreadsheets. */
function field(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: (string | number | null | undefined)[]) => values.map(field).join(',');
