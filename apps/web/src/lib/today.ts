/**
 * Today on the device's calendar, YYYY-MM-DD: what the screens take as today (the attendance date of
 * SPEC §9, the earliest gate pass date) until the campus's time zone is known, or when it is not set.
 */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
