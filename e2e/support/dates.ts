/** Date fields show days in the campus order (en-IN: DD/MM/YYYY) and send ISO days. */

/** "2031-05-02" → "02/05/2031": how a date field shows an ISO day. */
export function campusDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** "02/05/2031" → "2031-05-02": the ISO day a date field's text stands for. */
export function isoDay(shown: string): string {
  const [day, month, year] = shown.split('/');
  return `${year}-${month}-${day}`;
}

/** "2031-05-02" → "2 May 2031": how the app writes a day for people to read (en-IN). */
export function readableDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(year!, month! - 1, day),
  );
}
