// Local-time formatting for the formats of docs/behaviour.md#formats-and-constants; no date library needed.

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** `dd-MM-yyyy HH:mm`, the date-time picker's text format. */
export function formatPickerDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const pickerPattern = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[\sT]+(\d{1,2}):(\d{2}))?\s*$/;

/** Parses typed `dd-MM-yyyy HH:mm` (time optional, `/` or `.` accepted); null when not a real date. */
export function parsePickerDate(text: string): Date | null {
  const match = pickerPattern.exec(text);
  if (!match) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (day === undefined || month === undefined || year === undefined) return null;
  if (hour > 23 || minute > 59) return null;
  const date = new Date(year, month - 1, day, hour, minute);
  const sameDay = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return sameDay ? date : null;
}

/** `yyyy-MM-dd HH:mm:ss.SSS`, the ISO display format of record timestamps. */
export function formatIsoDisplay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** `yyyy-MM-dd'T'HH:mm:ss.SSSxxx`: the timestamp filters the API receives, in local time with offset. */
export function formatOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
  return `${formatIsoDisplay(date).replace(' ', 'T')}${zone}`;
}
