/** Today as the user's local calendar day, YYYY-MM-DD: the attendance date (SPEC §9), the earliest gate pass date. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
