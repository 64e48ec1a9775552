import { currentLocale, i18next } from '../../i18n';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const formats = new Map<string, Intl.NumberFormat>();

/**
 * '532 kB', '312 MB', '1 GB' ('312 Mo', '1 Go' in French). Powers of 1024: the limits are binary
 * (20 MiB a file, 1 GiB a community), and "20 MB" should read as the limit it is, not "21 MB".
 */
export function formatSize(bytes: number, locale = currentLocale()): string {
  // Intl's short 'byte' unit is not plural ('720 byte'): the catalogue words it.
  if (bytes < 1024) return i18next.t('documents.bytes', { count: Math.max(0, Math.round(bytes)) });
  let i = 0;
  let n = Math.max(0, bytes);
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i += 1;
  }
  const digits = n < 10 && i > 0 ? 1 : 0;
  const key = `${locale}|${i}|${digits}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[i], unitDisplay: 'short', maximumFractionDigits: digits })));
  return f.format(n);
}
